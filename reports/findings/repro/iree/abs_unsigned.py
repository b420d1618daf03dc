"""IREE: Abs on uint8/16/32/64 is a signed absolute value: the importer keeps
the ui8..ui64 types, but the lowering emits math.absi on the signless
integer, so every value with its top bit set comes back as its two's
complement (0x81 -> 0x7f, 0xff -> 0x01). Abs of an unsigned is the value."""
import numpy as np, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, run_n, payload, hexbits

print("iree", importlib.metadata.version("iree-base-compiler"))
print("Abs-13 uint8 after input conversion:", payload(one_node("Abs", 13, TP.UINT8, TP.UINT8, [5])))
for t, npt in ((TP.UINT8, np.uint8), (TP.UINT16, np.uint16), (TP.UINT32, np.uint32), (TP.UINT64, np.uint64)):
    top = np.iinfo(npt).max // 2 + 1
    x = np.array([1, top - 1, top, top + 1, np.iinfo(npt).max], npt)
    y = run_n(one_node("Abs", 13, t, t, [5]), [x])
    print(f"Abs-13 {np.dtype(npt).name:6} {hexbits(x)}\n    -> {hexbits(y)} ({y.dtype}; ONNX: the input)")
