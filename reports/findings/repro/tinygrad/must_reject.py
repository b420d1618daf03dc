"""Models the ONNX checker rejects (type constraints of the opset, attribute
types) that tinygrad's ONNX runner runs anyway."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, checker
from tinygrad import Tensor, dtypes
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"))
x = np.array([np.inf, -np.inf, 1.0, np.nan], np.float32)
bf16 = Tensor(np.array([0x7F80, 0xFF80, 0x3F80, 0x7FC0], np.uint16)).bitcast(dtypes.bfloat16)  # inf -inf 1 nan
cases = [("IsInf-10 on float16", one_node("IsInf", 10, TP.FLOAT16, TP.BOOL, [4]), x.astype(np.float16)),
         ("IsInf-20 detect_negative=0.0 (a FLOAT attribute)", one_node("IsInf", 20, TP.FLOAT, TP.BOOL, [4], detect_negative=0.0), x),
         ("IsNaN-20 with a float output", one_node("IsNaN", 20, TP.FLOAT, TP.FLOAT, [4]), x),
         ("IsNaN-9 on bfloat16", one_node("IsNaN", 9, TP.BFLOAT16, TP.BOOL, [4]), bf16),
         ("Sign-13 on bool", one_node("Sign", 13, TP.BOOL, TP.BOOL, [4]), np.array([True, False, True, False]))]
for what, (m, path), xin in cases:
    try:
        y = OnnxRunner(path)({"x": xin})["y"]
        print(f"{what}: ONNX checker: {checker(m)}\n    tinygrad ran it -> {y.numpy()} ({y.dtype})")
    except Exception as e:
        print(f"{what}: ONNX checker: {checker(m)}\n    tinygrad refused: {type(e).__name__}: {str(e)[:100]}")
