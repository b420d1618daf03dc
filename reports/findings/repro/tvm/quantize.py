"""TVM's QuantizeLinear (Relax ONNX frontend) on float16 x with a float16
scale into int16: y = saturate(round(x / y_scale) + y_zero_point), the
zero point added to the rounded integer. TVM adds it in float16, where
2048 + 1 is not representable (6144 / 3 + 1 gives 2048, not 2049), and
+inf gives the range's bottom (-32768), not its top."""
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tvm
from common import compile_model


def quantize(x, zero_point):
    s = helper.make_tensor("s", TP.FLOAT16, [], [3.0])
    z = helper.make_tensor("z", TP.INT16, [], [zero_point])
    g = helper.make_graph([helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TP.FLOAT16, [len(x)])],
                          [helper.make_tensor_value_info("y", TP.INT16, [len(x)])], [s, z])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
    out = compile_model(m)["main"](tvm.runtime.tensor(np.array(x, np.float16)))
    return out.numpy()


print("tvm", tvm.__version__)
x = [6144.0, float("inf"), float("-inf"), 300.0]
print(f"QuantizeLinear-21 float16 x={x} / 3 + 1 -> int16: {quantize(x, 1).tolist()}"
      "   want [2049, 32767, -32768, 101]")
