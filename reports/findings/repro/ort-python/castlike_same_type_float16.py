"""A float16 CastLike to float16 after a float16 node: refused by 1.30.0.

Div (float16) -> CastLike(v0, like=float16) -> Ceil: every node is valid
and the CastLike changes nothing. onnxruntime 1.30.0 refuses the session:
the casts it inserts around float16 nodes that run in float32 leave a
float32 value where the CastLike declares float16.

    python castlike_same_type_float16.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper

graph = helper.make_graph(
    [helper.make_node("Div", ["s0", "s0"], ["v0"]),
     helper.make_node("CastLike", ["v0", "s1"], ["v1"]),
     helper.make_node("Ceil", ["v1"], ["y"])],
    "castlike_same_type",
    [helper.make_tensor_value_info("s0", T.FLOAT16, [1]),
     helper.make_tensor_value_info("s1", T.FLOAT16, [1])],
    [helper.make_tensor_value_info("y", T.FLOAT16, [1])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
model.ir_version = 10
print("onnxruntime", ort.__version__)
try:
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    y = session.run(None, {"s0": np.array([2], np.float16),
                           "s1": np.array([1], np.float16)})[0]
    print("Ceil(CastLike(2 / 2, float16)) =", y.tolist(), "  want [1.0]")
except Exception as e:  # the refusal is the finding
    print("refused:", str(e).splitlines()[0][:160])
