# OpenVINO CPU: Cast ignores `saturate` and `round_mode`. To float8e4m3fn /
# float8e5m2 with saturate=1 (the default) an out-of-range value or +-inf
# gives NaN / +-inf where the Cast-19+ table says +-FLT_MAX (0x7e / 0x7b);
# to float8e8m0 with saturate=0, 0 and +inf give 0x00 and 0xfe where the
# Cast-24 table says NaN (0xff); every round_mode (up, the default, down,
# nearest) rounds to the nearest power of two. Also: -NaN -> float8e8m0
# gives 0x00 (2^-127), not NaN.
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
x = [0x7F800000, 0xFF800000, 0x47000000, 0xC7000000]  # +inf, -inf, 32768, -32768
print("Cast-19 float -> float8e4m3fn saturate=1: +inf -inf 32768 -32768 ->",
      hexes(cast(19, T.FLOAT, T.FLOAT8E4M3FN, x), 1), "  want 0x7e 0xfe 0x7e 0xfe")
x = [0x7F800000, 0xFF800000, 0x48000000]  # +inf, -inf, 131072
print("Cast-19 float -> float8e5m2 saturate=1:   +inf -inf 131072 ->",
      hexes(cast(19, T.FLOAT, T.FLOAT8E5M2, x), 1), "  want 0x7b 0xfb 0x7b")
x = [0x00000000, 0x7F800000, 0x00000001, 0x3F800000]  # 0, +inf, 2^-149, 1
print("Cast-25 float -> float8e8m0 saturate=0:   0 +inf 2^-149 1 ->",
      hexes(cast(25, T.FLOAT, T.FLOAT8E8M0, x, saturate=0), 1), "  want 0xff 0xff 0xff 0x7f")
x = [0xFFC00000, 0x7FC00000]
print("Cast-25 float -> float8e8m0:              -NaN +NaN ->",
      hexes(cast(25, T.FLOAT, T.FLOAT8E8M0, x), 1), "  want 0xff 0xff")
x = [0x3F800001, 0x3F8CCCCD, 0x3FBFFFFF, 0x3FC00000, 0x3FFFFFFF]  # 1+2^-23, 1.1, 1.4999999, 1.5, 1.9999999
for mode, want in (("up", "0x80 0x80 0x80 0x80 0x80"), ("down", "0x7f 0x7f 0x7f 0x7f 0x7f"),
                   ("nearest", "0x7f 0x7f 0x7f 0x80 0x80")):
    print(f"Cast-25 float -> float8e8m0 round_mode={mode}: 1+2^-23 1.1 1.4999999 1.5 1.9999999 ->",
          hexes(cast(25, T.FLOAT, T.FLOAT8E8M0, x, round_mode=mode), 1), "  want", want)
