"""tinygrad (CPU, CLANG renderer) cannot run a model whose bfloat16 tensor is
an initializer: the kernel that converts it is C with `__bf16`, which the
host's clang (Debian clang 14) refuses for tinygrad's freestanding target.
The same model with the tensor fed as an input (bitcast from uint16) runs."""
import subprocess, numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__,
      "|", subprocess.run(["clang", "--version"], capture_output=True, text=True).stdout.splitlines()[0])
bits = np.array([0x7FC0, 0x7F80, 0x3F80, 0x0000], np.uint16)  # nan inf 1 0
_, p = one_node("IsNaN", 13, TP.BFLOAT16, TP.BOOL, [4])
print("bfloat16 as an input:      ", OnnxRunner(p)({"x": Tensor(bits).bitcast(dtypes.bfloat16)})["y"].numpy())
_, p = one_node("IsNaN", 13, TP.BFLOAT16, TP.BOOL, [4], initializer=bits.view(ml_dtypes.bfloat16))
try:
    print("bfloat16 as an initializer:", OnnxRunner(p)({})["y"].numpy())
except Exception as e:
    print("bfloat16 as an initializer:", type(e).__name__, str(e)[:60], "...")
    print("   (clang's own errors went to stderr: '__bf16 is not supported on this target')")

