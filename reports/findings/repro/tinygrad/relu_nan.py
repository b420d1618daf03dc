"""tinygrad's ONNX Relu of a NaN is 0, either sign (float16, bfloat16,
float, double; every version); Tensor.relu alone does the same. numpy's
maximum and ONNX's reference evaluator return the NaN, as ONNX's Max does."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
for t, ft, ut, bits in ((TP.FLOAT, np.float32, np.uint32, [0x7FC00000, 0xFFC00001, 0xBF800000, 0x3F800000]),
                        (TP.DOUBLE, np.float64, np.uint64, [0x7FF8000000000000, 0x3FF0000000000000]),
                        (TP.FLOAT16, np.float16, np.uint16, [0x7E00, 0xFE01, 0x3C00])):
    for opset in (6, 13, 14):
        _, p = one_node("Relu", opset, t, t, [len(bits)])
        x = np.array(bits, ut).view(ft)
        y = OnnxRunner(p)({"x": x})["y"].numpy()
        print(f"Relu-{opset} {np.dtype(ft).name:7} {[hex(b) for b in bits]} -> {[hex(v) for v in y.view(ut)]}"
              f"  numpy {[hex(v) for v in np.maximum(x, ft(0)).view(ut)]}")
print("Tensor API: Tensor([nan, 1.0]).relu() ->", Tensor([float("nan"), 1.0]).relu().numpy())
