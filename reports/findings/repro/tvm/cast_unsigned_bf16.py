"""TVM: Cast uint32 / uint64 -> bfloat16 rounds twice (to float32, then to
bfloat16): 0xff7fffff lands on a bfloat16 midpoint in float32 and rounds up."""
import numpy as np
from onnx import TensorProto as TP
import tvm
from common import one_node, run

print("tvm", tvm.__version__)
for t, x, want in ((TP.UINT32, np.array([0xFF7FFFFF], np.uint32), "0x4f7f"),
                   (TP.UINT64, np.array([0xFF7FFFFFFFFFFFFF], np.uint64), "0x5f7f")):
    m = one_node("Cast", 13, t, TP.BFLOAT16, [1], to=TP.BFLOAT16)
    print(f"Cast {x.dtype} {hex(int(x[0]))} -> bfloat16: tvm {hex(int(run(m, x).view(np.uint16)[0]))}   want {want}")
