"""tinygrad's QuantizeLinear (its ONNX runner) on float16 x with a float16
scale: y = saturate(round(x / y_scale) + y_zero_point), the division
rounded once (to float16 here). tinygrad gives 1.501 / 3 (0.50033, which
rounds up to 1) as 0 + 1, as a multiplication by a rounded 1/3 would
(0.4998...), and +inf into uint8 as 0, not 255."""
import importlib.metadata
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
from common import one_node  # noqa: F401  (sets DEV before tinygrad loads)
from tinygrad import Tensor
from tinygrad.nn.onnx import OnnxRunner
import os, tempfile


def quantize(x, y_type, zero_point):
    # raw_data initializers (onnx.helper.make_tensor puts float16 values in
    # int32_data, which tinygrad reads otherwise: bfloat16_initializer.py)
    s = onnx.numpy_helper.from_array(np.array(3.0, np.float16), "s")
    z = onnx.numpy_helper.from_array(
        np.array(zero_point, np.int8 if y_type == TP.INT8 else np.uint8), "z")
    g = helper.make_graph([helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TP.FLOAT16, [len(x)])],
                          [helper.make_tensor_value_info("y", y_type, [len(x)])], [s, z])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 19)], ir_version=10)
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(m, path)
    out = OnnxRunner(path)({"x": Tensor(np.array(x, np.float16))})
    return list(out.values())[0].numpy()


print("tinygrad", importlib.metadata.version("tinygrad"))
x = [float(np.float16(1.501)), float("inf"), 300.0]
print(f"QuantizeLinear-19 float16 x={x} / 3 + 1 -> int8: {quantize(x, TP.INT8, 1).tolist()}"
      "   want [2, 127, 101]")
print(f"QuantizeLinear-19 float16 x={x} / 3 + 0 -> uint8: {quantize(x, TP.UINT8, 0).tolist()}"
      "   want [1, 255, 100]")
