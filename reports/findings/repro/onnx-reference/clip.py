"""onnx.reference.ReferenceEvaluator on Clip.

(1) the bounds: Clip-11, -12, -13 with a bound left out apply no bound
    there (`Clip_11._run` returns the input untouched when neither bound is
    given and passes None for a missing one to np.clip), so +-inf stay
    infinite, as onnxcts's reference has it (holding them at the type's
    largest finite value would be the deviation); Clip-6 fills in its
    FLOAT attributes' schema defaults (+-FLT_MAX), rounded to the tensor's
    type (+-inf in float16). All agree with onnxcts's reference.
(2) models a conformant runtime refuses, one per kind the evaluator runs:
    a dtype outside the version's T, a fourth input, an output declared
    uint8; an unknown attribute is refused.
No onnx.checker: the models go to the evaluator as built.

    build/venv/bin/python reports/findings/repro/onnx-reference/clip.py
"""
import warnings
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator

NP = {T.FLOAT: np.float32, T.DOUBLE: np.float64, T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16,
      T.INT32: np.int32, T.BOOL: np.bool_, T.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn, T.UINT8: np.uint8}


def model(opset, tin, inputs, tout=None, **attrs):
    ins = [helper.make_tensor_value_info("x", tin, [3])] + [
        helper.make_tensor_value_info(n, tin, []) for n in inputs[1:] if n]
    g = helper.make_graph([helper.make_node("Clip", inputs, ["y"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("y", tout or tin, [3])])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=9)


def hx(a):
    a = np.asarray(a)
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


warnings.simplefilter("ignore", RuntimeWarning)  # float16 overflow of +-FLT_MAX in Clip-6
print("onnx", onnx.__version__)
print("(1) x = [+inf, -inf, 1]")
for t in (T.FLOAT, T.DOUBLE, T.FLOAT16, T.BFLOAT16):
    dt = NP[t]
    x = np.array([np.inf, -np.inf, 1], dt)
    for opset, inputs, lo in ((6, ["x"], None), (11, ["x"], None), (13, ["x"], None), (13, ["x", "lo"], -1.0)):
        if (t == T.BFLOAT16) != (opset == 13) and not (opset == 13 and lo is not None):
            continue
        feeds = {"x": x} | ({"lo": np.array(lo, dt)} if lo is not None else {})
        y = ReferenceEvaluator(model(opset, t, inputs)).run(None, feeds)[0]
        want = np.array([np.inf, -np.inf if lo is None else lo, 1], dt)
        if opset == 6:  # Clip-6: float attributes, default +-FLT_MAX rounded to the tensor's type
            want = np.array([np.float32(3.4028234663852886e38), -np.float32(3.4028234663852886e38), 1]).astype(dt)
        mark = "" if hx(y) == hx(want) else "   <- differs"
        print(f"  Clip-{opset} {np.dtype(dt).name} {'min=' + str(lo) if lo is not None else 'no bounds'}:"
              f" {hx(y)}  want {hx(want)}{mark}")

print("(2) models to refuse")
CASES = [  # what is wrong, opset, input type, inputs, output type
    ("Clip-6 on int32 (float types only)", 6, T.INT32, ["x"], None),
    ("Clip-11 on int32 (integers from Clip-12)", 11, T.INT32, ["x", "lo"], None),
    ("Clip-12 on bfloat16 (from Clip-13)", 12, T.BFLOAT16, ["x", "lo"], None),
    ("Clip-13 on bool", 13, T.BOOL, ["x"], None),
    ("Clip-13 on float8e4m3fn", 13, T.FLOAT8E4M3FN, ["x", "lo"], None),
    ("Clip-13 with a fourth input", 13, T.FLOAT, ["x", "lo", "hi", "z"], None),
    ("Clip-13 output declared uint8", 13, T.FLOAT, ["x", "lo"], T.UINT8),
    ("Clip-13 with an unknown attribute", 13, T.FLOAT, ["x", "lo"], None),
]
for what, opset, t, inputs, tout in CASES:
    attrs = {"onnxcts_unknown": 1} if "unknown" in what else {}
    dt = NP[t]
    feeds = {"x": np.array([1, 0, 3]).astype(dt)} | {n: np.array(1).astype(dt) for n in inputs[1:]}
    try:
        y = ReferenceEvaluator(model(opset, t, inputs, tout, **attrs)).run(None, feeds)[0]
        print(f"  {what}: RAN -> {np.asarray(y).astype(np.float64).tolist()} ({y.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {type(e).__name__}: {str(e).splitlines()[0][:90]}")
