"""IREE: IsNaN-20 of float8e4m3fn 0xFF (-NaN) is false; 0x7F (+NaN) is
true. Its f8E4M3FN -> f32 extension (Cast shows it) turns 0xFF into -480."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run

print("iree", importlib.metadata.version("iree-base-compiler"))
x = np.array([0x7F, 0xFF, 0x7E, 0xFE], np.uint8).view(ml_dtypes.float8_e4m3fn)
print("float8e4m3fn bits 0x7F 0xFF 0x7E 0xFE =", x, "(ONNX: nan nan 448 -448)")
print("IsNaN-20:", run(one_node("IsNaN", 20, TP.FLOAT8E4M3FN, TP.BOOL, [4]), x), "(ONNX: [ True  True False False])")
y = run(one_node("Cast", 21, TP.FLOAT8E4M3FN, TP.FLOAT, [4], to=TP.FLOAT), x)
print("Cast-21 to float:", y, [hex(v) for v in y.view(np.uint32)])
