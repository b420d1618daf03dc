"""The bfloat16-initializer compile failure (see bfloat16_initializer.py) on the
nine elementwise ops: Abs, Neg, Max, Min, Equal, Less, Greater,
LessOrEqual, GreaterOrEqual with a
bfloat16 initializer input fail in clang 14 (`__bf16 is not supported on
this target`); the same nodes with the bfloat16 tensor fed as an input run."""
import os, tempfile
import numpy as np, onnx, ml_dtypes, importlib.metadata
from onnx import helper, numpy_helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
bits = np.array([0x3F80, 0xC000, 0x8000, 0x7FC0], np.uint16)  # 1 -2 -0 nan; binary ops get it twice


def path(op, opset, n, t_out, init):
    names = [f"x{i}" for i in range(n)]
    vi = [helper.make_tensor_value_info(v, TP.BFLOAT16, [4]) for v in names]
    ini = [numpy_helper.from_array(bits.view(ml_dtypes.bfloat16), v) for v in names] if init else []
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", [] if init else vi,
                          [helper.make_tensor_value_info("y", t_out, [4])], initializer=ini)
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


def show(y):
    if y.dtype == dtypes.bfloat16:
        return "[" + " ".join(hex(v) for v in y.bitcast(dtypes.uint16).numpy()) + "]"
    return str(y.numpy())


for op, opset, n, t_out in (("Abs", 13, 1, TP.BFLOAT16), ("Neg", 13, 1, TP.BFLOAT16), ("Max", 13, 2, TP.BFLOAT16),
                            ("Min", 13, 2, TP.BFLOAT16), ("Equal", 19, 2, TP.BOOL), ("Less", 13, 2, TP.BOOL),
                            ("Greater", 13, 2, TP.BOOL), ("LessOrEqual", 16, 2, TP.BOOL),
                            ("GreaterOrEqual", 16, 2, TP.BOOL)):
    feed = {f"x{i}": Tensor(bits).bitcast(dtypes.bfloat16) for i in range(n)}
    as_input = show(OnnxRunner(path(op, opset, n, t_out, False))(feed)["y"])
    try:
        as_init = show(OnnxRunner(path(op, opset, n, t_out, True))({})["y"])
    except Exception as e:
        as_init = f"{type(e).__name__} ({str(e)[:38]}...)"
    print(f"{op}-{opset} bfloat16: as inputs -> {as_input}; as initializers -> {as_init}")
