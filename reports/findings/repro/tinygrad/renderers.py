"""Outside the scoreboard's configuration (renderer CLANG): what Sign does
under tinygrad's other CPU renderers. Run once per DEV, e.g.
DEV=CPU:X86 python renderers.py. X86 flushes bfloat16 subnormals, LLVM
(the system's libLLVM) flushes float16 subnormals."""
import os
os.environ.setdefault("DEV", "CPU:CLANG")
import numpy as np
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("DEV", os.environ["DEV"], type(Device[Device.DEFAULT].renderer).__name__)
bits = [0x0001, 0x8001, 0x007F, 0x3F80]
_, p = one_node("Sign", 13, TP.BFLOAT16, TP.BFLOAT16, [4])
y = OnnxRunner(p)({"x": Tensor(np.array(bits, np.uint16)).bitcast(dtypes.bfloat16)})["y"]
print("  Sign-13 bfloat16", " ".join(hex(b) for b in bits), "->",
      " ".join(hex(v) for v in y.bitcast(dtypes.uint16).numpy()), "(ONNX: 0x3f80 0xbf80 0x3f80 0x3f80)")
bits = [0x0001, 0x8001, 0x03FF, 0x3C00]
_, p = one_node("Sign", 13, TP.FLOAT16, TP.FLOAT16, [4])
y = OnnxRunner(p)({"x": np.array(bits, np.uint16).view(np.float16)})["y"].numpy()
print("  Sign-13 float16 ", " ".join(hex(b) for b in bits), "->",
      " ".join(hex(v) for v in y.view(np.uint16)), "(ONNX: 0x3c00 0xbc00 0x3c00 0x3c00)")
for n in (5, 7, 65537):
    _, p = one_node("Sign", 13, TP.FLOAT, TP.FLOAT, [n])
    try:
        y = OnnxRunner(p)({"x": np.linspace(-1, 1, n, dtype=np.float32)})["y"].numpy()
        print(f"  Sign-13 float32 of {n} elements: ran, {int((y != np.sign(np.linspace(-1, 1, n, dtype=np.float32))).sum())} differ")
    except Exception as e:
        print(f"  Sign-13 float32 of {n} elements: {type(e).__name__}: {str(e).splitlines()[0][:110]}")
