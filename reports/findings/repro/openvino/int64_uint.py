# OpenVINO CPU: int64 is computed as int32 (the low 32 bits), so even an ONNX
# Identity on int64 truncates; Sign on uint32 reads the bits as signed int32,
# and on uint64 as the low 32 bits read as signed int32.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()

def run(op, onnx_t, x, config):
    g = helper.make_graph([helper.make_node(op, ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", onnx_t, [x.size])],
                          [helper.make_tensor_value_info("y", onnx_t, [x.size])])
    path = os.path.join(tmp, f"{op}_{onnx_t}.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
    compiled = core.compile_model(core.read_model(path), "CPU", config)
    return np.array(list(compiled([x]).values())[0])

print("openvino", ov.get_version())
cases = [(TP.INT64, np.array([5, 2**31, 2**32, 2**32 + 7, -2**63, -2**63 + 1, 2**63 - 1, -5], np.int64)),
         (TP.UINT32, np.array([5, 2**31, 2**32 - 1], np.uint32)),
         (TP.UINT64, np.array([5, 2**31, 2**32, 2**64 - 1], np.uint64))]
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for t, x in cases:
        print(f"  {TP.DataType.Name(t).lower()}: x       ", x.tolist())
        print(f"     Sign-13(x)     ", run("Sign", t, x, config).tolist(), " want", np.sign(x).astype(x.dtype).tolist())
        if t == TP.INT64:
            print(f"     Identity-13(x) ", run("Identity", t, x, config).tolist())
