"""ONNX Runtime (Python API, CPU EP) on Mod, PRelu, LeakyRelu and Identity:
  (1) Mod-13 fmod=1 on int64 / uint64 gives fmod() of the operands converted
      to double, not the exact remainder.
  (2) Mod-13 with a zero in the divisor: the run is refused (fmod 0 and 1).
  (3) Mod-13 MIN % -1, each in a child process: int32 and int64 with fmod=0
      die (SIGFPE); fmod=1 goes through double and answers 0.
  (4) PRelu-16 and LeakyRelu-16 where the answer is a -0 from the x < 0
      branch (types with no kernel run the opset 16 function body, whose
      Where gives +0 for a -0 taken from X); Where shown alone.
  (5) LeakyRelu on float16, every negative finite pattern: the kernel's
      product is x * float32 alpha rounded to float, then to float16.
  (6) What this wheel runs that onnxruntime-node 1.30.0 does not: PRelu-16
      on uint32, Identity on float8e5m2 (bit for bit, NaNs included).
Expected answers: Python ints (math.fmod-like truncation done on ints), numpy
IEEE products in float64 (exact for these operands), rounded once.
Standalone: onnx.helper builds the models, onnxruntime runs them.
    build/venv/bin/python reports/findings/repro/ort-python/mod_prelu_leakyrelu.py"""
import subprocess, sys
import numpy as np
from onnx import helper, TensorProto as TP
import onnxruntime as ort

CODE = {"int8": TP.INT8, "int16": TP.INT16, "int32": TP.INT32, "int64": TP.INT64, "uint8": TP.UINT8,
        "uint16": TP.UINT16, "uint32": TP.UINT32, "uint64": TP.UINT64, "float16": TP.FLOAT16,
        "float32": TP.FLOAT, "float64": TP.DOUBLE, "bool": TP.BOOL}
UINT = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}
so = ort.SessionOptions(); so.log_severity_level = 4


def run(op, opset, arrays, codes=None, **attrs):
    names = [f"x{i}" for i in range(len(arrays))]
    codes = codes or [CODE[a.dtype.name] for a in arrays]
    out = codes[1] if op == "Where" else codes[0]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(n, c, list(a.shape)) for n, a, c in zip(names, arrays, codes)],
                          [helper.make_tensor_value_info("y", out, None)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)
    s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return s.run(None, dict(zip(names, arrays)))[0]


def trunc_rem(a, b):  # C fmod on integers: the remainder has the dividend's sign
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def msg(e):
    return str(e).split("Status Message: ")[-1].strip()[:90]


hx = lambda a: [hex(v) for v in a.view(UINT[a.dtype.name])]

if len(sys.argv) > 1:  # child of (3): [MIN, 7] % [-1, -1]
    dt, fmod = sys.argv[1], int(sys.argv[2])
    y = run("Mod", 13, [np.array([np.iinfo(dt).min, 7], dt), np.array([-1, -1], dt)], fmod=fmod)
    print("ran:", y.tolist())
    sys.exit(0)

print("onnxruntime", ort.__version__)
print("(1) Mod-13 fmod=1 on 64-bit integers")
for dt, a, b in (("int64", [2**63 - 1, 2**53 + 1, -(2**53 + 1), -2**63, 1000000007], [7, 2, 2, 1000000007, 7]),
                 ("uint64", [2**64 - 1, 2**53 + 1, 2**64 - 2, 12345], [7, 2, 2**32 + 1, 7])):
    y = run("Mod", 13, [np.array(a, dt), np.array(b, dt)], fmod=1)
    want = [trunc_rem(x, d) for x, d in zip(a, b)]
    via_double = [int(np.fmod(float(x), float(d))) for x, d in zip(a, b)]
    print(f"  {dt} {a} fmod {b}\n    -> {y.tolist()}\n    want {want}; fmod in double gives {via_double}")

print("(2) Mod-13 with a zero in the divisor")
for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
    line = []
    for fmod in (0, 1):
        try:
            line.append(f"fmod={fmod} ran: {run('Mod', 13, [np.array([7, 9], dt), np.array([2, 0], dt)], fmod=fmod).tolist()}")
        except Exception as e:
            line.append(f"fmod={fmod} refused: {msg(e)}")
    print(f"  {dt} [7, 9] % [2, 0]: " + "; ".join(line))

print("(3) Mod-13 [MIN, 7] % [-1, -1], each in a child process (want [0, 0])")
for dt in ("int8", "int16", "int32", "int64"):
    for fmod in (0, 1):
        p = subprocess.run([sys.executable, __file__, dt, str(fmod)], capture_output=True, text=True)
        status = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by signal {-p.returncode}"
        print(f"  {dt} fmod={fmod}: {status}: {p.stdout.strip()}")

print("(4) -0 from the x < 0 branch")
for dt in ("float16", "float32", "float64"):
    tiny = np.array([1], UINT[dt]).view(dt)[0]  # the smallest subnormal
    x = np.array([-1, -tiny, -0.0, 0.0, -2], dt)
    s = np.array([0, tiny, 2, -2, 0.5], dt)
    want = np.where(x < 0, (x.astype(np.float64) * s.astype(np.float64)).astype(dt), x)
    for opset in (9, 16):
        try:
            got = hx(run("PRelu", opset, [x, s]))
        except Exception as e:
            got = "refused: " + msg(e)
        print(f"  PRelu-{opset} {dt} x={hx(x)} slope={hx(s)}\n    -> {got}\n    want {hx(want)}")
x = np.array([-5e-324, -1e-320, -0.0, 3.0])
want = np.where(x < 0, x * np.float64(np.float32(0.01)), x)
for opset in (6, 16):
    try:
        got = hx(run("LeakyRelu", opset, [x], alpha=0.01))
    except Exception as e:
        got = "refused: " + msg(e)
    print(f"  LeakyRelu-{opset} double alpha=0.01 x={x.tolist()} -> {got}\n    want {hx(want)}")
for dt in ("float16", "float32", "float64"):
    y = run("Where", 16, [np.array([True, False]), np.array([-0.0, 1], dt), np.array([1, -0.0], dt)])
    print(f"  Where-16 {dt} cond=[True, False] X=[-0, 1] Y=[1, -0] -> {hx(y)}  want [-0, -0]")

print("(5) LeakyRelu float16, all 31743 negative finite patterns (0x8001..0xfbff)")
x = np.arange(0x8001, 0xFC00, dtype=np.uint16).view(np.float16)
for opset in (6, 16):
    for alpha in (0.01, 0.2, -1.5):
        got = run("LeakyRelu", opset, [x], alpha=alpha).view(np.uint16)
        a32 = np.float32(alpha)
        with np.errstate(over="ignore"):
            ref = (x.astype(np.float64) * np.float64(np.float16(a32))).astype(np.float16).view(np.uint16)
            once = (x.astype(np.float64) * np.float64(a32)).astype(np.float16).view(np.uint16)
            via_float = (x.astype(np.float32) * a32).astype(np.float16).view(np.uint16)
        bad = np.nonzero(got != ref)[0]
        ex = f" (e.g. {hex(x.view(np.uint16)[bad[0]])} -> {hex(got[bad[0]])}, want {hex(ref[bad[0]])})" if bad.size else ""
        print(f"  LeakyRelu-{opset} alpha={alpha}: {bad.size} differ from x * alpha rounded to float16 first (the"
              f" reference){ex}, {int((got != once).sum())} from x * float32 alpha rounded once,"
              f" {int((got != via_float).sum())} from it rounded to float then to float16")

print("(6) Runs here, not in onnxruntime-node 1.30.0")
try:
    print("  PRelu-16 uint32 [5, 7, 4294967295] slope [2, 3, 2] ->",
          run("PRelu", 16, [np.array([5, 7, 2**32 - 1], np.uint32), np.array([2, 3, 2], np.uint32)]).tolist(),
          " want [5, 7, 4294967295] (no x < 0)")
except Exception as e:
    print("  PRelu-16 uint32 refused:", msg(e))
# float8 has no numpy type here: the raw bytes go in and out as OrtValues of the ONNX type.
bits, out = np.arange(256, dtype=np.uint8), np.zeros(256, np.uint8)
g = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g",
                      [helper.make_tensor_value_info("x", TP.FLOAT8E5M2, [256])],
                      [helper.make_tensor_value_info("y", TP.FLOAT8E5M2, [256])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 19)], ir_version=9)
s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
b = s.io_binding()
b.bind_ortvalue_input("x", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(bits, TP.FLOAT8E5M2))
b.bind_ortvalue_output("y", ort.OrtValue.ortvalue_from_numpy_with_onnx_type(out, TP.FLOAT8E5M2))
s.run_with_iobinding(b)
print(f"  Identity-19 float8e5m2, all 256 patterns: {int((out != bits).sum())} differ"
      f" (NaNs 0x7d, 0x7e, 0x7f kept: {[hex(v) for v in out[0x7d:0x80]]})")
