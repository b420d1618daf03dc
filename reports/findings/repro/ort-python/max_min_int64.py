# ONNX Runtime (Python API), CPU: Max-13 and Min-13 on int64 pick the wrong
# input for some pairs of negative values below -2^31, e.g. Max(-2^31 - 1,
# -2^29 - 1) answers -2^31 - 1. numpy's maximum and minimum are the
# expected answers (exact on int64).
# Standalone: onnx.helper builds the model, onnxruntime runs it.
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import onnxruntime as ort

a = np.array([-(2**31) - 1, -(2**31) - 1, -(2**31) - 1, -(2**33), 5], np.int64)
b = np.array([-(2**29) - 1, -(2**27) - 1, -1, -(2**31) - 1, -(2**40)], np.int64)
print("onnxruntime", ort.__version__)
for op, want in (("Max", np.maximum(a, b)), ("Min", np.minimum(a, b))):
    g = helper.make_graph(
        [helper.make_node(op, ["a", "b"], ["y"])], "g",
        [helper.make_tensor_value_info(n, TP.INT64, [a.size]) for n in "ab"],
        [helper.make_tensor_value_info("y", TP.INT64, [a.size])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    got = s.run(None, {"a": a, "b": b})[0]
    print(f"{op}: a={a.tolist()}\n     b={b.tolist()}\n  numpy ={want.tolist()}\n  ort   ={got.tolist()}\n  differ at {np.nonzero(got != want)[0].tolist()}")
