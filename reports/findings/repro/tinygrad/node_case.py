"""Runs ONNX node-test case folders through tinygrad's own ONNX runner
(onnx.load for the graph's input names, numpy_helper.to_array on
test_data_set_0/input_K.pb, OnnxRunner(model path)) and compares each output
with output_K.pb (ONNX's tolerances, rtol 1e-3 / atol 1e-7).

    python node_case.py CASE_DIR...
"""
import glob, os, sys
os.environ.setdefault("DEV", "CPU:CLANG"); os.environ.setdefault("CACHELEVEL", "0")
import numpy as np, onnx
from onnx import numpy_helper
from tinygrad import Tensor
from tinygrad.nn.onnx import OnnxRunner
import importlib.metadata

print("tinygrad", importlib.metadata.version("tinygrad"))
for d in sys.argv[1:]:
    path = os.path.join(d, "model.onnx")
    g = onnx.load(path).graph
    names = [i.name for i in g.input if i.name not in {t.name for t in g.initializer}]
    data = os.path.join(d, "test_data_set_0")
    ins = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(data + "/input_*.pb"))]
    want = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(data + "/output_*.pb"))]
    print(f"== {os.path.basename(d)} (input shapes {[list(x.shape) for x in ins]})")
    try:
        out = OnnxRunner(path)(dict(zip(names, ins)))
    except Exception as e:
        print(f"  {type(e).__name__}: {str(e)[:150]}")
        continue
    for k, w in enumerate(want):
        v = out[g.output[k].name]
        a = v.numpy() if isinstance(v, Tensor) else np.asarray(v)
        note = f"a Python {type(v).__name__}, " if not isinstance(v, Tensor) else ""
        if a.shape != w.shape or a.dtype != w.dtype:
            print(f"  output_{k}: {note}{a.dtype}{list(a.shape)}, expected {w.dtype}{list(w.shape)}")
            continue
        bad = ~np.isclose(a.astype(np.float64), w.astype(np.float64), rtol=1e-3, atol=1e-7, equal_nan=True)
        i = np.flatnonzero(bad)[:3]
        print(f"  output_{k}: {note}{bad.sum()} of {bad.size} differ" +
              (f", e.g. at {i.tolist()}: {a.ravel()[i]} want {w.ravel()[i]}" if bad.any() else ""))
