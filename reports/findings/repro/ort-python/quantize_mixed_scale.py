# ONNX Runtime (Python API, CPU EP): QuantizeLinear-23 with a scale whose
# type differs from x's, which version 23 allows (T2 apart from T1): the
# kernel fails at run time ("Tensor type mismatch"). DequantizeLinear-23
# with a float16 scale of int8 x, for comparison, runs.
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from quantize_common import run


print("onnxruntime", ort.__version__)
for op, x_type, x, scale_type, y_type in (
        ("QuantizeLinear", T.FLOAT16, np.array([3.0, -4.0], np.float16), T.FLOAT, T.UINT8),
        ("DequantizeLinear", T.INT8, np.array([3, -4], np.int8), T.FLOAT16, T.FLOAT16)):
    name = f"{op}-23 x {T.DataType.Name(x_type).lower()}, scale {T.DataType.Name(scale_type).lower()}"
    try:
        print(f"{name}: {run(op, 23, x, x_type, y_type, scale_type, 2.0).tolist()}")
    except Exception as e:
        print(f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:160]}")
