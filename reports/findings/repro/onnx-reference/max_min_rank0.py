"""Max and Min of three rank-0 inputs: a numpy scalar comes back, not an
array.

One Max (or Min) node on rank-0 float inputs. With two inputs the result
is an array; with three or more the evaluator folds np.maximum /
np.minimum over them, and numpy gives a scalar (np.float32) for 0-d
arrays after the first step: the run's output is not an ndarray. Sum of
three wraps its result in an array.

    python max_min_rank0.py
"""
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

print("onnx", onnx.__version__, "numpy", np.__version__)
for op in ("Max", "Min", "Sum"):
    for names in (["a", "b"], ["a", "b", "c"]):
        graph = helper.make_graph(
            [helper.make_node(op, names, ["y"])], "rank0",
            [helper.make_tensor_value_info(n, T.FLOAT, []) for n in names],
            [helper.make_tensor_value_info("y", T.FLOAT, [])])
        model = helper.make_model(graph,
                                  opset_imports=[helper.make_opsetid("", 13)])
        feeds = {n: np.array(k, np.float32) for k, n in enumerate(names)}
        (y,) = ReferenceEvaluator(model).run(None, feeds)
        print(f"{op}-13 of {len(names)} rank-0 floats: "
              f"{type(y).__module__}.{type(y).__name__}"
              + ("" if isinstance(y, np.ndarray) else "  <- not an ndarray"))
