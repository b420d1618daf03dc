"""IREE (llvm-cpu, target cpu generic, local-sync) on Identity, Mod, PRelu
and LeakyRelu (the run of 2026-12-03):

1. Identity of an unsigned initializer (uint8 here) does not compile: the
   constant becomes a `torch.vtensor.literal` typed si8 while the function
   returns ui8; an int8 initializer and a uint8 graph input are fine;
2. Mod-10 is not lowered at all (Mod-13 is);
3. Mod-13 fmod=1 on floats is lowered as x - trunc(x / y) * y, each step
   rounded (trunc as sign(q) * floor(|q|)), with the runtime's subnormal
   flush: wrong when x / y is inexact or large, NaN for an inf divisor,
   +0 for -0 results, NaN or 0 for subnormal operands;
4. Mod-13 on unsigned integers is a signed remainder of the same bits
   (arith.remsi, the sign-of-divisor fix-up of signed ints; fmod=1 an
   arith.divsi): 0xff mod 3 = -1 mod 3;
5. integer Mod-13 whose operands trap an x86 divide, in the suite's
   shapes, each in a child process (what comes out depends on the vector
   or scalar code path an element takes; one element alone dies);
6. int64 Mod-13 of two initializers [101, 1] and [1, 99] kills
   iree-compile (SIGFPE in const-eval) with values that cannot trap
   (7 mod 3 everywhere); [100, 1] by [1, 100] compiles, and so does the
   first with --iree-opt-const-eval=false;
7. PRelu: select(x < 0, x * slope, x), right on signed zeros and NaN; the
   subnormal flush (a negative subnormal x compares as 0 and comes out
   unchanged, subnormal products are 0, -inf * subnormal slope is NaN);
   on uint32 the `x < 0` is a signed compare, so x >= 2^31 is multiplied;
8. LeakyRelu: max(x, 0) + alpha * min(x, 0) (four linalg ops, printed):
   with alpha -1.5, -0 gives +0 (-0 + +0), and a negative x whose
   product is -0 (flushed or underflowed) gives +0;
9. models a conformant backend refuses: IREE runs them.
Expected answers: numpy (np.fmod is the exact C fmod; IEEE products with
subnormals), Python ints.
    cd reports/findings/repro/iree && ../../../../build/venv/bin/python identity_mod_prelu_leakyrelu.py 2>/dev/null
(a child run is: identity_mod_prelu_leakyrelu.py --child ...)"""
import json, os, signal, subprocess, sys, importlib.metadata
import numpy as np, onnx, ml_dtypes
from onnx import helper, numpy_helper, TensorProto as TP
import iree.compiler as ic
from common import IMPORT, TMP, compile_model, first_error, hexbits, n_inputs, run_n

BF16 = ml_dtypes.bfloat16
KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
CODE = {"float16": TP.FLOAT16, "float32": TP.FLOAT, "float64": TP.DOUBLE, "bfloat16": TP.BFLOAT16,
        "float8_e4m3fn": TP.FLOAT8E4M3FN, "int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32,
        "int64": TP.INT64, "uint8": TP.UINT8, "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64}


def model(op, opset, xs, init=False, t_out=None, **attrs):
    """op on x0, x1.. (graph inputs, or initializers with init=True); output shape = broadcast."""
    names = [f"x{i}" for i in range(len(xs))]
    t = CODE[xs[0].dtype.name]
    shape = list(np.broadcast_shapes(*[x.shape for x in xs]))
    vi = [helper.make_tensor_value_info(v, t, list(x.shape)) for v, x in zip(names, xs)]
    ini = [numpy_helper.from_array(x, v) for v, x in zip(names, xs)] if init else []
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g", [] if init else vi,
                          [helper.make_tensor_value_info("y", t_out or t, shape)], initializer=ini)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(op, opset, xs, **attrs):
    r = run_n(model(op, opset, xs, **attrs), xs, KEEP_F64)
    return r.view(xs[0].dtype) if xs[0].dtype.kind == "u" else r


def try_compile(m, *flags):
    """'compiles', or how iree-compile failed."""
    p, mlir = os.path.join(TMP, "t.onnx"), os.path.join(TMP, "t.mlir")
    onnx.save(m, p)
    subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
    try:
        ic.compile_file(mlir, target_backends=["llvm-cpu"],
                        extra_args=["--iree-llvmcpu-target-cpu=generic", KEEP_F64, *flags])
        return "compiles"
    except Exception as e:
        code = [l.strip() for l in str(e).splitlines() if "Error code: -" in l]
        return ("iree-compile died: " + code[0]) if code else "error: " + first_error(e)


def ops(m):
    """The arith / math ops of the model after IREE's input conversion, one linalg op's body a line."""
    p, mlir = os.path.join(TMP, "o.onnx"), os.path.join(TMP, "o.mlir")
    onnx.save(m, p)
    subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
    text = ic.compile_file(mlir, target_backends=["llvm-cpu"], extra_args=["--compile-to=input"])
    text = text.decode() if isinstance(text, bytes) else text
    out = []
    for body in text.split("^bb0")[1:]:
        body = body.split("linalg.yield", 1)[0].splitlines()[1:]
        out.append("; ".join(" ".join(l.split(" loc(")[0].split()).split(" = ", 1)[-1] for l in body if l.strip()))
    return out


if sys.argv[1:2] == ["--child"]:  # Mod-13: [n, 1] ones (row n // 2: a) by [1, m] ones (last: b)
    dt, fm, n, m, a, b = sys.argv[2], *[int(v) for v in sys.argv[3:8]]
    x = np.ones((n, 1), dt); x[n // 2, 0] = a
    y = np.ones((1, m), dt); y[0, m - 1] = b
    print(json.dumps(hexbits(run("Mod", 13, [x, y], fmod=fm)[n // 2, m - 1])), flush=True)
    sys.exit(0)


def mod_in_child(dt, fm, n, m, a, b):
    p = subprocess.run([sys.executable, __file__, "--child", dt, *map(str, (fm, n, m, a, b))], capture_output=True, text=True)
    if p.returncode < 0:
        return "killed by " + signal.Signals(-p.returncode).name
    if p.returncode:
        return f"exit {p.returncode}: " + (p.stderr.strip().splitlines() or [""])[-1][:100]
    return json.loads(p.stdout.strip().splitlines()[-1])[0]


def ftz(a):
    """The runtime's flush: subnormals (read or written) become zeros of the same sign."""
    with np.errstate(all="ignore"):
        return np.where(np.abs(a) < np.finfo(a.dtype).tiny, np.copysign(np.zeros_like(a), a), a)


def stepwise_fmod(x, y):
    """The lowering of fmod=1 (part 3) in numpy: q = x / y; trunc as sign(q) * floor(|q|)
    (sign 0 for +-0); q * y; x - that; every value flushed."""
    with np.errstate(all="ignore"):
        x, y = ftz(x), ftz(y)
        q = ftz(x / y)
        t = np.where(q > 0, 1, np.where(q < 0, -1, 0)).astype(q.dtype) * np.floor(np.abs(q))
        return ftz(x - ftz(t * y))


def bits(dt, *b):
    return np.array(b, f"u{np.dtype(dt).itemsize}").view(dt)


print("iree", importlib.metadata.version("iree-base-compiler"))

print("\n1. Identity-13")
print("  uint8 initializer [1, 2, 200, 4]:", try_compile(model("Identity", 13, [np.array([1, 2, 200, 4], np.uint8)], init=True)))
print("  int8 initializer [1, 2, -3, 4]:", try_compile(model("Identity", 13, [np.array([1, 2, -3, 4], np.int8)], init=True)))
print("  uint8 graph input [1, 2, 200, 4] ->", run("Identity", 13, [np.array([1, 2, 200, 4], np.uint8)]).tolist())

print("\n2. Mod-10 int32:", try_compile(model("Mod", 10, [np.array([7], np.int32)] * 2)))

print("\n3. Mod-13 fmod=1 on floats")
x = bits(np.float32, 0x13AEA461, 0x40F00000, 0x80000000, 0x00000001, 0x3F800000, 0x40F00000, 0xC0F00000)
y = bits(np.float32, 0x06C00001, 0x7F800000, 0xC0A00000, 0x40A00000, 0x00000001, 0x40000000, 0x40000000)
print(f"  float32 {hexbits(x)}\n     fmod {hexbits(y)}")
print(f"    iree   {hexbits(run('Mod', 13, [x, y], fmod=1))}")
print(f"    C fmod {hexbits(np.fmod(x, y))}  (expected)")
print(f"    model  {hexbits(stepwise_fmod(x, y))}  (x - trunc(x / y) * y, each step rounded and flushed)")
print("    lowered as:", " | ".join(o for o in ops(model("Mod", 13, [x, y], fmod=1)) if "select" not in o))
xh = bits(np.float16, 0x56E0, 0x4780, 0x8000, 0x4780)
yh = bits(np.float16, 0x0643, 0x7C00, 0x4500, 0x4000)
print(f"  float16 {hexbits(xh)} fmod {hexbits(yh)}\n    iree   {hexbits(run('Mod', 13, [xh, yh], fmod=1))}"
      f"\n    C fmod {hexbits(np.fmod(xh, yh))}  (expected)")

print("\n4. Mod-13 on unsigned integers")
for dt, xv, yv in (("uint8", [0xFF, 0x01, 0xC8, 0x07], [0x03, 0x80, 0x0A, 0x02]),
                   ("uint32", [0xFFFFFFFF, 0x01, 0xC0000000, 0x07], [0x0F, 0x80000000, 0x0A, 0x02])):
    xu, yu = np.array(xv, dt), np.array(yv, dt)
    for fm in (0, 1):
        print(f"  {dt} fmod={fm} {hexbits(xu)} mod {hexbits(yu)} -> {hexbits(run('Mod', 13, [xu, yu], fmod=fm))};"
              f" want {hexbits((xu % yu).astype(dt))}")
print("  uint8 fmod=0 lowered as:", ops(model("Mod", 13, [np.array([1], np.uint8)] * 2))[0])

print("\n5. Mod-13 whose divide traps on x86, the suite's shapes ([n, 1] by [1, m]), each in a child process")
N = {"int8": 256, "uint8": 256, "int16": 89, "uint16": 89, "int32": 99, "uint32": 99, "int64": 101, "uint64": 101}
for dt in N:
    print(f"  {dt} [{N[dt]}, 1] mod [[0]] (fmod=0), 0x7 mod 0: {mod_in_child(dt, 0, N[dt], 1, 7, 0)}  (spec silent; reference 0)")
print(f"  int32 [1, 1] mod [[0]] (fmod=0), 0x7 mod 0: {mod_in_child('int32', 0, 1, 1, 7, 0)}  (one element)")
for dt in ("int8", "int16", "int32", "int64"):
    print(f"  {dt} [{N[dt]}, 1] mod [[-1]] (fmod=0), MIN mod -1: {mod_in_child(dt, 0, N[dt], 1, np.iinfo(dt).min, -1)}  want 0x0")
for dt, fm, m in (("uint32", 0, 98), ("uint32", 1, 98), ("uint64", 0, 100), ("uint64", 1, 100)):
    info = np.iinfo(dt)
    print(f"  {dt} [{N[dt]}, 1] mod [1, {m}] (fmod={fm}), {hex(info.max // 2 + 1)} mod {hex(info.max)}: "
          f"{mod_in_child(dt, fm, N[dt], m, info.max // 2 + 1, info.max)}  want {hex(info.max // 2 + 1)}")

print("\n6. int64 Mod-13 (and Div-14) of two initializers, 7 mod 3 everywhere")
for op, opset, n, m, flags in (("Mod", 13, 101, 99, []), ("Div", 14, 101, 99, []), ("Mod", 13, 100, 100, []),
                               ("Mod", 13, 101, 99, ["--iree-opt-const-eval=false"])):
    mm = model(op, opset, [np.full((n, 1), 7, np.int64), np.full((1, m), 3, np.int64)], init=True)
    print(f"  {op}-{opset} [{n}, 1] by [1, {m}] {' '.join(flags)}: {try_compile(mm, *flags)}")

print("\n7. PRelu-16")
x = bits(np.float32, 0x80000001, 0xBF800000, 0xFF800000, 0x00000000, 0x80000000, 0x80800000, 0x7FC00000)
s = bits(np.float32, 0x40A00000, 0x00000001, 0x00000001, 0x7F800000, 0x7F800000, 0x3F000000, 0xC0400000)
with np.errstate(invalid="ignore"):
    want = np.where(x < 0, x * s, x)
print(f"  float32 x {hexbits(x)}\n    slope {hexbits(s)}\n    iree  {hexbits(run('PRelu', 16, [x, s]))}\n    want  {hexbits(want)}")
print("    lowered as:", " | ".join(ops(model("PRelu", 16, [x, s]))))
xu = np.array([0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 5], np.uint32); su = np.array([2, 2, 2, 2], np.uint32)
print(f"  uint32 x {hexbits(xu)} slope {hexbits(su)} -> {hexbits(run('PRelu', 16, [xu, su]))}; want {hexbits(xu)}")

print("\n8. LeakyRelu-16")
x = bits(np.float32, 0x00000000, 0x80000000, 0xBF800000, 0x80000001, 0x7FC00000)
print(f"  float32 alpha=-1.5 {hexbits(x)} -> {hexbits(run('LeakyRelu', 16, [x], alpha=-1.5))};"
      f" want {hexbits(np.where(x < 0, x * np.float32(-1.5), x))}")
x = bits(np.float32, 0x80000000, 0x80800000, 0x80234E5B, 0xBF800000)
print(f"  float32 default alpha {hexbits(x)} -> {hexbits(run('LeakyRelu', 16, [x]))};"
      f" want {hexbits(np.where(x < 0, x * np.float32(0.01), x))}")
xh = bits(np.float16, 0x8000, 0x8001, 0x8400, 0xBC00)
ah = np.float32(np.float16(0.01))
print(f"  float16 default alpha {hexbits(xh)} -> {hexbits(run('LeakyRelu', 16, [xh]))};"
      f" want {hexbits(np.where(xh < 0, (xh.astype(np.float32) * ah).astype(np.float16), xh))}")
print("    lowered as:", " | ".join(ops(model("LeakyRelu", 16, [x], alpha=-1.5))))

print("\n9. models a conformant backend refuses (built with onnx.helper, not checked)")
for what, op, opset, xs in (
        ("Mod-13 float, fmod=0 (float needs fmod=1)", "Mod", 13,
         [np.array([-7.5, 7.5], np.float32), np.array([2, -2], np.float32)]),
        ("PRelu-7 on int32 (PRelu-7: float types only)", "PRelu", 7, [np.array([-3, 3], np.int32)] * 2),
        ("LeakyRelu-16 on int32 (float types only)", "LeakyRelu", 16, [np.array([-300, 3], np.int32)]),
        ("Identity-13 on float8e4m3fn (from Identity-19)", "Identity", 13, [np.array([1, -2], ml_dtypes.float8_e4m3fn)]),
        ("Identity-1 on bfloat16 (from Identity-13)", "Identity", 1, [np.array([1, -2], BF16)])):
    try:
        r = run_n(model(op, opset, xs), xs, KEEP_F64)
        print(f"  {what}: ran -> {r.tolist()} ({r.dtype})")
    except Exception as e:
        print(f"  {what}: refused: {first_error(e)}")
