# OpenVINO CPU on a CPU without native bfloat16 (AVX2 only; onnxcts host
# class avx2): Cast float and float16 -> bfloat16 rounds some values down
# by one unit and turns NaNs whose payload fills the float32 mantissa into
# -0 or +0 (a round-to-nearest done in integer arithmetic, whose carry
# runs out of the NaN into the sign); Cast bfloat16 -> float8e5m2 with
# saturate=0 turns a signalling NaN into ±inf. On a CPU with AVX512_BF16 or
# AMX the same models give the right answers.
from cast_common import T, cast, hexes, ov

print("openvino", ov.get_version())
f16 = [0x1045, 0x8E36, 0x7DFF, 0x7FFF, 0xFFFF]
print("Cast-25 float16 -> bfloat16:", hexes(f16, 2), "->", hexes(cast(25, T.FLOAT16, T.BFLOAT16, f16), 2),
      "  want 0x3a09 0xb9c7 0x7fff 0x7fff 0xffff")
f32 = [0x3EF0CCCC, 0x7FFFFFFF]
print("Cast-13 float -> bfloat16:", hexes(f32, 4), "->", hexes(cast(13, T.FLOAT, T.BFLOAT16, f32), 2),
      "  want 0x3ef1 0x7fff")
bf16 = [0x7F81, 0xFF81]
print("Cast-25 bfloat16 -> float8e5m2 (saturate=0):", hexes(bf16, 2), "->",
      hexes(cast(25, T.BFLOAT16, T.FLOAT8E5M2, bf16, saturate=0), 1), "  want 0x7e 0xfe (NaN)")
