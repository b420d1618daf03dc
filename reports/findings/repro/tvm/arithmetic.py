"""TVM: integer Div-14 by a divisor x86's idiv/div traps on (0, and -1 of
a signed type with the type's minimum as dividend) kills the process with
SIGFPE; each such run is in a child process so this script finishes. Also
checks that float Div is a correctly rounded x / y on operands the
generated suite does not hold (its Div pairs are powers of two, where
x * (1/y) is exact too): 100000 random pairs and 5 / 3.
Expected answers: numpy (IEEE x / y; float16's through float32, exact for
one division) and Python ints (truncation toward zero)."""
import os, subprocess, sys
import numpy as np
from onnx import helper, TensorProto as TP
from common import compile_model
import tvm

INTS = {"int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def div_model(t, n, opset=14):
    g = helper.make_graph([helper.make_node("Div", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info(v, t, [n]) for v in ("a", "b")],
                          [helper.make_tensor_value_info("y", t, [n])])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(m, a, b):
    return compile_model(m)["main"](tvm.runtime.tensor(a), tvm.runtime.tensor(b)).numpy()


if len(sys.argv) == 4:  # child: Div-14 of [a] by [b]
    dt = sys.argv[1]
    print("ran:", run(div_model(INTS[dt], 1), np.array([int(sys.argv[2])], dt), np.array([int(sys.argv[3])], dt)).tolist())
    sys.exit(0)

print("tvm", tvm.__version__)
for dtype in INTS:
    info = np.iinfo(dtype)
    cases = [(7, 0), (-7 if info.min < 0 else 7, 2)] + ([(info.min, -1), (7, -1)] if info.min < 0 else [])
    for a, b in cases:
        want = "any (ONNX is silent)" if b == 0 else (f"{info.min} (wraps) or any" if a == info.min and b == -1
                                                     else str(int(a / b)))
        p = subprocess.run([sys.executable, __file__, dtype, str(a), str(b)], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"Div-14 {dtype} {a} / {b}: {status}: {p.stdout.strip()}  want {want}")

rng = np.random.default_rng(1)
for t, ft, ut in ((TP.FLOAT16, np.float16, np.uint16), (TP.FLOAT, np.float32, np.uint32), (TP.DOUBLE, np.float64, np.uint64)):
    n = 100000
    a = rng.uniform(0.5, 2, n).astype(ft); b = rng.uniform(0.5, 2, n).astype(ft)
    a[0], b[0] = 5, 3
    y = run(div_model(t, n), a, b)
    print(f"Div-14 {np.dtype(ft).name}: 5 / 3 -> {hex(y.view(ut)[0])} want {hex((a / b).view(ut)[0])};"
          f" {n} random pairs in [0.5, 2): {int((y.view(ut) != (a / b).view(ut)).sum())} differ from x / y,"
          f" {int((y.view(ut) != (a * (ft(1) / b)).view(ut)).sum())} from x * (1/y)")
