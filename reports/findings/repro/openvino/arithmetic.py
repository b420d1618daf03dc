# OpenVINO CPU on Add, Sub, Mul, Div, Sqrt and Reciprocal: every input is fed,
# and every output read, as raw bits (so nothing but OpenVINO touches a value).
# Each line shows the inputs, OpenVINO's answer and the IEEE 754 / ONNX one,
# computed here independently: numpy for float32 and double, exact rationals
# rounded to nearest even for bfloat16 (subnormals kept), Python integers
# wrapped to the type's width for the integers, Div truncating toward zero.
# Where the spec is silent (integer overflow, a zero divisor, MIN / -1) a
# different answer is a deviation, marked so, not a failure. Inputs are graph
# inputs ("run") or initializers that OpenVINO folds when it compiles
# ("folded").
#   1. double runs in float32: inf -> FLT_MAX, tiny values -> 0;
#   2. int64 and uint64 run on their low 32 bits, read as int32;
#   3. a folded uint32 is saturated to 0x7fffffff (run, it is right);
#   4. int8 and uint8 saturate on overflow (a deviation; uint8 0xff * 0xff
#      gives 0x00, not 0xff);
#   5. Sub on int8 with b = -128 is off by one where nothing overflows
#      (x - (-128) computed as x + 127);
#   6. Div on int32 runs in float32 (0x7fffffff / 1 = 0x80000000), and on
#      uint32 reads its operands as int32 (and also rounds in float32);
#   7. folded integer Div floors (int16, int32, int64) or rounds to nearest
#      (int8, uint8) instead of truncating;
#   8. Div on float and bfloat16 treats a subnormal divisor as zero;
#   9. folding flushes float subnormal inputs and results to +0 and loses -0;
#  10. Sqrt and Reciprocal on bfloat16 are one unit low on some inputs.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os
import platform
import tempfile
from fractions import Fraction
from math import isqrt

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
# ONNX type: (OpenVINO type, carrier of its bits, width in bits, signed)
TYPES = {TP.DOUBLE: (ov.Type.f64, np.uint64, 64, None),
         TP.FLOAT: (ov.Type.f32, np.uint32, 32, None),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16, 16, None),
         TP.INT64: (ov.Type.i64, np.uint64, 64, True),
         TP.UINT64: (ov.Type.u64, np.uint64, 64, False),
         TP.INT32: (ov.Type.i32, np.uint32, 32, True),
         TP.UINT32: (ov.Type.u32, np.uint32, 32, False),
         TP.INT16: (ov.Type.i16, np.uint16, 16, True),
         TP.INT8: (ov.Type.i8, np.uint8, 8, True),
         TP.UINT8: (ov.Type.u8, np.uint8, 8, False)}
core = ov.Core()
tmp = tempfile.mkdtemp()


def run(op, opset, t, inputs, folded, config):
    """OpenVINO's answer, as bits, to `op` over `inputs` (lists of bits)."""
    ov_type, carrier, _, _ = TYPES[t]
    n = len(inputs[0])
    names = [f"x{i}" for i in range(len(inputs))]
    arrays = [np.array(bits, carrier) for bits in inputs]
    inits = [helper.make_tensor(name, t, [n], a.tobytes(), raw=True)
             for name, a in zip(names, arrays)] if folded else []
    graph_in = [] if folded else [helper.make_tensor_value_info(m, t, [n]) for m in names]
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", graph_in,
                          [helper.make_tensor_value_info("y", t, [n])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
    for i, a in enumerate([] if folded else arrays):
        request.set_input_tensor(i, ov.Tensor(a, [n], ov_type))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(f"u{out.itemsize}").tolist()


# --- the expected answers, independently of OpenVINO and of onnxcts ---------

def bf16_value(b):
    """Exact value of a bfloat16 pattern (None for NaN, +-inf as floats)."""
    s, e, m = b >> 15, (b >> 7) & 0xFF, b & 0x7F
    if e == 0xFF:
        return float("nan") if m else (-1) ** s * float("inf")
    v = Fraction(m, 128) * Fraction(2) ** -126 if e == 0 else \
        Fraction(128 + m, 128) * Fraction(2) ** (e - 127)
    return -v if s else v


def bf16_round(v, negative_zero=False):
    """Round an exact value (Fraction, or inf/nan) to bfloat16 bits, to nearest even."""
    if isinstance(v, float):
        return 0x7FC0 if v != v else (0x7F80 if v > 0 else 0xFF80)
    sign = 0x8000 if v < 0 or (v == 0 and negative_zero) else 0
    a = abs(v)
    if a == 0:
        return sign
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)                      # below 2^-126: subnormal, fixed quantum
    q = Fraction(2) ** (e - 7)            # spacing of bfloat16 values in that binade
    n, r = divmod(a, q)
    n = int(n) + (1 if r > q / 2 or (r == q / 2 and n % 2) else 0)
    if n == 256:                          # rounded up into the next binade
        n, e = 128, e + 1
    if e > 127:
        return sign | 0x7F80
    return sign | (n if n < 128 else ((e + 127) << 7) | (n - 128))


def want_bf16(op, xs):
    a = [bf16_value(b) for b in xs]
    if op == "Sqrt":                      # inputs here are positive and finite
        v = a[0]
        k = 200                           # 100 extra bits, and a sticky bit below
        r = isqrt(int(v * 2 ** (2 * k)))
        exact = Fraction(r * r, 2 ** (2 * k)) == v
        return bf16_round(Fraction(r, 2 ** k) if exact else Fraction(2 * r + 1, 2 ** (k + 1)))
    if op == "Reciprocal":
        return bf16_round(1 / a[0])
    x, y = a
    if y == 0:
        return 0x7FC0 if x == 0 else ((xs[0] ^ xs[1]) & 0x8000) | 0x7F80
    return bf16_round(x / y, negative_zero=((xs[0] ^ xs[1]) & 0x8000) != 0)


def want(op, t, xs):
    """The IEEE 754 / ONNX answer (bits) and whether the spec is silent there."""
    _, carrier, width, signed = TYPES[t]
    if t in (TP.FLOAT, TP.DOUBLE):
        ft = np.float32 if t == TP.FLOAT else np.float64
        a = [np.array([b], carrier).view(ft)[0] for b in xs]
        with np.errstate(all="ignore"):
            y = {"Add": lambda: a[0] + a[1], "Sub": lambda: a[0] - a[1],
                 "Mul": lambda: a[0] * a[1], "Div": lambda: a[0] / a[1],
                 "Sqrt": lambda: np.sqrt(a[0]), "Reciprocal": lambda: ft(1) / a[0]}[op]()
        return int(np.array([y], ft).view(carrier)[0]), False
    if t == TP.BFLOAT16:
        return want_bf16(op, xs), False
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    a = [b - (1 << width) if signed and b >> (width - 1) else b for b in xs]
    if op == "Div":
        if a[1] == 0:
            return 0, True                # division by zero: the spec is silent
        q = abs(a[0]) // abs(a[1])
        y = q if (a[0] < 0) == (a[1] < 0) else -q
    else:
        y = {"Add": a[0] + a[1], "Sub": a[0] - a[1], "Mul": a[0] * a[1]}[op]
    return y & ((1 << width) - 1), not lo <= y <= hi   # wraps; overflow: silent


def is_nan(bits, t):
    if t not in NAN_EXPONENT:
        return False
    exponent, mantissa = NAN_EXPONENT[t]
    return bits & exponent == exponent and bits & mantissa != 0


NAN_EXPONENT = {TP.DOUBLE: (0x7FF0000000000000, 0x000FFFFFFFFFFFFF),
                TP.FLOAT: (0x7F800000, 0x007FFFFF), TP.BFLOAT16: (0x7F80, 0x007F)}


def hexes(bits, t):
    digits = TYPES[t][2] // 4
    return "[" + ", ".join(f"{b:#0{digits + 2}x}" for b in bits) + "]"


INF64, TINY64, ONE64 = 0x7FF0000000000000, 0x0000000000000001, 0x3FF0000000000000
CASES = [  # family, op, opset, type, inputs, folded
    (1, "Add", 14, TP.DOUBLE, [[INF64, TINY64, 0x3FF0000000000001], [ONE64, 0, 0]], False),
    (1, "Sub", 7, TP.DOUBLE, [[INF64, 0x4000000000000000], [INF64, 0x0400000000000000]], False),
    (1, "Sqrt", 13, TP.DOUBLE, [[INF64, 0x0000000000000004]], False),
    (1, "Reciprocal", 6, TP.DOUBLE, [[INF64, 0x4000000000000000]], False),
    (2, "Add", 14, TP.INT64, [[2**63 - 1, 2**32, 2**31 - 1], [0, 1, 1]], False),
    (2, "Mul", 13, TP.INT64, [[2**32 + 3, 2**40], [5, 2]], False),
    (2, "Div", 7, TP.INT64, [[2**63 - 1, 2**34], [1, 2]], False),
    (2, "Sub", 14, TP.UINT64, [[2**64 - 1, 2**33 - 1], [0, 1]], False),
    (3, "Add", 14, TP.UINT32, [[2**32 - 1, 2**31, 5], [0, 1, 7]], True),
    (3, "Add", 14, TP.UINT32, [[2**32 - 1, 2**31, 5], [0, 1, 7]], False),
    (3, "Mul", 14, TP.UINT32, [[2**32 - 1, 2**31], [1, 1]], True),
    (4, "Add", 14, TP.INT8, [[0x7F, 0x80, 0x10], [0x01, 0xFF, 0x20]], False),
    (4, "Add", 14, TP.UINT8, [[0xFF, 0x10], [0x01, 0x20]], False),
    (4, "Sub", 14, TP.UINT8, [[0x01, 0x30], [0x02, 0x10]], False),
    (4, "Mul", 14, TP.UINT8, [[0xFF, 0x80, 0x02], [0xFF, 0x02, 0x03]], False),
    (4, "Mul", 14, TP.INT8, [[0x80, 0x7F, 0x03], [0x80, 0x02, 0xFE]], False),
    (5, "Sub", 14, TP.INT8, [[0x81, 0x80, 0xFF, 0x05], [0x80, 0x80, 0x80, 0x03]], False),
    (6, "Div", 14, TP.INT32, [[2**31 - 1, 2**25 - 1, 2**31 - 1, 7], [1, 1, 2**31, 2**32 - 2]], False),
    (6, "Div", 13, TP.UINT32, [[2**32 - 1, 1, 2**25 - 1, 100], [3, 2**32 - 1, 1, 7]], False),
    (7, "Div", 14, TP.INT32, [[1, 7, 2**31 - 1, 6], [2**32 - 3, 2**32 - 2, 2**31, 3]], True),
    (7, "Div", 14, TP.INT16, [[1, 0x7FFF], [0x8001, 0xC000]], True),
    (7, "Div", 14, TP.INT64, [[7, 2**63 - 1], [2**64 - 2, 1]], True),
    (7, "Div", 14, TP.UINT8, [[0xFF, 0x03, 0x02, 0x06], [0x02, 0x02, 0x03, 0x03]], True),
    (7, "Div", 14, TP.INT8, [[0x7F, 0x81, 0x02], [0x02, 0xAC, 0x03]], True),
    (8, "Div", 14, TP.FLOAT, [[0x04000000, 0x00000001, 0x00000000, 0x3F800000],
                              [0x00000001, 0x00000001, 0x80000001, 0x00800000]], False),
    (8, "Div", 13, TP.BFLOAT16, [[0x0400, 0x0001, 0x0000], [0x0001, 0x0001, 0x0001]], False),
    (9, "Add", 14, TP.FLOAT, [[0x00000001, 0x80000000, 0x3F800000], [0x00000001, 0x80000000, 0x00000000]], True),
    (9, "Add", 14, TP.FLOAT, [[0x00000001, 0x80000000, 0x3F800000], [0x00000001, 0x80000000, 0x00000000]], False),
    (9, "Mul", 14, TP.FLOAT, [[0x04000000, 0x3F800000, 0x00000000], [0x34000000, 0x80000000, 0x3F800000]], True),
    (9, "Reciprocal", 13, TP.FLOAT, [[0x7E800001, 0xFF800000, 0x40000000]], True),
    (9, "Reciprocal", 13, TP.FLOAT, [[0x7E800001, 0xFF800000, 0x40000000]], False),
    (10, "Sqrt", 13, TP.BFLOAT16, [[0x0082, 0x00C0, 0x007F, 0x4080]], False),
    (10, "Sqrt", 13, TP.BFLOAT16, [[0x0082, 0x00C0, 0x007F, 0x4080]], True),
    (10, "Reciprocal", 13, TP.BFLOAT16, [[0x00C0, 0x00FF, 0x0140, 0x4000]], False),
]
FAMILIES = {1: "double runs in float32", 2: "int64/uint64 run on 32 bits",
            3: "folded uint32 saturates to 0x7fffffff", 4: "int8/uint8 saturate (deviation)",
            5: "int8 Sub of -128 off by one", 6: "int32/uint32 Div in float32",
            7: "folded integer Div floors / rounds", 8: "float/bfloat16 Div: subnormal divisor is 0",
            9: "folding flushes float subnormals, loses -0", 10: "bfloat16 Sqrt/Reciprocal one unit low"}

print("openvino", ov.get_version(), "|", platform.processor() or platform.machine())
with open("/proc/cpuinfo") as f:
    flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
print("cpu features:", " ".join(x for x in ["avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16"]
                                if x in flags))
seen = {}  # (config, family) -> (failures, deviations)
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for family, op, opset, t, inputs, folded in CASES:
        how = "folded" if folded else "run"
        args = ", ".join(hexes(b, t) for b in inputs)
        expected = [want(op, t, list(xs)) for xs in zip(*inputs)]
        try:
            got = run(op, opset, t, inputs, folded, config)
        except Exception as e:  # a refusal is an answer too
            print(f"  {family}. {op}-{opset} {TP.DataType.Name(t).lower()} ({how}) {args}\n"
                  f"       -> error: {str(e).splitlines()[0][:100]}")
            continue
        fails = devs = 0
        for g, (w, silent) in zip(got, expected):
            if g != w and not (is_nan(g, t) and is_nan(w, t)):  # every NaN matches every NaN
                fails, devs = (fails, devs + 1) if silent else (fails + 1, devs)
        f0, d0 = seen.get((name, family), (0, 0))
        seen[(name, family)] = (f0 + fails, d0 + devs)
        mark = "   <- differs" if fails else ("   <- differs where the spec is silent" if devs else "")
        print(f"  {family}. {op}-{opset} {TP.DataType.Name(t).lower()} ({how}) {args}\n"
              f"       -> {hexes(got, t)}  want {hexes([w for w, _ in expected], t)}{mark}")
print("summary:")
for family, what in FAMILIES.items():
    shown = []
    for name in CONFIGS:
        fails, devs = seen.get((name, family), (0, 0))
        shown.append(f"{name}: " + (f"{fails} wrong" if fails else "") +
                     (", " if fails and devs else "") + (f"{devs} deviation(s)" if devs else "") +
                     ("" if fails or devs else "all right"))
    print(f"  {family:2}. {what:45} " + "; ".join(shown))

# --- Part 2 (suite with random mantissas, Sum, BitShift, must-reject Sum) -------
#  11. bfloat16 Add, Sub, Mul, Div (and Sum) one unit low on some results;
#  12. float Div one ulp off on ordinary normal operands (and bfloat16 Div);
#  13. Sum of three float16 / bfloat16 inputs: float32 partial sums rounded
#      once (a deviation by the reference's own rule; the run counts part of
#      them as failures, see the page);
#  14. BitShift: uint8 LEFT saturates, uint32 RIGHT wrong on large operands
#      (as through float32), folded uint32 LEFT saturated, uint64 on 32 bits,
#      counts from the width up (deviations), rank 0 gives shape [1];
#  15. must-reject Sum with no input at all (Sum takes one or more): the
#      process dies (SIGSEGV), as Max / Min without inputs do.
import subprocess
import sys

try:
    import ml_dtypes  # only to print bfloat16 values through float32; not for the answers
except ImportError:
    ml_dtypes = None


def run2(op, opset, t, inputs, folded=False, attrs=None, config=None):
    """Like run(), any number of inputs, with attributes."""
    ov_type, carrier, _, _ = TYPES.get(t, (None, None, None, None)) if t in TYPES else \
        {TP.FLOAT16: (ov.Type.f16, np.uint16, 16, None)}[t]
    n = len(inputs[0])
    names = [f"x{i}" for i in range(len(inputs))]
    arrays = [np.array(bits, carrier) for bits in inputs]
    inits = [helper.make_tensor(m, t, [n], a.tobytes(), raw=True)
             for m, a in zip(names, arrays)] if folded else []
    graph_in = [] if folded else [helper.make_tensor_value_info(m, t, [n]) for m in names]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **(attrs or {}))], "g", graph_in,
                          [helper.make_tensor_value_info("y", t, [n])], inits)
    path = os.path.join(tmp, "m2.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config or {}).create_infer_request()
    for i, a in enumerate([] if folded else arrays):
        request.set_input_tensor(i, ov.Tensor(a, [n], ov_type))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(f"u{out.itemsize}").tolist()


def bf16_exact_op(op, a, b):
    x, y = bf16_value(a), bf16_value(b)
    return {"Add": x + y, "Sub": x - y, "Mul": x * y, "Div": x / y}[op]


def f32_bits_of(v):
    return int(np.array([float(v)], np.float32).view(np.uint32)[0])


print("\nPart 2")
rng = np.random.default_rng(7)
# 11 / 12: bfloat16 binary ops on random normal operands (exponents kept near 1 so nothing
# overflows or is subnormal): how many differ from round-to-nearest-even, and how many of
# those equal the float32 result truncated to its upper 16 bits.
for op in ("Add", "Sub", "Mul", "Div"):
    n = 4096
    a = (rng.integers(0x3E00, 0x4080, n) | (rng.integers(0, 2, n) << 15)).astype(np.uint16)
    b = rng.integers(0x3E00, 0x4080, n).astype(np.uint16)
    got = run2(op, 14, TP.BFLOAT16, [a.tolist(), b.tolist()])
    rne = [bf16_round(bf16_exact_op(op, int(x), int(y)),
                      negative_zero=bool((x ^ y) & 0x8000) and op in ("Mul", "Div")) for x, y in zip(a, b)]
    # float32's answer (numpy), its upper half (truncation)
    fa = (a.astype(np.uint32) << 16).view(np.float32); fb = (b.astype(np.uint32) << 16).view(np.float32)
    f = {"Add": fa + fb, "Sub": fa - fb, "Mul": fa * fb, "Div": fa / fb}[op]
    trunc = (f.view(np.uint32) >> 16).tolist()
    bad = [i for i in range(n) if got[i] != rne[i]]
    print(f"  11. {op}-14 bfloat16 (run), {n} random normal pairs: {len(bad)} differ from RNE, "
          f"{sum(got[i] == trunc[i] for i in bad)} of them equal float32's result truncated; "
          f"{sum(rne[i] != trunc[i] for i in range(n))} pairs where RNE and truncation differ")
    for i in bad[:2]:
        print(f"       {a[i]:#06x} {op} {b[i]:#06x} -> {got[i]:#06x}  want {rne[i]:#06x}   <- differs")
for op, xs in (("Add", [[0x097F], [0x09FE]]), ("Sub", [[0x028E], [0x053D]]), ("Mul", [[0x028E], [0x3982]]),
               ("Div", [[0x028E], [0x097F]])):
    got = run2(op, 14, TP.BFLOAT16, xs)
    w = want_bf16(op, [xs[0][0], xs[1][0]]) if op == "Div" else \
        bf16_round(bf16_exact_op(op, xs[0][0], xs[1][0]))
    print(f"  11. {op}-14 bfloat16 (run, the report's example) {xs[0][0]:#06x}, {xs[1][0]:#06x} -> "
          f"{got[0]:#06x}  want {w:#06x}{'   <- differs' if got[0] != w else ''}")
# 12: float Div on ordinary normal operands
n = 20000
fa = rng.uniform(0.5, 2, n).astype(np.float32); fb = rng.uniform(0.5, 2, n).astype(np.float32)
got = np.array(run2("Div", 14, TP.FLOAT, [fa.view(np.uint32).tolist(), fb.view(np.uint32).tolist()]), np.uint32)
q = (fa / fb).view(np.uint32); r = (fa * (np.float32(1) / fb)).view(np.uint32)
print(f"  12. Div-14 float (run), {n} random pairs in [0.5, 2): {int((got != q).sum())} differ from x / y, "
      f"{int((got != r).sum())} from x * (1/y) in float32")
for fold in (False, True):
    got = run2("Div", 14, TP.FLOAT, [[0x06400000, 0x40A00000], [0x107FFFFF, 0x40400000]], folded=fold)
    w = [want("Div", TP.FLOAT, [x, y])[0] for x, y in ((0x06400000, 0x107FFFFF), (0x40A00000, 0x40400000))]
    print(f"  12. Div-14 float ({'folded' if fold else 'run'}) [0x06400000, 0x40a00000], [0x107fffff, 0x40400000]"
          f" -> {hexes(got, TP.FLOAT)}  want {hexes(w, TP.FLOAT)}{'   <- differs' if got != w else ''}")


# 13: Sum of three inputs
def f16(bits):
    return np.array(bits, np.uint16).view(np.float16)


for t, trip in ((TP.FLOAT16, [(0x5C00, 0xA3FF, 0xDC00), (0x2800, 0xD7FF, 0xA800), (0x3C00, 0x3C00, 0x3C00)]),
                (TP.BFLOAT16, [(0x4402, 0xBBFD, 0xC402), (0x3E40, 0xC1BF, 0xBE40)])):
    got = run2("Sum", 13, t, [list(c) for c in zip(*trip)])
    for (x, y, z), g in zip(trip, got):
        if t == TP.FLOAT16:
            ltr = int(((f16([x]) + f16([y])) + f16([z])).view(np.uint16)[0])      # in float16, left to right
            wide = int((f16([x]).astype(np.float32) + f16([y]).astype(np.float32)
                        + f16([z]).astype(np.float32)).astype(np.float16).view(np.uint16)[0])
        else:
            ltr = bf16_round(bf16_value(bf16_round(bf16_value(x) + bf16_value(y))) + bf16_value(z))
            s32 = np.float32(np.array([x << 16], np.uint32).view(np.float32)[0]) + \
                np.array([y << 16], np.uint32).view(np.float32)[0]
            s32 = np.float32(s32 + np.array([z << 16], np.uint32).view(np.float32)[0])
            wide = bf16_round(Fraction(float(s32)))
        mark = "" if g == ltr else ("   <- differs (= float32 partial sums, rounded once)" if g == wide
                                    else "   <- differs")
        print(f"  13. Sum-13 {TP.DataType.Name(t).lower()} (run) {x:#06x} + {y:#06x} + {z:#06x} -> {g:#06x}  "
              f"want {ltr:#06x} (left to right); float32 partial sums give {wide:#06x}{mark}")

# 14: BitShift-11
U = {TP.UINT8: 8, TP.UINT32: 32, TP.UINT64: 64}
SHIFTS = [
    (TP.UINT8, "LEFT", False, [0xFF, 0x01, 0x01, 0x80, 0x03], [1, 7, 8, 1, 2]),
    (TP.UINT8, "RIGHT", False, [0xFF, 0xFF, 0x80, 0x81], [1, 8, 9, 7]),
    (TP.UINT32, "LEFT", False, [0xFFFFFFFF, 0x00000001, 0x00000001], [1, 31, 32]),
    (TP.UINT32, "LEFT", True, [0xFFFFFFFF, 0x00010000, 0x80000000], [1, 15, 0]),
    (TP.UINT32, "RIGHT", False, [0xFFFFFFFF, 0x01FFFFFF, 0x80000000, 0x00000001], [1, 0, 31, 32]),
    (TP.UINT64, "LEFT", False, [0x0000000400000001, 0x1, 0x1], [0, 31, 64]),
    (TP.UINT64, "RIGHT", False, [0xFFFFFFFFFFFFFFFF, 0x0000000400000001, 0x1], [1, 0, 64]),
]
for t, direction, fold, xs, ss in SHIFTS:
    w = U[t]
    got = run2("BitShift", 11, t, [xs, ss], folded=fold, attrs={"direction": direction})
    exp = [(((x << s) & ((1 << w) - 1)) if direction == "LEFT" else x >> s) if s < w else 0 for x, s in zip(xs, ss)]
    fails = sum(g != e for g, e, s in zip(got, exp, ss) if s < w)
    devs = sum(g != e for g, e, s in zip(got, exp, ss) if s >= w)
    mark = "   <- differs" if fails else ("   <- differs where the spec is silent" if devs else "")
    print(f"  14. BitShift-11 {direction} {TP.DataType.Name(t).lower()} ({'folded' if fold else 'run'}) "
          f"{hexes(xs, t)} by {ss}\n       -> {hexes(got, t)}  want {hexes(exp, t)}{mark}")
# rank 0
g = helper.make_graph([helper.make_node("BitShift", ["x", "s"], ["y"], direction="LEFT")], "g",
                      [helper.make_tensor_value_info(v, TP.UINT8, []) for v in ("x", "s")],
                      [helper.make_tensor_value_info("y", TP.UINT8, [])])
p = os.path.join(tmp, "r0.onnx"); onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 11)]), p)
res = core.compile_model(core.read_model(p), "CPU")([np.array(3, np.uint8), np.array(2, np.uint8)])[0]
print(f"  14. BitShift-11 LEFT uint8, rank-0 inputs 3, 2 -> shape {list(res.shape)} value {res.reshape(-1).tolist()}"
      f"  want shape [] value [12]{'   <- differs' if list(res.shape) != [] else ''}")

# 15: must-reject Sum-6/8/13 with no input (the suite's `missing_input` models: a graph input
# `x`, a Sum node with none). Each read_model + compile_model + infer in a child process.
CHILD = r'''
import sys, onnx, openvino as ov
from onnx import helper, TensorProto as TP
v = int(sys.argv[1])
import numpy as np
g = helper.make_graph([helper.make_node("Sum", [], ["y"])], "g",
                      [helper.make_tensor_value_info("x", TP.FLOAT, [3])],
                      [helper.make_tensor_value_info("y", TP.FLOAT, [3])])
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", v)]), sys.argv[2])
try:
    m = ov.Core().compile_model(ov.Core().read_model(sys.argv[2]), "CPU")
    print("compiled;", flush=True)
    print("ran (a model it must refuse):", m([np.ones(3, np.float32)])[0].tolist(), flush=True)
except Exception as e:
    print("refused:", str(e).splitlines()[0][:100])
'''
for v in (6, 8, 13):
    p = subprocess.run([sys.executable, "-c", CHILD, str(v), os.path.join(tmp, f"sum{v}.onnx")],
                       capture_output=True, text=True)
    status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
    print(f"  15. Sum-{v} float, no input (must be refused): {status} {p.stdout.strip()}")
