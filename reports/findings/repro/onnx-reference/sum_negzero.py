"""onnx's ReferenceEvaluator: Sum (6, 8, 13) of -0 inputs gives +0.
op_sum.py computes `sum(args)`, Python's built-in sum, which starts from
the int 0: 0 + (-0.0) is +0, so Sum(-0), Sum(-0, -0), ... are +0 where
IEEE 754 (and numpy's own -0.0 + -0.0) give -0. The other values are the
left-to-right sum in the tensor's own format (numpy's float16 / bfloat16
adds), as onnxcts's reference. Also BitShift-11 by the width or more,
which the evaluator answers with 0 (numpy's left_shift / right_shift).
Expected answers: numpy's own -0.0 + -0.0 and Python ints.
    build/venv/bin/python reports/findings/repro/onnx-reference/sum_negzero.py"""
import inspect
import numpy as np, ml_dtypes, onnx
from onnx import helper, TensorProto as TP
from onnx.reference import ReferenceEvaluator
from onnx.reference.ops import op_sum

CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}
UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def run(op, opset, xs, **attrs):
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, t, list(x.shape)) for n, x in zip(names, xs)],
                          [helper.make_tensor_value_info("y", t, list(xs[0].shape))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    return ReferenceEvaluator(m).run(None, dict(zip(names, xs)))[0]


print("onnx", onnx.__version__, "| op_sum.Sum._run:", inspect.getsource(op_sum.Sum._run).strip().splitlines()[-1].strip())
print("(1) Sum of signed zeros")
for dt in ("float16", "float32", "float64", "bfloat16"):
    nz, pz = np.array([-0.0], dt), np.array([0.0], dt)
    ut = UINT[nz.itemsize]
    h = lambda a: hex(np.asarray(a).view(ut).ravel()[0])
    for opset in (6, 8, 13) if dt != "bfloat16" else (13,):
        got = [h(run("Sum", opset, xs)) for xs in ([nz], [nz, nz], [nz, nz, nz], [nz, pz])]
        print(f"  Sum-{opset} {dt}: Sum(-0) -> {got[0]}, Sum(-0, -0) -> {got[1]}, Sum(-0, -0, -0) -> {got[2]},"
              f" Sum(-0, +0) -> {got[3]}; want {h(nz)}, {h(nz + nz)}, {h(nz + nz + nz)}, {h(nz + pz)}")
print("  Python: sum([np.float32(-0.0)]) =", sum([np.float32(-0.0)]), "| sum(..., start=-0.0) =",
      sum([np.float32(-0.0)], start=-0.0))
rng = np.random.default_rng(1)
xs = [(rng.uniform(-1, 1, 65536) * 2.0 ** rng.integers(-8, 8, 65536)).astype(np.float16) for _ in range(3)]
y = run("Sum", 13, xs).view(np.uint16)
print(f"  Sum-13 float16, 3 inputs, 65536 random: {int((y != ((xs[0] + xs[1]) + xs[2]).view(np.uint16)).sum())}"
      " differ from left to right in float16")
print("(2) BitShift-11 by the width or more")
for dt in ("uint8", "uint16", "uint32", "uint64"):
    w = np.iinfo(dt).bits
    x = np.array([1, 0xFF, 5, np.iinfo(dt).max], dt); s = np.array([w, w + 1, w - 1, np.iinfo(dt).max], dt)
    for d in ("LEFT", "RIGHT"):
        want = [(int(v) << int(k) if d == "LEFT" else int(v) >> int(k)) % 2 ** w if k < w else 0 for v, k in zip(x, s)]
        print(f"  {dt} {d} {x.tolist()} by {s.tolist()} -> {run('BitShift', 11, [x, s], direction=d).tolist()} want {want}")
