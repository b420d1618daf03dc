# ONNX Runtime (Python API, CPU EP): QuantizeLinear into float8e4m3fn with
# saturate=0. y = x / y_scale, cast without saturation: a quotient beyond
# 464 (halfway from 448, the largest finite value, to the next step, 480)
# is NaN (0x7f); 400 is a tie between 384 and 416, to 384 (0x7c).
# ORT saturates to 448 (0x7e) anyway, for float32 and float16 x alike.
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from quantize_common import run


print("onnxruntime", ort.__version__)
for dtype, x_type in ((np.float32, T.FLOAT), (np.float16, T.FLOAT16)):
    x = np.array([1440.0, -1440.0, 1200.0], dtype)
    got = run("QuantizeLinear", 21, x, x_type, T.FLOAT8E4M3FN, x_type, 3.0, 0.0,
              saturate=0).view(np.uint8)
    print(f"QuantizeLinear-21 saturate=0 {np.dtype(dtype).name} x={[float(v) for v in x]} / 3"
          f" -> float8e4m3fn: {[hex(int(b)) for b in got]}   want ['0x7f', '0xff', '0x7c']")
