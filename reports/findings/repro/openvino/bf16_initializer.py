# OpenVINO CPU: a bfloat16 initializer (an ONNX Constant) is converted to
# float32 at compile time with saturation, +-inf becoming +-FLT_MAX, so
# IsInf-20 on it answers false for +-inf. The same bits fed as an input are right.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()
bits = np.array([0x7F80, 0xFF80, 0x7F7F, 0x3F80, 0x7FC0], np.uint16)  # +inf -inf max 1.0 NaN

def compiled(nodes, inputs, outputs, inits, config):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 20)]), path)
    return core.compile_model(core.read_model(path), "CPU", config)

x_init = helper.make_tensor("x", TP.BFLOAT16, [bits.size], bits.tobytes(), raw=True)
x_in = helper.make_tensor_value_info("x", TP.BFLOAT16, [bits.size])
y = helper.make_tensor_value_info("y", TP.BOOL, [bits.size])
print("openvino", ov.get_version())
print("x bits (bfloat16)", [hex(b) for b in bits], " want IsInf", [1, 1, 0, 0, 0])
for name, config in CONFIGS.items():
    print(f"[{name}]")
    c = compiled([helper.make_node("IsInf", ["x"], ["y"])], [x_in], [y], [], config)
    r = c.create_infer_request()
    r.set_input_tensor(ov.Tensor(bits, [bits.size], ov.Type.bf16))
    r.infer()
    print("  IsInf-20, x a graph input :", np.array(r.get_output_tensor().data).astype(int).tolist())
    c = compiled([helper.make_node("IsInf", ["x"], ["y"])], [], [y], [x_init], config)
    r = c.create_infer_request(); r.infer()
    print("  IsInf-20, x an initializer:", np.array(r.get_output_tensor().data).astype(int).tolist())
    ops = c.get_runtime_model().get_ordered_ops()
    print("    runtime model:", [(o.get_friendly_name(), o.get_rt_info()["layerType"].astype(str),
                                  o.get_rt_info()["outputPrecisions"].astype(str)) for o in ops][:2])
    # what the constant became: x (initializer) * one (input, 1.0), cast to float
    one = helper.make_tensor_value_info("one", TP.BFLOAT16, [1])
    z = helper.make_tensor_value_info("z", TP.FLOAT, [bits.size])
    c = compiled([helper.make_node("Mul", ["x", "one"], ["m"]), helper.make_node("Cast", ["m"], ["z"], to=TP.FLOAT)],
                 [one], [z], [x_init], config)
    r = c.create_infer_request()
    r.set_input_tensor(ov.Tensor(np.array([0x3F80], np.uint16), [1], ov.Type.bf16))
    r.infer()
    print("  Cast(x_initializer * 1.0) :", np.array(r.get_output_tensor().data).tolist())
