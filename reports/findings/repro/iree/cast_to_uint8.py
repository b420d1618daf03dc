"""IREE (llvm-cpu): Cast float16 and the float8 types -> uint8 saturates as a
signed int8: 128..255 give 127 (0x7f), where they are in uint8's range;
float -> uint8 does the same (the suite's float samples, powers of 4, skip
128..255). The output is IREE's signless i8, read as uint8."""
import numpy as np, ml_dtypes
from onnx import TensorProto as TP
import importlib.metadata
import iree.compiler as ic
from common import one_node, run_n

print("iree", importlib.metadata.version("iree-base-compiler"))
for t_in, x in ((TP.FLOAT16, np.array([128, 200, 255, 1], np.float16)),
                (TP.FLOAT8E4M3FN, np.array([128, 192, 224, 1], np.float32).astype(ml_dtypes.float8_e4m3fn)),
                (TP.FLOAT8E5M2, np.array([128, 192, 224, 1], np.float32).astype(ml_dtypes.float8_e5m2)),
                (TP.FLOAT, np.array([128, 200, 255, 1], np.float32))):
    m = one_node("Cast", 19, t_in, TP.UINT8, [4], to=TP.UINT8)
    got = run_n(m, [x]).view(np.uint8)
    print(f"Cast {TP.DataType.Name(t_in).lower()} -> uint8: {x.astype(np.float32).tolist()} -> {got.tolist()}   want {x.astype(np.float32).astype(np.uint8).tolist()}")
