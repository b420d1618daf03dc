"""QuantizeLinear to int4 with a zero point: an odd count's last element
wraps instead of saturating.

x (float32) of n elements, all 3.04e31, scale 1.0, zero point 1 (int4, fed
at run time). The spec saturates x / scale + zero point: 7 every time. With
n odd, the element left without a partner in the packed output comes out
-8: saturated to 7 before the zero point is added, and 8 wrapped. (The
model casts the int4 result to int32 so numpy can read it.)

    python quantize_int4_odd_tail.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper

print("onnxruntime", ort.__version__)
for n in (1, 3, 4, 5):
    graph = helper.make_graph(
        [helper.make_node("QuantizeLinear", ["x", "scale", "zero"], ["q"]),
         helper.make_node("Cast", ["q"], ["y"], to=T.INT32)],
        "quantize_int4",
        [helper.make_tensor_value_info("x", T.FLOAT, [n]),
         helper.make_tensor_value_info("scale", T.FLOAT, []),
         helper.make_tensor_value_info("zero", T.INT4, [])],
        [helper.make_tensor_value_info("y", T.INT32, [n])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    model.ir_version = 10
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    # An int4 scalar: one byte, the element in its low four bits.
    zero = ort.OrtValue.ortvalue_from_numpy_with_onnx_type(
        np.array(1, np.uint8).reshape(()), T.INT4)
    binding = session.io_binding()
    binding.bind_cpu_input("x", np.full([n], 3.04e31, np.float32))
    binding.bind_cpu_input("scale", np.array(1.0, np.float32))
    binding.bind_ortvalue_input("zero", zero)
    binding.bind_output("y")
    session.run_with_iobinding(binding)
    got = binding.copy_outputs_to_cpu()[0].tolist()
    print(f"n={n}: {got}   want {[7] * n}" + ("" if got == [7] * n else "  <- differs"))
