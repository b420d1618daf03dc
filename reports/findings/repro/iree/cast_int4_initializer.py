"""IREE: a Cast of an int4 / uint4 initializer reads the packed raw_data
wrongly (int4 1 -> 50.0, uint4 0 -> 16.0); fed as a packed SINT_4 / UINT_4
input the same values cast right."""
import os, subprocess
import numpy as np, onnx
from onnx import TensorProto as TP, helper
import importlib.metadata
import iree.compiler as ic, iree.runtime as rt
from common import TMP, IMPORT

print("iree", importlib.metadata.version("iree-base-compiler"))
for t in (TP.INT4, TP.UINT4):
    vals = list(range(-8, 8)) if t == TP.INT4 else list(range(16))
    nib = [v & 0xF for v in vals]
    init = onnx.TensorProto(name="x", data_type=t, dims=[16])
    init.raw_data = bytes(nib[k] | (nib[k + 1] << 4) for k in range(0, 16, 2))  # low nibble first
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=TP.FLOAT)], "g", [],
                          [helper.make_tensor_value_info("y", TP.FLOAT, [16])], initializer=[init])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
    p, mlir = os.path.join(TMP, "i.onnx"), os.path.join(TMP, "i.mlir")
    onnx.save(m, p)
    subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
    vmfb = ic.compile_file(mlir, target_backends=["llvm-cpu"], extra_args=["--iree-llvmcpu-target-cpu=generic"])
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    got = np.array(ctx.modules.module["g"]().to_host(), copy=True)
    print(f"Cast {TP.DataType.Name(t).lower()} initializer {vals} -> float:\n   {got.tolist()}")
