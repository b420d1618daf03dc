"""TVM and the 4- and 2-bit types: the Relax ONNX frontend accepts
int4/uint4/int2/uint2 and compiles a Cast, but (1) the VM cannot allocate
an output tensor of such a type ("dtype.bits % 8 == 0" in
memory_manager.cc), and (2) a packed initializer is handed to TVM one
element per byte ("TensorCopyFromBytes: size mismatch"). So no Cast to a
sub-byte type runs, and neither does one from a sub-byte initializer."""
import numpy as np, onnx
from onnx import TensorProto as TP, helper
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx
from common import one_node

print("tvm", tvm.__version__)
for t in (TP.INT4, TP.UINT4, TP.INT2, TP.UINT2):
    m = one_node("Cast", 25, TP.FLOAT, t, [4], to=t)
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m), target="llvm"), tvm.cpu())
    try:
        vm["main"](tvm.runtime.tensor(np.zeros(4, np.float32)))
        print(f"Cast float -> {TP.DataType.Name(t).lower()}: ran")
    except Exception as e:
        print(f"Cast float -> {TP.DataType.Name(t).lower()}: {type(e).__name__}: {str(e).strip().splitlines()[-1]}")
for t in (TP.INT4, TP.UINT2):
    init = helper.make_tensor("x", t, [16] if t == TP.INT4 else [4], [1] * (16 if t == TP.INT4 else 4))
    n = init.dims[0]
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=TP.FLOAT)], "g", [],
                          [helper.make_tensor_value_info("y", TP.FLOAT, [n])], initializer=[init])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 25)], ir_version=11)
    try:
        from_onnx(m, keep_params_in_input=False)
        print(f"Cast {TP.DataType.Name(t).lower()} initializer [{n}] -> float: imported")
    except Exception as e:
        print(f"Cast {TP.DataType.Name(t).lower()} initializer [{n}] -> float: {type(e).__name__}: "
              f"{str(e).strip().splitlines()[-1]}")
