# onnx.reference (1.22): Cast of wide integers to bfloat16 and to
# float8e8m0 goes through float32 and rounds twice (see the ort-python
# reproducer of the same name for the exact values).
from cast_common import T, cast, np

print("Cast-13 uint32 -> bfloat16: 0xff7fffff ->", cast(13, T.UINT32, T.BFLOAT16, np.array([0xFF7FFFFF], np.uint32)),
      "  want 0x4f7f")
print("Cast-13 uint64 -> bfloat16: 0xff7fffffffffffff ->",
      cast(13, T.UINT64, T.BFLOAT16, np.array([0xFF7FFFFFFFFFFFFF], np.uint64)), "  want 0x5f7f")
print("Cast-25 int32 -> float8e8m0 round_mode=down: 0x7fffffff 0x01ffffff ->",
      cast(25, T.INT32, T.FLOAT8E8M0, np.array([0x7FFFFFFF, 0x01FFFFFF], np.int32), round_mode="down"),
      "  want 0x9d 0x97")
