"""IREE's Relu flushes a positive subnormal to +0 (float32, double,
bfloat16), the runtime's denormal flush of sign_subnormal_nan.py; NaNs,
-0 and normal values are right. Doubles stay double (the adapter's flag)."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run_n, hexbits

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
print("iree", importlib.metadata.version("iree-base-compiler"))
for t, x in ((TP.FLOAT, np.array([0x00000001, 0x007FFFFF, 0x7FC00000, 0x80000001], np.uint32).view(np.float32)),
             (TP.DOUBLE, np.array([0x0000000000000001, 0x7FF8000000000000], np.uint64).view(np.float64)),
             (TP.BFLOAT16, np.array([0x0001, 0x3F80], np.uint16).view(ml_dtypes.bfloat16))):
    y = run_n(one_node("Relu", 14, t, t, [len(x)]), [x], KEEP_F64)
    want = np.where(np.isnan(x.astype(np.float64)) | (x.astype(np.float64) > 0), x, np.zeros_like(x))
    print(f"Relu-14 {x.dtype} {hexbits(x)} -> {hexbits(y)}  want {hexbits(want)}")
