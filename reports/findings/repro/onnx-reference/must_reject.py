# onnx.reference.ReferenceEvaluator runs models that are outside their op's
# type constraints or carry wrong attributes; onnx's own checker (full_check)
# refuses every one. Only Sign on bool stops, and only because numpy's sign
# has no bool loop (at run time, not as a check).
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

X = {T.FLOAT: np.float32, T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16,
     T.BOOL: np.bool_, T.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn}
CASES = [  # (what is wrong, op, opset, input type, output type, attributes)
    ("IsInf-10 on float16", "IsInf", 10, T.FLOAT16, T.BOOL, {}),
    ("IsInf-20 detect_negative as FLOAT", "IsInf", 20, T.FLOAT, T.BOOL, {"detect_negative": 1.0}),
    ("IsNaN-13 with unknown attribute", "IsNaN", 13, T.FLOAT, T.BOOL, {"detect_positive": 1}),
    ("IsNaN-20 output declared float", "IsNaN", 20, T.FLOAT, T.FLOAT, {}),
    ("IsNaN-9 on bfloat16", "IsNaN", 9, T.BFLOAT16, T.BOOL, {}),
    ("Sign-13 on bool", "Sign", 13, T.BOOL, T.BOOL, {}),
    ("Sign-13 on float8e4m3fn", "Sign", 13, T.FLOAT8E4M3FN, T.FLOAT8E4M3FN, {}),
]
for what, op, opset, tin, tout, attrs in CASES:
    graph = helper.make_graph([helper.make_node(op, ["x"], ["y"], **attrs)], "g",
                              [helper.make_tensor_value_info("x", tin, [4])],
                              [helper.make_tensor_value_info("y", tout, [4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              ir_version=9)
    try:
        onnx.checker.check_model(model, full_check=True)
        checker = "accepted"
    except Exception as e:
        checker = f"refused ({type(e).__name__})"
    x = np.array([1.0, -2.0, np.inf, np.nan], dtype=np.float32).astype(X[tin])
    try:
        y = ReferenceEvaluator(model).run(None, {"x": x})[0]
        ran = f"RAN: y = {y.tolist()} ({y.dtype})"
    except Exception as e:
        ran = f"refused: {type(e).__name__}: {str(e)[:70]}"
    print(f"onnx {onnx.__version__} {what}: checker {checker}; evaluator {ran}")
