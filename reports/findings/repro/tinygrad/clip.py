"""tinygrad's ONNX runner (CPU, CLANG renderer) on Clip (the run of
2026-12-03, 22:40 UTC).
  (1) Clip-6 with a bound attribute left out: the runner's Clip is
      `x if min is None and max is None else x.clip(min, max)`, with the
      attributes' absence as None, so a missing bound is no bound, where
      ONNX's defaults are float's lowest / highest (-+3.4028235e38): +-inf
      stay infinite on float, every value beyond +-FLT_MAX on double;
  (2) a NaN min (max 6): every non-NaN x comes out as itself, a NaN x
      stays NaN (a deviation: onnxcts's reference gives NaN everywhere);
  (3) bfloat16: a scalar bfloat16 initializer (a bound, as in the suite)
      stops the model at load: the runner's parser folds scalar
      initializers with Tensor.item(), and Tensor.data() has no format for
      bfloat16 ("no fmt dtype for dtypes.bfloat16"); the bounds fed as
      inputs run and are right; x as an initializer meets the clang 14
      `__bf16` failure of the page's bfloat16 section;
  (4) models a conformant backend refuses: the runner runs them.
Expected answers: np.clip with the spec's bounds; bfloat16 through
ml_dtypes, fed and read as bits (Tensor.bitcast), as the adapter does.
    cd reports/findings/repro/tinygrad && ../../../../build/venv/bin/python clip.py 2>/dev/null"""
import os, tempfile, importlib.metadata
import numpy as np, onnx, ml_dtypes
from onnx import helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes
from tinygrad.nn.onnx import OnnxRunner

BF16 = ml_dtypes.bfloat16
NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.BFLOAT16: BF16,
      TP.INT32: np.int32, TP.UINT8: np.uint8, TP.BOOL: np.bool_}


def path(opset, t, n, bounds=(), bounds_as_inputs=False, x_init=None, tout=None, extra=False, **attrs):
    names = ["x"] + [b for b, _ in bounds] + (["x"] if extra else [])
    ins = [] if x_init is not None else [helper.make_tensor_value_info("x", t, [n])]
    inits = [] if x_init is None else [helper.make_tensor("x", t, [n], x_init.tobytes(), raw=True)]
    for b, v in bounds:
        if bounds_as_inputs:
            ins.append(helper.make_tensor_value_info(b, t, []))
        else:
            inits.append(helper.make_tensor(b, t, [], np.array([v]).astype(NP[t]).tobytes(), raw=True))
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("y", tout or t, [n])], inits)
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


def feed(a):
    return Tensor(a.view(np.uint16)).bitcast(dtypes.bfloat16) if a.dtype == BF16 else Tensor(a)


def out(y):
    return y.bitcast(dtypes.uint16).numpy().view(BF16) if y.dtype == dtypes.bfloat16 else y.numpy()


def hx(a):
    a = np.atleast_1d(np.asarray(a))
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


def err(e):
    return f"{type(e).__name__}: " + str(e).strip().splitlines()[0][:90]


def show(label, opset, t, x, bounds=(), want=None, silent=False, bounds_as_inputs=False, x_init=False, **attrs):
    x = np.array(x).astype(NP[t])
    try:
        p = path(opset, t, len(x), bounds, bounds_as_inputs, x if x_init else None, **attrs)
        feeds = {} if x_init else {"x": feed(x)}
        if bounds_as_inputs:
            feeds |= {b: feed(np.array(v).astype(NP[t])) for b, v in bounds}
        y = out(OnnxRunner(p)(feeds)["y"])
    except Exception as e:
        print(f"  {label}: refused: {err(e)}")
        return
    want = np.array(want).astype(NP[t])
    mark = "" if hx(y) == hx(want) else "   <- differs where the spec is silent" if silent else "   <- differs"
    print(f"  {label} x={hx(x)}\n    -> {hx(y)}\n    want {hx(want)}{mark}")


FMAX = float(np.finfo(np.float32).max)
print("tinygrad", importlib.metadata.version("tinygrad"))
print("(1) Clip-6 with a bound left out (ONNX's defaults -+FLT_MAX)")
show("Clip-6 float, no attributes", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[FMAX, -FMAX, 1])
show("Clip-6 float, max=1", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[1, -FMAX, 1], max=1.0)
show("Clip-6 double, min=-1", 6, TP.DOUBLE, [np.inf, 1e300, -1e300, 1], want=[FMAX, FMAX, -1, 1], min=-1.0)
show("Clip-6 float16, no attributes (FLT_MAX is inf in float16)", 6, TP.FLOAT16, [np.inf, -np.inf, 1], want=[np.inf, -np.inf, 1])
show("Clip-13 float, no bounds (from 11 a bound left out is no bound)", 13, TP.FLOAT, [np.inf, -np.inf, 1],
     want=[np.inf, -np.inf, 1])

print("(2) a NaN min, max 6 (spec silent; the reference gives NaN)")
for t in (TP.FLOAT, TP.DOUBLE, TP.FLOAT16):
    show(f"Clip-13 {np.dtype(NP[t]).name}", 13, t, [1, -5, 7, np.nan], bounds=[("min", np.nan), ("max", 6)],
         want=[np.nan] * 4, silent=True)
show("Clip-13 float, NaN x, -0 with min +0 (right)", 13, TP.FLOAT, [np.nan, -0.0, -1],
     bounds=[("min", 0), ("max", 6)], want=[np.nan, -0.0, 0])

print("(3) bfloat16 Clip-13, min -1")
show("bounds as initializers (the suite's layout)", 13, TP.BFLOAT16, [np.inf, -2, 1], bounds=[("min", -1)],
     want=[np.inf, -1, 1])
show("bounds as graph inputs", 13, TP.BFLOAT16, [np.inf, -2, 1], bounds=[("min", -1)], bounds_as_inputs=True,
     want=[np.inf, -1, 1])
show("x an initializer, no bounds", 13, TP.BFLOAT16, [np.inf, -2, 1], x_init=True, want=[np.inf, -2, 1])

print("(4) models a conformant backend refuses")
CASES = [
    ("Clip-13 on bool", 13, TP.BOOL, [True, False], [], None, {}, False),
    ("Clip-6 on int32 (float types only)", 6, TP.INT32, [-7, 7], [], None, {"min": 0.0, "max": 3.0}, False),
    ("Clip-11 on uint8 (integers from Clip-12)", 11, TP.UINT8, [250, 7], [("min", 2), ("max", 9)], None, {}, False),
    ("Clip-12 on bfloat16 (from Clip-13)", 12, TP.BFLOAT16, [1.5, -2], [], None, {}, False),
    ("Clip-6 with a second input", 6, TP.FLOAT, [-1.5, 2.5], [], None, {}, True),
    ("Clip-13 output declared uint8", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0)], TP.UINT8, {}, False),
]
for what, opset, t, values, bounds, tout, attrs, extra in CASES:
    x = np.array(values).astype(NP[t])
    try:
        y = out(OnnxRunner(path(opset, t, len(values), bounds, tout=tout, extra=extra, **attrs))({"x": feed(x)})["y"])
        print(f"  {what}: ran -> {y.astype(np.float64).tolist()} ({y.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {err(e)}")
