"""tinygrad's ONNX runner on the two ops the arithmetic suite gained.
  (1) Sum-13 float16 of three inputs keeps the partial sum in float and
      rounds once (a deviation: the reference adds left to right in
      float16). The runner folds Sum with Tensor.add; the fused kernel's
      CLANG renderer types half as __fp16, a storage-only clang type whose
      arithmetic is done in float, so (a + b) + c is rounded to half only
      when stored. Two inputs (one rounding) are right; float32 is left to
      right; -0 + -0 stays -0.
  (2) BitShift: the runner has no BitShift.
Expected answers: numpy (each numpy float16 / float32 add is one
correctly rounded IEEE addition in the array's own format).
    cd reports/findings/repro/tinygrad && ../../../../build/venv/bin/python sum_bitshift.py 2>/dev/null"""
import os, tempfile, importlib.metadata
import numpy as np, onnx
from onnx import helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Device
from tinygrad.nn.onnx import OnnxRunner

CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "uint8": TP.UINT8, "uint32": TP.UINT32}


def run(op, opset, xs, **attrs):
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, t, list(x.shape)) for n, x in zip(names, xs)],
                          [helper.make_tensor_value_info("y", t, list(xs[0].shape))])
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return OnnxRunner(p)(dict(zip(names, xs)))["y"].numpy()


print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__)
print("(1) Sum")
a, b, c = (np.array([v], np.uint16).view(np.float16) for v in (0x2800, 0xD7FF, 0xA800))
y = run("Sum", 13, [a, b, c])
wide = (a.astype(np.float32) + b.astype(np.float32) + c.astype(np.float32)).astype(np.float16)
print(f"  Sum-13 float16 (0x2800, 0xd7ff, 0xa800) = (2^-5, -127.9375, -2^-5) -> {hex(y.view(np.uint16)[0])};"
      f" left to right in float16 {hex(((a + b) + c).view(np.uint16)[0])}, float partial sums {hex(wide.view(np.uint16)[0])}")
rng = np.random.default_rng(1)
for ft, ut, wt in ((np.float16, np.uint16, np.float32), (np.float32, np.uint32, np.float64)):
    n = 65536
    xs = [(rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-8, 8, n)).astype(ft) for _ in range(3)]
    for k in (2, 3):
        y = run("Sum", 13, xs[:k]).view(ut)
        l2r = xs[0] + xs[1] if k == 2 else (xs[0] + xs[1]) + xs[2]
        wide = sum(x.astype(wt) for x in xs[:k]).astype(ft)
        print(f"  Sum-13 {np.dtype(ft).name}, {k} inputs, {n} random: {int((y != l2r.view(ut)).sum())} differ from"
              f" left to right in {np.dtype(ft).name}, {int((y != wide.view(ut)).sum())} from {np.dtype(wt).name}"
              f" partial sums rounded once")
for ft, ut in ((np.float16, np.uint16), (np.float32, np.uint32)):
    z = np.array([-0.0], ft)
    print(f"  Sum-13 {np.dtype(ft).name}: Sum(-0) -> {hex(run('Sum', 13, [z]).view(ut)[0])},"
          f" Sum(-0, -0) -> {hex(run('Sum', 13, [z, z]).view(ut)[0])},"
          f" Sum(-0, -0, -0) -> {hex(run('Sum', 13, [z, z, z]).view(ut)[0])}; want {hex(z.view(ut)[0])}")
print("(2) BitShift-11")
for dt in ("uint8", "uint32"):
    x = np.array([1, 255], dt); s = np.array([3, 1], dt)
    try:
        print(f"  {dt} LEFT {x.tolist()} by {s.tolist()} ->", run("BitShift", 11, [x, s], direction="LEFT").tolist())
    except Exception as e:
        print(f"  {dt} LEFT {x.tolist()} by {s.tolist()} -> {type(e).__name__}: {str(e)[:80]}  want [8, 254]")
