"""TVM on the two ops the arithmetic suite gained.
  (1) Sum (6, 8, 13) of -0 inputs gives +0: the frontend stacks the inputs
      and reduces them with relax.op.sum, whose sum starts from +0, and
      +0 + -0 is +0. IEEE 754 makes -0 + -0 (and a one-input Sum of -0)
      -0. Other values: left to right in the tensor's own format, as the
      reference (random float16 triples below).
  (2) BitShift-11 by the width or more (ONNX is silent; the reference
      gives 0, as numpy): TVM's answers follow the machine's masked shift
      count, not 0.
Expected answers: numpy (-0 + -0 = -0; each numpy float16 add is one
correctly rounded IEEE addition) and Python ints.
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python sum_bitshift.py 2>/dev/null"""
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
from common import compile_model
import tvm

CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}
UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def run(op, opset, xs, **attrs):
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, t, list(x.shape)) for n, x in zip(names, xs)],
                          [helper.make_tensor_value_info("y", t, list(xs[0].shape))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    return compile_model(m)["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()


print("tvm", tvm.__version__)
print("(1) Sum of signed zeros")
for dt in ("float16", "float32", "float64", "bfloat16"):
    nz, pz = np.array([-0.0], dt), np.array([0.0], dt)
    ut = UINT[nz.itemsize]
    h = lambda a: hex(a.view(ut)[0])
    for opset in (6, 8, 13) if dt != "bfloat16" else (13,):
        got = [h(run("Sum", opset, xs)) for xs in ([nz], [nz, nz], [nz, nz, nz], [nz, pz])]
        print(f"  Sum-{opset} {dt}: Sum(-0) -> {got[0]}, Sum(-0, -0) -> {got[1]}, Sum(-0, -0, -0) -> {got[2]},"
              f" Sum(-0, +0) -> {got[3]}; want {h(nz)}, {h(nz)}, {h(nz)}, {h(pz)}")
rng = np.random.default_rng(1)
xs = [(rng.uniform(-1, 1, 65536) * 2.0 ** rng.integers(-8, 8, 65536)).astype(np.float16) for _ in range(3)]
y = run("Sum", 13, xs).view(np.uint16)
wide = (xs[0].astype(np.float32) + xs[1].astype(np.float32) + xs[2].astype(np.float32)).astype(np.float16)
print(f"  Sum-13 float16, 3 inputs, 65536 random: {int((y != ((xs[0] + xs[1]) + xs[2]).view(np.uint16)).sum())}"
      f" differ from left to right in float16, {int((y != wide.view(np.uint16)).sum())} from float partial sums")

print("(2) BitShift-11 by the width or more")
for dt in ("uint8", "uint16", "uint32", "uint64"):
    w = np.iinfo(dt).bits
    x = np.array([1, 0xFF, 5, 3, np.iinfo(dt).max], dt)
    s = np.array([w, w + 1, w - 1, 2 * w, np.iinfo(dt).max], dt)
    for d in ("LEFT", "RIGHT"):
        want = [(int(v) << int(k) if d == "LEFT" else int(v) >> int(k)) % 2 ** w if k < w else 0 for v, k in zip(x, s)]
        got = run("BitShift", 11, [x, s], direction=d).tolist()
        got64 = run("BitShift", 11, [np.tile(x, 64), np.tile(s, 64)], direction=d)[:len(x)].tolist()
        print(f"  {dt} {d} {x.tolist()} by {s.tolist()}\n    -> {got}\n    -> {got64} (the same pairs"
              f" repeated 64 times, first {len(x)})\n    want {want} (0 past the width, as numpy)")
