"""tinygrad (CPU, CLANG): Cast uint32 / uint64 -> bfloat16 rounds twice (to
float32, then to bfloat16): 0xff7fffff lands on a bfloat16 midpoint in
float32 and rounds up. The output is read back as its uint16 bits."""
import importlib.metadata
import numpy as np
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"))
for t, x, want in ((TP.UINT32, np.array([0xFF7FFFFF, 0x7F7FFFFF], np.uint32), "0x4f7f 0x4eff"),
                   (TP.UINT64, np.array([0xFF7FFFFFFFFFFFFF], np.uint64), "0x5f7f")):
    _, p = one_node("Cast", 13, t, TP.BFLOAT16, [x.size], to=TP.BFLOAT16)
    y = OnnxRunner(p)({"x": Tensor(x)})["y"]
    bits = y.bitcast(dtypes.uint16).numpy()
    print(f"Cast {x.dtype} {' '.join(hex(int(v)) for v in x)} -> bfloat16: "
          f"{' '.join(hex(int(b)) for b in bits)}   want {want}")
