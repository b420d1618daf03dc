# OpenVINO CPU on Where (9, 16): every input fed, and every output read, as
# raw bits. Where copies bits: X where the condition is true, else Y. Each
# probe feeds condition [2, 1] (true, false), X [1, n] and Y [1, n] (graph
# inputs, "run") or has X and Y as initializers ("folded": the plugin
# converts them at compile time; with the condition an initializer too, as
# in the suite's `.initializer` cases, the whole Where folds to one
# constant, with the same bits); row 0 of the answer should be X and row 1
# Y. The expected answer is numpy's np.where over the same bits. A line
# ends "<- differs" where OpenVINO's bits are not np.where's.
#   1. double: the CPU plugin runs the Select in f32 (Convert f64->f32
#      before, f32->f64 after): +-inf -> +-FLT_MAX, tiny values -> 0,
#      every double rounded to float32; folded, the same;
#   2. int64: the Select runs in i32 (low 32 bits, sign-extended back);
#      folded, each value is first saturated to int32's range;
#   3. uint64: the same in i32; folded, saturated to 0x7fffffff;
#   4. uint32: run, right (u32 -> i32 -> u32 keeps the bits); folded,
#      saturated to 0x7fffffff;
#   5. float: run, right; folded, a constant tensor that holds a subnormal
#      has its subnormals and its -0 turned into +0 (one without a
#      subnormal keeps its -0);
#   6. models a conformant runtime refuses, which it runs (and two it does
#      refuse).
# After each probe, the executed graph the CPU plugin reports
# (compiled_model.get_runtime_model(): layer type, runtime precision ->
# output precision; the boolean condition's Convert to u8 left out).
# The [f32+accuracy] block is one line when its bits are [default]'s; with
# --full it is printed in full.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
#   build/venv/bin/python reports/findings/repro/openvino/where.py [--full]
import os
import platform
import re
import sys
import tempfile

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
TYPES = {TP.DOUBLE: (ov.Type.f64, np.uint64), TP.FLOAT: (ov.Type.f32, np.uint32),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16), TP.INT64: (ov.Type.i64, np.uint64),
         TP.UINT64: (ov.Type.u64, np.uint64), TP.UINT32: (ov.Type.u32, np.uint32),
         TP.FLOAT8E4M3FN: (ov.Type.f8e4m3, np.uint8),
         TP.INT4: (ov.Type.i4, None), TP.UINT4: (ov.Type.u4, None)}
core = ov.Core()
tmp = tempfile.mkdtemp()
COND = np.array([[1], [0]], np.uint8)  # boolean bits


def pack4(vals):
    """4-bit values, element 0 in the low bits of byte 0 (as ONNX and OpenVINO)."""
    v = [x & 0xF for x in vals] + [0] * (len(vals) % 2)
    return np.array([v[i] | (v[i + 1] << 4) for i in range(0, len(v), 2)], np.uint8)


def unpack4(raw, n):
    return [(int(raw[i // 2]) >> (4 * (i % 2))) & 0xF for i in range(n)]


def where(opset, t, x, y, folded=False, config=None, tout=None, extra=False, missing=False, **attrs):
    """OpenVINO's answer (bits, row 0 then row 1) and executed layers for Where."""
    n = len(x)
    ov_type, carrier = TYPES[t]
    names = ["c", "x"] + ([] if missing else ["y"]) + (["y"] if extra else [])
    ins = [helper.make_tensor_value_info("c", TP.BOOL, [2, 1])]
    inits, feeds = [], [(COND, [2, 1], ov.Type.boolean)]
    for name, v in (("x", x), ("y", y)):
        raw = pack4(v) if carrier is None else np.array(v, carrier)
        if folded:
            inits.append(helper.make_tensor(name, t, [1, n], raw.tobytes(), raw=True))
        else:
            ins.append(helper.make_tensor_value_info(name, t, [1, n]))
            feeds.append((raw, [1, n], ov_type))
    g = helper.make_graph([helper.make_node("Where", names, ["z"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("z", tout or t, [2, n])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    try:
        compiled = core.compile_model(core.read_model(path), "CPU", config or {})
    except Exception as e:
        lines = [l.strip() for l in str(e).splitlines() if l.strip()]
        return "refused: " + re.sub(r"_\d+", "_N", lines[-1])[:160], None
    layers = []
    for op in compiled.get_runtime_model().get_ordered_ops():
        rt = op.get_rt_info()
        kind, p_in, p_out = (rt[k].astype(str) for k in ("layerType", "runtimePrecision", "outputPrecisions"))
        if kind not in ("Input", "Output") and p_in != "boolean":
            layers.append(f"{kind}({p_in}->{p_out})")
    request = compiled.create_infer_request()
    for i, (a, shape, typ) in enumerate(feeds):
        request.set_input_tensor(i, ov.Tensor(a, shape, typ))
    request.infer()
    out = request.get_output_tensor()
    raw = np.array(out.data, copy=True).reshape(-1)
    if out.element_type in (ov.Type.i4, ov.Type.u4):
        return unpack4(raw.view(np.uint8), 2 * n), layers
    return raw.view(f"u{raw.itemsize}").tolist(), layers


def hexs(bits, width):
    return "[" + ", ".join(f"0x{b:0{width}x}" for b in bits) + "]"


def f64(v):
    return int(np.array([v], np.float64).view(np.uint64)[0])


def f32(v):
    return int(np.array([v], np.float32).view(np.uint32)[0])


M64 = (1 << 64) - 1
# (cause, label, opset, type, X bits, Y bits, folded)
PROBES = [
    (1, "Where-16 double (run)", 16, TP.DOUBLE, [f64(np.inf), 0x1, f64(1e300), f64(1 + 2**-52)],
     [f64(-np.inf), 0x8000000000000001, f64(2.0**-1022), f64(-1.0)], False),
    (1, "Where-9 double (run)", 9, TP.DOUBLE, [f64(np.inf), 0x1], [f64(-np.inf), f64(-(1 + 2**-52))], False),
    (1, "Where-16 double (folded)", 16, TP.DOUBLE, [f64(np.inf), 0x1], [f64(-np.inf), f64(-(1 + 2**-52))], True),
    (2, "Where-16 int64 (run)", 16, TP.INT64, [2**63 - 1, 2**31, 2**34 + 1, 5],
     [(-2**63) & M64, (-2**31 - 1) & M64, 2**32, (-5) & M64], False),
    (2, "Where-9 int64 (run)", 9, TP.INT64, [2**63 - 1, 2**32 + 7], [(-2**63) & M64, 3], False),
    (2, "Where-16 int64 (folded)", 16, TP.INT64, [2**63 - 1, 2**31, 2**34 + 1, 5],
     [(-2**63) & M64, (-2**31 - 1) & M64, 2**32, (-5) & M64], True),
    (3, "Where-16 uint64 (run)", 16, TP.UINT64, [2**34 + 1, 2**64 - 1, 2**31, 7], [2**63, 2**32 - 1, 2**32, 9], False),
    (3, "Where-16 uint64 (folded)", 16, TP.UINT64, [2**34 + 1, 2**64 - 1, 2**31, 7], [2**63, 2**32 - 1, 2**32, 9], True),
    (4, "Where-16 uint32 (run)", 16, TP.UINT32, [0xffffffff, 0x80000000, 7], [0x80000001, 1, 0xfffffffe], False),
    (4, "Where-16 uint32 (folded)", 16, TP.UINT32, [0xffffffff, 0x80000000, 7], [0x80000001, 1, 0xfffffffe], True),
    (5, "Where-16 float (run)", 16, TP.FLOAT, [0x00000001, 0x80000000, f32(1.0)], [0x80000001, 0x007fffff, f32(-0.5)], False),
    (5, "Where-16 float (folded)", 16, TP.FLOAT, [0x00000001, 0x80000000, f32(1.0)], [0x80000001, 0x007fffff, f32(-0.5)], True),
    (5, "Where-16 float (folded), -0 in X, subnormals only in Y", 16, TP.FLOAT, [0x80000000, f32(1.0), 0x7fc00001],
     [0x00000001, 0x80000000, f32(-0.5)], True),
]
WIDTH = {TP.DOUBLE: 16, TP.INT64: 16, TP.UINT64: 16, TP.UINT32: 8, TP.FLOAT: 8, TP.BFLOAT16: 4,
         TP.FLOAT8E4M3FN: 2, TP.INT4: 1, TP.UINT4: 1}
NAMES = {1: "double: Select run in f32", 2: "int64: Select run in i32; folded: saturated",
         3: "uint64: in i32; folded: saturated", 4: "uint32 folded: saturated (run right)",
         5: "float folded: subnormals, -0 -> +0 (run right)"}
# (label, opset, type, X, Y, keyword arguments)
REJECT = [
    ("Where-16 with a fourth input", 16, TP.FLOAT, [f32(1.0), f32(2.0)], [f32(-1.0), f32(-2.0)], {"extra": True}),
    ("Where-16 output declared uint8", 16, TP.FLOAT, [f32(1.0), f32(2.0)], [f32(-1.0), f32(-2.0)], {"tout": TP.UINT8}),
    ("Where-16 with an unknown attribute", 16, TP.FLOAT, [f32(1.0), f32(2.0)], [f32(-1.0), f32(-2.0)],
     {"onnxcts_unknown": 1}),
    ("Where-9 on int4 (not in Where's T)", 9, TP.INT4, [7, 0x8, 1], [0xf, 2, 0x9], {}),
    ("Where-16 on int4", 16, TP.INT4, [7, 0x8, 1], [0xf, 2, 0x9], {}),
    ("Where-9 on uint4", 9, TP.UINT4, [15, 8, 1], [0, 2, 9], {}),
    ("Where-16 on uint4", 16, TP.UINT4, [15, 8, 1], [0, 2, 9], {}),
    ("Where-9 on bfloat16 (bfloat16 from Where-16)", 9, TP.BFLOAT16, [0x3f80, 0xffc0], [0xbf80, 0x0001], {}),
    ("Where-16 with an input missing (refused)", 16, TP.FLOAT, [f32(1.0), f32(2.0)], [f32(-1.0), f32(-2.0)],
     {"missing": True}),
    ("Where-16 on float8e4m3fn (refused)", 16, TP.FLOAT8E4M3FN, [0x38, 0xb8], [0x40, 0x01], {}),
]

print("openvino", ov.get_version(), "|", platform.machine())
flags = open("/proc/cpuinfo").read().split("flags\t\t:")[1].split("\n")[0].split()
print("cpu features:", " ".join(f for f in ("avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16") if f in flags))
lines, counts = {}, {}
for name, config in CONFIGS.items():
    out, c = [], {}
    for cause, label, opset, t, x, y, folded in PROBES:
        got, layers = where(opset, t, x, y, folded, config)
        carrier = TYPES[t][1]
        want = np.where(COND.astype(bool), np.array([x], carrier), np.array([y], carrier)).ravel().tolist()
        w = WIDTH[t]
        if isinstance(got, str):
            out.append(f"  {cause}. {label}: {got}")
            continue
        mark = "   <- differs" if got != want else ""
        c[cause] = c.get(cause, 0) + (got != want)
        out.append(f"  {cause}. {label}  X {hexs(x, w)}  Y {hexs(y, w)}\n"
                   f"       -> {hexs(got, w)}\n"
                   f"       np.where {hexs(want, w)}{mark}\n"
                   f"       executed: {', '.join(layers)}")
    out.append("  6. models to refuse:")
    for label, opset, t, x, y, kw in REJECT:
        got, _ = where(opset, t, x, y, config=config, **kw)
        w = WIDTH[kw.get("tout", t)] if kw.get("tout") in WIDTH else (2 if kw.get("tout") else WIDTH[t])
        out.append(f"       {label}: " + (got if isinstance(got, str) else f"RAN -> {hexs(got, w)}"))
    lines[name], counts[name] = out, c
for name in CONFIGS:
    print(f"[{name}]")
    if name != "default" and lines[name] == lines["default"] and "--full" not in sys.argv:
        print(f"  (the same {len(PROBES)} probes and {len(REJECT)} models as [default], bit for bit)")
    else:
        print("\n".join(lines[name]))
print("summary (probes that differ from np.where):")
for cause, text in NAMES.items():
    print(f"  {cause}. {text:48} " + "; ".join(f"{n}: {counts[n].get(cause, 0)}" for n in CONFIGS))
print("the two configurations gave the same bits on every probe:", lines["default"] == lines["f32+accuracy"])
