"""tract on Clip (the run of 2026-12-03, 22:40 UTC):

1. Clip-6 with a bound attribute left out has no bound there: tract reads
   `min` / `max` as optional f32s and applies only the ones present, where
   ONNX's defaults are float's lowest / highest (-+3.4028235e38). So +-inf
   stay infinite on float, and on double every value beyond +-FLT_MAX
   (+-inf included) stays as it is;
2. a NaN x with a bound gives that bound (min when given, else max): a
   deviation (the spec is silent; onnxcts's reference keeps the NaN);
3. a NaN min (max 6): x itself for every non-NaN x, and a NaN x gives 6
   (deviation; the reference gives NaN everywhere);
4. Clip(-0) with min +0 gives +0 on float and double, -0 on float16
   (deviation; the reference keeps -0);
5. bfloat16: not supported ("Unknown DatumType Bfloat16");
6. models a conformant backend refuses (bool at every version, integers
   at 6 and 11, an output declared uint8, an unknown attribute): tract runs
   them.
Expected answers: numpy (np.clip with the spec's bounds), bits compared.
Standalone: onnx.helper builds the models, tract's own Python API runs
them.
    build/venv/bin/python reports/findings/repro/tract/clip.py
"""
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.INT32: np.int32,
      TP.UINT8: np.uint8, TP.BOOL: np.bool_}


def model(opset, tin, n, bounds=(), tout=None, **attrs):
    """Clip over x (graph input); bounds: (name, value) initializers, in min, max order."""
    names = ["x"] + [b for b, _ in bounds]
    if [b for b, _ in bounds] == ["max"]:
        names = ["x", "", "max"]
    inits = [helper.make_tensor(b, tin, [], np.array([v], NP[tin]).tobytes(), raw=True) for b, v in bounds]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", tin, [n])],
                          [helper.make_tensor_value_info("y", tout or tin, [n])], inits)
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return path


def run(path, x):
    return tract.onnx().load(path).into_model().into_runnable().run([x])[0].to_numpy()


def hx(a):
    a = np.atleast_1d(np.asarray(a))
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


def show(label, opset, t, x, bounds=(), want=None, silent=False, **attrs):
    x = np.array(x, NP[t])
    try:
        y = run(model(opset, t, len(x), bounds, **attrs), x)
    except tract.TractError as e:
        print(f"  {label}: refused: {str(e).splitlines()[0][:110]}")
        return
    want = np.array(want, NP[t])
    same = hx(y) == hx(want) or (np.array_equal(np.isnan(y), np.isnan(want)) and hx(y[~np.isnan(y)]) == hx(want[~np.isnan(want)]))
    mark = "" if same else "   <- differs where the spec is silent" if silent else "   <- differs"
    print(f"  {label} x={hx(x)}\n    -> {hx(y)}\n    want {hx(want)}{mark}")


FMAX = np.finfo(np.float32).max
print("tract", tract.version())
print("(1) Clip-6 with a bound left out (defaults -+FLT_MAX)")
show("Clip-6 float, no attributes", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[FMAX, -FMAX, 1])
show("Clip-6 float, max=1", 6, TP.FLOAT, [np.inf, -np.inf, 1], want=[1, -FMAX, 1], max=1.0)
show("Clip-6 double, no attributes", 6, TP.DOUBLE, [np.inf, 1e300, -1e300, 1], want=[FMAX, FMAX, -FMAX, 1])
show("Clip-6 double, min=0", 6, TP.DOUBLE, [np.inf, 1e300, -1e300, 1], want=[FMAX, FMAX, 0, 1], min=0.0)
show("Clip-6 float16, no attributes (FLT_MAX is inf in float16)", 6, TP.FLOAT16, [np.inf, -np.inf, 1], want=[np.inf, -np.inf, 1])
show("Clip-13 float, no bounds (from 11 a bound left out is no bound)", 13, TP.FLOAT, [np.inf, -np.inf, 1], want=[np.inf, -np.inf, 1])

print("(2) a NaN x (spec silent; the reference keeps it)")
show("Clip-13 float, min -1", 13, TP.FLOAT, [np.nan, 2], bounds=[("min", -1)], want=[np.nan, 2], silent=True)
show("Clip-13 float, min -1, max 6", 13, TP.FLOAT, [np.nan, 7], bounds=[("min", -1), ("max", 6)], want=[np.nan, 6], silent=True)
show("Clip-6 double, max=1", 6, TP.DOUBLE, [np.nan, 2], want=[np.nan, 1], silent=True, max=1.0)
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
g = helper.make_graph([helper.make_node("Clip", ["x"], ["y"])], "g", [helper.make_tensor_value_info("x", TP.BFLOAT16, [2])],
                      [helper.make_tensor_value_info("y", TP.BFLOAT16, [2])])
path = os.path.join(tempfile.mkdtemp(), "m.onnx")
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
try:
    tract.onnx().load(path).into_model()
    print("  Clip-13 bfloat16: loaded")
except tract.TractError as e:
    print("  Clip-13 bfloat16: refused:", " / ".join(l.strip() for l in str(e).splitlines() if "DatumType" in l)[:140])

print("(6) models a conformant backend refuses")
CASES = [
    ("Clip-13 on bool", 13, TP.BOOL, [True, False], [], None, {}),
    ("Clip-6 on int32 (float types only)", 6, TP.INT32, [-7, 7], [], None, {"min": 0.0, "max": 3.0}),
    ("Clip-11 on uint8 (integers from Clip-12)", 11, TP.UINT8, [250, 7], [("min", 2), ("max", 9)], None, {}),
    ("Clip-13 output declared uint8", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0)], TP.UINT8, {}),
    ("Clip-13 with an unknown attribute", 13, TP.FLOAT, [-1.5, 2.5], [("min", 0)], None, {"onnxcts_unknown": 1}),
]
for what, opset, t, values, bounds, tout, attrs in CASES:
    try:
        y = run(model(opset, t, len(values), bounds, tout, **attrs), np.array(values, NP[t]))
        print(f"  {what}: ran -> {y.tolist()} ({y.dtype})")
    except tract.TractError as e:
        print(f"  {what}: refused: {str(e).splitlines()[0][:100]}")
