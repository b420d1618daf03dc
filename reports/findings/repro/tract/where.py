"""tract on Where (the run of 2026-12-04, 03:11 UTC):

1. the suite's layout (condition [2,1,1], X a column, Y a row; output
   [2,n,n]) on float with NaN, -0 and inf: right, bits compared;
2. bfloat16: not supported ("Unknown DatumType Bfloat16"), as for every op;
3. models a conformant backend refuses: Where with its output declared
   uint8, Where with an unknown attribute: tract runs them. One input too
   many or too few: refused (for contrast).
Expected answers: np.where. Standalone: onnx.helper builds the models,
tract's own Python API runs them (no onnx.checker).
    build/venv/bin/python reports/findings/repro/tract/where.py
"""
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract


def model(opset, t, shapes, names=("c", "x", "y"), tout=None, out=(4,), **attrs):
    ins = [helper.make_tensor_value_info("c", TP.BOOL, shapes[0]),
           helper.make_tensor_value_info("x", t, shapes[1]),
           helper.make_tensor_value_info("y", t, shapes[2])]
    g = helper.make_graph([helper.make_node("Where", list(names), ["out"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("out", tout or t, list(out))])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return path


def run(path, *xs):
    return tract.onnx().load(path).into_model().into_runnable().run(list(xs))[0].to_numpy()


def first_line(e):
    return " / ".join(l.strip() for l in str(e).split("Stack backtrace")[0].splitlines() if l.strip())[:140]


print("tract", tract.version())
print("(1) Where-16 float, condition [2,1,1], X [4,1], Y [1,4]")
c = np.array([True, False]).reshape(2, 1, 1)
x = np.array([np.nan, -0.0, np.inf, 1.5], np.float32).reshape(4, 1)
y = np.array([-np.nan, 0.0, -np.inf, -2.5], np.float32).reshape(1, 4)
got = run(model(16, TP.FLOAT, [[2, 1, 1], [4, 1], [1, 4]], out=(2, 4, 4)), c, x, y)
want = np.where(c, x, y)
print(f"  shape {list(got.shape)}, bits equal to np.where: {np.array_equal(got.view(np.uint32), want.view(np.uint32))}")
print("(2) bfloat16")
try:
    tract.onnx().load(model(16, TP.BFLOAT16, [[2], [2], [2]], out=(2,))).into_model()
    print("  Where-16 bfloat16: loaded")
except tract.TractError as e:
    print("  Where-16 bfloat16: refused:", " / ".join(l.strip() for l in str(e).splitlines() if "DatumType" in l)[:110])
print("(3) models a conformant backend refuses (condition [T, F, T, F], X [1, 2, 3, 4], Y [-1, -2, -3, -4])")
c = np.array([True, False, True, False])
x = np.array([1, 2, 3, 4], np.float32)
S = [[4], [4], [4]]
for what, path, xs in [
    ("Where-9 output declared uint8", model(9, TP.FLOAT, S, tout=TP.UINT8), (c, x, -x)),
    ("Where-16 output declared uint8", model(16, TP.FLOAT, S, tout=TP.UINT8), (c, x, -x)),
    ("Where-9 with an unknown attribute", model(9, TP.FLOAT, S, onnxcts_unknown=1), (c, x, -x)),
    ("Where-16 with an unknown attribute", model(16, TP.FLOAT, S, onnxcts_unknown=1), (c, x, -x)),
    ("Where-16 with a fourth input (refused, for contrast)", model(16, TP.FLOAT, S, names=("c", "x", "y", "c")), (c, x, -x)),
    ("Where-16 with two inputs (refused, for contrast)", model(16, TP.FLOAT, S, names=("c", "x")), (c, x, -x)),
]:
    try:
        out = run(path, *xs)
        print(f"  {what}: ran -> {out.tolist()} ({out.dtype})")
    except tract.TractError as e:
        print(f"  {what}: refused: {first_line(e)}")
