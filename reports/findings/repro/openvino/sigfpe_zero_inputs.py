# OpenVINO CPU dies with SIGFPE (integer division by zero, the whole process)
# on Range-11 with delta 0 and on Col2Im-18 with a zero block_shape. With the
# ONNX test cases' own inputs both models are right; the scoreboard's crashes
# on them came from an old adapter trial run that fed zeros.
# Each run is in a child process, since the failure kills it.
# Standalone: onnx (files of ONNX's node tests) and OpenVINO's own API.
import glob, os, subprocess, sys
import numpy as np
import onnx
from onnx import numpy_helper

NODE_122 = os.path.join(os.path.dirname(onnx.__file__), "backend", "test", "data", "node")
CASES = ["/usr/share/libonnx-testdata/data/node/test_range_int32_type_negative_delta",
         os.path.join(NODE_122, "test_range_int32_type_negative_delta"),
         os.path.join(NODE_122, "test_col2im")]

def child(case, zeros):
    import openvino as ov
    def load(f):
        t = onnx.TensorProto(); t.ParseFromString(open(f, "rb").read())
        return np.array(numpy_helper.to_array(t))
    xs = [load(f) for f in sorted(glob.glob(f"{case}/test_data_set_0/input_*.pb"))]
    want = [load(f) for f in sorted(glob.glob(f"{case}/test_data_set_0/output_*.pb"))]
    if zeros:
        xs = [np.zeros_like(x) if x.dtype.kind in "iu" else x for x in xs]  # integer inputs only
    core = ov.Core()
    got = list(core.compile_model(core.read_model(f"{case}/model.onnx"), "CPU")(xs).values())
    same = all(np.allclose(g, w, rtol=1e-3, atol=1e-7) for g, w in zip(got, want)) if not zeros else None
    print("ran", "(equals the expected output)" if same else "", [np.array(g).reshape(-1)[:4].tolist() for g in got])

if len(sys.argv) == 3:
    child(sys.argv[1], sys.argv[2] == "zeros")
    sys.exit(0)
import openvino as ov
print("openvino", ov.get_version())
for case in CASES:
    for feed in ("test data", "zeros"):
        p = subprocess.run([sys.executable, __file__, case, feed], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"{case.replace(NODE_122, '<onnx wheel>/node')} with {feed}: {status}: {p.stdout.strip()}")
