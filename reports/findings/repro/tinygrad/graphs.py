"""tinygrad's ONNX runner on graphs of two or three nodes whose nodes, run one
at a time, give the right bits (the graph-only findings of a fuzz run).
  (1) float16: a value passed between nodes that tinygrad fuses into one
      kernel is never rounded to float16 (the CLANG renderer's half is
      clang's __fp16, whose arithmetic is float), so the next node reads
      the float value: Sqrt -> Sub, Reciprocal -> Div, and through a
      comparison or a Cast. bfloat16 is rounded between nodes.
  (2) tinygrad's symbolic rewrites across nodes: Mul(Reciprocal(x), x) is
      the constant 1 (its x / x -> 1 rule, Div being x * (1/y)), and
      Div(Mul(x, y), y) is x ((x*x2)/x2 -> x), whatever x and y hold.
  (3) bfloat16: a graph that those rewrites fold to a constant (Where(c, x,
      x) -> x, then x - x -> 0 or x / x -> 1) makes a kernel that stores a
      __bf16 constant, which clang 14 does not compile.
"Node by node" runs each node as its own model on the previous node's
numpy output. Expected answers: numpy, each node rounded to its output
type (float16 arithmetic through float32, one rounding per node; ml_dtypes
for bfloat16).
    cd reports/findings/repro/tinygrad && ../../../../build/venv/bin/python graphs.py 2>/dev/null"""
import os, subprocess, tempfile, importlib.metadata
import ml_dtypes
import numpy as np, onnx
from onnx import helper, TensorProto as TP
import common  # noqa: F401  (DEV=CPU:CLANG, CACHELEVEL=0)
from tinygrad import Tensor, dtypes, Device
from tinygrad.nn.onnx import OnnxRunner

BF = ml_dtypes.bfloat16
CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16, "bool": TP.BOOL}
UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def save(nodes, inputs, outputs):
    """nodes: (op, inputs, outputs, attrs); inputs / outputs: (name, numpy dtype name, shape)."""
    g = helper.make_graph([helper.make_node(op, i, o, **a) for op, i, o, a in nodes], "g",
                          [helper.make_tensor_value_info(n, CODE[t], s) for n, t, s in inputs],
                          [helper.make_tensor_value_info(n, CODE[t], s) for n, t, s in outputs])
    p = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10), p)
    return p


def feed(a):  # bfloat16 goes in as its bits, bitcast inside tinygrad (as onnxcts's adapter does)
    return Tensor(a.view(np.uint16)).bitcast(dtypes.bfloat16) if a.dtype == BF else a


def fetch(t):
    return t.bitcast(dtypes.uint16).numpy().view(BF) if t.dtype == dtypes.bfloat16 else t.numpy()


def graph(nodes, values, out, out_type):
    """Runs the nodes as one model; values: {name: numpy array} of the graph inputs."""
    p = save(nodes, [(n, v.dtype.name, list(v.shape)) for n, v in values.items()], [(out, out_type, None)])
    return fetch(OnnxRunner(p)({n: feed(v) for n, v in values.items()})[out])


def node_by_node(nodes, values, types):
    """Each node alone, on the numpy values the nodes before it gave; types: {output name: dtype name}."""
    values = dict(values)
    for op, ins, outs, attrs in nodes:
        names = list(dict.fromkeys(ins))
        p = save([(op, ins, outs, attrs)], [(n, values[n].dtype.name, list(values[n].shape)) for n in names],
                 [(outs[0], types[outs[0]], None)])
        values[outs[0]] = fetch(OnnxRunner(p)({n: feed(values[n]) for n in names})[outs[0]])
    return values[nodes[-1][2][0]]


def bits(a):
    a = np.atleast_1d(np.asarray(a))
    if a.dtype == bool: return "[" + " ".join(str(int(v)) for v in a) + "]"
    return "[" + " ".join(hex(int(v)) for v in a.view(UINT[a.dtype.itemsize])) + "]"


def attempt(f):
    try:
        return bits(f())
    except Exception as e:
        return f"{type(e).__name__}: {str(e)[:48]}..."


def show(label, nodes, values, out_type, types, want):
    print(f"  {label}")
    print(f"    {'graph:       ' if len(nodes) > 1 else 'one node:    '} {attempt(lambda: graph(nodes, values, nodes[-1][2][0], out_type))}")
    if len(nodes) > 1:
        print(f"    node by node: {attempt(lambda: node_by_node(nodes, values, types))}")
    print(f"    want:         {bits(want)}")


clang = subprocess.run(["clang", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
print("tinygrad", importlib.metadata.version("tinygrad"), "renderer", type(Device[Device.DEFAULT].renderer).__name__,
      "|", clang)
h16 = lambda *v: np.array(v, np.uint16).view(np.float16)

print("(1) float16 values between nodes")
x = h16(0x23ff)  # the fuzz's fuzz.f9d06fec384db
s = np.sqrt(x)   # 0.1249695 rounded to float16: 0x2fff
show("Sub(Sqrt(x), x), x = 0x23ff (Sqrt gives 0x2fff; sqrt(x) - x in float rounds to 0x2f00)",
     [("Sqrt", ["x"], ["s"], {}), ("Sub", ["s", "x"], ["y"], {})], {"x": x}, "float16",
     {"s": "float16", "y": "float16"}, s - x)
a, b = np.array([3074], np.float16), h16(0x08fa)  # fuzz.f97d7753d6738
show("Div(Reciprocal(a), b), a = 3074, b = 0x08fa",
     [("Reciprocal", ["a"], ["r"], {}), ("Div", ["r", "b"], ["y"], {})], {"a": a, "b": b}, "float16",
     {"r": "float16", "y": "float16"}, (np.float16(1) / a) / b)
c = h16(0x2eff)  # the right d is 0x2eff itself; the float d lies between 0x2eff and 0x2f00
sub = [("Sqrt", ["x"], ["s"], {}), ("Sub", ["s", "x"], ["d"], {})]
for op, ins, want in (("Greater", ["d", "c"], (s - x) > c), ("Less", ["c", "d"], c < (s - x)),
                      ("Equal", ["d", "c"], (s - x) == c), ("LessOrEqual", ["d", "c"], (s - x) <= c),
                      ("GreaterOrEqual", ["c", "d"], c >= (s - x))):
    show(f"{op}({', '.join(ins)}), d = Sub(Sqrt(x), x), c = 0x2eff", sub + [(op, ins, ["y"], {})],
         {"x": x, "c": c}, "bool", {"s": "float16", "d": "float16", "y": "bool"}, want)
for to, t, ft in ((TP.FLOAT, "float32", np.float32), (TP.DOUBLE, "float64", np.float64)):
    show(f"Cast(Sub(Sqrt(x), x), to={t})", sub + [("Cast", ["d"], ["y"], {"to": to})],
         {"x": x}, t, {"s": "float16", "d": "float16", "y": t}, (s - x).astype(ft))
show("CastLike(Sub(Sqrt(x), x), a float32 tensor)", sub + [("CastLike", ["d", "f"], ["y"], {})],
     {"x": x, "f": np.zeros(1, np.float32)}, "float32", {"s": "float16", "d": "float16", "y": "float32"},
     (s - x).astype(np.float32))

xb = np.arange(0x3c00, 0x3f80, 7, dtype=np.uint16).view(BF)  # 128 bfloat16 values in [2^-7, 1)
yb = graph(sub, {"x": xb}, "d", "bfloat16")
per_node = (np.sqrt(xb.astype(np.float32)).astype(BF).astype(np.float32) - xb.astype(np.float32)).astype(BF)
in_float = (np.sqrt(xb.astype(np.float32)) - xb.astype(np.float32)).astype(BF)
print(f"  Sub(Sqrt(x), x) bfloat16, {len(xb)} values from 0x3c00 to 0x3f79: {int((yb != per_node).sum())} differ"
      f" from rounding after each node, {int((yb != in_float).sum())} from one rounding of the float value")

print("(2) rewrites across nodes")
for ft, tiny in ((np.float32, np.array([2], np.uint32).view(np.float32)[0]),
                 (np.float16, h16(0x0001)[0]), (np.float64, np.array([1], np.uint64).view(np.float64)[0])):
    xs = np.array([0.0296215731650590, 3, tiny, -np.inf, np.nan, 0], ft)
    with np.errstate(all="ignore"):
        want = (ft(1) / xs) * xs
    t = np.dtype(ft).name
    show(f"Mul(Reciprocal(x), x) {t}, x = [0.0296, 3, {bits(tiny)} (a subnormal; 1/x overflows), -inf, nan, 0]",
         [("Reciprocal", ["x"], ["r"], {}), ("Mul", ["r", "x"], ["y"], {})], {"x": xs}, t, {"r": t, "y": t}, want)
for ft, big in ((np.float32, 3e38), (np.float64, 1e308), (np.float16, 60000)):
    xs = np.array([big, 1e-45 if ft == np.float32 else 5e-324 if ft == np.float64 else 6e-8, 2, np.inf], ft)
    ys = np.array([10, 0.5, 0, 0], ft)
    with np.errstate(all="ignore"):
        want = (xs * ys) / ys
    t = np.dtype(ft).name
    show(f"Div(Mul(x, y), y) {t}, x = {xs.tolist()}, y = {ys.tolist()}",
         [("Mul", ["x", "y"], ["m"], {}), ("Div", ["m", "y"], ["z"], {})], {"x": xs, "y": ys}, t, {"m": t, "z": t}, want)
xs = np.array([0, np.inf, np.nan], np.float32)
with np.errstate(all="ignore"):
    show("Div(x, x), one node, float32, x = [0, inf, nan]", [("Div", ["x", "x"], ["y"], {})], {"x": xs}, "float32",
         {"y": "float32"}, xs / xs)

print("(3) bfloat16 folded to a constant")
xb, cb = np.array([1.0], BF), np.array([True])  # fuzz.ffa876ce62f4a
show("Sub(x, Where(c, x, x)), x = [1.0] bfloat16, c = [True]",
     [("Where", ["c", "x", "x"], ["w"], {}), ("Sub", ["x", "w"], ["y"], {})], {"x": xb, "c": cb}, "bfloat16",
     {"w": "bfloat16", "y": "bfloat16"}, np.array([0.0], BF))
show("Div(x, Where(c, x, x))",
     [("Where", ["c", "x", "x"], ["w"], {}), ("Div", ["x", "w"], ["y"], {})], {"x": xb, "c": cb}, "bfloat16",
     {"w": "bfloat16", "y": "bfloat16"}, np.array([1.0], BF))
show("Sub(x, x), one node", [("Sub", ["x", "x"], ["y"], {})], {"x": xb}, "bfloat16", {"y": "bfloat16"},
     np.array([0.0], BF))
