# onnx.reference.ReferenceEvaluator runs Abs / Neg / Max / Min / Equal /
# Less / Greater models outside their version's type constraints, with a
# wrong declared output type, or with an unknown attribute: one model per
# kind of the onnxcts must-reject cases it runs. It stops only on a wrong
# number of inputs (a Python arity TypeError) and on Neg of bool (numpy has
# no bool negative). No onnx.checker: the models go to the evaluator as built.
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

X = {T.FLOAT: np.float32, T.BFLOAT16: ml_dtypes.bfloat16, T.BOOL: np.bool_, T.INT32: np.int32,
     T.UINT8: np.uint8, T.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn}
CASES = [  # what is wrong, op, opset, input type, number of inputs, output type, attributes
    ("Abs-13 on bool", "Abs", 13, T.BOOL, 1, T.BOOL, {}),
    ("Neg-13 on uint8", "Neg", 13, T.UINT8, 1, T.UINT8, {}),
    ("Max-8 on int32 (integers from Max-12)", "Max", 8, T.INT32, 2, T.INT32, {}),
    ("Min-6 on bfloat16 (from Min-13)", "Min", 6, T.BFLOAT16, 2, T.BFLOAT16, {}),
    ("Greater-7 on int32 (float types only)", "Greater", 7, T.INT32, 2, T.BOOL, {}),
    ("Less-13 on bool", "Less", 13, T.BOOL, 2, T.BOOL, {}),
    ("Equal-7 on float (bool, int32, int64 only)", "Equal", 7, T.FLOAT, 2, T.BOOL, {}),
    ("Equal-19 on float8e4m3fn", "Equal", 19, T.FLOAT8E4M3FN, 2, T.BOOL, {}),
    ("Less-9 output declared float", "Less", 9, T.FLOAT, 2, T.FLOAT, {}),
    ("Abs-13 output declared uint8", "Abs", 13, T.FLOAT, 1, T.UINT8, {}),
    ("Min-13 with unknown attribute", "Min", 13, T.FLOAT, 2, T.FLOAT, {"onnxcts_unknown": 1}),
    ("And-7 on float", "And", 7, T.FLOAT, 2, T.FLOAT, {}),
    ("Not-1 on int32", "Not", 1, T.INT32, 1, T.INT32, {}),
    ("BitwiseXor-18 on bool", "BitwiseXor", 18, T.BOOL, 2, T.BOOL, {}),
    ("LessOrEqual-16 on bool", "LessOrEqual", 16, T.BOOL, 2, T.BOOL, {}),
    ("Neg-6 on bool (refused)", "Neg", 6, T.BOOL, 1, T.BOOL, {}),
    ("Equal-13 with a third input (refused)", "Equal", 13, T.FLOAT, 3, T.BOOL, {}),
]
values = [np.array([1, 0, 2, 200]), np.array([0, 0, 3, 100]), np.array([1, 1, 1, 1])]
for what, op, opset, tin, n, tout, attrs in CASES:
    names = ["a", "b", "c"][:n]
    graph = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                              [helper.make_tensor_value_info(x, tin, [4]) for x in names],
                              [helper.make_tensor_value_info("y", tout, [4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=9)
    feeds = {x: v.astype(X[tin]) for x, v in zip(names, values)}
    shown = ", ".join(str(v.tolist()) for v in feeds.values())
    try:
        y = ReferenceEvaluator(model).run(None, feeds)[0]
        ran = f"RAN: {op}({shown}) = {y.tolist()} ({y.dtype})"
    except Exception as e:
        ran = f"refused: {type(e).__name__}: {str(e)[:70]}"
    print(f"onnx {onnx.__version__} {what}: {ran}")
