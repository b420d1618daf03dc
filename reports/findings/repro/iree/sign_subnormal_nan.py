"""IREE (llvm-cpu, local-sync): float32 and bfloat16 subnormals are treated
as zero in the compiled kernels, so Sign of one is 0 and 2.0 * x is 0;
float16 subnormals (widened to normal float32) are right. Double, compiled
with --iree-input-demote-f64-to-f32=false (see double_demotion.py), flushes
its subnormals too. Sign of a NaN is 0 for every float type."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from onnx import helper
from common import one_node, run

print("iree", importlib.metadata.version("iree-base-compiler"))
xs = np.array([0x00000001, 0x80000001, 0x007FFFFF, 0x00800000], np.uint32)
print("float32 bits", [hex(b) for b in xs])
print("  Sign-13:", run(one_node("Sign", 13, TP.FLOAT, TP.FLOAT, [4]), xs.view(np.float32)), "(ONNX: [ 1. -1.  1.  1.])")
g = helper.make_graph([helper.make_node("Mul", ["x", "one"], ["y"])], "g",
                      [helper.make_tensor_value_info("x", TP.FLOAT, [4])],
                      [helper.make_tensor_value_info("y", TP.FLOAT, [4])],
                      initializer=[helper.make_tensor("one", TP.FLOAT, [], [2.0])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)], ir_version=10)
y = run(m, xs.view(np.float32))
print("  Mul-14 by 2.0:", [hex(v) for v in y.view(np.uint32)], "(ONNX: 0x2 0x80000002 0xfffffe 0x1000000)")
xb = np.array([0x0001, 0x8001, 0x007F, 0x0080], np.uint16)
print("bfloat16 bits", [hex(b) for b in xb])
y = run(one_node("Sign", 13, TP.BFLOAT16, TP.BFLOAT16, [4]), xb.view(ml_dtypes.bfloat16))
print("  Sign-13:", [hex(v) for v in y.view(np.uint16)], "(ONNX: 0x3f80 0xbf80 0x3f80 0x3f80)")
xh = np.array([0x0001, 0x8001, 0x03FF, 0x0400], np.uint16)
y = run(one_node("Sign", 13, TP.FLOAT16, TP.FLOAT16, [4]), xh.view(np.float16))
print("float16 bits", [hex(b) for b in xh], "\n  Sign-13:", [hex(v) for v in y.view(np.uint16)], "(ONNX: 0x3c00 0xbc00 0x3c00 0x3c00)")
xd = np.array([0x0000000000000001, 0x8000000000000001, 0x0010000000000000], np.uint64)
y = run(one_node("Sign", 13, TP.DOUBLE, TP.DOUBLE, [3]), xd.view(np.float64), "--iree-input-demote-f64-to-f32=false")
print("double bits", [hex(b) for b in xd], "\n  Sign-13:", y, "(ONNX: [ 1. -1.  1.])")
for t, ut, ft, bits in ((TP.FLOAT, np.uint32, np.float32, [0x7FC00000, 0xFF800001]),
                        (TP.FLOAT16, np.uint16, np.float16, [0x7E00, 0xFC01]),
                        (TP.BFLOAT16, np.uint16, ml_dtypes.bfloat16, [0x7FC0, 0xFF81])):
    y = run(one_node("Sign", 13, t, t, [2]), np.array(bits, ut).view(ft))
    print(f"Sign-13 {np.dtype(ft).name} NaN bits {[hex(b) for b in bits]} -> {[hex(v) for v in y.view(ut)]}")
