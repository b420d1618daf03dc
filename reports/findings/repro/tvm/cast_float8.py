"""TVM's Cast from and to the float8 types decodes them with no zeros,
subnormals or NaNs and ignores the fnuz formats' bias: float8e4m3fn 0x00
(+0) casts to 2^-7, 0x7F (NaN) to 480. Expected values: ONNX's reference
evaluator."""
import numpy as np, ml_dtypes
from onnx import TensorProto as TP
from onnx.reference import ReferenceEvaluator
import tvm
from common import one_node, run

print("tvm", tvm.__version__)
for t, mt in ((TP.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn), (TP.FLOAT8E5M2, ml_dtypes.float8_e5m2),
              (TP.FLOAT8E4M3FNUZ, ml_dtypes.float8_e4m3fnuz), (TP.FLOAT8E5M2FNUZ, ml_dtypes.float8_e5m2fnuz)):
    bits = np.array([0x00, 0x80, 0x01, 0x38, 0x7F, 0xFF], np.uint8)
    m = one_node("Cast", 21, t, TP.FLOAT, [6], to=TP.FLOAT)
    x = bits.view(mt)
    print(f"Cast {np.dtype(mt).name:15} -> float, bits {' '.join(hex(b) for b in bits)}:")
    print(f"   tvm  {run(m, x)}\n   onnx {ReferenceEvaluator(m).run(None, {'x': x})[0]}")
x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, 1000.0], np.float32)
m = one_node("Cast", 21, TP.FLOAT, TP.FLOAT8E4M3FN, [7], to=TP.FLOAT8E4M3FN)
print(f"Cast float -> float8e4m3fn (saturate=1) of {x}, bits:")
print(f"   tvm  {' '.join(hex(v) for v in run(m, x).view(np.uint8))}")
print(f"   onnx {' '.join(hex(v) for v in ReferenceEvaluator(m).run(None, {'x': x})[0].view(np.uint8))}")
