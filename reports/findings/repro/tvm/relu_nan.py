"""TVM's Relu of a NaN is 0, either sign (float16, bfloat16, float,
double; every version). numpy's maximum and ONNX's reference evaluator
return the NaN, as ONNX's Max does."""
import numpy as np, onnx
from onnx import helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)
for t, ft, ut, bits in ((TP.FLOAT, np.float32, np.uint32, [0x7FC00000, 0xFFC00001, 0xBF800000, 0x3F800000]),
                        (TP.DOUBLE, np.float64, np.uint64, [0x7FF8000000000000, 0x3FF0000000000000]),
                        (TP.FLOAT16, np.float16, np.uint16, [0x7E00, 0xFE01, 0x3C00])):
    for opset in (6, 13, 14):
        g = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", t, [len(bits)])],
                              [helper.make_tensor_value_info("y", t, [len(bits)])])
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
        vm = relax.VirtualMachine(tvm.compile(from_onnx(m), target="llvm"), tvm.cpu())
        x = np.array(bits, ut).view(ft)
        y = vm["main"](tvm.runtime.tensor(x)).numpy()
        print(f"Relu-{opset} {np.dtype(ft).name:7} {[hex(b) for b in bits]} -> {[hex(v) for v in y.view(ut)]}"
              f"  numpy {[hex(v) for v in np.maximum(x, ft(0)).view(ut)]}")
