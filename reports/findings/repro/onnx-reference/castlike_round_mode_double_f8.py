# onnx.reference (1.22): (1) CastLike-24/25 refuses its round_mode attribute
# (Cast takes it); (2) double -> float8e4m3fn / float8e5m2 goes through
# float32 and rounds twice: -(2^-10)(1 + 2^-51) is just past the tie
# between e4m3fn's -0 and its smallest subnormal -2^-9, float32 makes it
# the tie itself, and ties-to-even then gives -0.
from cast_common import T, cast, bits, np
import onnx
from onnx import helper
from onnx.reference import ReferenceEvaluator


def castlike(opset, src, dst, x, **attrs):
    g = helper.make_graph([helper.make_node("CastLike", ["x", "t"], ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", src, [len(x)]),
                           helper.make_tensor_value_info("t", dst, [1])],
                          [helper.make_tensor_value_info("y", dst, [len(x)])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    from cast_common import NP
    try:
        y = ReferenceEvaluator(model).run(None, {"x": x, "t": np.zeros(1, NP[dst])})[0]
    except Exception as e:
        return f"{type(e).__name__}: {str(e)[:110]}"
    return " ".join(f"0x{int(b):02x}" for b in y.view("u1"))


x = np.array([3.0, 6.0], np.float32)
print("Cast-25     float [3, 6] -> float8e8m0 round_mode=down:", cast(25, T.FLOAT, T.FLOAT8E8M0, x, round_mode="down"),
      "  want 0x80 0x81")
print("CastLike-25 float [3, 6] -> float8e8m0 round_mode=down:", castlike(25, T.FLOAT, T.FLOAT8E8M0, x, round_mode="down"))
print("CastLike-25 float [3, 6] -> float8e8m0 (no round_mode):", castlike(25, T.FLOAT, T.FLOAT8E8M0, x), "  want 0x81 0x82")
d = bits([0xBF50000000000002], np.float64)
print("Cast-19 double 0xbf50000000000002 -> float8e4m3fn:", cast(19, T.DOUBLE, T.FLOAT8E4M3FN, d), "  want 0x81")
