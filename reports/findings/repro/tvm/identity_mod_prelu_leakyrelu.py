"""TVM on Identity, Mod, PRelu and LeakyRelu (the run of 2026-12-03).
  (1) PRelu (6, 7, 9, 16) with a slope along one axis (the frontend's
      relax.op.nn.prelu): TOPI's prelu is Select(x > 0, x, x * slope), so
      an input of +-0 becomes +-0 * slope: a zero takes the slope's sign,
      and with an inf or NaN slope the answer is NaN. ONNX: f(x) = x for
      x >= 0 (and a NaN input is itself). A slope with several non-1 axes
      goes to where(x < 0, x * slope, x) instead, which is right.
  (2) LeakyRelu (6, 16), alpha -1.5: the same Select(x > 0, ...) in TOPI's
      leaky_relu: +0 -> -0, -0 -> +0.
  (3) LeakyRelu on double without an alpha attribute: the frontend's
      default is the Python float 0.01 (decimal 0.01 as a double), where
      the attribute's default is the float32 0.01; with alpha given the
      float32 value is widened exactly and the answer is right.
  (4) LeakyRelu on bfloat16: the product is rounded once from float32 with
      the float32 alpha (a deviation: the reference rounds alpha to
      bfloat16 first, as ONNX's evaluator does).
  (5) errors: PRelu on integers or bfloat16 through nn.prelu ("Prelu
      requires the input tensor to have float dtype"; the where() path
      runs them), PRelu of rank 0 and of an empty
      tensor, Mod-13 bfloat16 fmod=1 (a bfloat16 store to a uint16
      buffer). (TVM's frontend prints "Error converting operator PRelu"
      on stdout before raising.)
  (6) integer Mod-13 by 0, and signed MIN mod -1, kill the process with
      SIGFPE (x86 idiv / div); each run is in a child process.
Expected answers: numpy (float32 / double products, Python's remainder),
ml_dtypes for bfloat16.
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python identity_mod_prelu_leakyrelu.py 2>/dev/null"""
import subprocess, sys
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
from common import compile_model
import tvm

BF16 = ml_dtypes.bfloat16
CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16,
        "int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64,
        "float8_e4m3fn": TP.FLOAT8E4M3FN}


def model(op, opset, xs, **attrs):
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(v, t, list(x.shape)) for v, x in zip(names, xs)],
                          [helper.make_tensor_value_info("y", t, list(xs[0].shape))])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(op, opset, xs, **attrs):
    return compile_model(model(op, opset, xs, **attrs))["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()


def hx(a):
    a = np.asarray(a)
    return [hex(int(v)) for v in a.view(f"u{a.dtype.itemsize}").ravel()]


def err(e):
    msg = [l for l in str(e).splitlines() if l.strip()][-1]
    if "the input axis" in msg:  # drop the Op's long repr before the message
        msg = msg[msg.index("the input axis"):]
    return f"{type(e).__name__}: " + msg[:110]


if len(sys.argv) == 5:  # child: Mod-13 fmod=argv[2] of [a] by [b]
    dt, fm, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    print("ran:", run("Mod", 13, [np.array([a], dt), np.array([b], dt)], fmod=fm).tolist())
    sys.exit(0)

print("tvm", tvm.__version__)
print("(1) PRelu, x [+0, -0, +0, -0, +0, nan, -2] by slope [inf, inf, nan, -3, -3, -3, -3]")
for opset, dt in ((6, "float32"), (16, "float32"), (16, "float16"), (16, "float64")):
    x = np.array([0.0, -0.0, 0.0, -0.0, 0.0, np.nan, -2], dt)
    s = np.array([np.inf, np.inf, np.nan, -3, -3, -3, -3], dt)
    with np.errstate(invalid="ignore"):
        want = np.where(x < 0, x * s, x)
    print(f"  PRelu-{opset} {dt}: {hx(run('PRelu', opset, [x, s]))}\n      want {hx(want)}")
x2 = np.array([[0.0, -0.0, 0.0, -0.0], [0.0, np.nan, -2, 5]], np.float32)
s2 = np.array([[np.inf, np.inf, np.nan, -3], [-3, -3, -3, -3]], np.float32)
with np.errstate(invalid="ignore"):
    want = np.where(x2 < 0, x2 * s2, x2)
print(f"  PRelu-16 float32, x and slope [2, 4] (the frontend's where(x < 0, x * slope, x)):"
      f" {hx(run('PRelu', 16, [x2, s2]))}\n      want {hx(want)}")

print("(2) LeakyRelu alpha=-1.5, x [+0, -0, -2, nan]")
for opset, dt in ((6, "float32"), (16, "float16")):
    x = np.array([0.0, -0.0, -2, np.nan], dt)
    print(f"  LeakyRelu-{opset} {dt}: {hx(run('LeakyRelu', opset, [x], alpha=-1.5))}"
          f" want {hx(np.where(x < 0, x * x.dtype.type(-1.5), x))}")

print("(3) LeakyRelu-16 double, x [-2^-1022 * 1.5, -1, -3]")
x = np.array([-1.5 * 2.0**-1022, -1, -3], np.float64)
a32 = float(np.float32(0.01))
print(f"  no alpha attribute: {hx(run('LeakyRelu', 16, [x]))}")
print(f"  alpha=0.01 given:   {hx(run('LeakyRelu', 16, [x], alpha=0.01))}")
print(f"  want (x * float32 0.01 = {a32!r}): {hx(x * a32)}")
print(f"  x * decimal 0.01:                 {hx(x * 0.01)}")

print("(4) LeakyRelu-16 bfloat16, default alpha, x [0x8340, 0x8402, 0x843f, 0xbf80]")
xb = np.array([0x8340, 0x8402, 0x843F, 0xBF80], np.uint16).view(BF16)
xf = xb.astype(np.float32)
print(f"  tvm:  {hx(run('LeakyRelu', 16, [xb]))}")
print(f"  want (alpha rounded to bfloat16 {hx(np.array([0.01], BF16))[0]}, product rounded): "
      f"{hx((xf * np.float32(np.array(0.01, BF16))).astype(BF16))}")
print(f"  x * float32 alpha, rounded once to bfloat16 (a deviation): "
      f"{hx((xb.astype(np.float64) * float(np.float32(0.01))).astype(np.float32).astype(BF16))}")

print("(5) errors")
for what, op, opset, xs, attrs in (
        ("PRelu-16 int32", "PRelu", 16, [np.array([-3, 3], np.int32)] * 2, {}),
        ("PRelu-9 uint64", "PRelu", 9, [np.array([3, 3], np.uint64)] * 2, {}),
        ("PRelu-16 int32, x and slope [2, 2]", "PRelu", 16, [np.array([[-3, 3], [-2, 2]], np.int32)] * 2, {}),
        ("PRelu-16 bfloat16", "PRelu", 16, [np.array([-3, 3], BF16)] * 2, {}),
        ("PRelu-16 float16 rank 0", "PRelu", 16, [np.array(-3, np.float16)] * 2, {}),
        ("PRelu-16 float16 shape [0]", "PRelu", 16, [np.zeros([0], np.float16)] * 2, {}),
        ("Mod-13 bfloat16 fmod=1", "Mod", 13, [np.array([7, -7], BF16), np.array([2, 2], BF16)], {"fmod": 1})):
    try:
        print(f"  {what}: ran -> {run(op, opset, xs, **attrs).tolist()}")
    except Exception as e:
        print(f"  {what}: {err(e)}")

print("(6) integer Mod-13, each in a child process")
for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
    info = np.iinfo(dt)
    cases = [(7, 0, 0)] + ([(info.min, -1, 0), (-7, 2, 0), (-7, 2, 1)] if info.min < 0 else [(7, 2, 0)])
    if dt == "int32":
        cases += [(7, 0, 1), (info.min, -1, 1)]
    for a, b, fm in cases:
        want = "any (ONNX is silent)" if b == 0 else str(int(np.fmod(a, b)) if fm else a % b)
        p = subprocess.run([sys.executable, __file__, dt, str(fm), str(a), str(b)], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"  Mod-13 fmod={fm} {dt} {a} % {b}: {status}: {p.stdout.strip()}  want {want}")

print("(7) models a conformant backend refuses (built with onnx.helper, not checked)")
F8 = ml_dtypes.float8_e4m3fn
for what, op, opset, xs, t_out, attrs in (
        ("Mod-13 float, fmod=0 (float needs fmod=1)", "Mod", 13,
         [np.array([-7.5, 7.5], np.float32), np.array([2, -2], np.float32)], None, {}),
        ("Identity-13 on float8e4m3fn (from Identity-19)", "Identity", 13, [np.array([1, -2], F8)], TP.FLOAT8E4M3FN, {}),
        ("Identity-1 on bfloat16 (from Identity-13)", "Identity", 1, [np.array([1, -2], BF16)], None, {}),
        ("LeakyRelu-6 on bfloat16 (from LeakyRelu-16)", "LeakyRelu", 6, [np.array([1, -2], BF16)], None, {}),
        ("Identity-13 with a second input", "Identity", 13, [np.array([1, -2], np.float32)] * 2, None, {}),
        ("PRelu-9 with a uint8 output", "PRelu", 9, [np.array([1, -2], np.float32)] * 2, TP.UINT8, {}),
        ("LeakyRelu-16 with an unknown attribute", "LeakyRelu", 16, [np.array([1, -2], np.float32)], None,
         {"onnxcts_unknown": 1})):
    m = model(op, opset, xs, **attrs)
    if t_out is not None:
        m.graph.output[0].type.tensor_type.elem_type = t_out
    try:
        r = compile_model(m)["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()
        print(f"  {what}: ran -> {r.tolist()} ({r.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {err(e)}")
