"""IREE's default --iree-input-demote-f64-to-f32=true rewrites a double
model to float inside while its entry point still takes and returns f64
buffers: the f64 input's bytes are read as float32s (IsNaN / IsInf answer
for the wrong values) and a double result does not fit (Sign fails). With
the flag false the results are right."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run

print("iree", importlib.metadata.version("iree-base-compiler"))
x = np.array([np.nan, 1.0, np.inf, -np.inf, 2.2250738585072014e-308, -1e300], np.float64)
print("input", x, "\n  its bytes as float32:", x.view(np.float32)[:6])
for flags in ((), ("--iree-input-demote-f64-to-f32=false",)):
    print("flags", list(flags) or "(defaults)")
    print("  IsNaN-13 double:", run(one_node("IsNaN", 13, TP.DOUBLE, TP.BOOL, [6]), x, *flags), " want", np.isnan(x))
    print("  IsInf-10 double:", run(one_node("IsInf", 10, TP.DOUBLE, TP.BOOL, [6]), x, *flags), " want", np.isinf(x))
    try:
        print("  Sign-13 double: ", run(one_node("Sign", 13, TP.DOUBLE, TP.DOUBLE, [6]), x, *flags))
    except Exception as e:
        print("  Sign-13 double:  " + str(e).split(";")[0][:60] + ";" + str(e).split(";")[1][:80])
