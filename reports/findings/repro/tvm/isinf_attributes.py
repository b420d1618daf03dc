"""TVM ignores IsInf's detect_positive / detect_negative: every combination
detects both infinities (float, double, float16; IsInf-10 and -20)."""
import numpy as np
from onnx import TensorProto as TP
import tvm
from common import one_node, run, checker

print("tvm", tvm.__version__)
for t, npt in ((TP.FLOAT, np.float32), (TP.DOUBLE, np.float64), (TP.FLOAT16, np.float16)):
    x = np.array([np.inf, -np.inf, 1.0, np.nan], npt)
    for opset in (10, 20):
        if t == TP.FLOAT16 and opset == 10:
            continue  # IsInf-10 has no float16
        for pos, neg in ((1, 0), (0, 1), (0, 0)):
            m = one_node("IsInf", opset, t, TP.BOOL, [4], detect_positive=pos, detect_negative=neg)
            want = (np.isposinf(x) & bool(pos)) | (np.isneginf(x) & bool(neg))
            got = run(m, x)
            print(f"IsInf-{opset} {np.dtype(npt).name:8} detect_positive={pos} detect_negative={neg}"
                  f" on [inf -inf 1 nan]: {got.astype(int)}  want {want.astype(int)}"
                  f"  {'ok' if (got == want).all() else 'WRONG'}  (model {checker(m)})")
