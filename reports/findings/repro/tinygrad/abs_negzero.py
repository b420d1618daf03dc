"""tinygrad's Abs of -0 is -0 (float, double, float16, bfloat16): Tensor.abs is
`x * x.sign()`, and sign(-0) is 0, so the product keeps -0's sign bit. ONNX's
Abs (like numpy.abs, IEEE 754 abs) clears the sign bit: 0x80000000 -> 0x0.
Everything else, including -inf and INT_MIN, is right."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
vals = [-0.0, 0.0, -1.5, -np.inf]
for t, ut, ft in ((TP.FLOAT, np.uint32, np.float32), (TP.DOUBLE, np.uint64, np.float64),
                  (TP.FLOAT16, np.uint16, np.float16)):
    x = np.array(vals, ft)
    for opset in (6, 13):
        _, p = one_node("Abs", opset, t, t, [4])
        y = OnnxRunner(p)({"x": x})["y"].numpy()
        _, pi = one_node("Abs", opset, t, t, [4], initializer=x)
        yi = OnnxRunner(pi)({})["y"].numpy()
        print(f"Abs-{opset:<2} {np.dtype(ft).name:7} {' '.join(hex(b) for b in x.view(ut))} -> "
              f"{' '.join(hex(b) for b in y.view(ut))} (as initializer: {' '.join(hex(b) for b in yi.view(ut))})"
              f"  want {' '.join(hex(b) for b in np.abs(x).view(ut))}")
# bfloat16: fed as its bits and bitcast inside tinygrad (Tensor(numpy bfloat16) goes through float32)
bits = np.array(vals, np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)
_, p = one_node("Abs", 13, TP.BFLOAT16, TP.BFLOAT16, [4])
y = OnnxRunner(p)({"x": Tensor(bits).bitcast(dtypes.bfloat16)})["y"].bitcast(dtypes.uint16).numpy()
print(f"Abs-13 bfloat16 {' '.join(hex(b) for b in bits)} -> {' '.join(hex(b) for b in y)}"
      f"  want {' '.join(hex(b & 0x7FFF) for b in bits)}")
i = np.array([-2**31, -1, 0, 7], np.int32)
_, p = one_node("Abs", 13, TP.INT32, TP.INT32, [4])
print(f"Abs-13 int32   {i} -> {OnnxRunner(p)({'x': i})['y'].numpy()}")
print("Tensor.abs(-0.0) directly:", hex(Tensor(np.array([-0.0], np.float32)).abs().numpy().view(np.uint32)[0]))
