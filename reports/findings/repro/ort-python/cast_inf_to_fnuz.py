# ONNX Runtime (Python API, CPU EP): Cast-19/21/23 with saturate=1 (the
# default) of +-inf to float8e4m3fnuz / float8e5m2fnuz gives +-FLT_MAX
# (0x7f / 0xff). The Cast-19..23 table says NaN (0x80) for the fnuz types;
# Cast-24 changed the rule to +-FLT_MAX, which ORT applies to every opset.
# Inputs and outputs are bound as raw bits (ORT has no numpy float8 fnuz).
import ctypes

import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper


def cast(opset, src, dst, bits, uint, **attrs):
    graph = helper.make_graph(
        [helper.make_node("Cast", ["x"], ["y"], to=dst, **attrs)], "g",
        [helper.make_tensor_value_info("x", src, [len(bits)])],
        [helper.make_tensor_value_info("y", dst, [len(bits)])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    sess = ort.InferenceSession(model.SerializeToString(),
                                providers=["CPUExecutionProvider"])
    x = np.array(bits, dtype=uint)
    binding = sess.io_binding()
    binding.bind_ortvalue_input("x", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(x, src))
    binding.bind_output("y", "cpu")
    sess.run_with_iobinding(binding)
    out = binding.get_outputs()[0]
    return list(ctypes.string_at(out.data_ptr(), out.tensor_size_in_bytes()))


print("onnxruntime", ort.__version__)
inf = [0x7F800000, 0xFF800000]  # float +inf, -inf
for opset in (19, 21, 23, 24):
    for dst in (T.FLOAT8E4M3FNUZ, T.FLOAT8E5M2FNUZ):
        got = cast(opset, T.FLOAT, dst, inf, np.uint32)
        want = "0x80 0x80 (NaN)" if opset < 24 else "0x7f 0xff (+-FLT_MAX)"
        print(f"Cast-{opset} float -> {T.DataType.Name(dst).lower()} saturate=1: "
              f"+inf, -inf -> {' '.join(f'0x{b:02x}' for b in got)}   spec: {want}")
