# onnx.reference.ReferenceEvaluator: Loop stacks its scan outputs with
# np.vstack, which makes a scalar per iteration into shape [N, 1] instead of
# the [N] that ONNX's Loop (and Range's own function body) specify. Seen on
# ONNX's test_range_*_expanded cases; first on the suite's own files, then on
# a minimal Loop. Argument: a folder of ONNX node tests (default: the one the
# installed onnx wheel ships; onnx 1.23 wheels ship none).
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

NODE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(onnx.__file__), "backend/test/data/node")
for case in ("test_range_float_type_positive_delta_expanded",
             "test_range_int32_type_negative_delta_expanded"):
    folder = os.path.join(NODE, case)
    model = onnx.load(os.path.join(folder, "model.onnx"))
    feeds = {i.name: numpy_helper.to_array(onnx.load_tensor(
        os.path.join(folder, "test_data_set_0", f"input_{k}.pb")))
        for k, i in enumerate(model.graph.input)}
    want = numpy_helper.to_array(onnx.load_tensor(
        os.path.join(folder, "test_data_set_0", "output_0.pb")))
    got = ReferenceEvaluator(model).run(None, feeds)[0]
    print(f"onnx {onnx.__version__} {case}: shape {list(got.shape)} {got.tolist()}, "
          f"expected {list(want.shape)} {want.tolist()}")

# Loop: 3 iterations, the body's scan output is the scalar iteration count.
body = helper.make_graph(
    [helper.make_node("Identity", ["cond"], ["cond_out"]),
     helper.make_node("Identity", ["i"], ["scan"])], "body",
    [helper.make_tensor_value_info("i", T.INT64, []),
     helper.make_tensor_value_info("cond", T.BOOL, [])],
    [helper.make_tensor_value_info("cond_out", T.BOOL, []),
     helper.make_tensor_value_info("scan", T.INT64, [])])
graph = helper.make_graph(
    [helper.make_node("Loop", ["M", "c"], ["y"], body=body)], "g", [],
    [helper.make_tensor_value_info("y", T.INT64, [3])],
    [numpy_helper.from_array(np.array(3, np.int64), "M"),
     numpy_helper.from_array(np.array(True), "c")])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
onnx.checker.check_model(model, full_check=True)
y = ReferenceEvaluator(model).run(None, {})[0]
print(f"onnx {onnx.__version__} Loop with a scalar scan output, 3 iterations: "
      f"shape {list(y.shape)} {y.tolist()} (the model declares [3])")
