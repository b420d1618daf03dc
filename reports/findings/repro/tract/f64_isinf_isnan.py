# tract: IsInf (10, 20) and IsNaN (9, 13, 20) have no float64 kernel; the
# model loads and optimizes, and running it fails with "Element wise eval
# in-place not defined". float32 runs. (No bfloat16 or float8 DatumType at
# all: such a model is refused at load, "Unknown DatumType"/"translating to fact".)
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
print("tract", tract.version())
for op, opset in (("IsInf", 10), ("IsInf", 20), ("IsNaN", 9), ("IsNaN", 13), ("IsNaN", 20)):
    for onnx_t, dt in ((TP.FLOAT, np.float32), (TP.DOUBLE, np.float64)):
        g = helper.make_graph([helper.make_node(op, ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", onnx_t, [3])],
                              [helper.make_tensor_value_info("y", TP.BOOL, [3])])
        path = os.path.join(tmp, "m.onnx")
        onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
        step = "load"
        try:
            runnable = tract.onnx().load(path).into_model().into_runnable()
            step = "run"
            out = runnable.run([np.array([np.inf, np.nan, 1.0], dt)])[0].to_numpy()
            print(f"{op}-{opset} {np.dtype(dt).name}: [inf, nan, 1] -> {out.astype(int).tolist()}")
        except tract.TractError as e:
            words = " | ".join(l.strip() for l in str(e).split("Stack backtrace")[0].strip().splitlines() if l.strip())
            print(f"{op}-{opset} {np.dtype(dt).name}: {step} failed: {words}")
for t in (TP.BFLOAT16, TP.FLOAT8E5M2):
    g = helper.make_graph([helper.make_node("IsInf", ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", t, [3])], [helper.make_tensor_value_info("y", TP.BOOL, [3])])
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 20)]), path)
    try:
        tract.onnx().load(path)
        print(f"IsInf-20 {TP.DataType.Name(t).lower()}: loaded")
    except tract.TractError as e:
        print(f"IsInf-20 {TP.DataType.Name(t).lower()}: load failed: {str(e).split('Stack backtrace')[0].strip().splitlines()[0][:60]}...")
