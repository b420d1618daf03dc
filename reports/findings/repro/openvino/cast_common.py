# Shared by the cast_*.py reproducers here: one Cast node built with
# onnx.helper, read by OpenVINO's ONNX frontend, run on the CPU plugin with
# the input's raw bits; returns the output's raw bytes as unsigned ints.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as T
import openvino as ov

core = ov.Core()
OV = {T.FLOAT: ov.Type.f32, T.DOUBLE: ov.Type.f64, T.FLOAT16: ov.Type.f16, T.BFLOAT16: ov.Type.bf16,
      T.INT32: ov.Type.i32, T.INT64: ov.Type.i64, T.UINT32: ov.Type.u32, T.UINT64: ov.Type.u64,
      T.UINT16: ov.Type.u16, T.INT16: ov.Type.i16, T.UINT8: ov.Type.u8, T.INT8: ov.Type.i8,
      T.FLOAT8E4M3FN: ov.Type.f8e4m3, T.FLOAT8E5M2: ov.Type.f8e5m2, T.FLOAT8E8M0: ov.Type.f8e8m0}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def width(t):
    return {T.DOUBLE: 8, T.INT64: 8, T.UINT64: 8, T.FLOAT: 4, T.INT32: 4, T.UINT32: 4,
            T.FLOAT16: 2, T.BFLOAT16: 2, T.INT16: 2, T.UINT16: 2, T.BOOL: 1}.get(t, 1)


def cast(opset, src, dst, bits, initializer=False, **attrs):
    """Cast `bits` (unsigned ints, the source's bit patterns) from src to dst;
    with initializer=True the input is a constant in the model."""
    x = np.array(bits, UINT[width(src)])
    node = helper.make_node("Cast", ["x"], ["y"], to=dst, **attrs)
    y = helper.make_tensor_value_info("y", dst, [x.size])
    if initializer:
        init = onnx.TensorProto(name="x", data_type=src, dims=[x.size])
        init.raw_data = x.tobytes()
        graph = helper.make_graph([node], "g", [], [y], initializer=[init])
    else:
        graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", src, [x.size])], [y])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]), path)
    request = core.compile_model(core.read_model(path), "CPU").create_infer_request()
    if not initializer:
        request.set_input_tensor(ov.Tensor(x, [x.size], OV[src]))
    request.infer()
    out = np.array(request.get_output_tensor().data, copy=True).reshape(-1).view(np.uint8)
    return out.view(UINT[width(dst)]).tolist()


def hexes(values, w):
    return " ".join(f"0x{v:0{2 * w}x}" for v in values)
