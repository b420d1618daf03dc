# ONNX Runtime (Python API, CPU EP): Cast float8 -> bool. -0 of
# float8e4m3fn / float8e5m2 (0x80) gives true, and float8e8m0 0x00, which is
# 2^-127 (E8M0 has no zero), gives false. "bool: zero to False; nonzero to
# True" (Cast spec); -0 is zero, 2^-127 is not.
import ctypes

import ml_dtypes
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
for src, mld in ((T.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn), (T.FLOAT8E5M2, ml_dtypes.float8_e5m2),
                 (T.FLOAT8E8M0, ml_dtypes.float8_e8m0fnu)):
    bits = [0x00, 0x80, 0x01]
    got = cast(25, src, T.BOOL, bits, np.uint8)
    vals = np.array(bits, np.uint8).view(mld).astype(np.float64)
    print(f"Cast-25 {T.DataType.Name(src).lower()} -> bool: "
          + ", ".join(f"0x{b:02x} ({v:g}) -> {bool(g)}" for b, v, g in zip(bits, vals, got))
          + f"   want {[bool(v != 0) for v in vals]}")
