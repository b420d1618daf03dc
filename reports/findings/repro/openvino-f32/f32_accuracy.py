# OpenVINO CPU under INFERENCE_PRECISION_HINT=f32, EXECUTION_MODE_HINT=ACCURACY
# (onnxcts' `openvino?precision=f32&mode=accuracy`): the properties a compiled
# model really gets in each configuration, then one probe per departure of the
# default configuration, run in both. (The full reproducers, which also run
# both configurations, are in ../openvino/.)
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()

def compiled(nodes, inputs, outputs, opset, config, inits=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(inits))
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return core.compile_model(core.read_model(path), "CPU", config)

def vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)

def run_bits(c, x, ov_type):
    r = c.create_infer_request()
    if x is not None:
        r.set_input_tensor(ov.Tensor(x, list(x.shape), ov_type))
    r.infer()
    return np.array(r.get_output_tensor().data).reshape(-1)

print("openvino", ov.get_version(), "|", core.get_property("CPU", "FULL_DEVICE_NAME"))
for name, config in CONFIGS.items():
    c = compiled([helper.make_node("Relu", ["x"], ["y"])], [vi("x", TP.FLOAT, [1])], [vi("y", TP.FLOAT, [1])], 13, config)
    print(f"[{name}] INFERENCE_PRECISION_HINT={c.get_property('INFERENCE_PRECISION_HINT').to_string()}"
          f" EXECUTION_MODE_HINT={c.get_property('EXECUTION_MODE_HINT').name}")
    inf = np.array([np.inf, -np.inf, 5e-324, 1.0])
    c = compiled([helper.make_node("IsInf", ["x"], ["y"])], [vi("x", TP.DOUBLE, [4])], [vi("y", TP.BOOL, [4])], 20, config)
    print("  IsInf-20 double [inf, -inf, 5e-324, 1]       ->", run_bits(c, inf, ov.Type.f64).astype(int).tolist(), "want [1, 1, 0, 0]")
    c = compiled([helper.make_node("Sign", ["x"], ["y"])], [vi("x", TP.DOUBLE, [4])], [vi("y", TP.DOUBLE, [4])], 13, config)
    print("  Sign-13 double  [inf, -inf, 5e-324, 1]       ->", run_bits(c, inf, ov.Type.f64).tolist(), "want [1, -1, 1, 1]")
    i64 = np.array([2**31, 2**32, -2**63], np.int64)
    c = compiled([helper.make_node("Sign", ["x"], ["y"])], [vi("x", TP.INT64, [3])], [vi("y", TP.INT64, [3])], 13, config)
    print("  Sign-13 int64   [2^31, 2^32, -2^63]          ->", run_bits(c, i64, ov.Type.i64).tolist(), "want [1, 1, -1]")
    u32 = np.array([2**31, 2**32 - 1], np.uint32)
    c = compiled([helper.make_node("Sign", ["x"], ["y"])], [vi("x", TP.UINT32, [2])], [vi("y", TP.UINT32, [2])], 13, config)
    print("  Sign-13 uint32  [2^31, 2^32-1]               ->", run_bits(c, u32, ov.Type.u32).tolist(), "want [1, 1]")
    bf = np.array([0x7F80, 0xFF80], np.uint16)
    c = compiled([helper.make_node("IsInf", ["x"], ["y"])], [], [vi("y", TP.BOOL, [2])], 20, config,
                 [helper.make_tensor("x", TP.BFLOAT16, [2], bf.tobytes(), raw=True)])
    print("  IsInf-20 bfloat16 initializer [+inf, -inf]   ->", run_bits(c, None, None).astype(int).tolist(), "want [1, 1]")
    f16 = np.array([0x7C01, 0xFC01], np.uint16)
    c = compiled([helper.make_node("Sign", ["x"], ["y"])], [vi("x", TP.FLOAT16, [2])], [vi("y", TP.FLOAT16, [2])], 13, config)
    print("  Sign-13 float16 [0x7c01, 0xfc01] (sNaN)      ->", [hex(v) for v in run_bits(c, f16, ov.Type.f16).view(np.uint16)], "(quieted)")
    c = compiled([helper.make_node("IsInf", ["x"], ["y"])], [vi("x", TP.FLOAT16, [1])], [vi("y", TP.BOOL, [1])], 10, config)
    print("  IsInf-10 on float16 (must be refused)        -> ran:", run_bits(c, np.array([0x7C00], np.uint16), ov.Type.f16).astype(int).tolist())
    c = compiled([helper.make_node("ReduceL1", ["x"], ["y"], axes=[2], keepdims=1)], [vi("x", TP.FLOAT, [3, 2, 2])], [vi("y", TP.FLOAT, None)], 13, config)
    r = c.create_infer_request(); r.infer({0: np.ones((3, 2, 2), np.float32)})
    print("  ReduceL1-13 axes=[2] on [3,2,2]: output shape", list(r.get_output_tensor().shape), "want [3, 2, 1]")
    x = np.arange(1, 121, dtype=np.float32).reshape(2, 3, 4, 5)
    c = compiled([helper.make_node("Tile", ["x", "r"], ["y"])], [vi("x", TP.FLOAT, [2, 3, 4, 5]), vi("r", TP.INT64, [4])],
                 [vi("y", TP.FLOAT, None)], 13, config)
    y = np.array(list(c([x, np.array([2, 2, 2, 2], np.int64)]).values())[0])
    print("  Tile-13 [2,3,4,5] x (2,2,2,2), repeats an input: wrong elements", int((y != np.tile(x, (2, 2, 2, 2))).sum()), "of", y.size)
