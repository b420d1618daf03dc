"""ONNX Runtime (CPU): a float16 value passed from one node to the next is
not rounded to float16 in between.

Reciprocal then Mul on float16, x * (1/x): each node alone gives what the
spec says (1/x rounded to float16, then the product rounded to float16),
but the two-node graph gives the product of x and the unrounded float32
reciprocal, rounded once, with graph optimizations disabled too. Found by
`onnxcts fuzz --backend ort-python` (signature "fail graph Mul-14
Reciprocal-13 float16 on normal").

    build/venv/bin/python reports/findings/repro/ort-python/float16_chain.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

X = np.array([0x0DB8, 0x4402, 0x6FFE], dtype=np.uint16).view(np.float16)


def model(nodes, inputs, outputs):
    def info(name):
        return helper.make_tensor_value_info(name, TensorProto.FLOAT16, [3])
    graph = helper.make_graph(nodes, "g", [info(n) for n in inputs],
                              [info(n) for n in outputs])
    return helper.make_model(graph, ir_version=10,
                             opset_imports=[helper.make_opsetid("", 21)])


def run(m, feeds, level=ort.GraphOptimizationLevel.ORT_ENABLE_ALL):
    options = ort.SessionOptions()
    options.graph_optimization_level = level
    session = ort.InferenceSession(m.SerializeToString(), options,
                                   providers=["CPUExecutionProvider"])
    return session.run(None, feeds)


def bits(a):
    return " ".join(f"0x{v:04x}" for v in a.view(np.uint16))


def main():
    print("onnxruntime", ort.__version__)
    reciprocal = helper.make_node("Reciprocal", ["x"], ["r"])
    mul = helper.make_node("Mul", ["r", "x"], ["y"])
    r = run(model([reciprocal], ["x"], ["r"]), {"x": X})[0]
    alone = run(model([mul], ["r", "x"], ["y"]), {"r": r, "x": X})[0]
    want = (r * X).astype(np.float16)  # numpy: float16 in, float16 out
    print("x                   ", bits(X))
    print("Reciprocal alone    ", bits(r), "(numpy:", bits(np.float16(1) / X) + ")")
    print("Mul alone on it     ", bits(alone), "(numpy:", bits(want) + ")")
    chain = model([reciprocal, mul], ["x"], ["y"])
    for name, level in [("all", ort.GraphOptimizationLevel.ORT_ENABLE_ALL),
                        ("disabled", ort.GraphOptimizationLevel.ORT_DISABLE_ALL)]:
        y = run(chain, {"x": X}, level)[0]
        print(f"graph, opt {name:8s}", bits(y))
    exact32 = (np.float32(1) / X.astype(np.float32)) * X.astype(np.float32)
    print("x * (1/x in float32)", bits(exact32.astype(np.float16)))


if __name__ == "__main__":
    main()
