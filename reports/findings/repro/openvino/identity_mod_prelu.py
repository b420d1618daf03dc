# OpenVINO CPU on Identity, Mod, PRelu and LeakyRelu: every input fed, and
# every output read, as raw bits. Each line shows the inputs, OpenVINO's answer
# and the ONNX one, computed here: Python integers for the integers (Mod
# fmod=0 is Python's %, fmod=1 truncates), numpy's fmod (exact) for the
# floats, products in float64 (exact for these operands) rounded once to the
# tensor's type, the bits themselves for Identity. Inputs are graph inputs
# ("run") or initializers that OpenVINO folds when it compiles ("folded").
# Where the spec is silent (an integer divisor 0, a NaN's payload) a
# different answer is marked as a deviation.
#   1. double runs in float32 (Identity: folded only);
#   2. int64 / uint64 run on their low 32 bits; folded, saturated to int32;
#   3. a folded uint32 saturates to 0x7fffffff;
#   4. folding flushes float subnormals and loses -0;
#   5. folding quiets float16 signalling NaNs (a deviation);
#   6. PRelu (and LeakyRelu, which the ONNX frontend turns into PRelu) takes
#      the product branch for x = +0 and -0: a negative slope flips the zero,
#      an infinite or NaN slope gives NaN;
#   7. PRelu on int32 / uint32 runs in float32, uint32 read as int32;
#   8. Mod on int32 / uint32 (fmod 0 and 1) runs in float32, uint32 read as int32;
#   9. Mod fmod=1 on float, float16, bfloat16 is x - trunc(x / y) * y in
#      float32: fmod(x, inf) is NaN, -0 results are +0, a subnormal divisor
#      gives inf, and the answer is inexact where x / y rounds;
#  10. bfloat16 PRelu / LeakyRelu products one unit low (float32's product
#      truncated, not rounded);
#  11. an integer Mod by 0 gives MIN's pattern (a deviation).
# Part 2 measures 9. and 10. over many operands, default configuration.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
#   build/venv/bin/python reports/findings/repro/openvino/identity_mod_prelu.py
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
# ONNX type: (OpenVINO type, carrier of its bits, numpy type of its values or None for integers, width, signed)
TYPES = {TP.DOUBLE: (ov.Type.f64, np.uint64, np.float64, 64, None),
         TP.FLOAT: (ov.Type.f32, np.uint32, np.float32, 32, None),
         TP.FLOAT16: (ov.Type.f16, np.uint16, np.float16, 16, None),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16, ml_dtypes.bfloat16, 16, None),
         TP.INT64: (ov.Type.i64, np.uint64, None, 64, True),
         TP.UINT64: (ov.Type.u64, np.uint64, None, 64, False),
         TP.INT32: (ov.Type.i32, np.uint32, None, 32, True),
         TP.UINT32: (ov.Type.u32, np.uint32, None, 32, False),
         TP.INT8: (ov.Type.i8, np.uint8, None, 8, True)}
core = ov.Core()
tmp = tempfile.mkdtemp()


def run(op, opset, t, inputs, folded, config, attrs=None):
    """OpenVINO's answer, as bits, to `op` over `inputs` (lists of bits)."""
    ov_type, carrier = TYPES[t][:2]
    n = len(inputs[0])
    names = [f"x{i}" for i in range(len(inputs))]
    arrays = [np.array(bits, carrier) for bits in inputs]
    inits = [helper.make_tensor(m, t, [n], a.tobytes(), raw=True) for m, a in zip(names, arrays)] if folded else []
    graph_in = [] if folded else [helper.make_tensor_value_info(m, t, [n]) for m in names]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **(attrs or {}))], "g", graph_in,
                          [helper.make_tensor_value_info("y", t, [n])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
    for i, a in enumerate([] if folded else arrays):
        request.set_input_tensor(i, ov.Tensor(a, [n], ov_type))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(f"u{out.itemsize}").tolist()


def to_bf16(d):
    """float64 -> bfloat16 bits, rounded once to nearest even (subnormals kept)."""
    if np.isnan(d):
        return 0x7FC0
    m, e = np.frexp(abs(d))                 # |d| = m * 2^e, m in [0.5, 1)
    k = max(int(e) - 8, -133)               # spacing of bfloat16 values there
    v = np.float32(np.rint(abs(d) / 2.0 ** k) * 2.0 ** k) if d != 0 else np.float32(0)
    bits = int(np.array([v], np.float32).view(np.uint32)[0]) >> 16
    return bits | (0x8000 if np.signbit(d) else 0)


def values(t, bits):
    carrier, ft = TYPES[t][1], TYPES[t][2]
    return np.array(bits, carrier).view(ft).astype(np.float64)


def to_bits(t, d):
    """float64 (exact value) -> bits of type t, rounded once."""
    if t == TP.BFLOAT16:
        return to_bf16(d)
    carrier, ft = TYPES[t][1], TYPES[t][2]
    return int(np.array([d], np.float64).astype(ft).view(carrier)[0])


def as_int(t, b):
    width, signed = TYPES[t][3], TYPES[t][4]
    return b - (1 << width) if signed and b >> (width - 1) else b


def want(op, t, inputs, attrs):
    """The ONNX answers (bits) and, per element, whether the spec is silent there."""
    width = TYPES[t][3]
    out = []
    for xs in zip(*inputs):
        if op == "Identity":
            out.append((xs[0], False))
        elif TYPES[t][2] is None:            # integers
            a = [as_int(t, b) for b in xs]
            if op == "PRelu":
                y, silent = (a[0] * a[1] if a[0] < 0 else a[0]), False
            elif a[1] == 0:
                y, silent = 0, True          # x mod 0: the spec is silent
            elif attrs.get("fmod"):
                r = abs(a[0]) % abs(a[1])
                y, silent = (-r if a[0] < 0 else r), False
            else:
                y, silent = a[0] % a[1], False   # Python's %: the divisor's sign
            out.append((y & ((1 << width) - 1), silent))
        else:
            v = values(t, xs)
            if op == "Mod":
                with np.errstate(invalid="ignore"):
                    y = np.fmod(v[0], v[1])  # exact; fmod(x, inf) = x, fmod(inf, y) = NaN
            else:
                slope = v[1] if op == "PRelu" else float(np.float64(TYPES[t][2](np.float32(attrs.get("alpha", 0.01)))))
                y = v[0] * slope if v[0] < 0 else v[0]
            out.append((to_bits(t, y), False))
    return out


def is_nan(bits, t):
    if TYPES[t][2] is None:
        return False
    return bool(np.isnan(values(t, [bits])[0]))


def hexes(bits, t):
    return "[" + ", ".join(f"{b:#0{TYPES[t][3] // 4 + 2}x}" for b in bits) + "]"


D, F, H, B = TP.DOUBLE, TP.FLOAT, TP.FLOAT16, TP.BFLOAT16
INF64, INF32 = 0x7FF0000000000000, 0x7F800000
CASES = [  # cause, op, opset, type, inputs, folded, attributes
    (1, "Identity", 13, D, [[INF64, 0x0010000000000000, 0x7FF8000000000001, 0x3FF0000000000001]], True, {}),
    (1, "Identity", 13, D, [[INF64, 0x0010000000000000, 0x7FF8000000000001, 0x3FF0000000000001]], False, {}),
    (1, "PRelu", 16, D, [[INF64, 0x8010000000000000], [0x3FF0000000000000, 0x3FE0000000000000]], False, {}),
    (1, "Mod", 13, D, [[0x4014000000000000, INF64], [INF64, 0x4000000000000000]], False, {"fmod": 1}),
    (2, "Identity", 13, TP.INT64, [[2**63 - 1, 2**31, 2**32 + 5, 2**64 - 3]], False, {}),
    (2, "Identity", 13, TP.INT64, [[2**63 - 1, 2**31, 2**32 + 5, 2**64 - 3]], True, {}),
    (2, "Identity", 13, TP.UINT64, [[2**64 - 1, 2**31, 2**32 + 5]], False, {}),
    (2, "Identity", 13, TP.UINT64, [[2**64 - 1, 2**31, 2**32 + 5]], True, {}),
    (2, "Mod", 13, TP.INT64, [[2**63 - 1, 2**32 + 5, 2**64 - 7], [7, 3, 3]], False, {}),
    (2, "Mod", 13, TP.UINT64, [[2**64 - 1, 2**32 + 5], [7, 3]], False, {"fmod": 1}),
    (2, "PRelu", 16, TP.INT64, [[2**63 - 1, 2**32 + 5, 2**64 - 3], [1, 1, 2]], False, {}),
    (3, "Identity", 13, TP.UINT32, [[2**32 - 1, 2**31, 5]], True, {}),
    (3, "Identity", 13, TP.UINT32, [[2**32 - 1, 2**31, 5]], False, {}),
    (3, "Mod", 13, TP.UINT32, [[2**31, 2**32 - 1], [2**31 + 1, 2**32 - 2]], True, {}),
    (4, "Identity", 13, F, [[0x00000001, 0x80000001, 0x80000000, 0x3F800000]], True, {}),
    (4, "Identity", 13, F, [[0x00000001, 0x80000001, 0x80000000, 0x3F800000]], False, {}),
    (4, "PRelu", 16, F, [[0x00000001, 0x80800000, 0x80000000], [0x3F800000, 0x3C23D70A, 0x3F800000]], True, {}),
    (5, "Identity", 13, H, [[0x7C01, 0xFC01, 0x7E00]], True, {}),
    (5, "Identity", 13, H, [[0x7C01, 0xFC01, 0x7E00]], False, {}),
    (6, "PRelu", 16, F, [[0, 0, 0, 0x80000000, 0x80000000, 0x7FC00000], [INF32, 0x7FC00000, 0xC0000000, 0xC0000000, 0x40000000, 0x40000000]], False, {}),
    (6, "PRelu", 9, H, [[0, 0, 0x8000, 0x8000], [0x7C00, 0xC000, 0xC000, 0x4000]], False, {}),
    (6, "PRelu", 16, B, [[0, 0, 0x8000, 0x8000], [0x7F80, 0xC000, 0xC000, 0x4000]], False, {}),
    (6, "LeakyRelu", 16, F, [[0, 0x80000000, 0xC0000000, 0x40000000]], False, {"alpha": -1.5}),
    (6, "LeakyRelu", 6, H, [[0, 0x8000, 0xC000, 0x4000]], False, {"alpha": -1.5}),
    (7, "PRelu", 16, TP.INT32, [[2**31 - 1, 2**25 - 1, 2**32 - 3], [1, 1, 2**30 + 1]], False, {}),
    (7, "PRelu", 16, TP.UINT32, [[2**32 - 1, 2**32 - 1, 2**25 - 1], [2**32 - 1, 2, 1]], False, {}),
    (8, "Mod", 13, TP.INT32, [[2**31 - 1, 2**25 - 1, 2**32 - 2**31 + 1, 7], [2, 8, 2, 2**32 - 3]], False, {}),
    (8, "Mod", 13, TP.INT32, [[2**31 - 1, 2**25 - 1, 2**32 - 2**31 + 1, 7], [2, 8, 2, 2**32 - 3]], False, {"fmod": 1}),
    (8, "Mod", 13, TP.UINT32, [[2**32 - 1, 1, 100], [15, 2**31, 7]], False, {}),
    (8, "Mod", 13, TP.INT32, [[2**31 - 1, 2**25 - 1], [2, 8]], True, {}),
    (9, "Mod", 13, F, [[0x3F800000, 0xBF800000, 0x07FFFFFE, 0xC0400000, 0x3F800000, INF32],
                       [INF32, INF32, 0x06C00001, 0x3F800000, 0x00000001, 0x40000000]], False, {"fmod": 1}),
    (9, "Mod", 13, F, [[0x3F800000, 0xBF800000, 0x07FFFFFE, 0xC0400000, 0x3F800000, INF32],
                       [INF32, INF32, 0x06C00001, 0x3F800000, 0x00000001, 0x40000000]], True, {"fmod": 1}),
    (9, "Mod", 10, H, [[0x3C00, 0x3E22, 0xC200, 0x3F4E], [0x7C00, 0x05FF, 0x3C00, 0x87FF]], False, {"fmod": 1}),
    (9, "Mod", 13, B, [[0x3F80, 0x0EE9, 0xC040], [0x7F80, 0x028E, 0x3F80]], False, {"fmod": 1}),
    (10, "LeakyRelu", 16, B, [[0x80FE, 0x803F, 0xBF80]], False, {}),
    (10, "PRelu", 16, B, [[0x85FE, 0x8A03], [0x4482, 0xB57E]], True, {}),
    (11, "Mod", 13, TP.INT8, [[7, 0x80, 0], [0, 0, 0]], False, {}),
    (11, "Mod", 13, TP.INT32, [[7, 2**31, 0], [0, 0, 0]], False, {}),
    (11, "Mod", 13, TP.UINT64, [[7, 2**64 - 1], [0, 0]], False, {}),
]
CAUSES = {1: "double runs in float32", 2: "int64/uint64 on 32 bits; folded: saturated",
          3: "folded uint32 saturates to 0x7fffffff", 4: "folding flushes subnormals, loses -0",
          5: "folding quiets float16 sNaN (deviation)", 6: "PRelu/LeakyRelu of +-0 via the product",
          7: "PRelu int32/uint32 in float32", 8: "Mod int32/uint32 in float32",
          9: "Mod fmod=1 float: x - trunc(x/y)*y", 10: "bfloat16 PRelu/LeakyRelu one unit low",
          11: "integer Mod by 0 (deviation)"}

print("openvino", ov.get_version(), "|", platform.processor() or platform.machine())
with open("/proc/cpuinfo") as f:
    flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
print("cpu features:", " ".join(x for x in ["avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16"] if x in flags))
seen, lines = {}, {}
for name, config in CONFIGS.items():
    lines[name] = []
    for cause, op, opset, t, inputs, folded, attrs in CASES:
        how = "folded" if folded else "run"
        label = f"{cause}. {op}-{opset} {TP.DataType.Name(t).lower()}{''.join(f' {k}={v}' for k, v in attrs.items())} ({how}) "
        label += ", ".join(hexes(b, t) for b in inputs)
        expected = want(op, t, inputs, attrs)
        try:
            got = run(op, opset, t, inputs, folded, config, attrs)
        except Exception as e:
            lines[name].append(f"  {label}\n       -> error: {str(e).splitlines()[0][:100]}")
            continue
        fails = devs = 0
        for g, (w, silent) in zip(got, expected):
            if g != w:
                nan_pair = is_nan(g, t) and is_nan(w, t)
                if nan_pair and op != "Identity":
                    continue                 # any NaN matches any NaN, but Identity copies bits
                if silent or nan_pair:
                    devs += 1
                else:
                    fails += 1
        f0, d0 = seen.get((name, cause), (0, 0))
        seen[(name, cause)] = (f0 + fails, d0 + devs)
        mark = "   <- differs" if fails else ("   <- differs where the spec is silent" if devs else "")
        lines[name].append(f"  {label}\n       -> {hexes(got, t)}  want {hexes([w for w, _ in expected], t)}{mark}")
for name in CONFIGS:
    print(f"[{name}]")
    if name != "default" and lines[name] == lines["default"]:
        print(f"  (the same {len(lines[name])} probes as [default], bit for bit)")
    else:
        print("\n".join(lines[name]))
print("summary:")
for cause, what in CAUSES.items():
    shown = []
    for name in CONFIGS:
        fails, devs = seen.get((name, cause), (0, 0))
        shown.append(f"{name}: " + (f"{fails} wrong" if fails else "") + (", " if fails and devs else "") +
                     (f"{devs} deviation(s)" if devs else "") + ("" if fails or devs else "all right"))
    print(f"  {cause:2}. {what:42} " + "; ".join(shown))

# --- Part 2: how many, and which formula -----------------------------------------
print("Part 2 (default configuration)")
rng = np.random.default_rng(7)
# 9. Mod fmod=1 on float: random normal pairs, against fmod and against x - trunc(x/y)*y in float32.
x = (rng.uniform(1, 2, 4096) * 2.0 ** rng.integers(-10, 11, 4096) * rng.choice([-1, 1], 4096)).astype(np.float32)
y = (rng.uniform(1, 2, 4096) * 2.0 ** rng.integers(-10, 3, 4096)).astype(np.float32)
got = np.array(run("Mod", 13, F, [x.view(np.uint32).tolist(), y.view(np.uint32).tolist()], False, {}, {"fmod": 1}), np.uint32)
exact = np.fmod(x, y).view(np.uint32)
with np.errstate(all="ignore"):
    formula = (x - np.trunc(x / y) * y).view(np.uint32)              # float32, no fused multiply-add
    fused = (x.astype(np.float64) - np.trunc(x / y).astype(np.float64) * y).astype(np.float32).view(np.uint32)
print(f"   9. Mod-13 float fmod=1, 4096 random normal pairs: {int((got != exact).sum())} differ from fmod;"
      f" {int((got != formula).sum())} from x - trunc(x/y)*y in float32, {int((got != fused).sum())} from it with"
      f" one rounding of the last two steps")
# 10. LeakyRelu bfloat16: every negative finite pattern, against the two correct roundings of x * alpha.
xs = np.arange(0x8001, 0xFF80, dtype=np.uint16)
v = xs.view(ml_dtypes.bfloat16).astype(np.float64)
mag = lambda b: b.astype(np.int64) & 0x7FFF
for alpha in (0.01, 0.2, -1.5):
    got = np.array(run("LeakyRelu", 16, B, [xs.tolist()], False, {}, {"alpha": alpha}), np.uint16)
    a32 = np.float32(alpha)
    with np.errstate(over="ignore"):
        ref = np.array([to_bf16(t) for t in v * float(ml_dtypes.bfloat16(a32))], np.uint16)  # alpha in bfloat16 first
        once = np.array([to_bf16(t) for t in v * float(a32)], np.uint16)                     # float32 alpha, one rounding
    off = (got != ref) & (got != once)
    low = off & (mag(got) < mag(ref)) & (mag(got) < mag(once))
    units = dict(sorted(zip(*(u.tolist() for u in np.unique(mag(ref)[got != ref] - mag(got)[got != ref], return_counts=True)))))
    print(f"  10. LeakyRelu-16 bfloat16 alpha={alpha}, all {xs.size} negative finite patterns: {int((got != ref).sum())}"
          f" differ from x * alpha rounded to bfloat16 first (the reference; units below it: count {units}),"
          f" {int((got != once).sum())} from x * float32 alpha rounded once; {int(off.sum())} match neither"
          f" rounding, {int(low.sum())} of them smaller in magnitude than both")
