"""TVM: Cast float / float16 -> bfloat16 rounds a NaN as if it were a number:
a NaN whose mantissa is all ones but the last bit carries into the sign
(0x7ffffffe -> 0x8000, -0), and a signalling NaN with only low mantissa
bits set loses them (0x7f800001 -> 0x7f80, +inf)."""
import numpy as np
from onnx import TensorProto as TP
import tvm
from common import one_node, run

print("tvm", tvm.__version__)
x = np.array([0x7FFFFFFE, 0x7F800001, 0xFFFFFFFE, 0xFF800001, 0x7FC00000], np.uint32).view(np.float32)
m = one_node("Cast", 13, TP.FLOAT, TP.BFLOAT16, [5], to=TP.BFLOAT16)
got = " ".join(f"0x{int(b):04x}" for b in run(m, x).view(np.uint16))
print("Cast-13 float [0x7ffffffe 0x7f800001 0xfffffffe 0xff800001 0x7fc00000] -> bfloat16:", got,
      "  want NaNs (0x7f81..0x7fff / 0xff81..0xffff)")
h = np.array([0x7FFE, 0x7C01], np.uint16).view(np.float16)
m = one_node("Cast", 13, TP.FLOAT16, TP.BFLOAT16, [2], to=TP.BFLOAT16)
got = " ".join(f"0x{int(b):04x}" for b in run(m, h).view(np.uint16))
print("Cast-13 float16 [0x7ffe 0x7c01] -> bfloat16:", got, "  want NaNs")
