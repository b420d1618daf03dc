"""Relu before QuantizeLinear removed where the zero point does not make it
redundant: int4 and float8 outputs.

Relu(x) -> QuantizeLinear(scale 3, zero point z), x = -300. Relu gives 0,
and 0 / 3 + z is z. Dropping the Relu is harmless only when z is the
bottom of the output's range (uint8 0, int8 -128: every negative x then
saturates to z anyway). ONNX Runtime drops it for an int4 zero point of 1
and a float8e5m2fnuz zero point of 0 as well, and quantizes -300 itself.
The int4 and float8 results pass through a Cast (int32, float) so numpy
can read them.

    python relu_quantize_fusion.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper

print("onnxruntime", ort.__version__)
for name, q_type, zero, cast_to in (
        ("int8, zero point 1", T.INT8, 1, T.INT32),
        ("int4, zero point 1", T.INT4, 1, T.INT32),
        ("float8e5m2fnuz, zero point 0", T.FLOAT8E5M2FNUZ, 0, T.FLOAT)):
    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["r"]),
         helper.make_node("QuantizeLinear", ["r", "scale", "zero"], ["q"]),
         helper.make_node("Cast", ["q"], ["y"], to=cast_to)],
        "relu_quantize",
        [helper.make_tensor_value_info("x", T.FLOAT, [1])],
        [helper.make_tensor_value_info("y", cast_to, [1])],
        [helper.make_tensor("scale", T.FLOAT, [], [3.0]),
         helper.make_tensor("zero", q_type, [], [zero])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    model.ir_version = 10
    results = []
    for level in (ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
                  ort.GraphOptimizationLevel.ORT_DISABLE_ALL):
        options = ort.SessionOptions()
        options.graph_optimization_level = level
        session = ort.InferenceSession(model.SerializeToString(), options,
                                       providers=["CPUExecutionProvider"])
        results.append(session.run(None, {"x": np.array([-300.0], np.float32)})[0][0])
    print(f"{name}: Quantize(Relu(-300)) = {results[0]} "
          f"(optimizations off: {results[1]}, want {zero})"
          + ("" if results[0] == zero else "  <- differs"))
