# tract: integer Div-14 / Mod-13 by zero panics in Rust ("attempt to divide by
# zero"), and the panic aborts the whole process (SIGABRT, "non-unwinding
# panic") instead of raising tract.TractError. With the ONNX test cases' own
# inputs (no zero divisor) the models are right: the scoreboard's 28 crashes
# came from an old adapter trial run that fed zeros.
# Each run is in a child process, since the failure kills it.
# Standalone: onnx (files of ONNX's node tests) and tract's own Python API.
import glob, os, subprocess, sys
import numpy as np
import onnx
from onnx import numpy_helper

D = "/usr/share/libonnx-testdata/data/node"
CASES = ["test_div_uint8", "test_mod_mixed_sign_int32", "test_mod_uint64", "test_mod_broadcast"]

def child(case, zeros):
    import tract
    def load(f):
        t = onnx.TensorProto(); t.ParseFromString(open(f, "rb").read())
        return np.array(numpy_helper.to_array(t))
    xs = [load(f) for f in sorted(glob.glob(f"{D}/{case}/test_data_set_0/input_*.pb"))]
    want = [load(f) for f in sorted(glob.glob(f"{D}/{case}/test_data_set_0/output_*.pb"))]
    if zeros:
        xs[1] = np.zeros_like(xs[1])  # the divisor
    runnable = tract.onnx().load(f"{D}/{case}/model.onnx").into_model().into_runnable()
    try:
        got = [t.to_numpy() for t in runnable.run(xs)]
    except tract.TractError as e:
        print("TractError:", str(e).splitlines()[0]); return
    print("ran,", "equals the expected output" if all(np.array_equal(g, w) for g, w in zip(got, want)) else "differs")

if len(sys.argv) == 3:
    child(sys.argv[1], sys.argv[2] == "zero-divisor")
    sys.exit(0)
import tract
print("tract", tract.version())
for case in CASES:
    for feed in ("test-data", "zero-divisor"):
        p = subprocess.run([sys.executable, __file__, case, feed], capture_output=True, text=True,
                           env={**os.environ, "RUST_BACKTRACE": "0"})
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        panic = [l.strip() for l in p.stderr.splitlines() if "zero" in l or "aborting" in l]
        print(f"{case} with {feed}: {status}: {p.stdout.strip()} {' / '.join(panic)}")
