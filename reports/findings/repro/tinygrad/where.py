"""tinygrad (CPU, CLANG renderer) on Where (the run of 2026-12-04, 03:11 UTC):

1. the suite's layout (condition [2,1,1], X a column, Y a row; output
   [2,n,n]) on float with NaN, -0 and inf: right, bits compared;
2. Where-16 on bfloat16 with X and Y fed as inputs (bitcast from uint16, as
   the adapter does) runs and is right; with X and Y as initializers (the
   suite's `.initializer` layout) the kernel is C with `__bf16`, which the
   host's clang 14 refuses for tinygrad's freestanding target (as in
   bfloat16_initializer.py); clang's errors go to stderr;
3. models a conformant backend refuses, built with onnx.helper and never
   checked: an output declared uint8 (Where-9, Where-16) and Where-9 on
   bfloat16 (bfloat16 from Where-16): the runner runs them. A fourth input,
   two inputs, an unknown attribute: refused by Python's call of the op
   function (for contrast).
    cd reports/findings/repro/tinygrad && ../../../../build/venv/bin/python where.py 2>/dev/null
"""
import os, tempfile, subprocess
import numpy as np, onnx, ml_dtypes, importlib.metadata
from onnx import helper, numpy_helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner


def model(opset, t, shapes, names=("c", "x", "y"), tout=None, out=(4,), inits=None, **attrs):
    """Where(c, x, y); `inits`: {name: numpy array} made initializers instead of inputs."""
    inits = inits or {}
    ins = [helper.make_tensor_value_info(n, tt, s) for n, tt, s in
           (("c", TP.BOOL, shapes[0]), ("x", t, shapes[1]), ("y", t, shapes[2])) if n not in inits]
    g = helper.make_graph([helper.make_node("Where", list(names), ["out"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("out", tout or t, list(out))],
                          initializer=[numpy_helper.from_array(a, n) for n, a in inits.items()])
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


def bits(t):
    return t.bitcast(dtypes.uint16).numpy() if t.dtype == dtypes.bfloat16 else t.numpy()


print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__,
      "|", subprocess.run(["clang", "--version"], capture_output=True, text=True).stdout.splitlines()[0])
print("(1) Where-16 float, condition [2,1,1], X [4,1], Y [1,4]")
c = np.array([True, False]).reshape(2, 1, 1)
x = np.array([np.nan, -0.0, np.inf, 1.5], np.float32).reshape(4, 1)
y = np.array([-np.nan, 0.0, -np.inf, -2.5], np.float32).reshape(1, 4)
got = OnnxRunner(model(16, TP.FLOAT, [[2, 1, 1], [4, 1], [1, 4]], out=(2, 4, 4)))({"c": c, "x": x, "y": y})["out"].numpy()
want = np.where(c, x, y)
print(f"  shape {list(got.shape)}, bits equal to np.where: {np.array_equal(got.view(np.uint32), want.view(np.uint32))}")

print("(2) Where-16 bfloat16, condition [T, F, T, F], X and Y bits below")
c = np.array([True, False, True, False])
xb = np.array([0x7FC0, 0x8000, 0x7F80, 0x3F80], np.uint16)  # nan -0 inf 1
yb = np.array([0xFFC0, 0x0000, 0xFF80, 0xC000], np.uint16)  # -nan 0 -inf -2
print(f"  X {[hex(v) for v in xb]}, Y {[hex(v) for v in yb]}, want {[hex(v) for v in np.where(c, xb, yb)]}")
S = [[4], [4], [4]]
feed = {"c": c, "x": Tensor(xb).bitcast(dtypes.bfloat16), "y": Tensor(yb).bitcast(dtypes.bfloat16)}
print("  X, Y as inputs:      ", [hex(v) for v in bits(OnnxRunner(model(16, TP.BFLOAT16, S))(feed)["out"])])
p = model(16, TP.BFLOAT16, S, inits={"x": xb.view(ml_dtypes.bfloat16), "y": yb.view(ml_dtypes.bfloat16)})
try:
    print("  X, Y as initializers:", [hex(v) for v in bits(OnnxRunner(p)({"c": c})["out"])])
except Exception as e:
    print("  X, Y as initializers:", type(e).__name__, str(e)[:60], "...")
    print("     (clang's own errors went to stderr: '__bf16 is not supported on this target')")

print("(3) models a conformant backend refuses (condition [T, F, T, F], X [1, 2, 3, 4], Y = -X)")
x = np.array([1, 2, 3, 4], np.float32)
xbf = x.astype(ml_dtypes.bfloat16).view(np.uint16)
for what, p, xs in [
    ("Where-9 output declared uint8", model(9, TP.FLOAT, S, tout=TP.UINT8), (x, -x)),
    ("Where-16 output declared uint8", model(16, TP.FLOAT, S, tout=TP.UINT8), (x, -x)),
    ("Where-9 on bfloat16 (bfloat16 from Where-16)", model(9, TP.BFLOAT16, S),
     (Tensor(xbf).bitcast(dtypes.bfloat16), Tensor(xbf ^ 0x8000).bitcast(dtypes.bfloat16))),
    ("Where-16 with a fourth input (refused)", model(16, TP.FLOAT, S, names=("c", "x", "y", "c")), (x, -x)),
    ("Where-16 with two inputs (refused)", model(16, TP.FLOAT, S, names=("c", "x")), (x, -x)),
    ("Where-16 with an unknown attribute (refused)", model(16, TP.FLOAT, S, onnxcts_unknown=1), (x, -x)),
]:
    try:
        out = OnnxRunner(p)({"c": c, "x": xs[0], "y": xs[1]})["out"]
        print(f"  {what}: ran -> {out.float().numpy().tolist()} ({out.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {type(e).__name__}: {str(e)[:90]}")
