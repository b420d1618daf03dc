"""tinygrad's ONNX runner (CPU, CLANG renderer) on Identity, Mod, PRelu and
LeakyRelu (the run of 2026-12-03).
  (1) PRelu: the runner's `(X > 0).where(X, X * slope)` turns an input of
      +-0 into +-0 * slope: a zero takes the slope's sign, and with an inf
      or NaN slope the answer is NaN. ONNX: f(x) = x for x >= 0. The same
      on bfloat16 fed as an input.
  (2) Mod with fmod=1 on floats: Tensor.fmod is `a - a.div(b,
      rounding_mode="trunc") * b`, which the kernel evaluates with the
      multiply and the subtract fused (one rounding; float16 in float32),
      not the exact C fmod: wrong when x / y is large or inexact, NaN for
      an inf divisor (x / inf = 0, 0 * inf = NaN), +0 for a -0 result,
      +-inf where x / y overflows (tiny divisors).
  (3) LeakyRelu on double without an alpha attribute: the runner's
      default is the Python float 0.01 (decimal 0.01 as a double, not the
      float32 0.01 of the attribute's default); with alpha given the
      float32 value is widened exactly and the answer is right.
  (4) bfloat16 initializers: the clang 14 `__bf16` failure of the page's
      earlier section (Identity-13 here; LeakyRelu, Mod, PRelu alike).
  (5) integer Mod-13 by 0, and int32 / int64 MIN mod -1, kill the process
      (SIGFPE); each run in a child process.
  (6) models a conformant backend refuses: the runner runs them.
Expected answers: numpy (np.fmod is the exact C fmod; float32 / double
products), ml_dtypes for bfloat16, Python ints.
    cd reports/findings/repro/tinygrad && ../../../../build/venv/bin/python identity_mod_prelu_leakyrelu.py 2>/dev/null"""
import os, subprocess, sys, tempfile, importlib.metadata
from fractions import Fraction
import numpy as np, onnx, ml_dtypes
from onnx import helper, numpy_helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

BF16 = ml_dtypes.bfloat16
CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16,
        "int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def path(op, opset, xs, t_out=None, init=False, **attrs):
    """op on inputs x0.. (graph inputs, or initializers with init=True)."""
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    vi = [helper.make_tensor_value_info(v, t, list(x.shape)) for v, x in zip(names, xs)]
    ini = [numpy_helper.from_array(x, v) for v, x in zip(names, xs)] if init else []
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g", [] if init else vi,
                          [helper.make_tensor_value_info("y", t_out or t, list(xs[0].shape))], initializer=ini)
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


def run(op, opset, xs, **attrs):
    """Runs the node; bfloat16 goes in and out as its bits (Tensor.bitcast), as the adapter does."""
    feed = {f"x{i}": (Tensor(x.view(np.uint16)).bitcast(dtypes.bfloat16) if x.dtype == BF16 else x)
            for i, x in enumerate(xs)}
    y = OnnxRunner(path(op, opset, xs, **attrs))(feed)["y"]
    return y.bitcast(dtypes.uint16).numpy().view(BF16) if y.dtype == dtypes.bfloat16 else y.numpy()


def fused_fmod(x, y):
    """Tensor.fmod's formula x - trunc(x / y) * y as the kernel evaluates it: q = trunc(x / y)
    rounded, then x - q * y with one rounding (the multiply and subtract fused); float16 in float32."""
    wt = np.float32 if x.dtype == np.float16 else x.dtype.type
    out = np.empty(x.shape, x.dtype)
    for i, (a, b) in enumerate(zip(x.astype(wt), y.astype(wt))):
        with np.errstate(all="ignore"):
            q = np.trunc(a / b)
            exact = np.isfinite(a) and np.isfinite(b) and np.isfinite(q) and b != 0
            out[i] = x.dtype.type(float(Fraction(float(a)) - Fraction(float(q)) * Fraction(float(b)))) if exact else a - q * b
    return out


def hx(a):
    a = np.asarray(a)
    return [hex(int(v)) for v in a.view(f"u{a.dtype.itemsize}").ravel()]


if len(sys.argv) == 5:  # child: Mod-13 fmod=argv[2] of [a] by [b]
    dt, fm, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    print("ran:", run("Mod", 13, [np.array([a], dt), np.array([b], dt)], fmod=fm).tolist())
    sys.exit(0)

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
print("(1) PRelu, x [+0, -0, +0, -0, +0, nan, -2] by slope [inf, inf, nan, -3, -3, -3, -3]")
for opset, dt in ((6, "float32"), (16, "float32"), (16, "float16"), (16, "float64"), (16, "bfloat16")):
    t = BF16 if dt == "bfloat16" else dt
    x = np.array([0.0, -0.0, 0.0, -0.0, 0.0, np.nan, -2], t)
    s = np.array([np.inf, np.inf, np.nan, -3, -3, -3, -3], t)
    with np.errstate(invalid="ignore"):
        want = np.where(x.astype(np.float32) < 0, x.astype(np.float32) * s.astype(np.float32), x.astype(np.float32)).astype(t)
    print(f"  PRelu-{opset} {dt}: {hx(run('PRelu', opset, [x, s]))}\n      want {hx(want)}")

print("(2) Mod-13 fmod=1, x fmod y")
PAIRS = {"float32": [(0x13AEA461, 0x06C00001), (0x40F00000, 0x7F800000), (0x80000000, 0x40A00000),
                     (0x3F800000, 0x00000001), (0x40F00000, 0x40000000)],
         "float64": [(0x0AD8000000000000, 0x020FFFFFFFFFFFFF), (0x401E000000000000, 0x7FF0000000000000),
                     (0x8000000000000000, 0x4014000000000000), (0x401E000000000000, 0x4000000000000000)],
         "float16": [(0x56E0, 0x0643), (0x4780, 0x7C00), (0x8000, 0x4500), (0x4780, 0x4000)]}
for dt, pairs in PAIRS.items():
    u = f"u{np.dtype(dt).itemsize}"
    x = np.array([p[0] for p in pairs], u).view(dt); y = np.array([p[1] for p in pairs], u).view(dt)
    r = run("Mod", 13, [x, y], fmod=1)
    print(f"  {dt} {hx(x)} fmod {hx(y)}\n    tinygrad {hx(r)}\n    C fmod   {hx(np.fmod(x, y))}  (expected)"
          f"\n    x - trunc(x / y) * y, fused: {hx(fused_fmod(x, y))}")

print("(3) LeakyRelu-16 double, x [-2^-1022 * 1.5, -1, -3]")
x = np.array([-1.5 * 2.0**-1022, -1, -3], np.float64)
print(f"  no alpha attribute: {hx(run('LeakyRelu', 16, [x]))}")
print(f"  alpha=0.01 given:   {hx(run('LeakyRelu', 16, [x], alpha=0.01))}")
print(f"  want (x * float32 0.01 = {float(np.float32(0.01))!r}): {hx(x * float(np.float32(0.01)))}")
print(f"  x * decimal 0.01:                 {hx(x * 0.01)}")

print("(4) Identity-13 bfloat16 [1, -2]")
xb = np.array([1, -2], BF16)
print(f"  as an input:       {hx(run('Identity', 13, [xb]))}")
try:
    print(f"  as an initializer: {OnnxRunner(path('Identity', 13, [xb], init=True))({})['y'].numpy()}")
except Exception as e:
    print(f"  as an initializer: {type(e).__name__} {str(e)[:40]}...")

print("(5) integer Mod-13, each in a child process")
for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
    info = np.iinfo(dt)
    cases = [(7, 0, 0)] + ([(info.min, -1, 0), (info.min, -1, 1), (-7, 2, 0), (-7, 2, 1)] if info.min < 0 else [(7, 2, 0)])
    for a, b, fm in cases:
        want = "any (ONNX is silent)" if b == 0 else str(int(np.fmod(a, b)) if fm else a % b)
        p = subprocess.run([sys.executable, __file__, dt, str(fm), str(a), str(b)], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"  Mod-13 fmod={fm} {dt} {a} % {b}: {status}: {p.stdout.strip()}  want {want}")

print("(6) models a conformant backend refuses (built with onnx.helper, not checked)")
for what, op, opset, xs, t_out in (
        ("Mod-13 float, fmod=0 (float needs fmod=1)", "Mod", 13,
         [np.array([-7.5, 7.5], np.float32), np.array([2, -2], np.float32)], None),
        ("PRelu-7 on int32 (PRelu-7: float types only)", "PRelu", 7, [np.array([-3, 3], np.int32)] * 2, None),
        ("LeakyRelu-16 on int32 (float types only)", "LeakyRelu", 16, [np.array([-300, 3], np.int32)], None),
        ("Identity-1 on bfloat16 (from Identity-13)", "Identity", 1, [np.array([1, -2], BF16)], None),
        ("Identity-13 with a uint8 output", "Identity", 13, [np.array([1.5, -2], np.float32)], TP.UINT8)):
    feed = {f"x{i}": (Tensor(x.view(np.uint16)).bitcast(dtypes.bfloat16) if x.dtype == BF16 else x)
            for i, x in enumerate(xs)}
    try:
        r = OnnxRunner(path(op, opset, xs, t_out))(feed)["y"]
        print(f"  {what}: ran -> {r.numpy().tolist()} ({r.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {type(e).__name__}: {str(e)[:80]}")
