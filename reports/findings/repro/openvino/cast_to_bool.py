# OpenVINO CPU: Cast to bool gives false for a NaN (float, float16,
# bfloat16, double), for int32's and int64's minimum, and for uint32 /
# uint64 values with the top bit of their low 32 bits set; each is nonzero,
# so true ("bool: zero to False; nonzero to True").
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
for src, bits in ((T.FLOAT, [0x7FC00000, 0xFFC00000, 0x3F800000]),
                  (T.FLOAT16, [0x7E00, 0xFE00, 0x3C00]),
                  (T.BFLOAT16, [0x7FC0, 0xFFC0, 0x3F80]),
                  (T.DOUBLE, [0x7FF8000000000000, 0x3FF0000000000000]),
                  (T.INT32, [0x80000000, 0xFFFFFFFF, 0x7FFFFFFF]),
                  (T.INT64, [0x8000000000000000, 0x0000000100000000, 0xFFFFFFFFFFFFFFFF]),
                  (T.UINT32, [0x80000000, 0xFFFFFFFF, 0x7FFFFFFF]),
                  (T.UINT64, [0x00000001FFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x0000000100000000])):
    from cast_common import width
    print(f"Cast-25 {T.DataType.Name(src).lower()} -> bool:", hexes(bits, width(src)), "->",
          cast(25, src, T.BOOL, bits), "  want", [1] * len(bits))
