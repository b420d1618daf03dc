# OpenVINO CPU: Cast uint32 / uint64 -> bfloat16 rounds twice (to float32,
# then to bfloat16): a value just below a bfloat16 rounding midpoint lands
# on the midpoint in float32 and then rounds up (ties to even).
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
print("Cast-13 uint32 -> bfloat16: 0xff7fffff ->", hexes(cast(13, T.UINT32, T.BFLOAT16, [0xFF7FFFFF]), 2),
      "  want 0x4f7f (4286578687 < midpoint 4286578688)")
print("Cast-13 uint64 -> bfloat16: 0xff7fffffffffffff ->",
      hexes(cast(13, T.UINT64, T.BFLOAT16, [0xFF7FFFFFFFFFFFFF]), 2), "  want 0x5f7f")
print("Cast-13 int32 -> bfloat16: 0x7f7fffff ->", hexes(cast(13, T.INT32, T.BFLOAT16, [0x7F7FFFFF]), 2),
      "  want 0x4eff")
