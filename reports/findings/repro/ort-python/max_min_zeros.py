# ONNX Runtime (Python API), CPU: which zero Max and Min give for a pair of
# +0 and -0. The spec does not say; onnxcts's reference gives the first
# input. Each pair fills N = 37 elements (vectorized loops and their
# scalar tails), with both inputs of N elements or one of them of a single
# element broadcast to the other. Answers are runs of the zero given: "-36
# +1" is 36 times -0, then once +0.
# Standalone: onnx.helper builds the models, onnxruntime runs them.
import itertools

import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP
from onnx import helper

N = 37
TYPES = (("float", np.float32, TP.FLOAT), ("double", np.float64, TP.DOUBLE),
         ("float16", np.float16, TP.FLOAT16))
SHAPES = (("same shape", N, N), ("b broadcast", N, 1), ("a broadcast", 1, N))


def runs(y: np.ndarray) -> str:
    signs = "".join("?" if v != 0 else "-" if np.signbit(v) else "+" for v in y)
    return " ".join(f"{k}{len(list(g))}" for k, g in itertools.groupby(signs))


def answer(op: str, opset: int, np_type, code: int, na: int, nb: int, first: float) -> str:
    g = helper.make_graph(
        [helper.make_node(op, ["a", "b"], ["y"])], "g",
        [helper.make_tensor_value_info("a", code, [na]),
         helper.make_tensor_value_info("b", code, [nb])],
        [helper.make_tensor_value_info("y", code, [max(na, nb)])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)
    quiet = ort.SessionOptions()
    quiet.log_severity_level = 3  # no warnings about opset 6 on stderr
    s = ort.InferenceSession(m.SerializeToString(), quiet, providers=["CPUExecutionProvider"])
    a = np.full(na, first, np_type)
    b = np.full(nb, -first, np_type)
    return runs(s.run(None, {"a": a, "b": b})[0])


print("onnxruntime", ort.__version__)
for (name, np_type, code), opset in itertools.product(TYPES, (6, 8, 13)):
    for shape, na, nb in SHAPES[:1 if opset < 8 else 3]:
        line = []
        for op in ("Max", "Min"):
            try:
                line.append(f"{op}(+0,-0) {answer(op, opset, np_type, code, na, nb, 0.0)}, "
                            f"{op}(-0,+0) {answer(op, opset, np_type, code, na, nb, -0.0)}")
            except Exception as e:  # the session's refusal is the answer
                line.append(f"{op}: {str(e).splitlines()[0][-60:]}")
        print(f"{name} opset {opset}, {shape}: {'; '.join(line)}")
