"""One-node ONNX models through IREE's own tools: iree-import-onnx (the
console script of iree-base-compiler), iree.compiler.compile_file for
llvm-cpu with --iree-llvmcpu-target-cpu=generic, and iree.runtime on the
local-sync driver."""
import os, subprocess, sys, tempfile
import numpy as np, onnx
from onnx import helper
import iree.compiler as ic, iree.runtime as rt

TMP = tempfile.mkdtemp()
IMPORT = os.path.join(os.path.dirname(sys.executable), "iree-import-onnx")


def one_node(op, opset, t_in, t_out, shape, **attrs):
    g = helper.make_graph([helper.make_node(op, ["x"], ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", t_in, shape)],
                          [helper.make_tensor_value_info("y", t_out, shape)])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def compile_model(m, *flags):
    p, mlir = os.path.join(TMP, "m.onnx"), os.path.join(TMP, "m.mlir")
    onnx.save(m, p)
    subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
    vmfb = ic.compile_file(mlir, target_backends=["llvm-cpu"],
                           extra_args=["--iree-llvmcpu-target-cpu=generic", *flags])
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    return ctx.modules.module["g"]


def run(m, x, *flags):
    return compile_model(m, *flags)(x).to_host()


def checker(m):
    try:
        onnx.checker.check_model(m, full_check=True)
        return "valid"
    except Exception as e:
        return "invalid: " + str(e).splitlines()[0][:100]


def n_inputs(op, opset, t_in, t_out, n, shape, **attrs):
    """One node with n inputs x0..x{n-1}, all of type t_in and shape `shape`."""
    names = [f"x{i}" for i in range(n)]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(x, t_in, shape) for x in names],
                          [helper.make_tensor_value_info("y", t_out, shape)])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run_n(m, xs, *flags):
    """Compiles m and runs it on the arrays xs; returns a copy of the result,
    taken while IREE's DeviceArray lives (see host_array_lifetime.py)."""
    r = compile_model(m, *flags)(*xs)
    return np.array(r.to_host(), copy=True)


def payload(m, *flags):
    """The body of the model's elementwise linalg.generic after IREE's input
    conversion (iree-compile --compile-to=input), one op a line."""
    p, mlir = os.path.join(TMP, "p.onnx"), os.path.join(TMP, "p.mlir")
    onnx.save(m, p)
    subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
    text = ic.compile_file(mlir, target_backends=["llvm-cpu"],
                           extra_args=["--compile-to=input", *flags])
    text = text.decode() if isinstance(text, bytes) else text
    body = text.split("^bb0", 1)[1].split("linalg.yield", 1)[0].splitlines()[1:]
    return [" ".join(l.split(" loc(")[0].split()) for l in body if l.strip()]


def first_error(e):
    """The first 'error:' line of an IREE tool failure (for iree-import-onnx,
    the last line of its stderr), without file paths."""
    if isinstance(e, subprocess.CalledProcessError):
        err = (e.stderr or b"").decode(errors="replace").strip().splitlines()
        err = [l for l in err if "Error" in l][-1:] or err[-1:] or [f"exit {e.returncode}"]
        return "iree-import-onnx: " + err[0].split("checker.")[-1][:110]
    lines = [l.strip() for l in str(e).splitlines() if "error:" in l or "LLVM ERROR" in l]
    return (lines[0].split("error: ", 1)[-1] if lines else str(e).splitlines()[0])[:110]


def hexbits(a):
    """The bit patterns of an array, as hex strings."""
    a = np.asarray(a)
    return [hex(int(v)) for v in a.view(f"u{a.dtype.itemsize}").ravel()]
