"""onnxruntime (Python wheel) on Clip, with ORT's own API and onnx.helper:

(1) Clip-11 on float16 without bounds keeps +-inf (want +-65504): ORT has
    no float16 Clip-11 kernel and wraps its float one in Casts (shown by the
    session profile), and the float kernel's default bounds, +-FLT_MAX,
    become +-inf again in the Cast back; Clip-12 / 13 (a float16 kernel)
    are right;
(2) Clip-12 / 13 on int64: a value whose high 32 bits equal the bound's
    is compared on its low half as a signed 32-bit number in the vectorized
    loop (the last, odd element is right); without bounds the kernel's
    INT64_MIN / INT64_MAX meet the same fault;
(3) bfloat16 Clip-13: no kernel, so ONNX's function body runs: Identity
    without bounds (right), Less + Where with one, and Where-9 has no
    bfloat16: the model is refused;
(4) kernels ORT lacks (double at 6 and 11, int16 / uint16 at 12; at 13 the
    function body's Where lacks them);
(5) a NaN bound (spec silent): x itself (onnxcts's reference: NaN).

    build/venv/bin/python reports/findings/repro/ort-python/clip.py
"""
import json, os, tempfile
import numpy as np, ml_dtypes, onnx, onnxruntime as ort
from onnx import helper, numpy_helper, TensorProto as TP

NP = {TP.FLOAT16: np.float16, TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.INT64: np.int64,
      TP.INT16: np.int16, TP.UINT16: np.uint16}


def clip_model(opset, t, n, bounds, inits=()):
    names = ["x", "" if bounds[0] is None else "lo", "" if bounds[1] is None else "hi"]
    while names[-1] == "" and len(names) > 1:
        names.pop()
    ins = [helper.make_tensor_value_info("x", t, [n])] + [
        helper.make_tensor_value_info(v, t, []) for v in names[1:] if v]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"])], "g", ins,
                          [helper.make_tensor_value_info("y", t, [n])], initializer=list(inits))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)


def session(m, profile=False):
    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    so.log_severity_level = 4
    if profile:
        so.enable_profiling = True
        so.profile_file_prefix = os.path.join(tempfile.mkdtemp(), "p")
    return ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])


def hx(a):
    a = np.atleast_1d(np.asarray(a))
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}")) + "]"


def want_of(x, lo, hi):
    f = x.dtype.kind == "f"
    lo = (-np.inf if f else np.iinfo(x.dtype).min) if lo is None else lo
    hi = (np.inf if f else np.iinfo(x.dtype).max) if hi is None else hi
    return np.array([hi if lo > hi else hi if v > hi else lo if v < lo else v for v in x], x.dtype)


def show(label, opset, t, x, lo=None, hi=None, want=None, profile=False, silent=()):
    x = np.array(x, NP[t])
    feeds = {"x": x}
    if lo is not None: feeds["lo"] = np.array(lo, NP[t])
    if hi is not None: feeds["hi"] = np.array(hi, NP[t])
    want = want_of(x, feeds.get("lo"), feeds.get("hi")) if want is None else np.array(want, NP[t])
    try:
        s = session(clip_model(opset, t, len(x), (lo, hi)), profile)
        y = s.run(None, feeds)[0]
        ops = ""
        if profile:
            ev = json.load(open(s.end_profiling()))
            ops = " (nodes run: " + ", ".join(e["args"]["op_name"] for e in ev
                                              if e.get("cat") == "Node" and e["name"].endswith("_kernel_time")) + ")"
        diff = [i for i, (a, b) in enumerate(zip(hx(y)[1:-1].split(", "), hx(want)[1:-1].split(", "))) if a != b]
        mark = (f"   <- differs at {diff}" if set(diff) - set(silent) else
                f"   <- differs where the spec is silent at {diff}" if diff else "")
        print(f"  {label}{ops}\n    -> {hx(y)}\n    want {hx(want)}{mark}")
    except Exception as e:
        print(f"  {label}\n    -> refused: {str(e).split(' : ')[-1].splitlines()[0][:150]}")


print("onnxruntime", ort.__version__)
print("(1) no bounds: +inf, -inf, 1 (held at +-the largest finite value: a deviation)")
for op in (11, 12, 13):
    show(f"Clip-{op} float16", op, TP.FLOAT16, [np.inf, -np.inf, 1], profile=True, silent=(0, 1))
show("Clip-11 float", 11, TP.FLOAT, [np.inf, -np.inf, 1], profile=True, silent=(0, 1))
show("Clip-13 double, min -2", 13, TP.DOUBLE, [np.inf, -np.inf, 1], -2, silent=(0,))

print("(2) int64 a = -2^32 (0xffffffff00000000), b = 2^31 (0x0000000080000000); index 4 is past the last 2-lane packet")
a, b = -2**32, 2**31
for op in (12, 13):
    show(f"Clip-{op} int64 x=[a, b, 5, a, b] min=-1 max=6", op, TP.INT64, [a, b, 5, a, b], -1, 6)
    show(f"Clip-{op} int64 x=[a, b, 5, a, b] min=-1", op, TP.INT64, [a, b, 5, a, b], -1)
c, d = -2**63 + 2**31, 2**63 - 1 - 2**31  # 0x8000000080000000, 0x7fffffff7fffffff
show("Clip-13 int64 x=[c, d, 5, c, d], c = 0x8000000080000000, d = 0x7fffffff7fffffff (no bounds)", 13, TP.INT64,
     [c, d, 5, c, d])

print("(3) bfloat16 Clip-13 (initializers in, Cast to float out)")
for with_min in (False, True):
    x = onnx.helper.make_tensor("x", TP.BFLOAT16, [3], np.array([np.inf, -np.inf, 1], ml_dtypes.bfloat16).view(np.uint16).tobytes(), raw=True)
    inits = [x] + ([onnx.helper.make_tensor("lo", TP.BFLOAT16, [], np.array(-1, ml_dtypes.bfloat16).view(np.uint16).tobytes(), raw=True)] if with_min else [])
    g = helper.make_graph([helper.make_node("Clip", ["x", "lo"] if with_min else ["x"], ["c"]),
                           helper.make_node("Cast", ["c"], ["y"], to=TP.FLOAT)], "g", [],
                          [helper.make_tensor_value_info("y", TP.FLOAT, [3])], initializer=inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    label = f"Clip-13 bfloat16 x=[0x7f80, 0xff80, 0x3f80]{' min=0xbf80' if with_min else ''}"
    try:
        y = session(m).run(None, {})[0]
        got = (y.view(np.uint32) >> 16).astype(np.uint16)
        print(f"  {label}\n    -> {hx(got)}\n    want [0x7f80, {'0xbf80' if with_min else '0xff80'}, 0x3f80]")
    except Exception as e:
        print(f"  {label}\n    -> refused: {str(e).split(' : ')[-1].splitlines()[0][:150]}")

print("(4) kernels ORT lacks")
show("Clip-6 double x=[2, -2]", 6, TP.DOUBLE, [2, -2])
show("Clip-11 double x=[2, -2] min=-1", 11, TP.DOUBLE, [2, -2], -1)
show("Clip-12 int16 x=[300, -300] min=-1 max=6", 12, TP.INT16, [300, -300], -1, 6)
show("Clip-13 int16 x=[300, -300] min=-1 max=6", 13, TP.INT16, [300, -300], -1, 6)
show("Clip-13 uint16 x=[300, 3] min=5", 13, TP.UINT16, [300, 3], 5)
show("Clip-13 int16 x=[300, -300] (no bounds)", 13, TP.INT16, [300, -300])

print("(5) a NaN min, max 6 (spec silent; onnxcts's reference: NaN for every non-NaN x)")
show("Clip-13 float x=[1, -5, 7, NaN] min=NaN max=6", 13, TP.FLOAT, [1, -5, 7, np.nan], np.nan, 6,
     want=[np.nan] * 4, silent=(0, 1, 2, 3))
