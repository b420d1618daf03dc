"""IREE: onnx.Less of opset 7 and 9 is not lowered (iree-compile: 'failed
to legalize operation torch.operator ... onnx.Less'); Less-13, and
Greater of every opset, compile and run. LessOrEqual-12 and
GreaterOrEqual-12 are not lowered either; their version 16 is."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
import iree.compiler as ic
from common import n_inputs, run_n, first_error

print("iree", importlib.metadata.version("iree-base-compiler"))
a = np.array([1.0, 2.0, 3.0], np.float32); b = np.array([2.0, 2.0, 2.0], np.float32)
for op in ("Less", "Greater"):
    for opset in (7, 9, 13):
        try:
            y = run_n(n_inputs(op, opset, TP.FLOAT, TP.BOOL, 2, [3]), [a, b])
            print(f"{op}-{opset} float {a.tolist()} vs {b.tolist()}: {y.tolist()}")
        except ic.CompilerToolError as e:
            print(f"{op}-{opset} float: iree-compile: {first_error(e)}")
for op in ("LessOrEqual", "GreaterOrEqual"):
    for opset in (12, 16):
        try:
            y = run_n(n_inputs(op, opset, TP.FLOAT, TP.BOOL, 2, [3]), [a, b])
            print(f"{op}-{opset} float {a.tolist()} vs {b.tolist()}: {y.tolist()}")
        except ic.CompilerToolError as e:
            print(f"{op}-{opset} float: iree-compile: {first_error(e)}")
x = np.array([1, -2, 3], np.int8); z = np.array([2, 2, 2], np.int8)
try:
    run_n(n_inputs("Less", 9, TP.INT8, TP.BOOL, 2, [3]), [x, z])
except ic.CompilerToolError as e:
    print(f"Less-9 int8: iree-compile: {first_error(e)}")
