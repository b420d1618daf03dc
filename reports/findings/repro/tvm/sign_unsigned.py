"""TVM cannot compile Sign on uint8/uint16/uint32/uint64 (valid for Sign-9
and Sign-13): legalization builds a -1 of the unsigned type."""
import numpy as np
from onnx import TensorProto as TP
import tvm
from common import one_node, run, checker

print("tvm", tvm.__version__)
for t, npt in ((TP.UINT8, np.uint8), (TP.UINT16, np.uint16), (TP.UINT32, np.uint32), (TP.UINT64, np.uint64)):
    for opset in (9, 13):
        m = one_node("Sign", opset, t, t, [3])
        try:
            print(f"Sign-{opset} {np.dtype(npt).name}: {run(m, np.array([0, 1, 200], npt))}")
        except Exception as e:
            msg = [l for l in str(e).splitlines() if "Check failed" in l]
            print(f"Sign-{opset} {np.dtype(npt).name} (model {checker(m)}): {type(e).__name__}: {msg[0].strip() if msg else str(e)[:120]}")
