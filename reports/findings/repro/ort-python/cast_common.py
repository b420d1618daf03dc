# The one-node Cast model the ort-python Cast reproducers run: raw bits in
# (as the ONNX element type `src`), raw bits out, through IO binding so that
# every dtype (float8 included) goes in and out exactly.
import ctypes

import numpy as np
import onnxruntime as ort
from onnx import helper


def cast(opset, src, dst, bits, uint, out=np.uint8, **attrs):
    """Cast-`opset` of the patterns `bits` (numpy `uint` wide) from ONNX type
    `src` to `dst`; the output's patterns as a list of `out` integers."""
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
    y = binding.get_outputs()[0]
    raw = ctypes.string_at(y.data_ptr(), y.tensor_size_in_bytes())
    return np.frombuffer(raw, out).tolist()
