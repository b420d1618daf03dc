"""TVM's Cast from and to float8e8m0 mishandles the format's two specials:
0x00 (2^-127, E8M0 has no zero) decodes to 0 and 0xFF (NaN) to +inf; a NaN
encodes to 0x00 and +inf to 0xFF (NaN), not E8M0_MAX 0xFE; saturate=0 is
ignored (0 gives 0x00, not NaN). Expected values: the Cast-24 spec table;
ml_dtypes decodes e8m0 as ONNX does."""
import numpy as np, ml_dtypes
from onnx import TensorProto as TP
import tvm
from common import one_node, run

print("tvm", tvm.__version__)
bits = np.array([0x00, 0x7F, 0xFE, 0xFF], np.uint8)
x = bits.view(ml_dtypes.float8_e8m0fnu)
m = one_node("Cast", 25, TP.FLOAT8E8M0, TP.FLOAT, [4], to=TP.FLOAT)
print(f"Cast float8e8m0 -> float, bits {' '.join(hex(b) for b in bits)}:")
print(f"   tvm      {run(m, x)}\n   ml_dtypes {x.astype(np.float32)}")
f = np.array([np.nan, np.inf, 0.0, 1.0], np.float32)
for sat in (1, 0):
    m = one_node("Cast", 25, TP.FLOAT, TP.FLOAT8E8M0, [4], to=TP.FLOAT8E8M0, saturate=sat)
    want = "0xff 0xfe 0x0 0x7f" if sat else "0xff 0xff 0xff 0x7f"
    print(f"Cast float -> float8e8m0 saturate={sat} of {f}: tvm "
          f"{' '.join(hex(v) for v in run(m, f).view(np.uint8))}   want {want}")
