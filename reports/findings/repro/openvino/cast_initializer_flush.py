# OpenVINO CPU: a Cast whose input is an initializer is folded at load
# time, and the folding flushes results below float32's normal range to +0
# and turns -0 into +0 (the same input fed at run time is right).
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
for src, dst, bits, w in ((T.FLOAT, T.FLOAT, [0x00000001, 0x80000001, 0x80000000], 4),
                          (T.BFLOAT16, T.FLOAT, [0x0001, 0x8001, 0x8000], 2),
                          (T.DOUBLE, T.FLOAT, [0x3800000000000000, 0x8000000000000000], 8),
                          (T.FLOAT8E8M0, T.FLOAT, [0x00, 0x7F], 1)):
    name = f"{T.DataType.Name(src).lower()} -> {T.DataType.Name(dst).lower()}"
    print(f"Cast-25 {name}: {hexes(bits, w)} -> initializer:",
          hexes(cast(25, src, dst, bits, initializer=True), 4),
          "| fed:", hexes(cast(25, src, dst, bits), 4))
