# ONNX Runtime (Python API, CPU EP): Sign of a NaN. float16 and bfloat16 give
# +0 for every NaN (the kernel's FloatingImpl maps NaN to 0 "as TF does");
# float and double go through Eigen and give a NaN (double: sign bit cleared).
# bfloat16 has no numpy type in ORT, so inputs are bound as raw bits.
import ctypes

import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper


def sign(elem, bits, uint):
    graph = helper.make_graph(
        [helper.make_node("Sign", ["x"], ["y"])], "g",
        [helper.make_tensor_value_info("x", elem, [len(bits)])],
        [helper.make_tensor_value_info("y", elem, [len(bits)])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                              ir_version=7)
    sess = ort.InferenceSession(model.SerializeToString(),
                                providers=["CPUExecutionProvider"])
    x = np.array(bits, dtype=uint)
    binding = sess.io_binding()
    binding.bind_ortvalue_input(
        "x", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(x, elem))
    binding.bind_output("y", "cpu")
    sess.run_with_iobinding(binding)
    out = binding.get_outputs()[0]
    y = np.frombuffer(ctypes.string_at(out.data_ptr(), x.nbytes), dtype=uint)
    w = 2 * x.itemsize
    print(f"onnxruntime {ort.__version__} Sign-13 {T.DataType.Name(elem).lower()}: "
          + ", ".join(f"0x{i:0{w}x}->0x{o:0{w}x}" for i, o in zip(x.tolist(), y.tolist())))


sign(T.FLOAT16, [0x7e00, 0x7c01, 0xfe00, 0xfc01, 0x7fff, 0x8000], np.uint16)
sign(T.BFLOAT16, [0x7fc0, 0x7f81, 0xffc0, 0xff81, 0x7fff, 0x8000], np.uint16)
sign(T.FLOAT, [0x7fc00000, 0x7f800001, 0xffc00000, 0xff800001], np.uint32)
sign(T.DOUBLE, [0x7ff8000000000000, 0xfff8000000000000, 0xfff0000000000001], np.uint64)
