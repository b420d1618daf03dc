# OpenVINO CPU: double (f64) is computed in float32, saturating: IsInf of
# +-inf is false and Sign of a double too small for float32 is 0.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()

def run(op, opset, in_t, out_t, x, config):
    g = helper.make_graph([helper.make_node(op, ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", in_t, [x.size])],
                          [helper.make_tensor_value_info("y", out_t, [x.size])])
    path = os.path.join(tmp, f"{op}{opset}.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    compiled = core.compile_model(core.read_model(path), "CPU", config)
    return np.array(list(compiled([x]).values())[0])

print("openvino", ov.get_version())
x = np.array([np.inf, -np.inf, np.finfo(np.float64).max, 5e-324, -5e-324, 2.0**-150, -1e-300, 1e-45, 1.0])
print("x bits        ", [hex(b) for b in x.view(np.uint64)])
for name, config in CONFIGS.items():
    print(f"[{name}]")
    print("  IsInf-20(x)  ", run("IsInf", 20, TP.DOUBLE, TP.BOOL, x, config).astype(int).tolist(), " want", np.isinf(x).astype(int).tolist())
    print("  IsInf-10(x)  ", run("IsInf", 10, TP.DOUBLE, TP.BOOL, x, config).astype(int).tolist(), " want", np.isinf(x).astype(int).tolist())
    print("  Sign-13(x)   ", run("Sign", 13, TP.DOUBLE, TP.DOUBLE, x, config).tolist(), " want", np.sign(x).tolist())
    print("  Abs-13(x)    ", run("Abs", 13, TP.DOUBLE, TP.DOUBLE, x, config).tolist(), "(float32 saturation: inf -> FLT_MAX)")
