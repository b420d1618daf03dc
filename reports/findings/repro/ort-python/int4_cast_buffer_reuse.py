"""ONNX Runtime 1.30.0 (CPU): an int4 or uint4 value computed in the graph
(by Cast or QuantizeLinear, not an initializer), cast to a one-byte type
(int8, uint8, bool, the float8 types) whose result another node reads,
comes out wrong (zeros here, other bytes in the fuzzer's graphs), with
graph optimizations disabled too. The same Cast is right when its output is
a graph output, or when the target is two bytes wide or more. This fits the
result being written into the int4 value's own buffer, which holds n/2
bytes for n elements. 1.31.1 and 1.32.0 give the right answers. Found by
`onnxcts fuzz --backend ort` (onnxruntime-node 1.30.0, "fail graph Cast-21
QuantizeLinear-21 float8e4m3fn on normal" and 4 more); onnxruntime-node's
reproducer is ../ort/int4_cast_buffer_reuse.js.

    build/venv/bin/python reports/findings/repro/ort-python/int4_cast_buffer_reuse.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper

X = np.arange(8)


def run(narrow, wide, via_quantize, c_is_output, level):
    """y = Add(c, c), c = Cast(to=wide)(q), q of type `narrow` computed from x."""
    if via_quantize:
        q = helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"])
        inits = [helper.make_tensor("s", TP.FLOAT16, [], [1.0]), helper.make_tensor("z", narrow, [], [0])]
        x, xt = X.astype(np.float16), TP.FLOAT16
    else:
        q, inits, x, xt = helper.make_node("Cast", ["x"], ["q"], to=narrow), [], X.astype(np.int8), TP.INT8
    outs = [helper.make_tensor_value_info("y", wide, [8])]
    if c_is_output:
        outs.append(helper.make_tensor_value_info("c", wide, [8]))
    nodes = [q, helper.make_node("Cast", ["q"], ["c"], to=wide), helper.make_node("Add", ["c", "c"], ["y"])]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", xt, [8])], outs, inits)
    m = helper.make_model(g, ir_version=10, opset_imports=[helper.make_opsetid("", 21)])
    so = ort.SessionOptions()
    so.graph_optimization_level = level
    s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return s.run(["y"], {"x": x})[0].tolist()


def main():
    print("onnxruntime", ort.__version__)
    want = (2 * X).tolist()
    L = ort.GraphOptimizationLevel
    for label, narrow, wide, via_q, c_out in (
            ("Cast(int8 x, to=uint4), then Cast to uint8", TP.UINT4, TP.UINT8, False, False),
            ("Cast(int8 x, to=int4), then Cast to int8", TP.INT4, TP.INT8, False, False),
            ("QuantizeLinear(float16 x, 1, uint4 0), then Cast to uint8", TP.UINT4, TP.UINT8, True, False),
            ("Cast(int8 x, to=uint4), then Cast to uint8, also a graph output", TP.UINT4, TP.UINT8, False, True),
            ("Cast(int8 x, to=uint4), then Cast to int16", TP.UINT4, TP.INT16, False, False)):
        for name, level in (("all", L.ORT_ENABLE_ALL), ("disabled", L.ORT_DISABLE_ALL)):
            got = run(narrow, wide, via_q, c_out, level)
            print(f"{label}, doubled by Add (opt {name}): {got}"
                  + ("" if got == want else f"  <- differs, want {want}"))


if __name__ == "__main__":
    main()
