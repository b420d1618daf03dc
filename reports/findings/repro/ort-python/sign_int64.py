# ONNX Runtime (Python API, CPU EP): Sign on int64 answers -1 for positive
# values in [2^31, 2^32) -- but only in Eigen's vectorized loop (2 lanes): the
# same value in the scalar tail (the 5th of 5 elements) is right.
import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

for opset in (9, 13):
    graph = helper.make_graph(
        [helper.make_node("Sign", ["x"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.INT64, [None])],
        [helper.make_tensor_value_info("y", TensorProto.INT64, [None])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              ir_version=7)
    sess = ort.InferenceSession(model.SerializeToString(),
                                providers=["CPUExecutionProvider"])
    for x in ([2**31, 2**31 + 1, 2**32 - 1, 2**32, 2**31 - 1, -1, 0, 2**31],
              [2**31] * 5):
        x = np.array(x, dtype=np.int64)
        y = sess.run(None, {"x": x})[0]
        print(f"onnxruntime {ort.__version__} Sign-{opset} int64 {x.tolist()}\n"
              f"  -> {y.tolist()}   (numpy: {np.sign(x).tolist()})")
