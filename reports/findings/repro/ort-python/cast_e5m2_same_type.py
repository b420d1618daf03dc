# ONNX Runtime (Python API, CPU EP): Cast float8e5m2 -> float8e5m2 with
# saturate=1 (the default) copies +-inf (0x7c / 0xfc); the Cast-19+ table
# maps +-inf to +-FLT_MAX (0x7b / 0xfb) when saturating to E5M2, and
# float -> float8e5m2 does so. A same-type Cast is treated as a copy.
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from cast_common import cast



print("onnxruntime", ort.__version__)
for opset in (19, 25):
    got = cast(opset, T.FLOAT8E5M2, T.FLOAT8E5M2, [0x7C, 0xFC, 0x7B], np.uint8)
    print(f"Cast-{opset} float8e5m2 -> float8e5m2 saturate=1: 0x7c 0xfc 0x7b -> "
          f"{' '.join(f'0x{b:02x}' for b in got)}   spec: 0x7b 0xfb 0x7b")
    got = cast(opset, T.FLOAT, T.FLOAT8E5M2, [0x7F800000, 0xFF800000], np.uint32)
    print(f"Cast-{opset} float -> float8e5m2 saturate=1: +inf -inf -> "
          f"{' '.join(f'0x{b:02x}' for b in got)}")
