"""TVM has no IsNaN / IsInf for bfloat16 or the float8 types (allowed by
IsNaN-13/-20 and IsInf-20): compile stops at legalization."""
import numpy as np
from onnx import TensorProto as TP
import tvm
from common import one_node, compile_model, checker

print("tvm", tvm.__version__)
for op, opset, t, name in (("IsNaN", 13, TP.BFLOAT16, "bfloat16"), ("IsNaN", 20, TP.FLOAT8E4M3FN, "float8e4m3fn"),
                           ("IsInf", 20, TP.BFLOAT16, "bfloat16"), ("IsInf", 20, TP.FLOAT8E5M2, "float8e5m2")):
    m = one_node(op, opset, t, TP.BOOL, [4])
    try:
        compile_model(m)
        print(f"{op}-{opset} {name}: compiled")
    except Exception as e:
        line = [l for l in str(e).splitlines() if "not supported" in l]
        print(f"{op}-{opset} {name} (model {checker(m)}): {type(e).__name__}: {(line[0] if line else str(e)[:150]).strip()}")
