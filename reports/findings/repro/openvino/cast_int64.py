# OpenVINO CPU: Cast to int64 / uint64 keeps only 32 bits: int64 -> int64
# wraps to the low 32 bits sign-extended, uint32 -> int64 sign-extends,
# float -> int64 saturates at the int32 range (2^33 -> -2^31).
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
v = [0x7FFFFFFFFFFFFFFF, 0x00000001FFFFFFFF, 0x8000000000000000]
print("Cast-25 int64 -> int64 :", hexes(v, 8), "->", hexes(cast(25, T.INT64, T.INT64, v), 8), "  want the input")
u = [0xFFFFFFFF, 0x80000000]
print("Cast-25 uint32 -> int64:", hexes(u, 4), "->", hexes(cast(25, T.UINT32, T.INT64, u), 8),
      "  want 0x00000000ffffffff 0x0000000080000000")
f = [0x50000000, 0x40000000]  # 2^33, 2.0
print("Cast-25 float -> int64 : 2^33, 2.0 ->", hexes(cast(25, T.FLOAT, T.INT64, f), 8),
      "  want 0x0000000200000000 0x0000000000000002")
