"""TVM cannot compile ONNX Equal on bool (allowed by Equal-7, -11, -13, -19):
the LLVM code generator emits a floating-point compare (fcmp) on i1 values
and LLVM's module verifier refuses it. The same models on int32 run."""
import numpy as np
from onnx import helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)


def equal(opset, t):
    g = helper.make_graph([helper.make_node("Equal", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info(v, t, [4]) for v in "ab"],
                          [helper.make_tensor_value_info("y", TP.BOOL, [4])])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


for opset in (7, 11, 13, 19):
    for t, a, b in ((TP.BOOL, np.array([True, True, False, False]), np.array([True, False, True, False])),
                    (TP.INT32, np.array([1, 1, 0, 0], np.int32), np.array([1, 0, 1, 0], np.int32))):
        what = f"Equal-{opset} {TP.DataType.Name(t).lower():5}"
        try:
            vm = relax.VirtualMachine(tvm.compile(from_onnx(equal(opset, t)), target="llvm"), tvm.cpu())
            print(f"{what} -> {vm['main'](tvm.runtime.tensor(a), tvm.runtime.tensor(b)).numpy()}")
        except Exception as e:
            lines = [l.strip() for l in str(e).splitlines() if l.strip()]
            print(f"{what} -> {type(e).__name__}: {' | '.join(lines[:3])}")
