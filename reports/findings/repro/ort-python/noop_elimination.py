"""ONNX Runtime (CPU): the NoopElimination pass (graph optimization level
basic and up) removes Add(x, c), Sub(x, c), Mul(x, c) and Div(x, c) when
the constant c "is" 0 (Add, Sub) or 1 (Mul, Div) and the node sits between
two other nodes. Two ways that changes the answer:

(1) x + (+0) is not x when x is -0 (IEEE 754: -0 + +0 = +0), nor is
    x - (-0): float, float16 and double lose the +0;
(2) a double c is tested after narrowing to float, so any |c| below float's
    smallest subnormal counts as 0, and 1 + 2^-40 as 1: x + 5e-324 and
    x * (1 + 2^-40) come back as x.

"want" is numpy's arithmetic; "opt off" the same model with
ORT_DISABLE_ALL; "all but NoopElimination" every optimization but that one
(InferenceSession's disabled_optimizers). Found by `onnxcts fuzz --backend ort` ("fail graph Abs-13
Add-14 Where-16 double on subnormal", "fail graph Round-11 Sign-13 Sub-14
double on normal"); onnxruntime-node's reproducer is
../ort/noop_elimination.js.

    build/venv/bin/python reports/findings/repro/ort-python/noop_elimination.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper, numpy_helper

NP = {TP.FLOAT16: np.float16, TP.FLOAT: np.float32, TP.DOUBLE: np.float64}
UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}
NAME = {TP.FLOAT16: "float16", TP.FLOAT: "float", TP.DOUBLE: "double"}


def run(t, op, wrap, c, x, level, disabled=()):
    """y = wrap(op(wrap(x), c)), c a scalar initializer."""
    init = numpy_helper.from_array(np.array(c, NP[t]), "c")
    nodes = [helper.make_node(wrap, ["x"], ["a"]), helper.make_node(op, ["a", "c"], ["b"]),
             helper.make_node(wrap, ["b"], ["y"])]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", t, [1])],
                          [helper.make_tensor_value_info("y", t, [1])], [init])
    m = helper.make_model(g, ir_version=10, opset_imports=[helper.make_opsetid("", 21)])
    so = ort.SessionOptions()
    so.graph_optimization_level = level
    s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"],
                             disabled_optimizers=list(disabled))
    return s.run(None, {"x": np.array([x], NP[t])})[0][0]


def bits(v):
    v = np.asarray(v)
    return f"0x{int(v.view(UINT[v.dtype.itemsize])):0{2 * v.dtype.itemsize}x}"


def main():
    print("onnxruntime", ort.__version__)
    cases = [  # dtype, op, wrap, c, x, want
        (TP.FLOAT, "Add", "Neg", 0.0, 0.0, -(np.float32(-0.0) + np.float32(0.0))),
        (TP.FLOAT, "Sub", "Neg", -0.0, 0.0, -(np.float32(-0.0) - np.float32(-0.0))),
        (TP.FLOAT16, "Add", "Neg", 0.0, 0.0, -(np.float16(-0.0) + np.float16(0.0))),
        (TP.DOUBLE, "Add", "Neg", 0.0, 0.0, -(np.float64(-0.0) + np.float64(0.0))),
        (TP.DOUBLE, "Add", "Abs", 5e-324, 0.0, np.float64(0.0) + np.float64(5e-324)),
        (TP.DOUBLE, "Sub", "Abs", 1e-300, 0.0, abs(np.float64(0.0) - np.float64(1e-300))),
        (TP.DOUBLE, "Mul", "Abs", 1 + 2.0**-40, 3.0, np.float64(3.0) * np.float64(1 + 2.0**-40)),
        (TP.DOUBLE, "Div", "Abs", 1 + 2.0**-40, 3.0, np.float64(3.0) / np.float64(1 + 2.0**-40)),
    ]
    for t, op, wrap, c, x, want in cases:
        got = bits(run(t, op, wrap, c, x, ort.GraphOptimizationLevel.ORT_ENABLE_ALL))
        off = bits(run(t, op, wrap, c, x, ort.GraphOptimizationLevel.ORT_DISABLE_ALL))
        nonoop = bits(run(t, op, wrap, c, x, ort.GraphOptimizationLevel.ORT_ENABLE_ALL, ["NoopElimination"]))
        w = bits(NP[t](want))
        print(f"{NAME[t]:7s} {wrap}({op}({wrap}(x), {c!r})) x={bits(NP[t](x))}: got {got}, "
              f"opt off {off}, all but NoopElimination {nonoop}, want {w}" + ("" if got == w else "  <- differs"))


if __name__ == "__main__":
    main()
