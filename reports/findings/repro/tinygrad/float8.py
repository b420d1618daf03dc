"""tinygrad 0.14's ONNX parser has no float8 dtype codes (17-20): a model
with a float8 input (IsNaN-20 / IsInf-20 allow them) does not load."""
import importlib.metadata
from onnx import TensorProto as TP
from common import one_node, checker
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"))
for op, t, name in (("IsNaN", TP.FLOAT8E4M3FN, "float8e4m3fn"), ("IsNaN", TP.FLOAT8E5M2FNUZ, "float8e5m2fnuz"),
                    ("IsInf", TP.FLOAT8E5M2, "float8e5m2")):
    m, p = one_node(op, 20, t, TP.BOOL, [4])
    try:
        OnnxRunner(p); print(f"{op}-20 {name}: loaded")
    except Exception as e:
        print(f"{op}-20 {name} (model {checker(m)}): {type(e).__name__}: {e}")
