"""ONNX Runtime (CPU): Relu followed by Clip whose `min` is a constant (an
initializer or a Constant node) of a type other than float and float16 is
refused at session creation: the FuseReluClip rewrite (level basic and up)
only knows those two ("Unexpected data type for Clip 'min' input of 11", of
6, ...). Relu-14 and Clip-13 both take double, int8, int16, int32 and int64,
and each node alone runs; so does the graph with optimizations disabled or
with FuseReluClip left out (disabled_optimizers). Found by `onnxcts fuzz
--backend ort` ("error Clip Relu on a scalar input"); onnxruntime-node's
reproducer is ../ort/relu_clip_fusion.js.

    build/venv/bin/python reports/findings/repro/ort-python/relu_clip_fusion.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper, numpy_helper

TYPES = {"float": np.float32, "double": np.float64, "int32": np.int32, "int8": np.int8}
X = [-2, 3, 9]


def run(name, level, disabled=()):
    """y = Clip(Relu(x), min=-1, max=6), min and max scalar initializers."""
    t = helper.np_dtype_to_tensor_dtype(np.dtype(TYPES[name]))
    inits = [numpy_helper.from_array(np.array(v, TYPES[name]), n) for n, v in (("lo", -1), ("hi", 6))]
    nodes = [helper.make_node("Relu", ["x"], ["r"]), helper.make_node("Clip", ["r", "lo", "hi"], ["y"])]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", t, [3])],
                          [helper.make_tensor_value_info("y", t, [3])], inits)
    m = helper.make_model(g, ir_version=10, opset_imports=[helper.make_opsetid("", 21)])
    so = ort.SessionOptions()
    so.graph_optimization_level = level
    so.log_severity_level = 4
    try:
        s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"],
                                 disabled_optimizers=list(disabled))
    except Exception as e:  # noqa: BLE001: ORT's own refusal is the finding
        return "refused: " + str(e).rsplit(") const ", 1)[-1].strip()
    return str(s.run(None, {"x": np.array(X, TYPES[name])})[0].tolist())


def main():
    print("onnxruntime", ort.__version__)
    L = ort.GraphOptimizationLevel
    for name in TYPES:
        print(f"{name:6s} Clip(Relu(x), -1, 6) x={X}: basic {run(name, L.ORT_ENABLE_BASIC)}; "
              f"all but FuseReluClip {run(name, L.ORT_ENABLE_ALL, ['FuseReluClip'])}; "
              f"disabled {run(name, L.ORT_DISABLE_ALL)}")


if __name__ == "__main__":
    main()
