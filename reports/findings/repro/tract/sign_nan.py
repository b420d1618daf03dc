# tract: Sign on float32 / float64 returns one canonical quiet NaN
# (0x7fc00000 / 0x7ff8000000000000) for every NaN input, sign and payload
# dropped; float16 keeps the NaN's bits. A NaN all the same: onnxcts (NaN
# matches NaN) counts it a pass.
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
print("tract", tract.version())
for onnx_t, dt, ut, bits in ((TP.FLOAT, np.float32, np.uint32, [0xFFC00000, 0x7F800001, 0x7FA00123, 0x80000000]),
                             (TP.DOUBLE, np.float64, np.uint64, [0xFFF8000000000000, 0x7FF0000000000001, 0x7FF8DEADBEEF0000]),
                             (TP.FLOAT16, np.float16, np.uint16, [0xFE00, 0x7C01, 0x8000])):
    g = helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", onnx_t, [len(bits)])],
                          [helper.make_tensor_value_info("y", onnx_t, [len(bits)])])
    path = os.path.join(tmp, "sign.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
    runnable = tract.onnx().load(path).into_model().into_runnable()
    out = runnable.run([np.array(bits, ut).view(dt)])[0].to_numpy()
    print(f"{np.dtype(dt).name:8} Sign-13 {[hex(b) for b in bits]} -> {[hex(v) for v in out.view(ut)]}")
