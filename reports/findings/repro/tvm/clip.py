"""TVM (Relax ONNX frontend, llvm, Relax VM) on Clip, apart from the two
findings with their own scripts (clip6_float16.py: float16 Clip-6 answers
float32; clip6_missing_input.py: SIGSEGV on a Clip-6 with no input):
1. Clip-6 with a bound attribute left out: the frontend's defaults are -inf
   and +inf, where ONNX's are float's lowest / highest (-+3.4028235e38): on
   float +-inf stay infinite, on double every value beyond +-FLT_MAX stays;
2. a NaN x becomes a bound: topi.maximum(x, min) picks min for a NaN x
   (min is -inf at Clip-6 when left out, so a NaN becomes -inf) (deviation);
3. a NaN min is replaced by -inf before the clamp (the frontend's
   `_sanitize_nan_clip_bound`), so every non-NaN x comes out as itself and
   a NaN x as -inf (deviation: onnxcts's reference gives NaN everywhere);
4. Clip(-0) with min +0 gives +0 (deviation);
5. bfloat16 with a bound: refused ("not supported for isnan op", the
   NaN-bound check of 3. has no bfloat16 kernel); without bounds it runs;
6. models a conformant backend refuses, which TVM compiles and runs.
Expected answers are written out (np.clip with the spec's bounds).
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python clip.py 2>/dev/null"""
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
from common import compile_model
import tvm

BF16 = ml_dtypes.bfloat16
NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.BFLOAT16: BF16,
      TP.INT32: np.int32, TP.UINT8: np.uint8, TP.BOOL: np.bool_, TP.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn}


def model(opset, t, n, bounds=(), tout=None, extra=False, **attrs):
    names = ["x"] + [b for b, _ in bounds] + (["x"] if extra else [])
    inits = [helper.make_tensor(b, t, [], np.array([v]).astype(NP[t]).tobytes(), raw=True) for b, v in bounds]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", t, [n])],
                          [helper.make_tensor_value_info("y", tout or t, [n])], inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def hx(a):
    a = np.atleast_1d(np.asarray(a))
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


def err(e):
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    return f"{type(e).__name__}: " + (lines[-1] if lines else "")[:110]


def show(label, opset, t, x, bounds=(), want=None, silent=False, **attrs):
    x = np.array(x).astype(NP[t])
    try:
        y = compile_model(model(opset, t, len(x), bounds, **attrs))["main"](tvm.runtime.tensor(x)).numpy()
    except Exception as e:
        print(f"  {label}: refused: {err(e)}")
        return
    want = np.array(want).astype(NP[t])
    same = hx(y) == hx(want)
    mark = "" if same else "   <- differs where the spec is silent" if silent else "   <- differs"
    print(f"  {label} x={hx(x)}\n    -> {hx(y)}\n    want {hx(want)}{mark}")


FMAX = float(np.finfo(np.float32).max)
print("tvm", tvm.__version__)
print("(1) Clip-6 with a bound left out (ONNX's defaults -+FLT_MAX)")
show("Clip-6 float, no attributes", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[FMAX, -FMAX, 1])
show("Clip-6 float, max=1", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[1, -FMAX, 1], max=1.0)
show("Clip-6 double, no attributes", 6, TP.DOUBLE, [np.inf, 1e300, -1e300, 1], want=[FMAX, FMAX, -FMAX, 1])
show("Clip-13 float, no bounds (from 11 a bound left out is no bound)", 13, TP.FLOAT, [np.inf, -np.inf, 1],
     want=[np.inf, -np.inf, 1])

print("(2) a NaN x (spec silent; onnxcts's reference keeps the NaN)")
show("Clip-6 float, no attributes", 6, TP.FLOAT, [np.nan, 1], want=[np.nan, 1], silent=True)
show("Clip-6 double, max=1", 6, TP.DOUBLE, [np.nan, 2], want=[np.nan, 1], silent=True, max=1.0)
show("Clip-13 float, min -1, max 6", 13, TP.FLOAT, [np.nan, 7], bounds=[("min", -1), ("max", 6)],
     want=[np.nan, 6], silent=True)
show("Clip-13 float16, min 6 above max -1", 13, TP.FLOAT16, [np.nan, 2], bounds=[("min", 6), ("max", -1)],
     want=[np.nan, -1], silent=True)
show("Clip-13 float, no bounds", 13, TP.FLOAT, [np.nan, 2], want=[np.nan, 2])

print("(3) a NaN min, max 6 (spec silent; the reference gives NaN)")
for t in (TP.FLOAT, TP.DOUBLE, TP.FLOAT16):
    show(f"Clip-13 {np.dtype(NP[t]).name}", 13, t, [1, -5, 7, np.nan], bounds=[("min", np.nan), ("max", 6)],
         want=[np.nan] * 4, silent=True)

print("(4) Clip(-0) with min +0, max 6 (spec silent; the reference keeps -0)")
for t in (TP.FLOAT, TP.DOUBLE, TP.FLOAT16):
    show(f"Clip-13 {np.dtype(NP[t]).name}", 13, t, [-0.0, 0.0, -1], bounds=[("min", 0), ("max", 6)],
         want=[-0.0, 0.0, 0.0], silent=True)

print("(5) bfloat16")
show("Clip-13 bfloat16, no bounds", 13, TP.BFLOAT16, [np.inf, -2, 1], want=[np.inf, -2, 1])
show("Clip-13 bfloat16, min -1", 13, TP.BFLOAT16, [np.inf, -2, 1], bounds=[("min", -1)], want=[np.inf, -1, 1])

print("(6) models a conformant backend refuses")
CASES = [
    ("Clip-13 on bool", 13, TP.BOOL, [True, False], [], None, {}, False),
    ("Clip-13 on float8e4m3fn", 13, TP.FLOAT8E4M3FN, [1.5, -2], [], None, {}, False),
    ("Clip-6 on int32 (float types only)", 6, TP.INT32, [-7, 7], [], None, {"min": 0.0, "max": 3.0}, False),
    ("Clip-11 on uint8 (integers from Clip-12)", 11, TP.UINT8, [250, 7], [("min", 2), ("max", 9)], None, {}, False),
    ("Clip-12 on bfloat16 (from Clip-13)", 12, TP.BFLOAT16, [1.5, -2], [], None, {}, False),
    ("Clip-13 with a fourth input", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0), ("max", 1)], None, {}, True),
    ("Clip-13 output declared uint8", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0)], TP.UINT8, {}, False),
    ("Clip-13 with an unknown attribute", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0)], None, {"onnxcts_unknown": 1}, False),
]
for what, opset, t, values, bounds, tout, attrs, extra in CASES:
    x = np.array(values).astype(NP[t])
    try:
        y = compile_model(model(opset, t, len(values), bounds, tout, extra, **attrs))["main"](tvm.runtime.tensor(x)).numpy()
        print(f"  {what}: ran -> {y.astype(np.float64).tolist()} ({y.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {err(e)}")
