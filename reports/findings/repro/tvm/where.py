"""TVM (Relax ONNX frontend, llvm) on Where (the run of 2026-12-04, 03:11 UTC):

1. the suite's layout (condition [2,1,1], X a column, Y a row; output
   [2,n,n]) on float with NaN, -0 and inf: right, bits compared;
2. models a conformant backend refuses, built with onnx.helper and never
   checked: Where-9 on bfloat16 (bfloat16 from Where-16), Where-16 on
   float8e4m3fn (no float8 in any Where), a fourth input, an output declared
   uint8, an unknown attribute: TVM compiles and runs them. Two inputs:
   refused (for contrast). Why each is invalid is read from onnx.defs.
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python where.py 2>/dev/null
"""
import numpy as np, ml_dtypes, onnx
from onnx import helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx


def model(opset, t, shapes, names=("c", "x", "y"), tout=None, out=(4,), **attrs):
    ins = [helper.make_tensor_value_info("c", TP.BOOL, shapes[0]),
           helper.make_tensor_value_info("x", t, shapes[1]),
           helper.make_tensor_value_info("y", t, shapes[2])]
    g = helper.make_graph([helper.make_node("Where", list(names), ["out"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("out", tout or t, list(out))])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(m, *xs):
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m, keep_params_in_input=False), target="llvm"), tvm.cpu())
    return vm["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()


def types_of(opset):
    s = onnx.defs.get_schema("Where", opset)
    t = [c for c in s.type_constraints if c.type_param_str == "T"][0]
    return s.since_version, sorted(x[7:-1] for x in t.allowed_type_strs)


print("tvm", tvm.__version__)
print("(1) Where-16 float, condition [2,1,1], X [4,1], Y [1,4]")
c = np.array([True, False]).reshape(2, 1, 1)
x = np.array([np.nan, -0.0, np.inf, 1.5], np.float32).reshape(4, 1)
y = np.array([-np.nan, 0.0, -np.inf, -2.5], np.float32).reshape(1, 4)
got = run(model(16, TP.FLOAT, [[2, 1, 1], [4, 1], [1, 4]], out=(2, 4, 4)), c, x, y)
want = np.where(c, x, y)
print(f"  shape {list(got.shape)}, bits equal to np.where: {np.array_equal(got.view(np.uint32), want.view(np.uint32))}")

print("(2) models a conformant backend refuses (condition [T, F, T, F], X [1, 2, 3, 4], Y = -X)")
v9, t9 = types_of(9)
v16, t16 = types_of(16)
print(f"  T of Where-{v9} has bfloat16: {'bfloat16' in t9}; T of Where-{v16} has bfloat16: {'bfloat16' in t16},"
      f" float8e4m3fn: {'float8e4m3fn' in t16}")
c = np.array([True, False, True, False])
x = np.array([1, 2, 3, 4], np.float32)
S = [[4], [4], [4]]
bf = x.astype(ml_dtypes.bfloat16)
f8 = x.astype(ml_dtypes.float8_e4m3fn)
for what, m, xs in [
    ("Where-9 on bfloat16", model(9, TP.BFLOAT16, S), (c, bf, -bf)),
    ("Where-16 on float8e4m3fn", model(16, TP.FLOAT8E4M3FN, S), (c, f8, -f8)),
    ("Where-16 with a fourth input", model(16, TP.FLOAT, S, names=("c", "x", "y", "c")), (c, x, -x)),
    ("Where-16 output declared uint8", model(16, TP.FLOAT, S, tout=TP.UINT8), (c, x, -x)),
    ("Where-16 with an unknown attribute", model(16, TP.FLOAT, S, onnxcts_unknown=1), (c, x, -x)),
    ("Where-16 with two inputs (refused, for contrast)", model(16, TP.FLOAT, S, names=("c", "x")), (c, x, -x)),
]:
    try:
        out = run(m, *xs)
        print(f"  {what}: ran -> {out.astype(np.float32).tolist()} ({out.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {type(e).__name__}: {str(e).splitlines()[0][:100]}")
