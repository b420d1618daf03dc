"""Invalid Abs / Neg / Max / Min / Equal / Less / Greater models (built with
onnx.helper, never checked) that tinygrad's ONNX runner runs. Why each is
invalid is read from the operator's schema (onnx.defs), not from onnx.checker."""
import os, tempfile
import numpy as np, onnx, importlib.metadata
from onnx import helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"))


def model(op, opset, t_in, n_in, t_out, **attrs):
    names = [f"x{i}" for i in range(n_in)]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(v, t_in, [4]) for v in names],
                          [helper.make_tensor_value_info("y", t_out, [4])])
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


def types_of(op, opset):
    s = onnx.defs.get_schema(op, opset)
    return f"T of {op}-{s.since_version} is {sorted(x[7:-1] for x in s.type_constraints[0].allowed_type_strs)}"


f32 = np.array([1.5, -2.0, 0.0, 3.0], np.float32)
g32 = np.array([1.5, 2.0, 0.0, 0.0], np.float32)
i32 = np.array([1, -2, 0, 3], np.int32)
u8 = np.array([0, 1, 200, 255], np.uint8)
tf = np.array([True, False, True, False])
cases = [
    ("Max-8 on int32", model("Max", 8, TP.INT32, 2, TP.INT32), [i32, i32[::-1].copy()], types_of("Max", 8)),
    ("Less-7 on int32", model("Less", 7, TP.INT32, 2, TP.BOOL), [i32, i32[::-1].copy()], types_of("Less", 7)),
    ("Neg-13 on uint8", model("Neg", 13, TP.UINT8, 1, TP.UINT8), [u8], "uint8 not in T of Neg-13"),
    ("Abs-13 on bool", model("Abs", 13, TP.BOOL, 1, TP.BOOL), [tf], "bool not in T of Abs-13"),
    ("Greater-13 on bool", model("Greater", 13, TP.BOOL, 2, TP.BOOL), [tf, ~tf], "bool not in T of Greater-13"),
    ("Equal-13 declaring a float output", model("Equal", 13, TP.FLOAT, 2, TP.FLOAT), [f32, g32],
     "Equal's output is T1 = bool"),
    ("Max-13 declaring a uint8 output", model("Max", 13, TP.FLOAT, 2, TP.UINT8), [f32, f32[::-1].copy()],
     "Max's output has the inputs' type T"),
    ("And-7 on float", model("And", 7, TP.FLOAT, 2, TP.FLOAT), [f32, g32], types_of("And", 7)),
    ("Not-1 on int32", model("Not", 1, TP.INT32, 1, TP.INT32), [i32], types_of("Not", 1)),
    ("BitwiseOr-18 on bool", model("BitwiseOr", 18, TP.BOOL, 2, TP.BOOL), [tf, ~tf], "bool not in T of BitwiseOr-18"),
    ("GreaterOrEqual-16 on bool", model("GreaterOrEqual", 16, TP.BOOL, 2, TP.BOOL), [tf, ~tf],
     "bool not in T of GreaterOrEqual-16"),
]
for what, p, xs, why in cases:
    try:
        y = OnnxRunner(p)({f"x{i}": x for i, x in enumerate(xs)})["y"]
        print(f"{what} ({why}):\n    tinygrad ran it -> {y.numpy()} ({y.dtype})")
    except Exception as e:
        print(f"{what} ({why}):\n    tinygrad refused: {type(e).__name__}: {str(e)[:100]}")
