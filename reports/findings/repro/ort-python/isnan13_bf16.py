# ONNX Runtime (Python API, CPU EP): IsNaN-13 allows bfloat16, but the CPU EP
# has no kernel registered for it at opsets 13-19; at opset 20 it runs.
import onnxruntime as ort
from onnx import TensorProto as T, helper

for opset in (13, 19, 20):
    graph = helper.make_graph(
        [helper.make_node("IsNaN", ["x"], ["y"])], "g",
        [helper.make_tensor_value_info("x", T.BFLOAT16, [4])],
        [helper.make_tensor_value_info("y", T.BOOL, [4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              ir_version=9)
    try:
        ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        print(f"onnxruntime {ort.__version__} IsNaN-{opset} bfloat16: session created")
    except Exception as e:
        print(f"onnxruntime {ort.__version__} IsNaN-{opset} bfloat16: {type(e).__name__}: {e}")
