"""onnx.reference.ReferenceEvaluator on PRelu and LeakyRelu where x is +0 or -0.
The spec writes f(x) = slope * x for x < 0 and f(x) = x for x >= 0, so a zero
(and a NaN) is returned as it is. The evaluator's PRelu is
np.where(x > 0, x, x * slope): a zero takes the product branch, so a negative
slope flips its sign and an infinite or NaN slope makes it NaN. Its LeakyRelu
multiplies x by 1 or alpha, (x > 0) deciding: with a negative alpha a zero
flips its sign. Part (3): must-reject models of the four ops that it runs
(the models go to the evaluator as built; onnx.checker's verdict is printed
beside, and it misses one of them: Mod on float with fmod=0).
Expected answers: the spec's formula with numpy (x < 0 picks the product).
    build/venv/bin/python reports/findings/repro/onnx-reference/prelu_leakyrelu_zeros.py"""
import inspect
import warnings
import ml_dtypes
import numpy as np
import onnx
from onnx import TensorProto as T, helper
from onnx.reference import ReferenceEvaluator
from onnx.reference.ops import op_leaky_relu, op_prelu

warnings.simplefilter("ignore")  # numpy's warnings on inf * 0
CODE = {np.float16: T.FLOAT16, np.float32: T.FLOAT, np.float64: T.DOUBLE, ml_dtypes.bfloat16: T.BFLOAT16}
UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def evaluate(op, opset, feeds, types, out=None, **attrs):
    names = list(feeds)
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, t, [len(v)]) for (n, v), t in zip(feeds.items(), types)],
                          [helper.make_tensor_value_info("y", out or types[0], None)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=9)
    return ReferenceEvaluator(m).run(None, feeds)[0]


hx = lambda a: [hex(v) for v in np.asarray(a).view(UINT[np.asarray(a).dtype.itemsize])]
print("onnx", onnx.__version__)
print("  op_prelu.PRelu._run:", inspect.getsource(op_prelu.PRelu._run).split("return ")[1].split("\n")[0])
print("  op_leaky_relu._leaky_relu:", " | ".join(l.strip() for l in inspect.getsource(op_leaky_relu._leaky_relu).splitlines()[1:]))

print("(1) PRelu: x = +0, -0 against slopes +inf, -inf, NaN, -2, 2")
for dt in (np.float16, ml_dtypes.bfloat16, np.float32, np.float64):
    x = np.array([0.0] * 5 + [-0.0] * 5, dt)
    s = np.array([np.inf, -np.inf, np.nan, -2, 2] * 2, dt)
    want = np.where(x < 0, x * s, x)
    for opset in ((16,) if dt is ml_dtypes.bfloat16 else (6, 9, 16)):  # bfloat16 from PRelu-16
        y = evaluate("PRelu", opset, {"x": x, "slope": s}, [CODE[dt]] * 2)
        bad = int((y.view(UINT[y.itemsize]) != want.view(UINT[y.itemsize])).sum())
        print(f"  PRelu-{opset} {np.dtype(dt).name}: -> {hx(y)}\n      want {hx(want)}: {bad} of 10 differ")

print("(2) LeakyRelu: x = [+0, -0, -2, 3, NaN]")
for dt in (np.float16, ml_dtypes.bfloat16, np.float32, np.float64):
    x = np.array([0.0, -0.0, -2, 3, np.nan], dt)
    for alpha in (0.01, -1.5):
        for opset in (6, 16):
            if dt is ml_dtypes.bfloat16 and opset == 6:
                continue  # not in LeakyRelu-6's types
            y = evaluate("LeakyRelu", opset, {"x": x}, [CODE[dt]], alpha=alpha)
            # alpha: the float32 attribute rounded to the tensor's type (as onnxcts's reference does)
            a = np.asarray(np.float32(alpha)).astype(dt)
            want = np.where(x < 0, (x.astype(np.float64) * np.float64(a)).astype(dt), x)
            bad = int((y.view(UINT[y.itemsize]) != want.view(UINT[y.itemsize])).sum())
            print(f"  LeakyRelu-{opset} {np.dtype(dt).name} alpha={alpha}: -> {hx(y)}  want {hx(want)}: {bad} of 5 differ")

print("(3) must-reject models it runs (and what onnx.checker.check_model(full_check=True) says)")
CASES = [  # what is wrong, op, opset, feeds, input types, output type, attributes
    ("Mod-13 on float with fmod=0 (fmod=1 required)", "Mod", 13,
     {"a": np.array([5.5, -5.5], np.float32), "b": np.array([2, 2], np.float32)}, [T.FLOAT] * 2, None, {}),
    ("Mod-13 with fmod a FLOAT attribute", "Mod", 13,
     {"a": np.array([5.5, -5.5], np.float32), "b": np.array([2, 2], np.float32)}, [T.FLOAT] * 2, None, {"fmod": 1.0}),
    ("Mod-10 on bfloat16 (from Mod-13)", "Mod", 10,
     {"a": np.array([5.5, -5.5], ml_dtypes.bfloat16), "b": np.array([2, 2], ml_dtypes.bfloat16)}, [T.BFLOAT16] * 2,
     None, {"fmod": 1}),
    ("Identity-13 on float8e4m3fn (from Identity-19)", "Identity", 13,
     {"x": np.array([1, -2], ml_dtypes.float8_e4m3fn)}, [T.FLOAT8E4M3FN], None, {}),
    ("Identity-25 output declared uint8", "Identity", 25, {"x": np.array([1.5, -2], np.float32)}, [T.FLOAT], T.UINT8, {}),
    ("PRelu-9 on int8 (from PRelu-16)", "PRelu", 9,
     {"x": np.array([-3, 4], np.int8), "slope": np.array([2, 2], np.int8)}, [T.INT8] * 2, None, {}),
    ("LeakyRelu-16 on int32", "LeakyRelu", 16, {"x": np.array([-300, 4], np.int32)}, [T.INT32], None, {}),
    ("LeakyRelu-16 with an unknown attribute", "LeakyRelu", 16, {"x": np.array([-3, 4], np.float32)}, [T.FLOAT], None,
     {"onnxcts_unknown": 1}),
    ("PRelu-16 with an unknown attribute (refused)", "PRelu", 16,
     {"x": np.array([-3, 4], np.float32), "slope": np.array([2, 2], np.float32)}, [T.FLOAT] * 2, None,
     {"onnxcts_unknown": 1}),
]
for what, op, opset, feeds, types, out, attrs in CASES:
    names = list(feeds)
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, t, [2]) for n, t in zip(names, types)],
                          [helper.make_tensor_value_info("y", out or types[0], [2])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    try:
        onnx.checker.check_model(m, full_check=True)
        checker = "checker accepted"
    except Exception as e:
        checker = f"checker refused ({type(e).__name__})"
    shown = ", ".join(str(v.tolist()) for v in feeds.values())
    try:
        y = ReferenceEvaluator(m).run(None, feeds)[0]
        ran = f"evaluator RAN: {op}({shown}) = {y.tolist()} ({y.dtype})"
    except Exception as e:
        ran = f"evaluator refused: {type(e).__name__}: {str(e)[:70]}"
    print(f"  {what}: {checker}; {ran}")
