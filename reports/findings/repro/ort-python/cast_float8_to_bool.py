# ONNX Runtime (Python API, CPU EP): Cast float8 -> bool. -0 of
# float8e4m3fn / float8e5m2 (0x80) gives true, and float8e8m0 0x00, which is
# 2^-127 (E8M0 has no zero), gives false. "bool: zero to False; nonzero to
# True" (Cast spec); -0 is zero, 2^-127 is not.
import ml_dtypes
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from cast_common import cast



print("onnxruntime", ort.__version__)
for src, mld in ((T.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn), (T.FLOAT8E5M2, ml_dtypes.float8_e5m2),
                 (T.FLOAT8E8M0, ml_dtypes.float8_e8m0fnu)):
    bits = [0x00, 0x80, 0x01]
    got = cast(25, src, T.BOOL, bits, np.uint8)
    vals = np.array(bits, np.uint8).view(mld).astype(np.float64)
    print(f"Cast-25 {T.DataType.Name(src).lower()} -> bool: "
          + ", ".join(f"0x{b:02x} ({v:g}) -> {bool(g)}" for b, v, g in zip(bits, vals, got))
          + f"   want {[bool(v != 0) for v in vals]}")
