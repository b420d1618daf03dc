"""tinygrad's ONNX Max / Min drop a NaN that is not in the first input.

The runner folds the inputs with Tensor.maximum / Tensor.minimum (Min is
-max(-a, -b)); float MAX becomes `(a < b).where(b, a)` for this renderer
(tinygrad PR #15828 describes the lowering), which keeps the left operand
whenever the compare with a NaN is false: Max(NaN, 1) is NaN, Max(1, NaN)
is 1. numpy.maximum / numpy.minimum (the reference) return the NaN either way. The same with the inputs as initializers."""
import functools, os, tempfile
import numpy as np, ml_dtypes, onnx, importlib.metadata
from onnx import helper, numpy_helper, TensorProto as TP
import common  # noqa: F401  (sets DEV=CPU:CLANG, CACHELEVEL=0 before tinygrad is imported)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)


def nary(op, opset, t, n, shape, inits=None):
    names = [f"x{i}" for i in range(n)]
    ins = [] if inits else [helper.make_tensor_value_info(v, t, shape) for v in names]
    ini = [numpy_helper.from_array(a, v) for v, a in zip(names, inits)] if inits else []
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", ins,
                          [helper.make_tensor_value_info("y", t, shape)], initializer=ini)
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), path)
    return path


def hexs(a):
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return "[" + " ".join(hex(v) for v in np.ascontiguousarray(a).view(u)) + "]"


def want(op, xs):
    return functools.reduce(np.maximum if op == "Max" else np.minimum, xs)


nan, one = np.nan, 1.0
types = [("float32", TP.FLOAT, np.float32), ("float64", TP.DOUBLE, np.float64), ("float16", TP.FLOAT16, np.float16)]
for op in ("Max", "Min"):
    for name, t, npt in types:
        a, b = np.array([nan, one], npt), np.array([one, nan], npt)
        for opset in ((6, 8, 12, 13) if name == "float32" else (13,)):
            y = OnnxRunner(nary(op, opset, t, 2, [2]))({"x0": a, "x1": b})["y"].numpy()
            print(f"{op}-{opset:<2} {name:8} x0={hexs(a)} x1={hexs(b)} -> {hexs(y)}  numpy {hexs(want(op, [a, b]))}")
    # bfloat16, fed as its bits and bitcast inside tinygrad
    a, b = np.array([0x7FC0, 0x3F80], np.uint16), np.array([0x3F80, 0x7FC0], np.uint16)
    y = OnnxRunner(nary(op, 13, TP.BFLOAT16, 2, [2]))(
        {"x0": Tensor(a).bitcast(dtypes.bfloat16), "x1": Tensor(b).bitcast(dtypes.bfloat16)})["y"]
    print(f"{op}-13 bfloat16 x0={hexs(a)} x1={hexs(b)} -> {hexs(y.bitcast(dtypes.uint16).numpy())}  numpy [0x7fc0 0x7fc0]")
    a, b, c = (np.array(v, np.float32) for v in ([one, nan], [nan, one], [2.0, 2.0]))
    y = OnnxRunner(nary(op, 13, TP.FLOAT, 3, [2]))({"x0": a, "x1": b, "x2": c})["y"].numpy()
    print(f"{op}-13 float32  3 inputs x0={hexs(a)} x1={hexs(b)} x2={hexs(c)} -> {hexs(y)}  numpy {hexs(want(op, [a, b, c]))}")
    a, b = np.array([nan, one], np.float32), np.array([one, nan], np.float32)
    y = OnnxRunner(nary(op, 13, TP.FLOAT, 2, [2], inits=[a, b]))({})["y"].numpy()
    print(f"{op}-13 float32  both inputs initializers x0={hexs(a)} x1={hexs(b)} -> {hexs(y)}  numpy {hexs(want(op, [a, b]))}")
a, b = Tensor(np.array([nan, one], np.float32)), Tensor(np.array([one, nan], np.float32))
print("Tensor.maximum directly:", a.maximum(b).numpy(), " Tensor.minimum:", a.minimum(b).numpy())
