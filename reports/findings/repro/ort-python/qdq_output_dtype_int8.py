"""ONNX Runtime (CPU): QuantizeLinear-21 with output_dtype = 3 (int8) and an
int8 y_zero_point, followed by DequantizeLinear, is refused at session
creation ("[TypeInferenceError] output_dtype INT8 does not match
y_zero_point type UINT8"), though the model is valid (output_dtype and the
zero point agree, as the spec asks). ORT's QDQS8ToU8Transformer (level
extended and up) rewrites an int8 Q/DQ pair to uint8, zero points
included, and leaves output_dtype at int8: with that transformer left out
(disabled_optimizers), at level basic, or without the attribute, the graph
runs. Found by `onnxcts fuzz --backend ort` ("error DequantizeLinear
QuantizeLinear on a scalar input"); onnxruntime-node's reproducer is
../ort/qdq_output_dtype_int8.js.

    build/venv/bin/python reports/findings/repro/ort-python/qdq_output_dtype_int8.py
"""
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper

X = np.array([-0.0, 7.0, -400.0], np.float32)


def run(attrs, level, disabled=()):
    """y = DequantizeLinear(QuantizeLinear(x, 3, 1), 3, 1), zero point int8."""
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"], **attrs),
             helper.make_node("DequantizeLinear", ["q", "s", "z"], ["y"])]
    inits = [helper.make_tensor("s", TP.FLOAT, [], [3.0]), helper.make_tensor("z", TP.INT8, [], [1])]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TP.FLOAT, [3])],
                          [helper.make_tensor_value_info("y", TP.FLOAT, [3])], inits)
    m = helper.make_model(g, ir_version=10, opset_imports=[helper.make_opsetid("", 21)])
    so = ort.SessionOptions()
    so.graph_optimization_level = level
    so.log_severity_level = 4
    try:
        s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"],
                                 disabled_optimizers=list(disabled))
    except Exception as e:  # noqa: BLE001: ORT's own refusal is the finding
        return "refused: " + str(e)
    return str(s.run(None, {"x": X})[0].tolist())


def main():
    print("onnxruntime", ort.__version__)
    L = ort.GraphOptimizationLevel
    for label, attrs in (("output_dtype=3", {"output_dtype": TP.INT8}), ("no output_dtype", {})):
        for name, level, disabled in (("all", L.ORT_ENABLE_ALL, ()),
                                      ("all but QDQS8ToU8Transformer", L.ORT_ENABLE_ALL, ["QDQS8ToU8Transformer"]),
                                      ("basic", L.ORT_ENABLE_BASIC, ())):
            print(f"x={X.tolist()}, {label}, {name}: {run(attrs, level, disabled)}")


if __name__ == "__main__":
    main()
