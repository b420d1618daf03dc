"""ONNX Runtime (Python API, CPU EP): integer Div-14 with a zero anywhere
in the divisor is refused with "Integer division by zero" (status error)
instead of answering. MIN / -1 of a signed type, x86's other trapping
quotient, is not checked for: on int32 and int64 it kills the process
(SIGFPE). Each integer run is in a child process so this script finishes. onnxruntime-node and
onnxruntime-web run the same CPU kernel (element_wise_ops.cc) and gave the
same message in onnxcts' runs. Also checks float Div on operands the
generated suite does not hold (its Div pairs are powers of two, where
x * (1/y) is exact too): 100000 random pairs and 5 / 3.
Expected answers: numpy (IEEE x / y; float16's through float32, exact for
one division) and Python ints (truncation toward zero).
Standalone: onnx.helper builds the models, onnxruntime runs them.
    build/venv/bin/python reports/findings/repro/ort/divide_by_zero.py"""
import subprocess, sys
import numpy as np
from onnx import helper, TensorProto as TP
import onnxruntime as ort

INTS = {"int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def div(t, n, a, b):
    g = helper.make_graph([helper.make_node("Div", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info(v, t, [n]) for v in ("a", "b")],
                          [helper.make_tensor_value_info("y", t, [n])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)], ir_version=8)
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(None, {"a": a, "b": b})[0]


if len(sys.argv) > 2:  # child: Div-14 of the dividends by the divisors (comma-separated)
    dt = sys.argv[1]
    a = np.array([int(v) for v in sys.argv[2].split(",")], dt)
    b = np.array([int(v) for v in sys.argv[3].split(",")], dt)
    try:
        print("ran:", div(INTS[dt], a.size, a, b).tolist())
    except Exception as e:
        print("refused:", type(e).__name__, str(e).strip().split("Status Message: ")[-1])
    sys.exit(0)

print("onnxruntime", ort.__version__)
for dtype in INTS:
    info = np.iinfo(dtype)
    cases = [([7], [0]), ([7, 9, -7 if info.min < 0 else 6], [2, 0, 2])]
    if info.min < 0:
        cases += [([info.min], [-1]), ([info.min, 7, -7], [-1, -1, 2])]
    else:
        cases += [([7, 9], [2, 3])]
    for a, b in cases:
        want = ["any" if d == 0 else f"{info.min} (wraps) or any" if (n, d) == (info.min, -1) else str(int(n / d))
                for n, d in zip(a, b)]
        p = subprocess.run([sys.executable, __file__, dtype, ",".join(map(str, a)), ",".join(map(str, b))],
                           capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"Div-14 {dtype} {a} / {b}: {status}: {p.stdout.strip()}\n    want [{', '.join(want)}]")

rng = np.random.default_rng(1)
for t, ft, ut in ((TP.FLOAT16, np.float16, np.uint16), (TP.FLOAT, np.float32, np.uint32), (TP.DOUBLE, np.float64, np.uint64)):
    n = 100000
    a = rng.uniform(0.5, 2, n).astype(ft); b = rng.uniform(0.5, 2, n).astype(ft)
    a[0], b[0] = 5, 3
    y = div(t, n, a, b)
    print(f"Div-14 {np.dtype(ft).name}: 5 / 3 -> {hex(y.view(ut)[0])} want {hex((a / b).view(ut)[0])};"
          f" {n} random pairs in [0.5, 2): {int((y.view(ut) != (a / b).view(ut)).sum())} differ from x / y,"
          f" {int((y.view(ut) != (a * (ft(1) / b)).view(ut)).sum())} from x * (1/y)")
