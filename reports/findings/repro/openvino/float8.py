# OpenVINO CPU: IsInf-20 and IsNaN-20 on float8e4m3fn / float8e5m2 (which the
# spec allows) are refused ("unsupported src_prc"); float8e4m3fnuz and
# float8e5m2fnuz have no OpenVINO element type, and the ONNX frontend
# refuses a model that holds one.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

core = ov.Core()
tmp = tempfile.mkdtemp()
OV = {TP.FLOAT8E4M3FN: ov.Type.f8e4m3, TP.FLOAT8E5M2: ov.Type.f8e5m2}
bits = np.array([0x7C, 0xFC, 0x7F, 0x01], np.uint8)
print("openvino", ov.get_version())
for op in ("IsInf", "IsNaN"):
    for t in (TP.FLOAT8E4M3FN, TP.FLOAT8E5M2, TP.FLOAT8E4M3FNUZ, TP.FLOAT8E5M2FNUZ):
        g = helper.make_graph([helper.make_node(op, ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", t, [bits.size])],
                              [helper.make_tensor_value_info("y", TP.BOOL, [bits.size])])
        path = os.path.join(tmp, "m.onnx")
        onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 20)]), path)
        step = "read_model"
        try:
            model = core.read_model(path)
            step = "compile_model"
            r = core.compile_model(model, "CPU").create_infer_request()
            step = "infer"
            r.set_input_tensor(ov.Tensor(bits, [bits.size], OV[t]))
            r.infer()
            print(f"{op}-20 {TP.DataType.Name(t).lower()}: ran ->", np.array(r.get_output_tensor().data).astype(int).tolist())
        except Exception as e:
            print(f"{op}-20 {TP.DataType.Name(t).lower()}: {step} failed: {str(e).strip().splitlines()[-1]}")
