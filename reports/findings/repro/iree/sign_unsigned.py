"""IREE: Sign-13 on uint16 and uint64 aborts iree-compile (torch-mlir's
getScalarTypeForType has no unsigned types); on uint8 and uint32 the
results are right but come back as signless int8 / int32 buffers."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, compile_model

print("iree", importlib.metadata.version("iree-base-compiler"))
for t, npt in ((TP.UINT8, np.uint8), (TP.UINT16, np.uint16), (TP.UINT32, np.uint32), (TP.UINT64, np.uint64)):
    x = np.array([0, 1, np.iinfo(npt).max // 2 + 1, np.iinfo(npt).max], npt)
    try:
        r = compile_model(one_node("Sign", 13, t, t, [4]))(x)
        print(f"Sign-13 {np.dtype(npt).name} {x} -> {r.to_host()} ({r.to_host().dtype}, HAL element type 0x{r._buffer_view.element_type:08x})")
    except Exception as e:
        err = [l.strip() for l in str(e).splitlines() if "LLVM ERROR" in l or "Error code" in l]
        print(f"Sign-13 {np.dtype(npt).name}: {' | '.join(err)}")
