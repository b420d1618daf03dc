"""TVM's Sign of a NaN is 0 (float16, bfloat16, float, double); the ONNX
reference (numpy) returns the NaN. The spec is silent: a deviation."""
import numpy as np, ml_dtypes
from onnx import TensorProto as TP
import tvm
from common import one_node, run

print("tvm", tvm.__version__)
cases = [(TP.FLOAT, np.uint32, np.float32, [0x7FC00000, 0x7F800001, 0xFFC00000, 0xFF800001]),
         (TP.DOUBLE, np.uint64, np.float64, [0x7FF8000000000000, 0x7FF0000000000001, 0xFFF8000000000000, 0xFFF0000000000001]),
         (TP.FLOAT16, np.uint16, np.float16, [0x7E00, 0x7C01, 0xFE00, 0xFC01]),
         (TP.BFLOAT16, np.uint16, ml_dtypes.bfloat16, [0x7FC0, 0x7F81, 0xFFC0, 0xFF81])]
for t, ut, ft, bits in cases:
    x = np.array(bits, ut).view(ft)
    for opset in (9, 13):
        if t == TP.BFLOAT16 and opset == 9:
            continue
        y = run(one_node("Sign", opset, t, t, [4]), x)
        print(f"Sign-{opset} {np.dtype(ft).name:8} NaN bits {[hex(b) for b in bits]} -> {[hex(v) for v in y.view(ut)]}")
