"""tract: Neg of a constant whose elements are all +0 gives +0, where the
spec's Neg (a sign flip) gives -0 (the bits 0x80000000). Round of an
initializer 2^-112 (about 2e-34) is +0: tract answers Neg(Round(x)) = -0
when x comes in as an input, +0 when x is an initializer or a Constant
node. Neg of a +0 initializer alone does the same, but only when every
element is the same: beside other values a +0 is negated right. Found by
`onnxcts fuzz --backend tract` (signature "fail graph Neg-13 Round-11
float on zero", cut to these two nodes). Standalone: onnx.helper builds
the models, tract's Python API runs them.

    build/venv/bin/python reports/findings/repro/tract/fold_neg_zero.py
"""
import os
import tempfile

import numpy as np
import onnx
import tract
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

X = np.array([2.0 ** -112], dtype=np.float32)


def save(graph):
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(graph, ir_version=10,
                                opset_imports=[helper.make_opsetid("", 21)]),
              path)
    return path


def chain(x_as):
    nodes = [helper.make_node("Round", ["x"], ["r"]),
             helper.make_node("Neg", ["r"], ["y"])]
    inputs, inits = [], []
    if x_as == "input":
        inputs = [helper.make_tensor_value_info("x", TP.FLOAT, [1])]
    elif x_as == "initializer":
        inits = [numpy_helper.from_array(X, "x")]
    else:  # a Constant node
        nodes.insert(0, helper.make_node(
            "Constant", [], ["x"], value=numpy_helper.from_array(X, "x")))
    out = [helper.make_tensor_value_info("y", TP.FLOAT, [1])]
    return save(helper.make_graph(nodes, "g", inputs, out, initializer=inits))


def neg_of(values):
    """Neg of an initializer holding `values`, alone."""
    x = numpy_helper.from_array(np.array(values, dtype=np.float32), "x")
    out = [helper.make_tensor_value_info("y", TP.FLOAT, [len(values)])]
    path = save(helper.make_graph([helper.make_node("Neg", ["x"], ["y"])],
                                  "g", [], out, initializer=[x]))
    return run(path, []).view(np.uint32)


def run(path, feeds):
    # As the adapter drives it: into_model() (tract's own declutter and
    # optimizations are part of it), then into_runnable().
    model = tract.onnx().load(path).into_model().into_runnable()
    return model.run(feeds)[0].to_numpy()


def main():
    print("tract", tract.version())
    for x_as in ("input", "initializer", "constant"):
        y = run(chain(x_as), [X] if x_as == "input" else [])
        bits = y.view(np.uint32)[0]
        print(f"x as {x_as:11s}: Neg(Round(x)) = 0x{bits:08x}",
              "" if bits == 0x80000000 else "<- differs (want 0x80000000, -0)")
    for values in ([0.0, 0.0, 0.0], [0.0, 1.0, 2.0]):
        y = neg_of(values)
        print(f"Neg of initializer {values}:",
              " ".join(f"0x{v:08x}" for v in y),
              "" if y[0] == 0x80000000 else "<- differs (want 0x80000000 first)")


if __name__ == "__main__":
    main()
