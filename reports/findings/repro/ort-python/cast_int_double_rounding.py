# ONNX Runtime (Python API, CPU EP): Cast of wide integers to bfloat16 and
# to float8e8m0 rounds twice: first to float32 (nearest even), then to the
# target. A value just below a rounding boundary lands on the boundary in
# float32 and then rounds the wrong way. The exact answer is computed here
# from the integer itself (Python ints, exact).
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from cast_common import cast



def bf16_exact(n):  # round-to-nearest-even of a positive integer to 8 significant bits
    e = n.bit_length() - 8
    q, r = divmod(n, 1 << e)
    if 2 * r > (1 << e) or (2 * r == (1 << e) and q & 1):
        q += 1
    if q == 256:
        q, e = 128, e + 1
    return ((e + 7 + 127) << 7) | (q & 0x7F)


def e8m0_down(n):  # 2^floor(log2 n)
    return 127 + n.bit_length() - 1


print("onnxruntime", ort.__version__)
for src, uint, n in ((T.UINT32, np.uint32, 0xFF7FFFFF), (T.UINT64, np.uint64, 0xFF7FFFFFFFFFFFFF)):
    got = cast(13, src, T.BFLOAT16, [n], uint, out=np.uint16)
    print(f"Cast-13 {T.DataType.Name(src).lower()} {n:#x} -> bfloat16: {got[0]:#06x}, "
          f"exact {bf16_exact(n):#06x}")
for src, uint, ns in ((T.INT32, np.uint32, [0x7FFFFFFF, 0x01FFFFFF]),
                      (T.UINT64, np.uint64, [0xFFFFFFFFFFFFFFFF, 0x01FFFFFF])):
    got = cast(25, src, T.FLOAT8E8M0, ns, uint, round_mode="down")
    print(f"Cast-25 {T.DataType.Name(src).lower()} round_mode=down -> float8e8m0: "
          + ", ".join(f"{n:#x} -> {g:#04x} (exact {e8m0_down(n):#04x})" for n, g in zip(ns, got)))
got = cast(25, T.UINT32, T.FLOAT8E8M0, [0xBFFFFFFF], np.uint32, round_mode="nearest")
print(f"Cast-25 uint32 round_mode=nearest -> float8e8m0: 0xbfffffff -> {got[0]:#04x} "
      f"(exact 0x9e: 0xbfffffff < 1.5 * 2^31, nearer 2^31 in the mantissa)")
