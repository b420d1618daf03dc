# ONNX Runtime (Python API, CPU EP): (1) CastLike-24/25 ignores its
# round_mode attribute: to float8e8m0 it always rounds up (the default),
# where Cast with the same attribute does not; (2) double -> float8e4m3fn
# goes through float32 and rounds twice: -(2^-10)(1 + 2^-51) is just past
# the tie between -0 and the smallest subnormal -2^-9, float32 makes it the
# tie, and ties-to-even gives -0.
import ctypes

import numpy as np
import onnxruntime as ort
from onnx import helper, TensorProto as T

from cast_common import cast


def castlike(opset, src, dst, bits, uint, **attrs):
    graph = helper.make_graph(
        [helper.make_node("CastLike", ["x", "t"], ["y"], **attrs)], "g",
        [helper.make_tensor_value_info("x", src, [len(bits)]),
         helper.make_tensor_value_info("t", dst, [1])],
        [helper.make_tensor_value_info("y", dst, [len(bits)])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    binding = sess.io_binding()
    binding.bind_ortvalue_input("x", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(np.array(bits, uint), src))
    binding.bind_ortvalue_input("t", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(np.zeros(1, np.uint8), dst))
    binding.bind_output("y", "cpu")
    sess.run_with_iobinding(binding)
    y = binding.get_outputs()[0]
    return np.frombuffer(ctypes.string_at(y.data_ptr(), y.tensor_size_in_bytes()), np.uint8).tolist()


print("onnxruntime", ort.__version__)
x = np.array([2.5, 3.0, 6.0], np.float32).view(np.uint32).tolist()
for mode in ("down", "nearest", "up"):
    c = cast(25, T.FLOAT, T.FLOAT8E8M0, x, np.uint32, round_mode=mode)
    l = castlike(25, T.FLOAT, T.FLOAT8E8M0, x, np.uint32, round_mode=mode)
    print(f"float [2.5, 3, 6] -> float8e8m0 round_mode={mode}: Cast-25 {[hex(v) for v in c]}, "
          f"CastLike-25 {[hex(v) for v in l]}")
print("(CastLike answers as round_mode=up whatever round_mode says; Cast follows it)")
got = cast(19, T.DOUBLE, T.FLOAT8E4M3FN, [0xBF50000000000002], np.uint64)
print(f"Cast-19 double 0xbf50000000000002 -> float8e4m3fn: {got[0]:#04x}, exact 0x81")
