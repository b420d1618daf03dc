# OpenVINO loads and runs ONNX models that break the operators' type or
# attribute constraints (a conformant backend refuses them). onnx.checker's
# verdict on each model is printed beside OpenVINO's.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

core = ov.Core()
tmp = tempfile.mkdtemp()
OV = {TP.FLOAT: ov.Type.f32, TP.FLOAT16: ov.Type.f16, TP.BFLOAT16: ov.Type.bf16,
      TP.FLOAT8E4M3FN: ov.Type.f8e4m3, TP.BOOL: ov.Type.boolean}
CARRIER = {TP.FLOAT: np.uint32, TP.FLOAT16: np.uint16, TP.BFLOAT16: np.uint16,
           TP.FLOAT8E4M3FN: np.uint8, TP.BOOL: np.uint8}
OV.update({TP.INT32: ov.Type.i32, TP.DOUBLE: ov.Type.f64})
CARRIER.update({TP.INT32: np.uint32, TP.DOUBLE: np.uint64})
cases = [  # what, op, opset, input type, output type, attributes, input bits[, node inputs]
    ("IsInf-10 on float16 (float16 only from IsInf-20)", "IsInf", 10, TP.FLOAT16, TP.BOOL, {}, [0x7C00, 0x3C00]),
    ("IsInf-20 with detect_negative a FLOAT attribute", "IsInf", 20, TP.FLOAT, TP.BOOL,
     {"detect_negative": helper.make_attribute("detect_negative", 1.0)}, [0xFF800000, 0x7F800000]),
    ("IsNaN-13 with an unknown attribute detect_positive", "IsNaN", 13, TP.FLOAT, TP.BOOL,
     {"detect_positive": helper.make_attribute("detect_positive", 1)}, [0x7FC00000, 0]),
    ("IsNaN-20 with its output declared float", "IsNaN", 20, TP.FLOAT, TP.FLOAT, {}, [0x7FC00000, 0]),
    ("IsNaN-9 on bfloat16 (bfloat16 only from IsNaN-13)", "IsNaN", 9, TP.BFLOAT16, TP.BOOL, {}, [0x7FC0, 0x3F80]),
    ("Sign-13 on float8e4m3fn (not in Sign's types)", "Sign", 13, TP.FLOAT8E4M3FN, TP.FLOAT8E4M3FN, {}, [0xB8, 0x01, 0x7F]),
    ("Sign-13 on bool (not in Sign's types)", "Sign", 13, TP.BOOL, TP.BOOL, {}, [1, 0]),
    ("Max-8 on int32 (integers only from Max-12)", "Max", 8, TP.INT32, TP.INT32, {}, [7, 0xFFFFFFFF], 2),
    ("Equal-7 on float (floats only from Equal-11)", "Equal", 7, TP.FLOAT, TP.BOOL, {}, [0x3F800000, 0], 2),
    ("Less-13 on bool (not in Less's types)", "Less", 13, TP.BOOL, TP.BOOL, {}, [1, 0], 2),
    ("Greater-13 with a third input", "Greater", 13, TP.FLOAT, TP.BOOL, {}, [0x3F800000, 0], 3),
    ("Abs-13 with a second input", "Abs", 13, TP.FLOAT, TP.FLOAT, {}, [0xBF800000, 0], 2),
    ("Min-13 with its output declared uint8", "Min", 13, TP.DOUBLE, TP.UINT8, {}, [0x3FF0000000000000, 0], 2),
    ("Not-1 on float (bool only)", "Not", 1, TP.FLOAT, TP.FLOAT, {}, [0x3F800000, 0]),
    ("BitwiseAnd-18 on bool (integers only)", "BitwiseAnd", 18, TP.BOOL, TP.BOOL, {}, [1, 0], 2),
    ("LessOrEqual-16 on bool (numbers only)", "LessOrEqual", 16, TP.BOOL, TP.BOOL, {}, [1, 0], 2),
    ("And-7 with a third input", "And", 7, TP.BOOL, TP.BOOL, {}, [1, 0], 3),
]
print("openvino", ov.get_version())
for what, op, opset, tin, tout, attrs, bits, *arity in cases:
    node = helper.make_node(op, ["x"] * (arity[0] if arity else 1), ["y"])
    node.attribute.extend(attrs.values())
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", tin, [len(bits)])],
                          [helper.make_tensor_value_info("y", tout, [len(bits)])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    try:
        onnx.checker.check_model(model, full_check=True)
        checker = "onnx.checker: valid"
    except Exception as e:
        checker = "onnx.checker: INVALID (" + str(e).splitlines()[0][:70] + ")"
    path = os.path.join(tmp, f"{op}{opset}.onnx")
    onnx.save(model, path)
    print(f"{what}\n  {checker}")
    try:
        compiled = core.compile_model(core.read_model(path), "CPU")
        r = compiled.create_infer_request()
        r.set_input_tensor(ov.Tensor(np.array(bits, CARRIER[tin]), [len(bits)], OV[tin]))
        r.infer()
        t = r.get_output_tensor()
        out = np.array(t.data).reshape(-1)
        shown = out.astype(int).tolist() if out.dtype == np.bool_ else [hex(v) for v in out.view(f"u{out.itemsize}")]
        print(f"  OpenVINO: ran, {[hex(b) for b in bits]} -> {shown} (output {t.element_type.to_string()})")
    except Exception as e:
        print("  OpenVINO: refused:", " ".join(str(e).split())[-110:])
