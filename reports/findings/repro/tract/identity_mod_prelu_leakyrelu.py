"""tract on Identity, Mod, PRelu and LeakyRelu (the run of 2026-12-03):

1. LeakyRelu-6 / -16 on double: refused at run time, "LeakyRelu does not
   support F64" (float and float16 run, and are right on the values below:
   signed zeros kept with a negative alpha, NaN kept, the product rounded
   once);
2. integer Mod-13 by 0 (fmod 0 and 1) panics in Rust and aborts the
   process (SIGABRT), on every integer type; MIN mod -1 gives 0; each run
   is in a child process so this script finishes;
3. PRelu of +-0 and NaN with an inf / NaN / negative slope: right (the
   input itself);
4. models a conformant backend refuses (float Mod with fmod=0, PRelu-7 on
   int32, PRelu-16 on uint8, an unknown attribute, a uint8 output for a
   float Identity): tract runs them.
Expected answers: numpy (float32 products, the C fmod and Python's
remainder), Python ints. No onnx.checker: the models go to tract as built.
Standalone: onnx.helper builds the models, tract's own Python API runs them."""
import os, subprocess, sys, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP

NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.INT8: np.int8,
      TP.INT16: np.int16, TP.INT32: np.int32, TP.INT64: np.int64, TP.UINT8: np.uint8,
      TP.UINT16: np.uint16, TP.UINT32: np.uint32, TP.UINT64: np.uint64}
INTS = {np.dtype(v).name: k for k, v in NP.items() if np.dtype(v).kind in "iu"}


def model(op, opset, tin, n, tout=None, shape=(4,), **attrs):
    names = ["x", "x1"][:n]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(v, tin, list(shape)) for v in names],
                          [helper.make_tensor_value_info("y", tout or tin, list(shape))])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return path


def run(path, *xs):
    import tract
    return tract.onnx().load(path).into_model().into_runnable().run(list(xs))[0].to_numpy()


if len(sys.argv) == 5:  # child: Mod-13 fmod=sys.argv[2] of [a] by [b]
    import tract
    dt, fm, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    try:
        print("ran:", run(model("Mod", 13, INTS[dt], 2, shape=(1,), fmod=fm),
                          np.array([a], dt), np.array([b], dt)).tolist())
    except tract.TractError as e:
        print("TractError:", str(e).splitlines()[0])
    sys.exit(0)

import tract
print("tract", tract.version())
hx = lambda a: [hex(int(v)) for v in np.atleast_1d(a).view(f"u{np.asarray(a).dtype.itemsize}")]

print("(1) LeakyRelu on [-0.5, -0, +0, nan], alpha -1.5")
for opset in (6, 16):
    for t in (TP.FLOAT, TP.DOUBLE):
        x = np.array([-0.5, -0.0, 0.0, np.nan], NP[t])
        want = np.where(x < 0, x * NP[t](-1.5), x)
        try:
            r = hx(run(model("LeakyRelu", opset, t, 1, alpha=-1.5), x))
        except tract.TractError as e:
            lines = [l.strip() for l in str(e).splitlines() if l.strip()]
            r = "TractError: " + " / ".join(lines[:lines.index("Stack backtrace:")] if "Stack backtrace:" in lines else lines[:3])
        print(f"  LeakyRelu-{opset} {np.dtype(NP[t]).name}: {r}; want {hx(want)}")

print("(2) integer Mod-13, each in a child process")
for dt in INTS:
    info = np.iinfo(dt)
    cases = [(7, 0, 0), (7, 0, 1)] + ([(info.min, -1, 0), (info.min, -1, 1), (-7, 2, 0), (-7, 2, 1)] if info.min < 0 else [])
    for a, b, fm in cases:
        want = ("any (ONNX is silent)" if b == 0 else
                str(int(np.fmod(a, b)) if fm else a % b) if not (a == info.min and b == -1) else "0")
        p = subprocess.run([sys.executable, __file__, dt, str(fm), str(a), str(b)], capture_output=True,
                           text=True, env={**os.environ, "RUST_BACKTRACE": "0"})
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        panic = [l.strip() for l in p.stderr.splitlines() if "zero" in l or "aborting" in l]
        print(f"  Mod-13 fmod={fm} {dt} {a} % {b}: {status}: {p.stdout.strip()} {' / '.join(panic)}  want {want}")

print("(3) PRelu-16 float32, x [+0, -0, +0, -0, nan, -2] by slope [inf, inf, nan, -3, -3, -3]")
x = np.array([0.0, -0.0, 0.0, -0.0, np.nan, -2], np.float32)
s = np.array([np.inf, np.inf, np.nan, -3, -3, -3], np.float32)
print(f"  tract {hx(run(model('PRelu', 16, TP.FLOAT, 2, shape=(6,)), x, s))}")
with np.errstate(invalid="ignore"):
    print(f"  want  {hx(np.where(x < 0, x * s, x))}")

print("(4) models a conformant backend refuses")
CASES = [
    ("Mod-13 on float with fmod=0 (float needs fmod=1)", "Mod", 13, TP.FLOAT, 2, None, {}, [-7.5, 7.5, 2, 2]),
    ("Mod-10 on double with fmod=0", "Mod", 10, TP.DOUBLE, 2, None, {}, [-7.5, 7.5, 2, 2]),
    ("PRelu-7 on int32 (PRelu-7: float types only)", "PRelu", 7, TP.INT32, 2, None, {}, [-7, 7, 3, -1]),
    ("PRelu-16 on uint8 (PRelu-16: no 8- or 16-bit integers)", "PRelu", 16, TP.UINT8, 2, None, {}, [250, 7, 3, 1]),
    ("Identity-13 with an unknown attribute", "Identity", 13, TP.FLOAT, 1, None, {"onnxcts_unknown": 1}, [-1, 2, 3, 4]),
    ("Identity-13 with its output declared uint8", "Identity", 13, TP.FLOAT, 1, TP.UINT8, {}, [-1, 2, 3, 4]),
    ("LeakyRelu-16 with an unknown attribute", "LeakyRelu", 16, TP.FLOAT, 1, None, {"onnxcts_unknown": 1}, [-1, 2, 3, 4]),
]
for what, op, opset, tin, n, tout, attrs, values in CASES:
    xs = [np.array(values, NP[tin]), np.array(values[::-1], NP[tin])][:n]
    try:
        r = run(model(op, opset, tin, n, tout, **attrs), *xs)
        print(f"  {what}: ran -> {r.tolist()} ({r.dtype})")
    except tract.TractError as e:
        print(f"  {what}: refused: {str(e).splitlines()[0][:100]}")
v = np.array([-7.5, 7.5, 2, 2])
print(f"  (the Mod pairs: C fmod {np.fmod(v, v[::-1]).tolist()}, Python's remainder {np.mod(v, v[::-1]).tolist()})")
