"""One-node ONNX models through tinygrad's own ONNX runner
(tinygrad.nn.onnx.OnnxRunner) on the CPU device. The renderer comes from
DEV (default here CPU:CLANG, as the scoreboard ran it)."""
import os, tempfile
os.environ.setdefault("DEV", "CPU:CLANG")
os.environ.setdefault("CACHELEVEL", "0")
import numpy as np, onnx
from onnx import helper


def one_node(op, opset, t_in, t_out, shape, initializer=None, **attrs):
    """X -> op -> Y; with `initializer` (a numpy array) X is an initializer, not an input."""
    inputs = [] if initializer is not None else [helper.make_tensor_value_info("x", t_in, shape)]
    inits = [] if initializer is None else [onnx.numpy_helper.from_array(initializer, "x")]
    g = helper.make_graph([helper.make_node(op, ["x"], ["y"], **attrs)], "g", inputs,
                          [helper.make_tensor_value_info("y", t_out, shape)], initializer=inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(m, path)
    return m, path


def checker(m):
    try:
        onnx.checker.check_model(m, full_check=True)
        return "valid"
    except Exception as e:
        return "invalid: " + str(e).splitlines()[0][:100]
