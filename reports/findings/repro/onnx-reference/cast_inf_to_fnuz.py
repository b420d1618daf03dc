# onnx.reference (1.22): Cast-19/21/23 with saturate=1 (the default) of
# +-inf to float8e4m3fnuz / float8e5m2fnuz gives +-FLT_MAX (0x7f / 0xff);
# the Cast-19..23 table says NaN (0x80). onnx/onnx#6220 reported this; the
# fix (onnx/onnx#7130) kept the behaviour and changed the rule from Cast-24 on.
from cast_common import T, cast, np

x = np.array([np.inf, -np.inf], np.float32)
for opset in (19, 21, 23, 24):
    for dst in (T.FLOAT8E4M3FNUZ, T.FLOAT8E5M2FNUZ):
        want = "0x80 0x80" if opset < 24 else "0x7f 0xff"
        print(f"Cast-{opset} float -> {T.DataType.Name(dst).lower()} saturate=1: +inf -inf ->",
              cast(opset, T.FLOAT, dst, x), "  spec:", want)
