"""IREE: Neg on integers is computed in float32: the lowering of onnx.Neg
(torch-mlir's aten.neg -> arith.negf with its operand converted) gives
sitofp -> negf -> fptosi. int32 and int64 values beyond 2^24 are rounded
to float32 first; INT_MIN of int8/int16 gives INT_MAX (numpy wraps to
INT_MIN)."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run_n, payload, hexbits

print("iree", importlib.metadata.version("iree-base-compiler"))
for t, npt in ((TP.INT8, np.int8), (TP.INT16, np.int16), (TP.INT32, np.int32), (TP.INT64, np.int64)):
    i = np.iinfo(npt)
    vals = [i.min, i.min + 1, -5, i.max]
    if i.bits >= 32:
        vals[2] = 2**24 + 1
    x = np.array(vals, npt)
    m = one_node("Neg", 13, t, t, [4])
    if t == TP.INT32:
        print("Neg-13 int32 after input conversion:", payload(m))
    y = run_n(m, [x])
    with np.errstate(over="ignore"):
        want = -x
    print(f"Neg-13 {np.dtype(npt).name:5} {x.tolist()}\n    -> {y.tolist()}\n    ONNX {want.tolist()}  bits {hexbits(y)} want {hexbits(want)}")
