# OpenVINO's ONNX frontend: ReduceL1-13, ReduceLogSum-13 and ReduceLogSumExp-13
# ignore the `axes` attribute and reduce over every axis (ReduceL2-13,
# ReduceSum-13 etc. and the -18 versions with axes as an input are right).
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov

core = ov.Core()
tmp = tempfile.mkdtemp()
x = np.arange(1, 13, dtype=np.float32).reshape(3, 2, 2)
want = {"ReduceL1": lambda a, k: np.abs(x).sum(axis=a, keepdims=k),
        "ReduceL2": lambda a, k: np.sqrt((x * x).sum(axis=a, keepdims=k)),
        "ReduceLogSum": lambda a, k: np.log(x.sum(axis=a, keepdims=k)),
        "ReduceLogSumExp": lambda a, k: np.log(np.exp(x).sum(axis=a, keepdims=k))}
print("openvino", ov.get_version())
for op in want:
    for keepdims in (1, 0):
        g = helper.make_graph([helper.make_node(op, ["x"], ["y"], axes=[2], keepdims=keepdims)], "g",
                              [helper.make_tensor_value_info("x", TP.FLOAT, [3, 2, 2])],
                              [helper.make_tensor_value_info("y", TP.FLOAT, None)])
        path = os.path.join(tmp, "m.onnx")
        onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
        y = np.array(list(core.compile_model(core.read_model(path), "CPU")([x]).values())[0])
        w = want[op](2, bool(keepdims))
        print(f"{op}-13 axes=[2] keepdims={keepdims}: shape {list(y.shape)} want {list(w.shape)};"
              f" values {np.round(y.reshape(-1)[:3], 3).tolist()} want {np.round(w.reshape(-1)[:3], 3).tolist()}")
