"""Models the ONNX checker rejects (outside the op's type constraints, unknown
or ill-typed attributes) that TVM compiles and runs."""
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
import tvm
from common import one_node, run, checker

print("tvm", tvm.__version__)
x = np.array([np.inf, -np.inf, 1.0, np.nan], np.float32)
models = {
    "IsInf-10 on float16": (one_node("IsInf", 10, TP.FLOAT16, TP.BOOL, [4]), x.astype(np.float16)),
    "IsInf-20 detect_negative=0.0 (a FLOAT attribute)": (one_node("IsInf", 20, TP.FLOAT, TP.BOOL, [4], detect_negative=0.0), x),
    "IsNaN-13 with an unknown attribute detect_positive=1": (one_node("IsNaN", 13, TP.FLOAT, TP.BOOL, [4], detect_positive=1), x),
    "IsNaN-20 with a float output": (one_node("IsNaN", 20, TP.FLOAT, TP.FLOAT, [4]), x),
    "Sign-13 on float8e4m3fn": (one_node("Sign", 13, TP.FLOAT8E4M3FN, TP.FLOAT8E4M3FN, [4]),
                                np.array([0x38, 0xB8, 0x00, 0x7F], np.uint8).view(ml_dtypes.float8_e4m3fn)),
}
for what, (m, xin) in models.items():
    try:
        y = run(m, xin)
        print(f"{what}: ONNX checker says {checker(m)!r}; TVM ran it -> {y} ({y.dtype})")
    except Exception as e:
        print(f"{what}: ONNX checker says {checker(m)!r}; TVM refused: {str(e).splitlines()[0][:100]}")
