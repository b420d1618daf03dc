"""IREE on Floor, Ceil and Round: Floor of a subnormal is the subnormal
itself (float32 negative ones, double either sign; numpy: -1 and +0);
Ceil-13 on double fails to link (`undefined symbol: ceil`); Floor-6 and
Ceil-6 are not lowered (torch-mlir registers them from 13). Round and
float32 Ceil are right here. Doubles stay double (the adapter's flag)."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
import iree.compiler as ic
from common import one_node, run_n, hexbits, first_error

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
print("iree", importlib.metadata.version("iree-base-compiler"))
x32 = np.array([0x80000001, 0x00000001, 0xBF000000, 0x3F000000], np.uint32).view(np.float32)
x64 = np.array([0x8000000000000001, 0x0000000000000001, 0xBFE0000000000000], np.uint64).view(np.float64)
for op, opset, t, x, want in (("Floor", 13, TP.FLOAT, x32, np.floor), ("Ceil", 13, TP.FLOAT, x32, np.ceil),
                              ("Round", 11, TP.FLOAT, x32, np.round), ("Floor", 13, TP.DOUBLE, x64, np.floor),
                              ("Ceil", 13, TP.DOUBLE, x64, np.ceil), ("Floor", 6, TP.FLOAT, x32, np.floor),
                              ("Ceil", 6, TP.FLOAT, x32, np.ceil)):
    try:
        y = run_n(one_node(op, opset, t, t, [len(x)]), [x], KEEP_F64)
        print(f"{op}-{opset} {x.dtype} {hexbits(x)} -> {hexbits(y)}  numpy {hexbits(want(x))}")
    except ic.CompilerToolError as e:
        print(f"{op}-{opset} {x.dtype}: iree-compile: {first_error(e)}")
