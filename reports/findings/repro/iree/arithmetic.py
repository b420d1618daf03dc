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
   --iree-opt-const-eval=false it compiles (not run: it would trap).

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
init = [helper.make_tensor(n, TP.UINT64, [1], [v]) for n, v in (("a", 1 << 63), ("b", (1 << 64) - 1))]
g = helper.make_graph([helper.make_node("Div", ["a", "b"], ["y"])], "g", [],
                      [helper.make_tensor_value_info("y", TP.UINT64, [1])], initializer=init)
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
