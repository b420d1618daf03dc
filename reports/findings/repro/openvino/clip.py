# OpenVINO CPU on Clip (6, 11, 12, 13): every input fed, and every output
# read, as raw bits; the bounds are initializers (as in the suite) unless a
# line says "bounds as inputs"; x is a graph input ("run") or an
# initializer the plugin folds ("folded"). Expected answers are written
# out per line (the spec's: below min -> min, above max -> max, else x;
# Clip-6's defaults are float's lowest / highest, rounded to the tensor's
# type; from Clip-11 a bound left out is no bound). A line ends "<- differs"
# for a failure and "<- differs where the spec is silent" for a deviation
# (a NaN input or bound, a zero meeting a zero of the other sign, an
# infinity held at the largest finite value when no bound was given).
#   1. double runs in float32;
#   2. int64 runs on its low 32 bits; folded, saturated to int32;
#   3. uint32 / uint64 compared as signed 32-bit; a folded uint32 saturates;
#   4. folding flushes float subnormals and loses -0;
#   5. Clip-6 without bounds: the frontend's defaults are double's extremes,
#      which become +-inf in float32, so +-inf are not held at +-FLT_MAX;
#   6. a NaN input gives the lower bound (deviation);
#   7. a NaN min or max given as a constant: compile_model throws in the
#      ClampFusion pass (the same bounds as graph inputs compile);
#   8. Clip(-0) with min +0 gives +0 (deviation);
#   9. from Clip-11, +-inf without a bound is held at +-the largest finite
#      value (the frontend fills a missing bound with lowest() / max())
#      (deviation);
#  10. models a conformant runtime refuses, which it runs.
# The crashes on float8 / float4 / int4 / uint4 are in clip_reject_crash.py.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
#   build/venv/bin/python reports/findings/repro/openvino/clip.py
import os
import platform
import tempfile

import ml_dtypes
import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
TYPES = {TP.DOUBLE: (ov.Type.f64, np.uint64), TP.FLOAT: (ov.Type.f32, np.uint32),
         TP.FLOAT16: (ov.Type.f16, np.uint16), TP.BFLOAT16: (ov.Type.bf16, np.uint16),
         TP.INT64: (ov.Type.i64, np.uint64), TP.UINT64: (ov.Type.u64, np.uint64),
         TP.INT32: (ov.Type.i32, np.uint32), TP.UINT32: (ov.Type.u32, np.uint32),
         TP.UINT8: (ov.Type.u8, np.uint8)}
core = ov.Core()
tmp = tempfile.mkdtemp()


def clip(opset, t, x, lo=None, hi=None, folded=False, bounds_as_inputs=False, config=None, tout=None,
         extra=False, **attrs):
    """OpenVINO's answer (bits) to Clip over x (bits); lo / hi are bits or None."""
    ov_type, carrier = TYPES[t]
    n = len(x)
    xa = np.array(x, carrier)
    names = ["x", "" if lo is None else "lo", "" if hi is None else "hi"] + (["x"] if extra else [])
    while len(names) > 1 and names[-1] == "":
        names.pop()
    inits, ins, feeds = [], [], []
    if folded:
        inits.append(helper.make_tensor("x", t, [n], xa.tobytes(), raw=True))
    else:
        ins.append(helper.make_tensor_value_info("x", t, [n]))
        feeds.append((xa, [n]))
    for name, v in (("lo", lo), ("hi", hi)):
        if v is None:
            continue
        a = np.array([v], carrier)
        if bounds_as_inputs:
            ins.append(helper.make_tensor_value_info(name, t, []))
            feeds.append((a, []))
        else:
            inits.append(helper.make_tensor(name, t, [], a.tobytes(), raw=True))
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("y", tout or t, [n])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    try:
        request = core.compile_model(core.read_model(path), "CPU", config or {}).create_infer_request()
        for i, (a, shape) in enumerate(feeds):
            request.set_input_tensor(i, ov.Tensor(a.reshape(shape) if shape else a.reshape(()), shape, ov_type))
        request.infer()
        out = np.array(request.get_output_tensor().data).reshape(-1)
        return out.view(f"u{out.itemsize}").tolist()
    except Exception as e:
        import re
        lines = [l.strip() for l in str(e).splitlines() if l.strip()]
        keep = [l.split(" (")[0] for l in lines if "ClampFusion" in l][:1] + lines[-1:]
        return "refused: " + re.sub(r"_\d+", "_N", " | ".join(keep))[:220]


def fb(t, v):
    """bits of a value v in type t"""
    if t == TP.BFLOAT16:
        return int(np.array([v], ml_dtypes.bfloat16).view(np.uint16)[0])
    ft = {TP.DOUBLE: np.float64, TP.FLOAT: np.float32, TP.FLOAT16: np.float16}.get(t)
    if ft is None:
        return int(v) & ((1 << (8 * np.dtype(TYPES[t][1]).itemsize)) - 1)
    with np.errstate(over="ignore"):
        return int(np.array([v], ft).view(TYPES[t][1])[0])


def hexs(t, bits):
    w = 2 * np.dtype(TYPES[t][1]).itemsize
    return "[" + ", ".join(f"0x{b:0{w}x}" for b in bits) + "]"


FLT_MAX = float(np.finfo(np.float32).max)
NAN = float("nan")
INF = float("inf")
T = TP
# (cause, label, clip kwargs, want (bits), silent: element indices where the spec is silent)
PROBES = [
    (1, "Clip-13 double (run), no bounds", dict(opset=13, t=T.DOUBLE, x=[INF, 2.0**-1022, 1e300, 1 + 2**-52, 5e-324]),
     [INF, 2.0**-1022, 1e300, 1 + 2**-52, 5e-324], ()),
    (1, "Clip-13 double (run), min -1, max 6", dict(opset=13, t=T.DOUBLE, x=[2.0**-1022, -(1 + 2**-52), 1 + 2**-52], lo=-1.0, hi=6.0),
     [2.0**-1022, -1.0, 1 + 2**-52], ()),
    (1, "Clip-6 double (run), no bounds (defaults +-FLT_MAX)", dict(opset=6, t=T.DOUBLE, x=[INF, 1e300, 2.0**-1022, 1 + 2**-52]),
     [FLT_MAX, FLT_MAX, 2.0**-1022, 1 + 2**-52], ()),
    (2, "Clip-13 int64 (run), min -1, max 6", dict(opset=13, t=T.INT64, x=[2**63 - 1, 2**31, 2**32 + 5, -3], lo=-1, hi=6),
     [6, 6, 6, -1], ()),
    (2, "Clip-13 int64 (run), no bounds", dict(opset=13, t=T.INT64, x=[2**63 - 1, 2**31, 2**32 + 5, -3]),
     [2**63 - 1, 2**31, 2**32 + 5, -3], ()),
    (2, "Clip-13 int64 (folded), no bounds", dict(opset=13, t=T.INT64, x=[2**63 - 1, 2**31, 2**32 + 5, -3], folded=True),
     [2**63 - 1, 2**31, 2**32 + 5, -3], ()),
    (3, "Clip-13 uint32 (run), min 10, max 200", dict(opset=13, t=T.UINT32, x=[2**32 - 1, 2**31, 5, 100], lo=10, hi=200),
     [200, 200, 10, 100], ()),
    (3, "Clip-13 uint32 (run), no bounds", dict(opset=13, t=T.UINT32, x=[2**32 - 1, 2**31, 5]), [2**32 - 1, 2**31, 5], ()),
    (3, "Clip-13 uint32 (folded), no bounds", dict(opset=13, t=T.UINT32, x=[2**32 - 1, 2**31, 5], folded=True),
     [2**32 - 1, 2**31, 5], ()),
    (3, "Clip-13 uint64 (run), min 10, max 200", dict(opset=13, t=T.UINT64, x=[2**64 - 1, 2**63, 2**32 + 5, 5], lo=10, hi=200),
     [200, 200, 200, 10], ()),
    (4, "Clip-13 float (folded), no bounds", dict(opset=13, t=T.FLOAT, x=[1e-45, -1e-45, -0.0, 1.0], folded=True),
     [1e-45, -1e-45, -0.0, 1.0], ()),
    (4, "Clip-13 float (run), no bounds", dict(opset=13, t=T.FLOAT, x=[1e-45, -1e-45, -0.0, 1.0]),
     [1e-45, -1e-45, -0.0, 1.0], ()),
    (5, "Clip-6 float (run), no bounds", dict(opset=6, t=T.FLOAT, x=[INF, -INF, NAN, 1.0]),
     [FLT_MAX, -FLT_MAX, NAN, 1.0], (2,)),
    (5, "Clip-6 float16 (run), no bounds (FLT_MAX is inf in float16)", dict(opset=6, t=T.FLOAT16, x=[INF, -INF, NAN, 1.0]),
     [INF, -INF, NAN, 1.0], (2,)),
    (6, "Clip-13 float (run), no bounds", dict(opset=13, t=T.FLOAT, x=[NAN, -NAN, 1.0]), [NAN, -NAN, 1.0], (0, 1)),
    (6, "Clip-13 float (run), min -1", dict(opset=13, t=T.FLOAT, x=[NAN, -NAN, 1.0], lo=-1.0), [NAN, -NAN, 1.0], (0, 1)),
    (6, "Clip-13 bfloat16 (run), min 0, max 6", dict(opset=13, t=T.BFLOAT16, x=[NAN, 7.0, -1.0], lo=0.0, hi=6.0),
     [NAN, 6.0, 0.0], (0,)),
    (7, "Clip-13 float (run), min NaN, max 6", dict(opset=13, t=T.FLOAT, x=[NAN, 1.0, 7.0], lo=NAN, hi=6.0),
     [NAN, NAN, NAN], (0, 1, 2)),
    (7, "Clip-13 float (run), min NaN", dict(opset=13, t=T.FLOAT, x=[NAN, 1.0, 7.0], lo=NAN), [NAN, NAN, NAN], (0, 1, 2)),
    (7, "Clip-13 float (run), max NaN", dict(opset=13, t=T.FLOAT, x=[NAN, 1.0, 7.0], hi=NAN), [NAN, NAN, NAN], (0, 1, 2)),
    (7, "Clip-13 float (run), min NaN, max 6, bounds as inputs", dict(opset=13, t=T.FLOAT, x=[NAN, 1.0, 7.0], lo=NAN, hi=6.0,
     bounds_as_inputs=True), [NAN, NAN, NAN], (0, 1, 2)),
    (8, "Clip-13 float (run), min +0, max 6", dict(opset=13, t=T.FLOAT, x=[-0.0, 0.0, -1.0], lo=0.0, hi=6.0),
     [-0.0, 0.0, 0.0], (0,)),
    (8, "Clip-6 float16 (run), min 0", dict(opset=6, t=T.FLOAT16, x=[-0.0, 0.0, -1.0], min=0.0),
     [-0.0, 0.0, 0.0], (0,)),
    (9, "Clip-13 float (run), no bounds", dict(opset=13, t=T.FLOAT, x=[INF, -INF, 1.0]), [INF, -INF, 1.0], (0, 1)),
    (9, "Clip-11 float16 (run), min -1", dict(opset=11, t=T.FLOAT16, x=[INF, -INF, 1.0], lo=-1.0), [INF, -1.0, 1.0], (0,)),
    (9, "Clip-13 bfloat16 (run), no bounds", dict(opset=13, t=T.BFLOAT16, x=[INF, -INF, 1.0]), [INF, -INF, 1.0], (0, 1)),
]
REJECT = [
    ("Clip-6 on int32 (float types only)", dict(opset=6, t=T.INT32, x=[5, 2**32 - 5, 1], min=0.0, max=3.0)),
    ("Clip-11 on uint8 (integers from Clip-12)", dict(opset=11, t=T.UINT8, x=[5, 250, 1], lo=2, hi=9)),
    ("Clip-12 on bfloat16 (from Clip-13)", dict(opset=12, t=T.BFLOAT16, x=[0x4000, 0xc000, 0x3f80], lo=0xbf80, hi=0x3f80)),
    ("Clip-13 with a fourth input", dict(opset=13, t=T.FLOAT, x=[fb(T.FLOAT, v) for v in (5, -5, 1)],
                                         lo=fb(T.FLOAT, -1.0), hi=fb(T.FLOAT, 2.0), extra=True)),
    ("Clip-13 output declared uint8", dict(opset=13, t=T.FLOAT, x=[fb(T.FLOAT, v) for v in (5, -5, 1)], tout=T.UINT8)),
    ("Clip-13 with an unknown attribute", dict(opset=13, t=T.FLOAT, x=[fb(T.FLOAT, v) for v in (5, -5, 1)], onnxcts_unknown=1)),
]
NAMES = {1: "double runs in float32", 2: "int64 on 32 bits; folded: saturated", 3: "unsigned compared as int32",
         4: "folding flushes subnormals, loses -0", 5: "Clip-6 defaults are +-inf",
         6: "NaN input -> lower bound (deviation)", 7: "NaN bound constant: ClampFusion throws",
         8: "-0 with min +0 -> +0 (deviation)", 9: "no bound: inf held at max finite (dev.)"}

print("openvino", ov.get_version(), "|", platform.machine())
flags = open("/proc/cpuinfo").read().split("flags\t\t:")[1].split("\n")[0].split()
print("cpu features:", " ".join(f for f in ("avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16") if f in flags))
results = {}
for name, config in CONFIGS.items():
    print(f"[{name}]")
    counts = {}
    for cause, label, kw, want, silent in PROBES:
        t = kw["t"]
        kw = dict(kw)
        if t in (T.DOUBLE, T.FLOAT, T.FLOAT16, T.BFLOAT16):
            kw["x"] = [fb(t, v) for v in kw["x"]]
            for b in ("lo", "hi"):
                if kw.get(b) is not None:
                    kw[b] = fb(t, kw[b])
        else:
            kw["x"] = [fb(t, v) for v in kw["x"]]
            for b in ("lo", "hi"):
                if kw.get(b) is not None:
                    kw[b] = fb(t, kw[b])
        wb = [fb(t, v) for v in want]
        got = clip(config=config, **kw)
        if isinstance(got, str):
            mark, line = "   <- refused", got
            counts.setdefault(cause, [0, 0])[0] += 1
        else:
            isnan = lambda b: np.isnan(np.array([b], TYPES[t][1]).view({T.DOUBLE: np.float64, T.FLOAT: np.float32,
                                        T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16}.get(t, TYPES[t][1]))[0]) \
                if t in (T.DOUBLE, T.FLOAT, T.FLOAT16, T.BFLOAT16) else False
            bad = [i for i, (g, w) in enumerate(zip(got, wb)) if g != w and not (isnan(g) and isnan(w))]
            hard = [i for i in bad if i not in silent]
            mark = "   <- differs" if hard else "   <- differs where the spec is silent" if bad else ""
            c = counts.setdefault(cause, [0, 0])
            c[0 if hard else 1] += 1 if bad else 0
            line = hexs(t, got)
        results.setdefault(name, []).append(line)
        print(f"  {cause}. {label} {hexs(t, kw['x'])}\n       -> {line}  want {hexs(t, wb)}{mark}")
    print("  10. models to refuse:")
    for what, kw in REJECT:
        got = clip(config=config, **kw)
        print(f"       {what}: {got if isinstance(got, str) else 'RAN -> ' + hexs(kw.get('tout') or kw['t'], got)}")
    results[name + "-counts"] = counts
print("summary (probes that differ: wrong / where the spec is silent):")
for cause, text in NAMES.items():
    print(f"  {cause}. {text:42} " + "; ".join(
        f"{name}: {results[name + '-counts'].get(cause, [0, 0])[0]} / {results[name + '-counts'].get(cause, [0, 0])[1]}"
        for name in CONFIGS))
print("the two configurations gave the same bits on every probe:", results["default"] == results["f32+accuracy"])
