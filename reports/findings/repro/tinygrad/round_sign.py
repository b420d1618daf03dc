"""tinygrad's ONNX Round gives -0 for a positive value that rounds to zero
(0 < x <= 0.5, subnormals included): float32, double, float16, bfloat16,
Round-11 and Round-22. IEEE 754's roundToIntegral (and numpy's round, ONNX's
reference evaluator) keep x's sign: +0. Floor and Ceil are right."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
for t, ut, ft, bits in ((TP.FLOAT, np.uint32, np.float32, [0x00000001, 0x00800000, 0x3E800000, 0x3F000000, 0x3F400000, 0xBE800000]),
                        (TP.DOUBLE, np.uint64, np.float64, [0x0000000000000001, 0x3FD0000000000000, 0x3FE0000000000000]),
                        (TP.FLOAT16, np.uint16, np.float16, [0x0001, 0x3400, 0x3800, 0xB400])):
    x = np.array(bits, ut).view(ft)
    for opset in (11, 22):
        _, p = one_node("Round", opset, t, t, [len(bits)])
        y = OnnxRunner(p)({"x": x})["y"].numpy()
        print(f"Round-{opset} {np.dtype(ft).name:7} {' '.join(hex(b) for b in bits)} -> {' '.join(hex(v) for v in y.view(ut))}"
              f"  numpy {' '.join(hex(v) for v in np.round(x).view(ut))}")
bits = [0x0001, 0x3E80, 0x3F00, 0xBE80]
_, p = one_node("Round", 22, TP.BFLOAT16, TP.BFLOAT16, [4])
y = OnnxRunner(p)({"x": Tensor(np.array(bits, np.uint16)).bitcast(dtypes.bfloat16)})["y"]
print(f"Round-22 bfloat16 {' '.join(hex(b) for b in bits)} -> {' '.join(hex(v) for v in y.bitcast(dtypes.uint16).numpy())}")
print("Tensor API: Tensor([0.25, 0.5]).round() ->", [hex(v) for v in Tensor([0.25, 0.5]).round().numpy().view(np.uint32)])
