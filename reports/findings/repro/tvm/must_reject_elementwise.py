"""Invalid Abs / Neg / Max / Min / Equal / Less / Greater models (built with
onnx.helper, never checked) that TVM compiles and runs. Why each is invalid
is read from the operator's schema (onnx.defs), not from onnx.checker."""
import numpy as np, ml_dtypes, onnx
from onnx import helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)


def model(op, opset, t_in, n_in, t_out, **attrs):
    names = [f"x{i}" for i in range(n_in)]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(v, t_in, [4]) for v in names],
                          [helper.make_tensor_value_info("y", t_out, [4])])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def allowed(op, opset):
    s = onnx.defs.get_schema(op, opset)
    return s.since_version, sorted(x[7:-1] for x in s.type_constraints[0].allowed_type_strs)


f32 = np.array([1.5, -2.0, 0.0, 3.0], np.float32)
i32 = np.array([1, -2, 0, 3], np.int32)
g32 = np.array([1.5, 2.0, 0.0, 0.0], np.float32)
f8 = np.array([0x38, 0xB8, 0x40, 0x30], np.uint8).view(ml_dtypes.float8_e4m3fn)  # 1 -1 2 0.5
g8 = np.array([0x38, 0x38, 0x40, 0x38], np.uint8).view(ml_dtypes.float8_e4m3fn)  # 1 1 2 1
cases = [
    ("Max-8 on int32", model("Max", 8, TP.INT32, 2, TP.INT32), [i32, i32[::-1].copy()],
     "T of Max-{0} is {1}".format(*allowed("Max", 8))),
    ("Less-7 on int32", model("Less", 7, TP.INT32, 2, TP.BOOL), [i32, i32[::-1].copy()],
     "T of Less-{0} is {1}".format(*allowed("Less", 7))),
    ("Equal-19 on float8e4m3fn", model("Equal", 19, TP.FLOAT8E4M3FN, 2, TP.BOOL), [f8, g8],
     "float8e4m3fn not in T of Equal-{0}".format(allowed("Equal", 19)[0])),
    ("Abs-13 with a second input", model("Abs", 13, TP.FLOAT, 2, TP.FLOAT), [f32, f32],
     "Abs has exactly 1 input"),
    ("Equal-13 declaring a float output", model("Equal", 13, TP.FLOAT, 2, TP.FLOAT), [f32, g32],
     "Equal's output is T1 = bool"),
    ("Neg-13 declaring a uint8 output", model("Neg", 13, TP.FLOAT, 1, TP.UINT8), [f32],
     "Neg's output has the input's type T"),
    ("Max-13 with an unknown attribute", model("Max", 13, TP.FLOAT, 2, TP.FLOAT, onnxcts_unknown=1),
     [f32, f32[::-1].copy()], "Max has no attributes"),
    ("Xor-7 on int32", model("Xor", 7, TP.INT32, 2, TP.INT32), [i32, i32[::-1].copy()],
     "T of Xor-{0} is {1}".format(*allowed("Xor", 7))),
    ("BitwiseNot-18 on bool", model("BitwiseNot", 18, TP.BOOL, 1, TP.BOOL), [np.array([1, 0, 1, 0], np.bool_)],
     "T of BitwiseNot-{0} is {1}".format(*allowed("BitwiseNot", 18))),
    ("LessOrEqual-12 on float8e4m3fn", model("LessOrEqual", 12, TP.FLOAT8E4M3FN, 2, TP.BOOL), [f8, g8],
     "float8e4m3fn not in T of LessOrEqual-{0}".format(allowed("LessOrEqual", 12)[0])),
]
for what, m, xs, why in cases:
    try:
        vm = relax.VirtualMachine(tvm.compile(from_onnx(m), target="llvm"), tvm.cpu())
        y = vm["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()
        print(f"{what} ({why}): TVM ran it -> {y} ({y.dtype})")
    except Exception as e:
        print(f"{what} ({why}): TVM refused: {str(e).splitlines()[0][:100]}")
