"""ONNX Runtime (Python API, CPU EP) on the ops and cases the arithmetic
suite gained: Sum (6, 8, 13), BitShift-11, and Div-14's MIN / -1 case.
  (1) Div-14 int32 / int64 MIN / -1, each run in a child process: where
      MIN sits decides it. int64 always dies with SIGFPE; int32 dies when
      MIN is in the scalar tail of the loop, not in a vectorized lane.
  (2) Sum-13 float16 of three inputs keeps the partial sum in float and
      rounds once (a deviation: ONNX's reference adds left to right in
      float16); float32 and two-input float16 Sum are left to right;
      -0 + -0 stays -0.
  (3) BitShift-11 on uint16: no kernel; shifts by the width or more
      (ONNX is silent; the reference gives 0, as numpy).
Expected answers: Python ints, numpy float16 / float32 (each numpy add is
one correctly rounded IEEE addition in the array's own format).
Standalone: onnx.helper builds the models, onnxruntime runs them.
    build/venv/bin/python reports/findings/repro/ort/sum_bitshift_div.py"""
import subprocess, sys
import numpy as np
from onnx import helper, TensorProto as TP
import onnxruntime as ort

CODE = {"int32": TP.INT32, "int64": TP.INT64, "float16": TP.FLOAT16, "float32": TP.FLOAT,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def run(op, opset, arrays, attrs=None, out_shape=None):
    names = [f"x{i}" for i in range(len(arrays))]
    t = CODE[arrays[0].dtype.name]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **(attrs or {}))], "g",
                          [helper.make_tensor_value_info(n, t, list(a.shape)) for n, a in zip(names, arrays)],
                          [helper.make_tensor_value_info("y", t, out_shape or list(arrays[0].shape))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(None, dict(zip(names, arrays)))[0]


if len(sys.argv) > 1:  # child: Div-14 of n values counting up from 1, MIN at index i, by [-1]
    dt, n, i = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    a = np.arange(1, n + 1, dtype=dt); a[i] = np.iinfo(dt).min
    y = run("Div", 14, [a, np.array([-1], dt)])
    print("ran: y[i] =", int(y[i]), "others right:", bool(np.all(np.delete(y, i) == -np.delete(a, i))))
    sys.exit(0)

print("onnxruntime", ort.__version__)
print("(1) Div-14 x / [-1] (divisor broadcast), x = 1..n with MIN at index i; each in a child process")
for dt, n, i in (("int32", 99, 48), ("int32", 99, 98), ("int32", 1, 0), ("int32", 8, 0),
                 ("int64", 101, 52), ("int64", 101, 100), ("int64", 1, 0)):
    p = subprocess.run([sys.executable, __file__, dt, str(n), str(i)], capture_output=True, text=True)
    status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
    print(f"  {dt} n={n} MIN at {i}: {status}: {p.stdout.strip()}   want y[i] = {np.iinfo(dt).min} (wraps) or any")

print("(2) Sum")
h = lambda a: np.asarray(a, np.float16)
a, b, c = (np.array([v], np.uint16).view(np.float16) for v in (0x2800, 0xD7FF, 0xA800))
y = run("Sum", 13, [a, b, c])
l2r = (a + b) + c
wide = (a.astype(np.float32) + b.astype(np.float32) + c.astype(np.float32)).astype(np.float16)
print(f"  Sum-13 float16 (0x2800, 0xd7ff, 0xa800) = (2^-5, -127.9375, -2^-5) -> {hex(y.view(np.uint16)[0])};"
      f" left to right in float16 {hex(l2r.view(np.uint16)[0])}, float partial sums {hex(wide.view(np.uint16)[0])}")
rng = np.random.default_rng(1)
for ft, ut, wt in ((np.float16, np.uint16, np.float32), (np.float32, np.uint32, np.float64)):
    n = 65536
    xs = [(rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-8, 8, n)).astype(ft) for _ in range(3)]
    for k in (2, 3):
        y = run("Sum", 13, xs[:k]).view(ut)
        l2r = xs[0] + xs[1] if k == 2 else (xs[0] + xs[1]) + xs[2]
        wide = sum(x.astype(wt) for x in xs[:k]).astype(ft)
        print(f"  Sum-13 {np.dtype(ft).name}, {k} inputs, {n} random: {int((y != l2r.view(ut)).sum())} differ from"
              f" left to right in {np.dtype(ft).name}, {int((y != wide.view(ut)).sum())} from {np.dtype(wt).name}"
              f" partial sums rounded once")
for ft, ut in ((np.float16, np.uint16), (np.float32, np.uint32)):
    z = np.array([-0.0], ft)
    print(f"  Sum-13 {np.dtype(ft).name}: Sum(-0) -> {hex(run('Sum', 13, [z]).view(ut)[0])},"
          f" Sum(-0, -0) -> {hex(run('Sum', 13, [z, z]).view(ut)[0])},"
          f" Sum(-0, -0, -0) -> {hex(run('Sum', 13, [z, z, z]).view(ut)[0])}; want {hex(z.view(ut)[0])}")

print("(3) BitShift-11")
for dt in ("uint8", "uint16", "uint32", "uint64"):
    w = np.iinfo(dt).bits
    x = np.array([1, 0xFF, 5, 3], dt); s = np.array([w, w + 1, w - 1, 255 if w == 8 else 2 * w], dt)
    for d in ("LEFT", "RIGHT"):
        want = [(int(v) << int(k) if d == "LEFT" else int(v) >> int(k)) % 2 ** w if k < w else 0 for v, k in zip(x, s)]
        try:
            got = run("BitShift", 11, [x, s], {"direction": d}).tolist()
        except Exception as e:
            got = f"refused: {type(e).__name__}: {str(e).split(':')[-1].strip()[:70]}"
        print(f"  {dt} {d} {x.tolist()} by {s.tolist()} -> {got}  want {want} (0 past the width, as numpy)")
