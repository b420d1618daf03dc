# Shared by the quantize_*.py reproducers here: one QuantizeLinear or
# DequantizeLinear node built with onnx.helper, its scale (and zero point)
# initializers of one value, run by ONNX Runtime's CPU execution provider.
import onnxruntime as ort
from onnx import helper


def run(op, opset, x, x_type, y_type, scale_type, scale, zero_point=None,
        **attrs):
    """y for the numpy array x; the zero point, when given, of y_type
    (QuantizeLinear) or x_type (DequantizeLinear)."""
    inits = [helper.make_tensor("s", scale_type, [], [scale])]
    if zero_point is not None:
        zp_type = y_type if op == "QuantizeLinear" else x_type
        inits.append(helper.make_tensor("z", zp_type, [], [zero_point]))
    names = ["x", "s", "z"][:1 + len(inits)]
    graph = helper.make_graph(
        [helper.make_node(op, names, ["y"], **attrs)], "g",
        [helper.make_tensor_value_info("x", x_type, [len(x)])],
        [helper.make_tensor_value_info("y", y_type, [len(x)])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 11 if opset >= 23 else 10
    sess = ort.InferenceSession(model.SerializeToString(),
                                providers=["CPUExecutionProvider"])
    return sess.run(None, {"x": x})[0]
