# onnx.reference.ReferenceEvaluator: which zero Max and Min give for a pair
# of +0 and -0 (the spec is silent: a deviation, not a failure). The
# evaluator calls numpy's maximum / minimum, which (numpy 2.x) return the
# SECOND input of two equal zeros on float, double and (ml_dtypes) bfloat16,
# and the first on float16; onnxcts' reference takes the first. NaN inputs
# give NaN, as the reference expects.
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

np.seterr(invalid="ignore")  # numpy warns on NaN inputs

TYPES = [(T.FLOAT16, np.float16), (T.FLOAT, np.float32), (T.DOUBLE, np.float64),
         (T.BFLOAT16, ml_dtypes.bfloat16)]
a0 = [0.0, -0.0, np.nan, 1.0]
b0 = [-0.0, 0.0, 1.0, np.nan]

def show(v):
    v = float(v)
    return "nan" if np.isnan(v) else ("-0" if np.signbit(v) else "+0") if v == 0 else f"{v:g}"

print(f"onnx {onnx.__version__}, numpy {np.__version__}; pairs (+0,-0) (-0,+0) (NaN,1) (1,NaN)")
for elem, dt in TYPES:
    a, b = np.array(a0, dt), np.array(b0, dt)
    for op, ref in (("Max", np.maximum), ("Min", np.minimum)):
        opset = 13 if elem == T.BFLOAT16 else 6
        graph = helper.make_graph([helper.make_node(op, ["a", "b"], ["y"])], "g",
                                  [helper.make_tensor_value_info(n, elem, [4]) for n in ("a", "b")],
                                  [helper.make_tensor_value_info("y", elem, [4])])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=9)
        y = ReferenceEvaluator(model).run(None, {"a": a, "b": b})[0]
        print(f"{np.dtype(dt).name:>8} {op}-{opset:<2}: evaluator {' '.join(show(v) for v in y):17}"
              f" np.{ref.__name__} {' '.join(show(v) for v in ref(a, b))}")
