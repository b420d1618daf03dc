# OpenVINO CPU: Cast to, from and within double runs in float32, with
# +-inf turned into +-FLT_MAX: double -> float of +-inf and of huge values
# gives +-FLT_MAX, not +-inf; double -> double flushes what float32 cannot
# hold (2^-959 -> 0, inf -> FLT_MAX); float -> double of +-inf gives
# +-FLT_MAX; int32 -> double rounds to float32 first; a double below
# float32's range -> bool is false.
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
d = [0x7FF0000000000000, 0x4800000000000000, 0x0400000000000000, 0x0000000000000001]
print("Cast-25 double -> float :", hexes(d, 8), "->", hexes(cast(25, T.DOUBLE, T.FLOAT, d), 4),
      "  want 0x7f800000 0x7f800000 0x00000000 0x00000000")
print("Cast-25 double -> double:", hexes(d, 8), "->", hexes(cast(25, T.DOUBLE, T.DOUBLE, d), 8),
      "  want the input")
f = [0x7F800000, 0xFF800000]
print("Cast-25 float -> double :", hexes(f, 4), "->", hexes(cast(25, T.FLOAT, T.DOUBLE, f), 8),
      "  want 0x7ff0000000000000 0xfff0000000000000")
i = [0x7FFFFFFF, 0x01FFFFFF]
print("Cast-25 int32 -> double :", hexes(i, 4), "->", hexes(cast(25, T.INT32, T.DOUBLE, i), 8),
      "  want 0x41dfffffffc00000 0x417ffffff0000000")
b = [0x0400000000000000, 0x0000000000000001, 0x3FF0000000000000]
print("Cast-25 double -> bool  :", hexes(b, 8), "->", cast(25, T.DOUBLE, T.BOOL, b), "  want [1, 1, 1]")
