"""tinygrad (CPU, CLANG renderer): (1) integer Div-14 by 0, or the signed
minimum by -1, kills the process with SIGFPE (x86's idiv/div trap); each
such run is in a child process so this script finishes. (2) Add, Sub, Mul,
Div-14, Sqrt-13, Reciprocal-13 with bfloat16 initializers fail in clang 14
(`__bf16 is not supported on this target`); fed as inputs they run. (3)
float Div on operands the generated suite does not hold (its Div pairs are
powers of two, where x * (1/y) is exact too): 100000 random pairs and 5 / 3.
Expected answers: numpy (IEEE x / y; float16's through float32, exact for
one division; bfloat16 through ml_dtypes from float32), Python ints."""
import os, subprocess, sys, tempfile
import numpy as np, onnx, ml_dtypes, importlib.metadata
from onnx import helper, numpy_helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

INTS = {"int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def path(op, opset, t, n, k=2, init=None):
    """op on k inputs of shape [n]; with init (a list of k arrays) they are initializers."""
    names = ["a", "b"][:k]
    vi = [helper.make_tensor_value_info(v, t, [n]) for v in names]
    ini = [numpy_helper.from_array(x, v) for x, v in zip(init, names)] if init is not None else []
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", [] if init is not None else vi,
                          [helper.make_tensor_value_info("y", t, [n])], initializer=ini)
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10), p)
    return p


if len(sys.argv) == 4:  # child: Div-14 of [a] by [b]
    dt = sys.argv[1]
    a, b = np.array([int(sys.argv[2])], dt), np.array([int(sys.argv[3])], dt)
    print("ran:", OnnxRunner(path("Div", 14, INTS[dt], 1))({"a": a, "b": b})["y"].numpy().tolist())
    sys.exit(0)

print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__,
      "|", subprocess.run(["clang", "--version"], capture_output=True, text=True).stdout.splitlines()[0])
print("(1) integer Div-14, each in a child process")
for dtype in INTS:
    info = np.iinfo(dtype)
    cases = [(7, 0), (-7 if info.min < 0 else 7, 2)] + ([(info.min, -1), (7, -1)] if info.min < 0 else [])
    for a, b in cases:
        want = "any (ONNX is silent)" if b == 0 else (f"{info.min} (wraps) or any" if a == info.min and b == -1
                                                     else str(int(a / b)))
        p = subprocess.run([sys.executable, __file__, dtype, str(a), str(b)], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"  Div-14 {dtype} {a} / {b}: {status}: {p.stdout.strip()}  want {want}")

print("(2) bfloat16, [1.5, 2, -0.75, 9] (op) [3, -2, 0.5, 4]")
bf = ml_dtypes.bfloat16
x0 = np.array([1.5, 2, -0.75, 9], np.float32); x1 = np.array([3, -2, 0.5, 4], np.float32)
hx = lambda v: "[" + " ".join(hex(int(u)) for u in np.asarray(v).view(np.uint16)) + "]"
for op, opset, k, ref in (("Add", 14, 2, x0 + x1), ("Sub", 14, 2, x0 - x1), ("Mul", 14, 2, x0 * x1),
                          ("Div", 14, 2, x0 / x1), ("Sqrt", 13, 1, np.sqrt(x1 * x1)), ("Reciprocal", 13, 1, 1 / x1)):
    ins = [x0, x1] if k == 2 else [x1 * x1 if op == "Sqrt" else x1]  # every answer exact in float32
    feed = {n: Tensor(x.astype(bf).view(np.uint16)).bitcast(dtypes.bfloat16) for n, x in zip("ab", ins)}
    y = OnnxRunner(path(op, opset, TP.BFLOAT16, 4, k))(feed)["y"].bitcast(dtypes.uint16).numpy()
    try:
        yi = hx(OnnxRunner(path(op, opset, TP.BFLOAT16, 4, k, [x.astype(bf) for x in ins]))({})["y"]
                .bitcast(dtypes.uint16).numpy())
    except Exception as e:
        yi = f"{type(e).__name__} ({str(e)[:38]}...)"
    print(f"  {op}-{opset}: as inputs -> {hx(y)} want {hx(ref.astype(bf))}; as initializers -> {yi}")

print("(3) float Div-14 on random operands")
rng = np.random.default_rng(1)
for t, ft, ut in ((TP.FLOAT16, np.float16, np.uint16), (TP.FLOAT, np.float32, np.uint32), (TP.DOUBLE, np.float64, np.uint64)):
    n = 100000
    a = rng.uniform(0.5, 2, n).astype(ft); b = rng.uniform(0.5, 2, n).astype(ft)
    a[0], b[0] = 5, 3
    y = OnnxRunner(path("Div", 14, t, n))({"a": a, "b": b})["y"].numpy()
    print(f"  Div-14 {np.dtype(ft).name}: 5 / 3 -> {hex(y.view(ut)[0])} want {hex((a / b).view(ut)[0])};"
          f" {n} random pairs in [0.5, 2): {int((y.view(ut) != (a / b).view(ut)).sum())} differ from x / y,"
          f" {int((y.view(ut) != (a * (ft(1) / b)).view(ut)).sum())} from x * (1/y)")
