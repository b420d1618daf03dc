"""tinygrad's Sign of a NaN is +1 (every NaN, either sign; float16, bfloat16,
float, double): Tensor.sign is `x != 0 ? (x < 0 ? -1 : 1) : 0`. numpy and
ONNX's reference return the NaN. The spec is silent: a deviation."""
import numpy as np
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner
import tinygrad, importlib.metadata

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
for t, ut, ft, bits in ((TP.FLOAT, np.uint32, np.float32, [0x7FC00000, 0x7F800001, 0xFFC00000, 0xFF800001]),
                        (TP.DOUBLE, np.uint64, np.float64, [0x7FF8000000000000, 0x7FF0000000000001, 0xFFF8000000000000, 0xFFF0000000000001]),
                        (TP.FLOAT16, np.uint16, np.float16, [0x7E00, 0x7C01, 0xFE00, 0xFC01])):
    x = np.array(bits, ut).view(ft)
    _, p = one_node("Sign", 13, t, t, [4])
    y = OnnxRunner(p)({"x": x})["y"].numpy()
    print(f"Sign-13 {np.dtype(ft).name:7} NaN bits {' '.join(hex(b) for b in bits)} -> {' '.join(hex(v) for v in y.view(ut))}")
# bfloat16: fed as its bits and bitcast inside tinygrad (Tensor(numpy bfloat16) goes through float32)
bits = [0x7FC0, 0x7F81, 0xFFC0, 0xFF81]
_, p = one_node("Sign", 13, TP.BFLOAT16, TP.BFLOAT16, [4])
y = OnnxRunner(p)({"x": Tensor(np.array(bits, np.uint16)).bitcast(dtypes.bfloat16)})["y"]
print(f"Sign-13 bfloat16 NaN bits {' '.join(hex(b) for b in bits)} -> {' '.join(hex(v) for v in y.bitcast(dtypes.uint16).numpy())}")
