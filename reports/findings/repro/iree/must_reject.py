"""Models the ONNX checker rejects that IREE (iree-import-onnx + iree-compile)
compiles and runs anyway."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run, checker

print("iree", importlib.metadata.version("iree-base-compiler"))
x = np.array([np.inf, -np.inf, 1.0, np.nan], np.float32)
cases = [("IsInf-10 on float16", one_node("IsInf", 10, TP.FLOAT16, TP.BOOL, [4]), x.astype(np.float16)),
         ("IsNaN-9 on bfloat16", one_node("IsNaN", 9, TP.BFLOAT16, TP.BOOL, [4]), x.astype(ml_dtypes.bfloat16)),
         ("Sign-13 on bool", one_node("Sign", 13, TP.BOOL, TP.BOOL, [4]), np.array([True, False, True, False])),
         ("Sign-13 on float8e4m3fn", one_node("Sign", 13, TP.FLOAT8E4M3FN, TP.FLOAT8E4M3FN, [4]),
          np.array([0x38, 0xB8, 0x00, 0x7F], np.uint8).view(ml_dtypes.float8_e4m3fn))]
for what, m, xin in cases:
    try:
        y = run(m, xin)
        print(f"{what}: ONNX checker: {checker(m)}\n    IREE ran it -> {y} ({y.dtype})")
    except Exception as e:
        print(f"{what}: ONNX checker: {checker(m)}\n    IREE refused: {str(e).splitlines()[0][:100]}")
