# OpenVINO CPU: Sign-13 on float16 returns a signalling NaN quieted (bit 9
# set, sign and the rest of the payload kept). Still a NaN, so onnxcts
# (NaN matches NaN) counts it a pass; bfloat16 and float keep the bits.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()
cases = [(TP.FLOAT16, ov.Type.f16, np.uint16, [0x7C01, 0xFC01, 0x7D23, 0x7E00, 0xFFFF]),
         (TP.BFLOAT16, ov.Type.bf16, np.uint16, [0x7F81, 0xFF81, 0x7FC0]),
         (TP.FLOAT, ov.Type.f32, np.uint32, [0x7F800001, 0xFFA00123, 0x7FC00000])]
print("openvino", ov.get_version())
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for onnx_t, ov_t, carrier, bits in cases:
        g = helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", onnx_t, [len(bits)])],
                              [helper.make_tensor_value_info("y", onnx_t, [len(bits)])])
        path = os.path.join(tmp, "sign.onnx")
        onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
        r = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
        r.set_input_tensor(ov.Tensor(np.array(bits, carrier), [len(bits)], ov_t))
        r.infer()
        out = np.array(r.get_output_tensor().data).view(carrier)
        print(f"  {TP.DataType.Name(onnx_t).lower():8} Sign {[hex(b) for b in bits]} -> {[hex(v) for v in out]}")
