"""IREE on Add, Sub, Mul, Div, Sqrt, Reciprocal (llvm-cpu, target cpu
generic, local-sync), element by element against IEEE 754 / ONNX answers
computed here with numpy (float32, double) or exactly in double then
rounded once (float16, bfloat16), and Python ints (integers):

1. subnormals: inputs and results flushed to zero in float32, double and
   bfloat16; float16 subnormal inputs survive (they widen to normal
   float32) but subnormal float16 results are flushed; so inf * subnormal
   is inf * 0 = NaN;
2. unsigned Div is signed Div of the same bits (arith.divsi, shown by
   `payload`): 0xffffffff / 3 = -1 / 3 = 0;
3. dividend 0b100..0 / divisor 0b11..1 (signed MIN / -1) kills the process
   with SIGFPE for every unsigned type when the element is computed on
   the scalar path (a one-element tensor); run in child processes;
4. Div-14 uint64 with both operands initializers 0x8000000000000000 and
   0xffffffffffffffff: iree-compile itself dies of SIGFPE (error code -8)
   evaluating the division at compile time (its const-eval runs compiled
   code in the compiler: the frame has no symbol); with
   --iree-opt-const-eval=false it compiles (not run: it would trap);
   the same for uint32 0x80000000 / 0xffffffff and int64 MIN / -1;
5. the generated Div cases' own layout (a [n, 1] column divided by a
   [1, m] row, the 0b10..0 dividend in one row and the 0b11..1 divisor in
   the last column): whether the process dies depends on m (uint32, m = 98,
   dies; uint16, m = 88, answers); each in a child process;
6. BitShift-11 by the width or more (spec silent; the reference gives 0,
   as numpy): other values, not one rule per type;
7. Sum-13 of three inputs: float16 left to right in float16 (as the
   reference); bfloat16 with float32 partial sums rounded once (a
   deviation by the reference's rule).

    python arithmetic.py            (a child run is: arithmetic.py --child ...)
"""
import json, os, signal, subprocess, sys, importlib.metadata
import numpy as np, ml_dtypes
from onnx import TensorProto as TP, helper
import iree.compiler as ic
from common import n_inputs, one_node, run_n, payload, hexbits, compile_model, TMP

BF16 = ml_dtypes.bfloat16
KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
T = {"uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64, "int8": TP.INT8}


def div_child(dt, a, b):
    """Div-14 of dtype dt on the element lists a, b, in this process; prints the result bits."""
    x, y = np.array(a, dt), np.array(b, dt)
    r = run_n(n_inputs("Div", 14, T[dt], T[dt], 2, [len(a)]), [x, y])
    print(json.dumps(hexbits(r.view(dt))), flush=True)


def bdiv_child(dt, n, m, row, a_val, b_val):
    """Div-14 of a [n, 1] column of ones (a_val in `row`) by a [1, m] row of ones
    (b_val last), broadcast to [n, m], in this process; prints the element at (row, m-1)."""
    x = np.ones((n, 1), dt); x[row, 0] = a_val
    y = np.ones((1, m), dt); y[0, m - 1] = b_val
    names = ["x0", "x1"]
    g = helper.make_graph([helper.make_node("Div", names, ["y"])], "g",
                          [helper.make_tensor_value_info("x0", T[dt], [n, 1]),
                           helper.make_tensor_value_info("x1", T[dt], [1, m])],
                          [helper.make_tensor_value_info("y", T[dt], [n, m])])
    mdl = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)], ir_version=10)
    r = run_n(mdl, [x, y])
    print(json.dumps(hexbits(r[row:row + 1, m - 1:m].view(dt))), flush=True)


if sys.argv[1:2] == ["--bchild"]:
    bdiv_child(sys.argv[2], *[int(v) for v in sys.argv[3:8]])
    sys.exit(0)
if sys.argv[1:2] == ["--child"]:
    dt, a, b = sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
    div_child(dt, a, b)
    sys.exit(0)


def div_in_child(dt, a, b):
    """Div-14 in a child process: (result bits, None) or (None, how it died)."""
    p = subprocess.run([sys.executable, __file__, "--child", dt, json.dumps(a), json.dumps(b)],
                       capture_output=True, text=True)
    if p.returncode < 0:
        return None, "killed by " + signal.Signals(-p.returncode).name
    if p.returncode:
        return None, f"exit {p.returncode}: " + (p.stderr.strip().splitlines() or [""])[-1][:100]
    return json.loads(p.stdout.strip().splitlines()[-1]), None


def cpu():
    info = open("/proc/cpuinfo").read()
    name = [l.split(":", 1)[1].strip() for l in info.splitlines() if l.startswith("model name")][0]
    flags = set([l for l in info.splitlines() if l.startswith("flags")][0].split(":", 1)[1].split())
    return f"{name}, avx2 {'avx2' in flags}, avx512f {'avx512f' in flags}"


print("iree", importlib.metadata.version("iree-base-compiler"), "| host:", cpu())

# ---- 1. subnormals ----------------------------------------------------------
print("\n1. subnormals (input bits -> IREE bits; IEEE: expected bits)")
F = {np.float32: (TP.FLOAT, np.uint32), np.float64: (TP.DOUBLE, np.uint64),
     np.float16: (TP.FLOAT16, np.uint16), BF16: (TP.BFLOAT16, np.uint16)}


def ieee(op, dt, *xs):
    """The correctly rounded answer: numpy in float32 and double (the host's
    IEEE arithmetic, subnormals on); for float16 and bfloat16 the exact
    (add, mul) or double-rounded-once (div, sqrt, reciprocal: 53 bits >=
    2p+2) double answer, rounded to the format."""
    w = np.float64 if dt in (np.float16, BF16) else dt
    v = [x.astype(w) for x in xs]
    with np.errstate(all="ignore"):
        r = {"Add": lambda: v[0] + v[1], "Sub": lambda: v[0] - v[1], "Mul": lambda: v[0] * v[1],
             "Div": lambda: v[0] / v[1], "Sqrt": lambda: np.sqrt(v[0]),
             "Reciprocal": lambda: w(1) / v[0]}[op]()
    return r.astype(dt)


def show(op, opset, dt, *bits):
    t, u = F[dt]
    xs = [np.array(b, u).view(dt) for b in bits]
    m = (n_inputs(op, opset, t, t, 2, [len(bits[0])]) if len(xs) == 2
         else one_node(op, opset, t, t, [len(bits[0])]))
    y = run_n(m, xs, KEEP_F64)
    want = ieee(op, dt, *xs)
    ins = [",".join(p) for p in zip(*[hexbits(x) for x in xs])]
    print(f"{op}-{opset} {np.dtype(dt).name}: " +
          "; ".join(f"{i} -> {g}" + ("" if g == w else f" (IEEE {w})")
                    for i, g, w in zip(ins, hexbits(y), hexbits(want))))


show("Add", 14, np.float32, [0x00000001, 0x00000001, 0x00800000, 0x3f800000], [0x00000001, 0x00000000, 0x80000001, 0x3f800000])
show("Add", 14, np.float64, [0x0000000000000001, 0x0010000000000000], [0x0000000000000001, 0x8000000000000001])
show("Add", 14, BF16, [0x0001, 0x0080], [0x0001, 0x8001])
show("Add", 14, np.float16, [0x0001, 0x0001, 0x0400], [0x0001, 0x0000, 0x8001])
show("Sub", 14, np.float32, [0x00000001, 0x00000000], [0x00000000, 0x00000001])
show("Mul", 14, np.float32, [0x7f800000, 0x3f800000, 0x04000000], [0x00000001, 0x00000001, 0x3b000000])
show("Mul", 14, np.float64, [0x7ff0000000000000, 0x3ff0000000000000], [0x0000000000000001, 0x0000000000000001])
show("Mul", 14, BF16, [0x7f80, 0x3f80], [0x0001, 0x0001])
show("Mul", 14, np.float16, [0x7c00, 0x0400], [0x0001, 0x1400])
show("Div", 14, np.float32, [0x04000000, 0x00000001, 0x3f800000], [0x44000000, 0x3f800000, 0x00000001])
show("Sqrt", 13, np.float32, [0x00000001, 0x007fffff, 0x00800000])
show("Sqrt", 13, np.float64, [0x0000000000000001, 0x0010000000000000])
show("Sqrt", 13, BF16, [0x0001, 0x0080])
show("Sqrt", 13, np.float16, [0x0001, 0x0400])
show("Reciprocal", 13, np.float32, [0x7e800001, 0x00000001, 0x3f800000])
show("Reciprocal", 13, np.float16, [0x7401, 0x3c00])

# ---- 2. unsigned Div ----------------------------------------------------------
print("\n2. unsigned Div-14 (no zero divisor, no 0b10..0 / 0b11..1); lowered as:",
      payload(n_inputs("Div", 14, TP.UINT32, TP.UINT32, 2, [4]))[0])
for dt, a, b in (("uint8", [0xff, 0x01, 0x02, 0xc8], [0x02, 0xff, 0xfe, 0x0a]),
                 ("uint16", [0xffff, 0x0001, 0x0002, 0xc350], [0x0002, 0xffff, 0xfffe, 0x000a]),
                 ("uint32", [0xffffffff, 0x00000001, 0x00000003, 0xc0000000], [0x00000003, 0xffffffff, 0xfffffffe, 0x00000002]),
                 ("uint64", [0xffffffffffffffff, 0x1, 0x3, 0x8000000000000000], [0x3, 0xffffffffffffffff, 0xfffffffffffffffe, 0x2])):
    got, died = div_in_child(dt, a, b)
    want = [hex(p // q) for p, q in zip(a, b)]
    print(f"{dt}: " + "; ".join(f"{hex(p)}/{hex(q)} -> {g}" + ("" if g == w else f" (ONNX {w})")
                               for p, q, g, w in zip(a, b, got or ["-"] * 4, want)) + (f" [{died}]" if died else ""))

# ---- 3. the divide that traps -----------------------------------------------
print("\n3. dividend 0b10..0 / divisor 0b11..1, n equal elements, each Div-14 in a child process")
for dt, bits in (("uint8", 8), ("uint16", 16), ("uint32", 32), ("uint64", 64), ("int8", 8)):
    mn = 1 << (bits - 1)
    a, b = (mn, (1 << bits) - 1) if dt[0] == "u" else (-mn, -1)
    want = hex(a // b) if dt[0] == "u" else "spec silent"
    for n in (1, 2, 4, 9):
        got, died = div_in_child(dt, [a] * n, [b] * n)
        print(f"{dt} n={n}: {hex(a % (1 << bits))}/{hex(b % (1 << bits))} -> {died or got[0]} (ONNX {want})")

# ---- 4. the same division folded by the compiler -----------------------------
print("\n4. Div-14 uint64 of two initializers, 0x8000000000000000 / 0xffffffffffffffff:")
for t, a0, b0 in ((TP.UINT64, 1 << 63, (1 << 64) - 1), (TP.UINT32, 1 << 31, (1 << 32) - 1),
                  (TP.INT64, -(1 << 63), -1)):
    if t != TP.UINT64:
        print(f"   Div-14 {TP.DataType.Name(t).lower()} of two initializers, {hex(a0 % (1 << 64))} / {hex(b0 % (1 << 64))}:")
    init = [helper.make_tensor(n, t, [1], [v]) for n, v in (("a", a0), ("b", b0))]
    g = helper.make_graph([helper.make_node("Div", ["a", "b"], ["y"])], "g", [],
                          [helper.make_tensor_value_info("y", t, [1])], initializer=init)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 14)], ir_version=10)
    for flags in ([], ["--iree-opt-const-eval=false"]):
        try:
            compile_model(m, *flags)
            print(f"  {flags or 'default flags'}: compiles")
        except ic.CompilerToolError as e:
            lines = str(e).splitlines()
            frames = [l.split(" ", 2)[-1] for l in lines if l.lstrip().startswith("#")]
            print(f"  {flags or 'default flags'}: iree-compile {[l for l in lines if l.startswith('Error code')][0]};",
                  "frame after the signal handler:", [f for f in frames if "Signals.cpp" not in f][1:2])

# ---- 5. the generated cases' layout -----------------------------------------
print("\n5. Div-14 [n,1] / [1,m] broadcast, ones but the dividend 0b10..0 in one row and the divisor"
      " 0b11..1 in the last column (the suite's layout), each in a child process")
for dt, n, m, row, bits in (("uint32", 99, 98, 48, 32), ("uint16", 89, 88, 46, 16), ("uint64", 101, 100, 52, 64),
                            ("uint32", 99, 96, 48, 32), ("uint16", 89, 90, 46, 16)):
    a0, b0 = 1 << (bits - 1), (1 << bits) - 1
    p = subprocess.run([sys.executable, __file__, "--bchild", dt, str(n), str(m), str(row), str(a0), str(b0)],
                       capture_output=True, text=True)
    got = ("killed by " + signal.Signals(-p.returncode).name if p.returncode < 0 else
           (json.loads(p.stdout.strip().splitlines()[-1])[0] if p.returncode == 0 else f"exit {p.returncode}"))
    print(f"{dt} [{n},1] / [1,{m}] ({m} % 8 = {m % 8}): {hex(a0)}/{hex(b0)} -> {got} (ONNX 0x0)")

# ---- 6. BitShift by the width or more ----------------------------------------
print("\n6. BitShift-11, counts below and from the width up (x << s / x >> s; ONNX/numpy: 0 from the width up)")
UT = {"uint8": (TP.UINT8, 8), "uint16": (TP.UINT16, 16), "uint32": (TP.UINT32, 32), "uint64": (TP.UINT64, 64)}
for dt, (t, w) in UT.items():
    for direction in ("LEFT", "RIGHT"):
        x0 = 1 if direction == "LEFT" else 1 << (w - 1)
        ss = [w - 1, w, w + 1, 2 * w, 4 * w + 1, (1 << w) - 1]
        xs = [x0] * len(ss)
        r = run_n(n_inputs("BitShift", 11, t, t, 2, [len(ss)], direction=direction),
                  [np.array(xs, dt), np.array(ss, dt)])
        want = [((x << s) % (1 << w) if direction == "LEFT" else x >> s) if s < w else 0 for x, s in zip(xs, ss)]
        print(f"{dt} {direction:5} {hex(x0)} by {ss}: " + "; ".join(
            f"{g}" + ("" if int(g, 16) == e else f" (numpy {hex(e)})") for g, e in zip(hexbits(r), want)))

# ---- 7. Sum of three inputs -------------------------------------------------
print("\n7. Sum-13, three inputs (x + y + z; left to right in the format, and float32 partial sums rounded once)")
for dt, trips in ((np.float16, [(0x5c00, 0xa3ff, 0xdc00), (0x2800, 0xd7ff, 0xa800)]),
                  (BF16, [(0x4402, 0xbbfd, 0xc402), (0x3e40, 0xc1bf, 0xbe40)])):
    t, u = F[dt]
    cols = [np.array(c, u).view(dt) for c in zip(*trips)]
    r = run_n(n_inputs("Sum", 13, t, t, 3, [len(trips)]), cols)
    ltr = ieee("Add", dt, ieee("Add", dt, cols[0], cols[1]), cols[2])
    wide = (cols[0].astype(np.float32) + cols[1].astype(np.float32) + cols[2].astype(np.float32)).astype(dt)
    for i, trip in enumerate(trips):
        g, l, w = hexbits(r)[i], hexbits(ltr)[i], hexbits(wide)[i]
        print(f"{np.dtype(dt).name}: {','.join(hex(v) for v in trip)} -> {g}; left to right {l}; float32 partial sums {w}"
              + (" (= left to right)" if g == l else " (= float32 partial sums)" if g == w else " (neither)"))
