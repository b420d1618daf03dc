# ONNX Runtime (Python API, CPU EP): QuantizeLinear of ±inf into an integer
# type. y = saturate(round(x / y_scale) + y_zero_point): inf / 3 is inf,
# which saturates to the range's end (127 for int8, 255 for uint8; -inf to
# the other end). ORT gives the opposite end or 0 for a float16 x (the
# float32 path saturates).
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from quantize_common import run


print("onnxruntime", ort.__version__)
for dtype, x_type in ((np.float32, T.FLOAT), (np.float16, T.FLOAT16)):
    x = np.array([np.inf, -np.inf, 1000.0], dtype)
    for y_type, zp, want in ((T.INT8, 1, [127, -128, 127]), (T.UINT8, 0, [255, 0, 255])):
        got = run("QuantizeLinear", 21, x, x_type, y_type, x_type, 3.0, zp)
        print(f"QuantizeLinear-21 {np.dtype(dtype).name} x={[float(v) for v in x]} / 3 + {zp}"
              f" -> {T.DataType.Name(y_type).lower()}: {[int(v) for v in got]}   want {want}")
