"""tract's float Div is x * (1/y), not a correctly rounded x / y (float16,
float, double; Div-6, -7, -13, -14). Where 1/y overflows (the smallest
subnormal divisors) the answer is +-inf, and 0 times that inf a NaN; a
larger subnormal divisor is not flushed (1 / 2^-127 is finite); and on
ordinary normal operands the product is one rounding away from the
quotient (5 / 3, and the suite's own pairs 0x05ff / 0x13d2 (float16),
0x06400000 / 0x107fffff (float), 0x020fffffffffffff / 0x0ad8000000000000
(double)). BitShift-11 by the type's width or more is a shift by the
count modulo the width (the suite's reference, as numpy, gives 0: spec
silent, a deviation). Integer Div by 0 panics in Rust and aborts the process
(SIGABRT); those runs are in child processes so this script finishes.
Expected answers: numpy's x / y, Python ints for the shifts (IEEE, correctly rounded; float16's
through float32, which is exact for one division) and Python ints.
Standalone: onnx.helper builds the models, tract's own Python API runs them."""
import os, subprocess, sys, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP

FLOATS = {"float16": (TP.FLOAT16, np.float16, np.uint16), "float32": (TP.FLOAT, np.float32, np.uint32),
          "float64": (TP.DOUBLE, np.float64, np.uint64)}
INTS = {"int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64,
        "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def div_model(t, n, opset):
    g = helper.make_graph([helper.make_node("Div", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info(v, t, [n]) for v in ("a", "b")],
                          [helper.make_tensor_value_info("y", t, [n])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return path


def run(path, a, b):
    import tract
    return tract.onnx().load(path).into_model().into_runnable().run([a, b])[0].to_numpy()


def child(dtype, a, b):
    """Integer Div-14 of [a] by [b] in this (child) process."""
    import tract
    a = np.array([a], dtype); b = np.array([b], dtype)
    try:
        print("ran:", run(div_model(INTS[dtype], 1, 14), a, b).tolist())
    except tract.TractError as e:
        print("TractError:", str(e).splitlines()[0])


if len(sys.argv) == 4:
    child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    sys.exit(0)

import tract
print("tract", tract.version())
hx = lambda v, u: [hex(x) for x in np.atleast_1d(v).view(u)]
PAIRS = {  # (dividend bits, divisor bits)
    "float16": [(0x0400, 0x0001), (0x0001, 0x0001), (0x0000, 0x0001), (0x3C00, 0x0200), (0x4500, 0x4200),
                (0x05FF, 0x13D2)],
    "float32": [(0x04000000, 0x00000001), (0x00000001, 0x00000001), (0x00000000, 0x00000001),
                (0x3F800000, 0x00400000), (0x40A00000, 0x40400000), (0x06400000, 0x107FFFFF)],
    "float64": [(0x0400000000000000, 0x1), (0x1, 0x1), (0x0, 0x1),
                (0x3FF0000000000000, 0x0008000000000000), (0x4014000000000000, 0x4008000000000000),
                (0x020FFFFFFFFFFFFF, 0x0AD8000000000000)],
}
rng = np.random.default_rng(1)
with np.errstate(all="ignore"):
    for name, (t, ft, ut) in FLOATS.items():
        a = np.array([p[0] for p in PAIRS[name]], ut).view(ft)
        b = np.array([p[1] for p in PAIRS[name]], ut).view(ft)
        for opset in (6, 7, 13, 14):
            y = run(div_model(t, len(a), opset), a, b)
            print(f"Div-{opset} {name} {hx(a, ut)} / {hx(b, ut)}")
            print(f"    tract   {hx(y, ut)}")
        print(f"    x / y   {hx(a / b, ut)}   (expected)")
        print(f"    x*(1/y) {hx(a * (ft(1) / b), ut)}")
        # ordinary normal operands: how many of 100000 random pairs differ from x / y
        n = 100000
        ra = rng.uniform(0.5, 2, n).astype(ft); rb = rng.uniform(0.5, 2, n).astype(ft)
        y = run(div_model(t, n, 14), ra, rb)
        print(f"    Div-14 {name}, {n} random pairs in [0.5, 2): {int((y.view(ut) != (ra / rb).view(ut)).sum())} differ from x / y,"
              f" {int((y.view(ut) != (ra * (ft(1) / rb)).view(ut)).sum())} from x * (1/y)")

# Integer Div-14: a zero divisor, and MIN / -1 (x86's other trapping quotient), in child processes.
for dtype in INTS:
    info = np.iinfo(dtype)
    cases = [(7, 0), (7, 2)] + ([(info.min, -1), (7, -1)] if info.min < 0 else [])
    for a, b in cases:
        want = "any (ONNX is silent)" if b == 0 else (f"{info.min} (wraps) or any" if a == info.min and b == -1
                                                     else str(int(a / b)))  # truncation toward zero
        p = subprocess.run([sys.executable, __file__, dtype, str(a), str(b)], capture_output=True, text=True,
                           env={**os.environ, "RUST_BACKTRACE": "0"})
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        panic = [l.strip() for l in p.stderr.splitlines() if "divide" in l or "overflow" in l or "aborting" in l]
        print(f"Div-14 {dtype} {a} / {b}: {status}: {p.stdout.strip()} {' / '.join(panic)}  want {want}")

# BitShift-11 on the unsigned types: counts below the width are right; from the width up
# tract shifts by the count modulo the width (Rust's wrapping_shl / wrapping_shr).
UINTS = {"uint8": (TP.UINT8, np.uint8), "uint16": (TP.UINT16, np.uint16), "uint32": (TP.UINT32, np.uint32),
         "uint64": (TP.UINT64, np.uint64)}


def shift_model(t, n, direction):
    g = helper.make_graph([helper.make_node("BitShift", ["x", "s"], ["y"], direction=direction)], "g",
                          [helper.make_tensor_value_info(v, t, [n]) for v in ("x", "s")],
                          [helper.make_tensor_value_info("y", t, [n])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 11)]), path)
    return path


for name, (t, nt) in UINTS.items():
    w = np.dtype(nt).itemsize * 8
    top = (1 << w) - 1
    xs = [1, 1, 1, 1, top, top]
    ss = [w - 1, w, w + 1, 2 * w, w, top]
    for direction in ("LEFT", "RIGHT"):
        xv = [(1 << (w - 1)) if direction == "RIGHT" and x == 1 else x for x in xs]
        y = run(shift_model(t, len(xv), direction), np.array(xv, nt), np.array(ss, nt)).tolist()
        want = [((x << s) & top if direction == "LEFT" else x >> s) if s < w else 0 for x, s in zip(xv, ss)]
        modw = [(x << (s % w)) & top if direction == "LEFT" else x >> (s % w) for x, s in zip(xv, ss)]
        print(f"BitShift-11 {direction:5} {name}: x {[hex(v) for v in xv]} by {ss}")
        print(f"    tract {[hex(v) for v in y]}")
        print(f"    want  {[hex(v) for v in want]}  (numpy: 0 from the width up; spec silent there)")
        print(f"    count mod width {[hex(v) for v in modw]}  -> tract {'equals' if y == modw else 'differs from'} it")
