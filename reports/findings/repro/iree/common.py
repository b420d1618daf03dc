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
