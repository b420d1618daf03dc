"""tinygrad's ONNX LessOrEqual / GreaterOrEqual are true against a NaN.

The runner computes `a <= b` as NOT `b < a` (and `a >= b` as NOT `a < b`),
so a compare with a NaN, false for `<`, turns true. IEEE 754 (and numpy's
less_equal / greater_equal, ONNX's reference evaluator) make every ordered
compare with a NaN false. Less, Greater and Equal are right."""
import os, tempfile
import numpy as np, onnx, importlib.metadata
from onnx import helper, TensorProto as TP
import common  # noqa: F401  (sets DEV=CPU:CLANG, CACHELEVEL=0 before tinygrad is imported)
from tinygrad import Tensor, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)


def compare(op, opset, t, n):
    ins = [helper.make_tensor_value_info(v, t, [n]) for v in ("a", "b")]
    g = helper.make_graph([helper.make_node(op, ["a", "b"], ["c"])], "g", ins,
                          [helper.make_tensor_value_info("c", TP.BOOL, [n])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), path)
    return path


nan, inf = np.nan, np.inf
for name, t, ft in (("float32", TP.FLOAT, np.float32), ("float64", TP.DOUBLE, np.float64), ("float16", TP.FLOAT16, np.float16)):
    a = np.array([1.0, nan, nan, inf, 0.0], ft)
    b = np.array([nan, 1.0, nan, nan, -0.0], ft)
    for op, np_op in (("LessOrEqual", np.less_equal), ("GreaterOrEqual", np.greater_equal)):
        for opset in (12, 16):
            got = OnnxRunner(compare(op, opset, t, len(a)))({"a": a, "b": b})["c"].numpy()
            print(f"{op}-{opset} {name:7} a={a} b={b} -> {got.astype(int)}  numpy {np_op(a, b).astype(int)}")
a, b = Tensor([1.0, float("nan")]), Tensor([float("nan"), 1.0])
print("Tensor API: (a <= b) ->", (a <= b).numpy(), " (a >= b) ->", (a >= b).numpy(), " (a < b) ->", (a < b).numpy())
