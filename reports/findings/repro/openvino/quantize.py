# OpenVINO (CPU plugin, ONNX frontend): QuantizeLinear-19. The quotient
# rounds half to even before the zero point is added (y = saturate(round(x
# / y_scale) + y_zero_point)): 0.5 -> 0 + 1, 2.5 -> 2 + 1, -0.5 -> 0 + 1.
# OpenVINO adds the zero point first and rounds the sum (1.5 -> 2). Into
# float8e4m3fn, NaN x is NaN (0x7f; Cast's table); OpenVINO gives -448
# (0xfe). With saturate=0, 1440 / 3 = 480 is beyond float8e4m3fn's range:
# NaN; OpenVINO saturates to 448 (0x7e).
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as T
import openvino as ov

core = ov.Core()
OV = {T.FLOAT: ov.Type.f32, T.FLOAT16: ov.Type.f16}
NP = {T.FLOAT: np.float32, T.FLOAT16: np.float16}


def quantize(x_type, x, scale, y_type, zero_point, **attrs):
    s = helper.make_tensor("s", x_type, [], [scale])
    z = helper.make_tensor("z", y_type, [], [zero_point])
    node = helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"], **attrs)
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", x_type, [len(x)])],
                          [helper.make_tensor_value_info("y", y_type, [len(x)])], [s, z])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 19)]), path)
    request = core.compile_model(core.read_model(path), "CPU").create_infer_request()
    xs = np.array(x, NP[x_type])
    request.set_input_tensor(ov.Tensor(xs, [xs.size], OV[x_type]))
    request.infer()
    return np.array(request.get_output_tensor().data, copy=True).reshape(-1).view(np.uint8)


print("openvino", ov.get_version())
for x_type in (T.FLOAT, T.FLOAT16):
    name = T.DataType.Name(x_type).lower()
    got = quantize(x_type, [0.5, 2.5, -0.5, -2.5], 1.0, T.INT8, 1).view(np.int8)
    print(f"QuantizeLinear-19 {name} [0.5, 2.5, -0.5, -2.5] / 1 + 1 -> int8: {got.tolist()}"
          "   want [1, 3, 1, -1]")
    got = quantize(x_type, [float("nan"), 1.0], 1.0, T.FLOAT8E4M3FN, 0.0)
    print(f"QuantizeLinear-19 {name} [nan, 1] / 1 -> float8e4m3fn: {[hex(b) for b in got]}"
          "   want ['0x7f', '0x38']")
    got = quantize(x_type, [1440.0, -1440.0], 3.0, T.FLOAT8E4M3FN, 0.0, saturate=0)
    print(f"QuantizeLinear-19 saturate=0 {name} [1440, -1440] / 3 -> float8e4m3fn: "
          f"{[hex(b) for b in got]}   want ['0x7f', '0xff']")
