# OpenVINO CPU: which Casts among float4e2m1, float8e8m0 and the float8
# types OpenVINO has an element type for compile and run, and OpenVINO's
# words for those that do not. (float8e4m3fnuz, float8e5m2fnuz and int2
# have no ov.Type; the ONNX frontend refuses uint2: "Unsupported type".)
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as T
import openvino as ov

core = ov.Core()
print("openvino", ov.get_version())
names = {T.FLOAT: "float", T.FLOAT16: "float16", T.BFLOAT16: "bfloat16", T.DOUBLE: "double",
         T.INT32: "int32", T.UINT8: "uint8", T.BOOL: "bool", T.INT4: "int4",
         T.FLOAT8E4M3FN: "float8e4m3fn", T.FLOAT8E5M2: "float8e5m2",
         T.FLOAT4E2M1: "float4e2m1", T.FLOAT8E8M0: "float8e8m0", T.UINT2: "uint2"}
pairs = [(T.FLOAT, T.FLOAT4E2M1), (T.FLOAT16, T.FLOAT4E2M1), (T.DOUBLE, T.FLOAT4E2M1),
         (T.INT32, T.FLOAT4E2M1), (T.FLOAT4E2M1, T.FLOAT), (T.FLOAT4E2M1, T.INT32),
         (T.FLOAT4E2M1, T.BOOL), (T.FLOAT, T.FLOAT8E8M0), (T.DOUBLE, T.FLOAT8E8M0),
         (T.INT32, T.FLOAT8E8M0), (T.FLOAT8E8M0, T.FLOAT), (T.FLOAT8E8M0, T.UINT8),
         (T.FLOAT8E4M3FN, T.BOOL), (T.FLOAT8E5M2, T.INT4), (T.FLOAT, T.UINT2)]
for src, dst in pairs:
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=dst)], "g",
                          [helper.make_tensor_value_info("x", src, [4])],
                          [helper.make_tensor_value_info("y", dst, [4])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 25)]), path)
    step = "read_model"
    try:
        model = core.read_model(path)
        step = "compile_model"
        core.compile_model(model, "CPU")
        print(f"{names[src]} -> {names[dst]}: compiles")
    except Exception as e:
        words = [l for l in str(e).strip().splitlines() if l.strip()]
        print(f"{names[src]} -> {names[dst]}: {step} failed: {words[-1].strip()}")
