# onnx.reference (1.22): Cast to float8e8m0. With saturate=1 +inf gives
# 0xff (NaN), the Cast-24 table says E8M0_MAX (0xfe); with saturate=0 a zero
# gives 0x00, the table says NaN (0xff); float 2^-149 rounds up to 0x01
# (2^-126), not to E8M0_MIN 0x00 (2^-127); double goes through float32, so
# 2^-127 gives 0x01 and 2^129 gives 0xff (want 0x00 and 0xfe); and
# float8e8m0 -> float8e8m0 turns 0x00 into 0x01.
from cast_common import T, NP, bits, cast, np

f = np.array([np.inf, 0.0, 2.0 ** -149, 1.0], np.float32)
print("Cast-25 float -> float8e8m0 saturate=1: inf 0 2^-149 1 ->", cast(25, T.FLOAT, T.FLOAT8E8M0, f),
      "  want 0xfe 0x00 0x00 0x7f")
print("Cast-25 float -> float8e8m0 saturate=0: inf 0 2^-149 1 ->",
      cast(25, T.FLOAT, T.FLOAT8E8M0, f, saturate=0), "  want 0xff 0xff 0xff 0x7f")
d = np.array([2.0 ** -127, 2.0 ** 129], np.float64)
print("Cast-25 double -> float8e8m0 round_mode=down: 2^-127 2^129 ->",
      cast(25, T.DOUBLE, T.FLOAT8E8M0, d, round_mode="down"), "  want 0x00 0xfe")
e = bits([0x00, 0x7F, 0xFE], NP[T.FLOAT8E8M0])
print("Cast-25 float8e8m0 -> float8e8m0: 0x00 0x7f 0xfe ->", cast(25, T.FLOAT8E8M0, T.FLOAT8E8M0, e),
      "  want 0x00 0x7f 0xfe")
b = np.array([False, True])
print("Cast-25 bool -> float8e8m0 saturate=0: false true ->",
      cast(25, T.BOOL, T.FLOAT8E8M0, b, saturate=0), "  want 0xff 0x7f")
