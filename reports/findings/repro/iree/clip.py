"""IREE (iree-import-onnx, llvm-cpu, target cpu generic, local-sync, f64
kept) on Clip (the run of 2026-12-03, 22:40 UTC):

1. the subnormal flush of the earlier sections, where a bound is given:
   Clip-11/12/13 with min, Clip-6 with min or max, on float, double and
   bfloat16 (float16 is clamped in float32, where its subnormals are
   normal): a positive subnormal comes out 0, a negative one against min
   +0 comes out -0 (its sign kept; a deviation); without bounds x passes
   through untouched;
2. unsigned integers are clamped as signed ones of the same bits
   (uint8 0xff is -1 < 10; with min 10 and max 200, 200 is -56 and every
   element becomes max);
3. an unsigned x given as an initializer does not compile (the constant
   becomes a signed `torch.vtensor.literal`, as Identity's);
4. Clip-6 with `max` and no `min` kills iree-compile (SIGSEGV, exit -11),
   on float, double and float16; min alone, both, or neither compile;
5. Clip-6 with a bound left out has no bound there (ONNX's defaults are
   float's lowest / highest): +-inf stay infinite on float, and on double
   every value beyond +-FLT_MAX stays;
6. a NaN x gives a bound, and a NaN min makes every element max
   (deviations: onnxcts's reference keeps a NaN x, and a NaN min gives NaN);
7. models a conformant backend refuses: IREE compiles and runs them.
Expected answers are written out (np.clip with the spec's bounds).
    cd reports/findings/repro/iree && ../../../../build/venv/bin/python clip.py 2>/dev/null"""
import importlib.metadata, subprocess
import numpy as np, onnx, ml_dtypes
from onnx import helper, TensorProto as TP
from common import compile_model, first_error

BF16 = ml_dtypes.bfloat16
KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.BFLOAT16: BF16,
      TP.UINT8: np.uint8, TP.UINT16: np.uint16, TP.UINT32: np.uint32, TP.INT32: np.int32, TP.BOOL: np.bool_,
      TP.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn}


def model(opset, t, n, bounds=(), x_init=None, tout=None, **attrs):
    names = ["x"] + [b for b, _ in bounds]
    ins = [] if x_init is not None else [helper.make_tensor_value_info("x", t, [n])]
    inits = [] if x_init is None else [helper.make_tensor("x", t, [n], x_init.tobytes(), raw=True)]
    inits += [helper.make_tensor(b, t, [], np.array([v]).astype(NP[t]).tobytes(), raw=True) for b, v in bounds]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("y", tout or t, [n])], inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def hx(a):
    a = np.atleast_1d(np.asarray(a))
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


def err(e):
    if "Error code: -11" in str(e):
        return "iree-compile died (Error code: -11, SIGSEGV)"
    if isinstance(e, subprocess.CalledProcessError):
        return "iree-import-onnx: " + (e.stderr or b"").decode(errors="replace").strip().splitlines()[-1][:100]
    return first_error(e)


def run(opset, t, x, bounds=(), x_init=False, tout=None, **attrs):
    x = np.array(x).astype(NP[t])
    m = model(opset, t, len(x), bounds, x if x_init else None, tout, **attrs)
    f = compile_model(m, KEEP_F64)
    r = f() if x_init else f(x)
    return x, np.array(r.to_host(), copy=True)


def show(label, opset, t, x, bounds=(), want=None, silent=(), x_init=False, **attrs):
    try:
        x, y = run(opset, t, x, bounds, x_init, **attrs)
    except Exception as e:
        print(f"  {label}: refused: {err(e)}")
        return
    want = np.array(want).astype(NP[t])
    gb, wb = hx(y)[1:-1].split(", "), hx(want)[1:-1].split(", ")
    bad = [i for i, (g, w) in enumerate(zip(gb, wb)) if g != w]
    mark = "" if not bad else "   <- differs where the spec is silent" if set(bad) <= set(silent) else "   <- differs"
    print(f"  {label} x={hx(x)}\n    -> {hx(y)}\n    want {hx(want)}{mark}")


FMAX = float(np.finfo(np.float32).max)
SUB32, SUB64 = 2.0**-149, 2.0**-1074
print("iree-base-compiler", importlib.metadata.version("iree-base-compiler"),
      "| iree-base-runtime", importlib.metadata.version("iree-base-runtime"))
print("(1) subnormals, where a bound is given")
show("Clip-13 float, min -1", 13, TP.FLOAT, [SUB32, -SUB32, 2.0**-126, 1], bounds=[("min", -1)],
     want=[SUB32, -SUB32, 2.0**-126, 1])
show("Clip-13 float, min 0, max 6", 13, TP.FLOAT, [SUB32, -SUB32, -0.0, 7], bounds=[("min", 0), ("max", 6)],
     want=[SUB32, 0, -0.0, 6], silent=(1, 2))
show("Clip-13 double, min -1", 13, TP.DOUBLE, [SUB64, -SUB64, 1], bounds=[("min", -1)], want=[SUB64, -SUB64, 1])
show("Clip-13 bfloat16, min -1", 13, TP.BFLOAT16, [2.0**-133, -(2.0**-133), 1], bounds=[("min", -1)],
     want=[2.0**-133, -(2.0**-133), 1])
show("Clip-6 float, min=-1", 6, TP.FLOAT, [SUB32, -SUB32, 1], want=[SUB32, -SUB32, 1], min=-1.0)
show("Clip-13 float16, min -1 (right)", 13, TP.FLOAT16, [2.0**-24, -(2.0**-24), 1], bounds=[("min", -1)],
     want=[2.0**-24, -(2.0**-24), 1])
show("Clip-13 float, no bounds (right)", 13, TP.FLOAT, [SUB32, -SUB32, 1], want=[SUB32, -SUB32, 1])

print("(2) unsigned integers clamped as signed")
show("Clip-13 uint8, min 10", 13, TP.UINT8, [255, 128, 5, 100], bounds=[("min", 10)], want=[255, 128, 10, 100])
show("Clip-13 uint8, min 10, max 200", 13, TP.UINT8, [255, 128, 5, 100], bounds=[("min", 10), ("max", 200)],
     want=[200, 128, 10, 100])
show("Clip-13 uint32, min 10, max 200", 13, TP.UINT32, [2**32 - 1, 2**31, 5, 100], bounds=[("min", 10), ("max", 200)],
     want=[200, 200, 10, 100])

print("(3) an unsigned x as an initializer")
show("Clip-13 uint16 x initializer, no bounds", 13, TP.UINT16, [65535, 7], x_init=True, want=[65535, 7])
show("Clip-13 int32 x initializer, no bounds (right)", 13, TP.INT32, [-5, 7], x_init=True, want=[-5, 7])

print("(4) Clip-6 with max and no min")
show("Clip-6 float, max=1", 6, TP.FLOAT, [-np.inf, 2, 0.5], want=[-FMAX, 1, 0.5], max=1.0)
show("Clip-6 float16, max=6", 6, TP.FLOAT16, [-np.inf, 7, 0.5], want=[-np.inf, 6, 0.5], max=6.0)
show("Clip-6 float, min=-1, max=1 (compiles)", 6, TP.FLOAT, [-2, 2, 0.5], want=[-1, 1, 0.5], min=-1.0, max=1.0)

print("(5) Clip-6 with a bound left out (ONNX's defaults -+FLT_MAX)")
show("Clip-6 float, no attributes", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[FMAX, -FMAX, 1])
show("Clip-6 double, min=0", 6, TP.DOUBLE, [np.inf, 1e300, 1], want=[FMAX, FMAX, 1], min=0.0)
show("Clip-13 float, no bounds (from 11 a bound left out is no bound)", 13, TP.FLOAT, [np.inf, -np.inf, 1],
     want=[np.inf, -np.inf, 1])

print("(6) NaN (spec silent; the reference keeps a NaN x, and a NaN min gives NaN)")
show("Clip-13 float, min -1, max 6", 13, TP.FLOAT, [np.nan, 7], bounds=[("min", -1), ("max", 6)],
     want=[np.nan, 6], silent=(0,))
show("Clip-13 float16, min NaN, max 6", 13, TP.FLOAT16, [1, -5, 7, np.nan], bounds=[("min", np.nan), ("max", 6)],
     want=[np.nan] * 4, silent=(0, 1, 2, 3))
show("Clip-13 double, min NaN, max 6", 13, TP.DOUBLE, [1, -5, 7, np.nan], bounds=[("min", np.nan), ("max", 6)],
     want=[np.nan] * 4, silent=(0, 1, 2, 3))

print("(7) models a conformant backend refuses")
CASES = [
    ("Clip-13 on bool", 13, TP.BOOL, [True, False], [], None, {}),
    ("Clip-13 on float8e4m3fn", 13, TP.FLOAT8E4M3FN, [1.5, -2], [], None, {}),
    ("Clip-6 on int32 (float types only)", 6, TP.INT32, [-7, 7], [], None, {"min": 0.0, "max": 3.0}),
    ("Clip-11 on uint8 (integers from Clip-12)", 11, TP.UINT8, [250, 7], [("min", 2)], None, {}),
    ("Clip-12 on bfloat16 (from Clip-13)", 12, TP.BFLOAT16, [1.5, -2], [("min", -1)], None, {}),
]
for what, opset, t, values, bounds, tout, attrs in CASES:
    try:
        x, y = run(opset, t, values, bounds, tout=tout, **attrs)
        print(f"  {what}: ran -> {y.astype(np.float64).tolist()} ({y.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {err(e)}")
