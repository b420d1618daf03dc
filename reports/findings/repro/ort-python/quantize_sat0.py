# ONNX Runtime (Python API, CPU EP): QuantizeLinear into float8e4m3fn with
# saturate=0. y = x / y_scale, cast without saturation: a quotient beyond
# 464 (halfway from 448, the largest finite value, to the next step, 480)
# is NaN (0x7f); 400 is a tie between 384 and 416, to 384 (0x7c).
# ORT saturates to 448 (0x7e) anyway, for float32 and float16 x alike.
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper


def quantize(x, x_type):
    scale = helper.make_tensor("s", x_type, [], [3.0])
    zp = helper.make_tensor("z", T.FLOAT8E4M3FN, [], [0.0])
    node = helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"], saturate=0)
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("x", x_type, [len(x)])],
        [helper.make_tensor_value_info("y", T.FLOAT8E4M3FN, [len(x)])], [scale, zp])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    model.ir_version = 10
    sess = ort.InferenceSession(model.SerializeToString(),
                                providers=["CPUExecutionProvider"])
    return sess.run(None, {"x": x})[0]


print("onnxruntime", ort.__version__)
for dtype, x_type in ((np.float32, T.FLOAT), (np.float16, T.FLOAT16)):
    x = np.array([1440.0, -1440.0, 1200.0], dtype)
    got = quantize(x, x_type).view(np.uint8)
    print(f"QuantizeLinear-21 saturate=0 {np.dtype(dtype).name} x={[float(v) for v in x]} / 3"
          f" -> float8e4m3fn: {[hex(int(b)) for b in got]}   want ['0x7f', '0xff', '0x7c']")
