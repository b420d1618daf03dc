# ONNX's reference evaluator: QuantizeLinear of ±inf, or of a quotient
# beyond int32's range, into an integer type. y = saturate(round(x /
# y_scale) + y_zero_point): inf / 3 and 7e9 / 3 saturate to the range's
# top (127 for int8). The evaluator casts the rounded quotient to int32
# before adding the zero point and clipping, which gives INT32_MIN for
# both (on x86), so the range's bottom.
import ml_dtypes
import numpy as np
import onnx
from onnx import helper, TensorProto as T
from onnx.reference import ReferenceEvaluator

NP = {T.FLOAT: np.float32, T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16}


def quantize(x_type, x):
    s = helper.make_tensor("s", x_type, [], [3.0])
    z = helper.make_tensor("z", T.INT8, [], [1])
    node = helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"])
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", x_type, [len(x)])],
                          [helper.make_tensor_value_info("y", T.INT8, [len(x)])], [s, z])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)])
    return ReferenceEvaluator(model).run(None, {"x": np.array(x, NP[x_type])})[0]


print("onnx", onnx.__version__)
for x_type in (T.FLOAT, T.FLOAT16, T.BFLOAT16):
    x = [float("inf"), 7e9 if x_type != T.FLOAT16 else 60000.0, 300.0]
    got = quantize(x_type, x)
    print(f"QuantizeLinear-21 {T.DataType.Name(x_type).lower()} x={x} / 3 + 1 -> int8: "
          f"{got.tolist()}   want [127, 127, 101]")
