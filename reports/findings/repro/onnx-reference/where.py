"""onnx.reference.ReferenceEvaluator on Where (the run of 2026-12-04, 03:11 UTC).

(1) the suite's layout (condition [2,1,1], X a column, Y a row; output
    [2,n,n]) on float with NaN, -0 and inf: np.where, bits as onnxcts's
    reference has them;
(2) models a conformant runtime refuses, one per kind the evaluator runs:
    a dtype outside the version's T (bfloat16 at 9; float8, float4e2m1,
    int4 at 16), an output declared uint8; one input too many or too few
    and an unknown attribute are refused (a Python call error).
No onnx.checker: the models go to the evaluator as built.

    build/venv/bin/python reports/findings/repro/onnx-reference/where.py
"""
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator


def model(opset, t, shapes, names=("c", "x", "y"), tout=None, out=(4,), **attrs):
    ins = [helper.make_tensor_value_info("c", T.BOOL, shapes[0]),
           helper.make_tensor_value_info("x", t, shapes[1]),
           helper.make_tensor_value_info("y", t, shapes[2])]
    g = helper.make_graph([helper.make_node("Where", list(names), ["out"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("out", tout or t, list(out))])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=9)


print("onnx", onnx.__version__)
print("(1) Where-16 float, condition [2,1,1], X [4,1], Y [1,4]")
c = np.array([True, False]).reshape(2, 1, 1)
x = np.array([np.nan, -0.0, np.inf, 1.5], np.float32).reshape(4, 1)
y = np.array([-np.nan, 0.0, -np.inf, -2.5], np.float32).reshape(1, 4)
got = ReferenceEvaluator(model(16, T.FLOAT, [[2, 1, 1], [4, 1], [1, 4]], out=(2, 4, 4))).run(
    None, {"c": c, "x": x, "y": y})[0]
want = np.where(c, x, y)
print(f"  shape {list(got.shape)}, bits equal to np.where: {np.array_equal(got.view(np.uint32), want.view(np.uint32))}")

print("(2) models to refuse (condition [T, F, T, F], X [1, 2, 3, 4], Y = -X)")
c = np.array([True, False, True, False])
v = np.array([1, 2, 3, 4], np.float32)
S = [[4], [4], [4]]
for what, opset, t, np_t, names, tout, attrs in [
    ("Where-9 on bfloat16 (from Where-16)", 9, T.BFLOAT16, ml_dtypes.bfloat16, ("c", "x", "y"), None, {}),
    ("Where-16 on float8e4m3fn", 16, T.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn, ("c", "x", "y"), None, {}),
    ("Where-16 on float4e2m1", 16, T.FLOAT4E2M1, ml_dtypes.float4_e2m1fn, ("c", "x", "y"), None, {}),
    ("Where-16 on int4", 16, T.INT4, ml_dtypes.int4, ("c", "x", "y"), None, {}),
    ("Where-9 output declared uint8", 9, T.FLOAT, np.float32, ("c", "x", "y"), T.UINT8, {}),
    ("Where-16 with a fourth input", 16, T.FLOAT, np.float32, ("c", "x", "y", "c"), None, {}),
    ("Where-16 with two inputs", 16, T.FLOAT, np.float32, ("c", "x"), None, {}),
    ("Where-16 with an unknown attribute", 16, T.FLOAT, np.float32, ("c", "x", "y"), None, {"onnxcts_unknown": 1}),
]:
    xs, ys = v.astype(np_t), (-v).astype(np_t)
    try:
        r = ReferenceEvaluator(model(opset, t, S, names, tout, **attrs)).run(None, {"c": c, "x": xs, "y": ys})[0]
        print(f"  {what}: RAN -> {r.astype(np.float32).tolist()} ({r.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {type(e).__name__}: {str(e)[:80]}")
