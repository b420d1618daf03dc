"""tinygrad (CPU, CLANG): Cast of a bfloat16 initializer to float does not
compile (clang: '__bf16 is not supported on this target', as for the other
ops in bfloat16_initializer.py); fed as an input it runs."""
import importlib.metadata
import numpy as np, ml_dtypes
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"))
bits = np.array([0x3F80, 0x0001, 0x8000, 0x7F80], np.uint16)
_, p = one_node("Cast", 13, TP.BFLOAT16, TP.FLOAT, [4], to=TP.FLOAT)
y = OnnxRunner(p)({"x": Tensor(bits).bitcast(dtypes.bfloat16)})["y"].numpy()
print("bfloat16 as an input:      ", " ".join(hex(v) for v in y.view(np.uint32)))
_, p = one_node("Cast", 13, TP.BFLOAT16, TP.FLOAT, [4], initializer=bits.view(ml_dtypes.bfloat16), to=TP.FLOAT)
try:
    print("bfloat16 as an initializer:", OnnxRunner(p)({})["y"].numpy())
except Exception as e:
    print("bfloat16 as an initializer:", type(e).__name__, str(e)[:60], "...")
