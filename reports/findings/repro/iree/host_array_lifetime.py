"""iree.runtime: the numpy array DeviceArray.to_host() returns is a view of
the result buffer's mapped memory (its base is a memoryview), and it does
not keep that buffer alive. A function that returns to_host() of a
DeviceArray it drops (as a backend wrapper does) hands back memory that the
next allocations reuse: here a few onnx.TensorProto objects overwrite it.
np.array(r.to_host(), copy=True), taken while r is alive, is safe.

    python host_array_lifetime.py CASE_DIR   (ONNX's test_add_uint16 here)"""
import glob, importlib.metadata, os, subprocess, sys, tempfile
import numpy as np, onnx
from onnx import numpy_helper
import iree.compiler as ic, iree.runtime as rt

print("iree", importlib.metadata.version("iree-base-compiler"))
d = sys.argv[1]
mlir = os.path.join(tempfile.mkdtemp(), "m.mlir")
subprocess.run([os.path.join(os.path.dirname(sys.executable), "iree-import-onnx"),
                os.path.join(d, "model.onnx"), "-o", mlir], check=True, capture_output=True)
vmfb = ic.compile_file(mlir, target_backends=["llvm-cpu"], extra_args=["--iree-llvmcpu-target-cpu=generic"])
config = rt.Config("local-sync")
ctx = rt.SystemContext(config=config)
mod = rt.VmModule.copy_buffer(ctx.instance, vmfb)
ctx.add_vm_module(mod)
f = ctx.modules[mod.name][[n for n in mod.function_names if not n.startswith("__") and not n.endswith("$async")][0]]
tensors = [onnx.load_tensor(p) for p in sorted(glob.glob(d + "/test_data_set_0/input_*.pb"))]
want = numpy_helper.to_array(onnx.load_tensor(d + "/test_data_set_0/output_0.pb"))


def run(copy):
    inputs = [np.frombuffer(t.raw_data, want.dtype).reshape(tuple(t.dims)) for t in tensors]
    results = [f(*inputs)]
    arrays = [np.array(r.to_host(), copy=True) if copy else r.to_host() for r in results]
    return [a.view(want.dtype) for a in arrays]      # the DeviceArrays are dropped here


for copy in (False, True):
    right, wrong = 0, 0
    for trial in range(3):
        out = run(copy)[0]
        right += int((out == want).sum())
        t = onnx.TensorProto(name="y", data_type=4, dims=[want.size])
        t.raw_data = bytes(want.nbytes)               # one ordinary allocation
        wrong += int((out != want).sum())
    print(f"{'np.array(to_host(), copy=True)' if copy else 'to_host() returned as is'}: right on return {right} of {3 * want.size}, wrong after one TensorProto {wrong}")
