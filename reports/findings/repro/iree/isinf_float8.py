"""IREE: IsInf-20 on any of the four float8 types fails to compile
('math.absf' not legalized); IsNaN-20 on them compiles."""
import importlib.metadata
from onnx import TensorProto as TP
from common import one_node, compile_model, checker

print("iree", importlib.metadata.version("iree-base-compiler"))
for t, name in ((TP.FLOAT8E4M3FN, "float8e4m3fn"), (TP.FLOAT8E5M2, "float8e5m2"),
                (TP.FLOAT8E4M3FNUZ, "float8e4m3fnuz"), (TP.FLOAT8E5M2FNUZ, "float8e5m2fnuz")):
    m = one_node("IsInf", 20, t, TP.BOOL, [4])
    try:
        compile_model(m); print(f"IsInf-20 {name}: compiled")
    except Exception as e:
        err = [l.strip() for l in str(e).splitlines() if "error:" in l]
        print(f"IsInf-20 {name} (model {checker(m)}): {err[0].split('error: ')[1][:70] if err else str(e)[:100]}")
