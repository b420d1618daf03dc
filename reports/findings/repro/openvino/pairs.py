# OpenVINO CPU on the pair sweeps' findings: Add, Mul and Div of two float16
# or bfloat16 graph inputs, each pair fed and read as raw bits. Each line
# shows the pair, OpenVINO's answer, the IEEE 754 answer (the exact result
# rounded once to nearest even, subnormals kept, computed here with
# Fractions), and for float16 Div what x * (1/y) in float32 gives.
#   1. float16 Div is off by one unit where the exact quotient is a tie
#      between two float16 subnormals: x * (1/y) in float32 breaks the tie
#      by the reciprocal's rounding error, not to even;
#   2. bfloat16 Add, Mul and Div flush subnormal results (and inputs) to
#      zero on a host with AVX512_BF16 (the default inference precision is
#      bf16 there), and a subnormal divisor gives infinity.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os
import tempfile
from fractions import Fraction

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
# ONNX type: (OpenVINO type, exponent bits, mantissa bits)
FORMATS = {TP.FLOAT16: (ov.Type.f16, 5, 10), TP.BFLOAT16: (ov.Type.bf16, 8, 7)}
core = ov.Core()
tmp = tempfile.mkdtemp()


def run(op, t, a, b, config):
    """OpenVINO's answer, as bits, to `op` on the pattern lists a and b."""
    n = len(a)
    names = ["x", "x1"]
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g",
                          [helper.make_tensor_value_info(m, t, [n]) for m in names],
                          [helper.make_tensor_value_info("y", t, [n])])
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
    # ov.Tensor borrows the array's memory: the arrays must outlive infer().
    arrays = [np.array(bits, np.uint16) for bits in (a, b)]
    for i, array in enumerate(arrays):
        request.set_input_tensor(i, ov.Tensor(array, [n], FORMATS[t][0]))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(np.uint16).tolist()


def value(t, bits):
    """The exact value of a finite pattern."""
    _, ebits, mbits = FORMATS[t]
    bias = (1 << (ebits - 1)) - 1
    s, e, m = bits >> 15, (bits >> mbits) & ((1 << ebits) - 1), bits & ((1 << mbits) - 1)
    v = Fraction(m, 1 << mbits) * Fraction(2) ** (1 - bias) if e == 0 else \
        Fraction((1 << mbits) + m, 1 << mbits) * Fraction(2) ** (e - bias)
    return -v if s else v


def round_to(t, v):
    """An exact value rounded to nearest even in format t; +-inf past its range."""
    _, ebits, mbits = FORMATS[t]
    bias = (1 << (ebits - 1)) - 1
    sign = 0x8000 if v < 0 else 0
    a = abs(v)
    if a == 0:
        return sign
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, 1 - bias)                   # below the normals: a fixed quantum
    q = Fraction(2) ** (e - mbits)
    n, r = divmod(a, q)
    n = int(n) + (1 if r > q / 2 or (r == q / 2 and n % 2) else 0)
    if n == 2 << mbits:                    # rounded up into the next binade
        n, e = 1 << mbits, e + 1
    inf = ((1 << ebits) - 1) << mbits
    if e > bias:
        return sign | inf
    if n < (1 << mbits):
        return sign | n
    return sign | ((e + bias) << mbits) | (n - (1 << mbits))


def want(op, t, x, y):
    a, b = value(t, x), value(t, y)
    if op == "Div" and b == 0:
        return None
    return round_to(t, {"Add": a + b, "Mul": a * b, "Div": a / b if b else 0}[op])


def reciprocal_multiply(x, y):
    """float16 x * (1/y) computed in float32, rounded to float16."""
    fx, fy = (np.array([v], np.uint16).view(np.float16).astype(np.float32) for v in (x, y))
    q = (fx * (np.float32(1) / fy)).astype(np.float16)
    return int(q.view(np.uint16)[0])


CASES = [  # op, type, pairs (each from the sweep's mismatch examples)
    ("Div", TP.FLOAT16, [(0x042F, 0x57E0), (0x0453, 0x5520), (0x004B, 0x4F80),
                         (0x3083, 0x7B80), (0x842F, 0xD7E0)]),
    ("Add", TP.BFLOAT16, [(0x0001, 0x0001), (0x0080, 0x8081), (0x0080, 0x8001)]),
    ("Mul", TP.BFLOAT16, [(0x0080, 0x3B81), (0x0001, 0x3F01)]),
    ("Div", TP.BFLOAT16, [(0x0080, 0x3F81), (0x0080, 0x0001)]),
]

print("OpenVINO", ov.get_version())
for config_name, config in CONFIGS.items():
    print(f"\n== {config_name}")
    for op, t, pairs in CASES:
        a, b = [p[0] for p in pairs], [p[1] for p in pairs]
        got = run(op, t, a, b, config)
        for (x, y), g in zip(pairs, got):
            w = want(op, t, x, y)
            mark = "ok" if g == w else "WRONG"
            extra = ""
            if op == "Div" and t == TP.FLOAT16:
                extra = f"  x*(1/y) in float32: 0x{reciprocal_multiply(x, y):04x}"
            print(f"{op} {TP.DataType.Name(t).lower()} 0x{x:04x}, 0x{y:04x}: "
                  f"openvino 0x{g:04x}, IEEE 0x{w:04x}  {mark}{extra}")
