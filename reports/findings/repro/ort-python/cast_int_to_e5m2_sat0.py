# ONNX Runtime (Python API, CPU EP): Cast to float8e5m2 with saturate=0 of
# a value in [61440, 65536), which rounds (to nearest even) up to 65536,
# beyond E5M2's largest finite 57344, gives NaN (0x7f); the Cast-19+ table
# for saturate=False says Inf (0x7c), as for 1000000 (right). ml_dtypes
# (float8_e5m2, which does not saturate) is printed too.
import ml_dtypes
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from cast_common import cast



print("onnxruntime", ort.__version__)
values = [60000, 61440, 65535, 1000000]
for src, uint in ((T.INT32, np.uint32), (T.UINT16, np.uint16), (T.UINT32, np.uint32),
                  (T.INT64, np.uint64), (T.FLOAT, np.uint32)):
    vals = values[:3] if src == T.UINT16 else values
    bits = np.array(vals, np.float32).view(np.uint32).tolist() if src == T.FLOAT else vals
    got = cast(19, src, T.FLOAT8E5M2, bits, uint, saturate=0)
    print(f"Cast-19 {T.DataType.Name(src).lower()} -> float8e5m2 saturate=0: {vals} -> "
          f"{' '.join(f'0x{b:02x}' for b in got)}   ml_dtypes: "
          f"{' '.join(f'0x{b:02x}' for b in np.array(vals, np.float64).astype(ml_dtypes.float8_e5m2).view(np.uint8))}")
