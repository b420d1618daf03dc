"""Runs ONNX node-test case folders through TVM's own API (onnx.load,
numpy_helper.to_array on test_data_set_0/input_K.pb, from_onnx, tvm.compile
llvm, Relax VM) and compares each output's dtype and shape with output_K.pb.

    python node_case.py CASE_DIR...
"""
import glob, os, sys
import numpy as np, onnx
from onnx import numpy_helper
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)
for d in sys.argv[1:]:
    m = onnx.load(os.path.join(d, "model.onnx"))
    data = os.path.join(d, "test_data_set_0")
    ins = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(data + "/input_*.pb"))]
    want = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(data + "/output_*.pb"))]
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m, keep_params_in_input=False), target="llvm"), tvm.cpu())
    r = vm["main"](*[tvm.runtime.tensor(x) for x in ins])
    got = [r] if isinstance(r, tvm.runtime.Tensor) else list(r)
    print(f"== {os.path.basename(d)}")
    for k, (g, w) in enumerate(zip(got, want)):
        g = g.numpy()
        same = g.dtype == w.dtype and g.shape == w.shape
        print(f"  output_{k} {m.graph.output[k].name}: tvm {g.dtype}{list(g.shape)} {g.ravel()[:4]}"
              f"  expected {w.dtype}{list(w.shape)} {w.ravel()[:4]}  {'' if same else '<- differs'}")
