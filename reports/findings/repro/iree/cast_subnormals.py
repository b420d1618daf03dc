"""IREE (llvm-cpu, local-sync): Cast flushes subnormals to zero, on both
sides: float subnormals -> double / bool give 0 / false, double and float
results that would be subnormal (double 2^-127 -> float, float 2^-24 ->
float16) give 0. The runtime's FPU state flushes denormals (see
sign_subnormal_nan.py)."""
import numpy as np
from onnx import TensorProto as TP
import iree.compiler as ic
from common import one_node, run_n

import importlib.metadata
print("iree", importlib.metadata.version("iree-base-compiler"))
cases = ((TP.FLOAT, TP.DOUBLE, np.array([1e-45, -1e-45, 1.0], np.float32)),
         (TP.FLOAT, TP.BOOL, np.array([1e-45, -1e-45, 1.0], np.float32)),
         (TP.DOUBLE, TP.FLOAT, np.array([2.0 ** -127, -(2.0 ** -127), 1.0], np.float64)),
         (TP.FLOAT, TP.FLOAT16, np.array([2.0 ** -24, -(2.0 ** -24), 1.0], np.float32)))
for t_in, t_out, x in cases:
    m = one_node("Cast", 13, t_in, t_out, [3], to=t_out)
    got = run_n(m, [x], "--iree-input-demote-f64-to-f32=false")
    want = x.astype({TP.DOUBLE: np.float64, TP.BOOL: np.bool_, TP.FLOAT: np.float32,
                     TP.FLOAT16: np.float16}[t_out])
    print(f"Cast {x.dtype} -> {TP.DataType.Name(t_out).lower()}: {x.tolist()} -> {got.tolist()}   want {want.tolist()}")
