"""Imports and compiles ONNX node-test models with IREE's own tools
(iree-import-onnx, iree.compiler.compile_file for llvm-cpu, target cpu
generic) and prints how iree-compile ends; with --run, also runs
test_data_set_0 (onnx.load_tensor + numpy_helper.to_array) and compares.
With --keep-f64, compiles with --iree-input-demote-f64-to-f32=false, as the
onnxcts adapter now does.

    python compile_case.py [--run] [--keep-f64] CASE_DIR...
"""
import glob, os, subprocess, sys, tempfile, importlib.metadata
import numpy as np, onnx
from onnx import numpy_helper
import iree.compiler as ic, iree.runtime as rt

IMPORT = os.path.join(os.path.dirname(sys.executable), "iree-import-onnx")
run = "--run" in sys.argv
flags = ["--iree-input-demote-f64-to-f32=false"] if "--keep-f64" in sys.argv else []
print("iree", importlib.metadata.version("iree-base-compiler"), *flags)
for d in [a for a in sys.argv[1:] if a not in ("--run", "--keep-f64")]:
    tmp = tempfile.mkdtemp()
    mlir = os.path.join(tmp, "m.mlir")
    print(f"== {os.path.basename(d)}")
    imp = subprocess.run([IMPORT, os.path.join(d, "model.onnx"), "-o", mlir], capture_output=True, text=True)
    if imp.returncode:
        print("  iree-import-onnx:", (imp.stderr.strip().splitlines() or ["exit %d" % imp.returncode])[-1][:150])
        continue
    try:
        vmfb = ic.compile_file(mlir, target_backends=["llvm-cpu"], extra_args=["--iree-llvmcpu-target-cpu=generic", *flags])
    except ic.CompilerToolError as e:
        lines = str(e).splitlines()
        code = [l for l in lines if l.startswith("Error code")]
        first = [l for l in lines if "error:" in l or "LLVM ERROR" in l][:1]
        print("  iree-compile:", code[0] if code else "", "|", first[0].strip().replace(mlir, "m.mlir")[:150] if first else "(no diagnostic; crash backtrace follows in the tool's output)")
        continue
    print("  compiled")
    if run:
        ctx = rt.SystemContext(config=rt.Config("local-sync"))
        mod = rt.VmModule.copy_buffer(ctx.instance, vmfb); ctx.add_vm_module(mod)
        f = ctx.modules[mod.name][[n for n in mod.function_names if not n.startswith("__") and not n.endswith("$async")][0]]
        ins = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(d + "/test_data_set_0/input_*.pb"))]
        want = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(d + "/test_data_set_0/output_*.pb"))]
        r = f(*ins); r = r if isinstance(r, (list, tuple)) else [r]
        for k, (g, w) in enumerate(zip(r, want)):
            g = np.array(g.to_host(), copy=True)   # copied while the DeviceArray lives (see host_array_lifetime.py)
            if g.dtype != w.dtype and g.dtype.kind in "iu" and g.itemsize == w.itemsize:
                g = g.view(w.dtype)
            bad = ~np.isclose(g.astype(np.float64), w.astype(np.float64), rtol=1e-3, atol=1e-7, equal_nan=True)
            print(f"  output_{k}: {int(bad.sum())} of {bad.size} differ; iree {g.ravel()[:5]}  expected {w.ravel()[:5]}")
