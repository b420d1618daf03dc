"""ONNX Runtime (CPU): the float16 chain of float16_chain.py (a float16 value
passed between nodes is not rounded to float16) seen through a node whose
output is not float16: a comparison, or a Cast to another type. Each line
runs the first node alone, the second alone on what the first gave, and the
two-node graph. Found by `onnxcts fuzz --backend ort` ("fail graph
LessOrEqual-16 Reciprocal-13 bool on true", "fail graph CastLike-21
PRelu-16 uint32 on int_positive", "fail graph Add-14 Cast-21 PRelu-16 float
on zero"); onnxruntime-node's reproducer is ../ort/float16_chain_seen.js.

    build/venv/bin/python reports/findings/repro/ort-python/float16_chain_seen.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper


def run(nodes, inputs, out, out_type):
    """One model: inputs {name: array}, one output."""
    ins = [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(v.dtype), [1])
           for n, v in inputs.items()]
    g = helper.make_graph(nodes, "g", ins, [helper.make_tensor_value_info(out, out_type, [1])])
    m = helper.make_model(g, ir_version=10, opset_imports=[helper.make_opsetid("", 21)])
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(None, inputs)[0]


def show(a):
    a = np.asarray(a)
    if a.dtype == np.float16:
        return f"0x{int(a.view(np.uint16)[0]):04x}"
    if a.dtype == np.float32:
        return f"0x{int(a.view(np.uint32)[0]):08x}"
    return str(a[0])


def f16(bits):
    return np.array([bits], np.uint16).view(np.float16)


def main():
    print("onnxruntime", ort.__version__)
    cases = [
        ("LessOrEqual(c, Reciprocal(x)), x=0x8a7c c=0xecef", helper.make_node("Reciprocal", ["x"], ["t"]),
         helper.make_node("LessOrEqual", ["c", "t"], ["y"]), {"x": f16(0x8A7C)}, {"c": f16(0xECEF)}, TP.BOOL),
        ("Cast(PRelu(x, x), to=uint32), x=0xda58", helper.make_node("PRelu", ["x", "x"], ["t"]),
         helper.make_node("Cast", ["t"], ["y"], to=TP.UINT32), {"x": f16(0xDA58)}, {}, TP.UINT32),
        ("Cast(LeakyRelu(x), to=float), x=0x8002", helper.make_node("LeakyRelu", ["x"], ["t"]),
         helper.make_node("Cast", ["t"], ["y"], to=TP.FLOAT), {"x": f16(0x8002)}, {}, TP.FLOAT),
    ]
    for label, first, second, ins1, ins2, out_type in cases:
        t = run([first], ins1, "t", TP.FLOAT16)
        alone = show(run([second], {"t": t, **ins2}, "y", out_type))
        graph = show(run([first, second], {**ins1, **ins2}, "y", out_type))
        print(f"{label}: first alone {show(t)}, last alone on that {alone}, the graph {graph}"
              + ("" if alone == graph else "  <- differs"))


if __name__ == "__main__":
    main()
