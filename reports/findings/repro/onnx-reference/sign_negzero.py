# onnx.reference.ReferenceEvaluator: Sign-13 of -0. numpy's sign gives +0 for
# float16, float and double; ml_dtypes' bfloat16 (and float8) sign keeps -0.
# float8 is outside Sign-13's types (see must_reject.py); the evaluator runs it.
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

CASES = [(T.FLOAT16, np.float16), (T.FLOAT, np.float32), (T.DOUBLE, np.float64),
         (T.BFLOAT16, ml_dtypes.bfloat16), (T.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn),
         (T.FLOAT8E5M2, ml_dtypes.float8_e5m2)]
for elem, dt in CASES:
    graph = helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", elem, [3])],
                              [helper.make_tensor_value_info("y", elem, [3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                              ir_version=9)
    width = np.dtype(dt).itemsize
    uint = f"<u{width}"
    neg0 = 1 << (8 * width - 1)
    x = np.array([neg0, 0, neg0 | 1], dtype=uint).view(dt)  # -0, +0, -tiny
    y = ReferenceEvaluator(model).run(None, {"x": x})[0]
    w = 2 * width
    print(f"onnx {onnx.__version__} Sign-13 {np.dtype(dt).name:>13}: " + ", ".join(
        f"0x{int(i):0{w}x}->0x{int(o):0{w}x}"
        for i, o in zip(x.view(uint), np.asarray(y).view(uint))))
