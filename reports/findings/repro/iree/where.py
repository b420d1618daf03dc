"""IREE (iree-import-onnx, llvm-cpu, target cpu generic, local-sync, f64
kept) on Where (the run of 2026-12-04, 03:11 UTC). Where copies bits: X
where the condition is true, else Y. Each probe feeds condition [2, 1]
(true, false), X [1, n] and Y [1, n], so row 0 of the answer should be X
and row 1 Y; numpy's np.where over the same bits is the expected answer.

1. bfloat16: every NaN comes out 0x7fc0 (sign and payload lost), graph
   input or initializer; a NaN for a NaN is a deviation in onnxcts;
2. float, float16, double keep their NaNs' bits (they pass);
3. why: iree-convert-bf16-arith-to-f32 turns the bf16 select into extf ->
   select in f32 -> truncf, and arith-expand lowers that truncf with
   "if NaN then 0x7fc0" (the constant 32704);
4. models a conformant backend refuses: IREE runs Where on the float8
   types and Where-9 on bfloat16 (and refuses the others shown).
    cd reports/findings/repro/iree && ../../../../build/venv/bin/python where.py 2>/dev/null"""
import importlib.metadata, os, subprocess, sys
import numpy as np, onnx, ml_dtypes
from onnx import helper, TensorProto as TP
from common import TMP, IMPORT, compile_model, checker, first_error

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
NP = {TP.FLOAT: np.float32, TP.DOUBLE: np.float64, TP.FLOAT16: np.float16, TP.BFLOAT16: ml_dtypes.bfloat16,
      TP.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn, TP.FLOAT8E4M3FNUZ: ml_dtypes.float8_e4m3fnuz,
      TP.FLOAT8E5M2: ml_dtypes.float8_e5m2, TP.FLOAT8E5M2FNUZ: ml_dtypes.float8_e5m2fnuz,
      TP.FLOAT8E8M0: ml_dtypes.float8_e8m0fnu}
COND = np.array([[True], [False]])


def model(opset, t, n, init=None, tout=None, extra=False, **attrs):
    """Where(c [2,1], x [1,n], y [1,n]) -> z [2,n]; init: (x, y) as initializers."""
    names = ["c", "x", "y"] + (["y"] if extra else [])
    ins = [helper.make_tensor_value_info("c", TP.BOOL, [2, 1])]
    inits = []
    if init is None:
        ins += [helper.make_tensor_value_info(v, t, [1, n]) for v in ("x", "y")]
    else:
        inits = [helper.make_tensor(v, t, [1, n], a.tobytes(), raw=True) for v, a in zip(("x", "y"), init)]
    g = helper.make_graph([helper.make_node("Where", names, ["z"], **attrs)], "g", ins,
                          [helper.make_tensor_value_info("z", tout or t, [2, n])], inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def arrays(t, xbits, ybits):
    u = f"u{np.dtype(NP[t]).itemsize}"
    return (np.array([xbits], u).view(NP[t]), np.array([ybits], u).view(NP[t]))


def where(opset, t, xbits, ybits, init=False, **kw):
    x, y = arrays(t, xbits, ybits)
    m = model(opset, t, x.shape[1], (x, y) if init else None, **kw)
    f = compile_model(m, KEEP_F64)
    r = f(COND) if init else f(COND, x, y)
    return x, y, np.array(r.to_host(), copy=True)


def hx(a):
    a = np.asarray(a)
    return "[" + ", ".join(f"0x{int(v):0{2 * a.itemsize}x}" for v in a.view(f"u{a.itemsize}").ravel()) + "]"


def show(label, opset, t, xbits, ybits, init=False):
    x, y, z = where(opset, t, xbits, ybits, init)
    want = np.where(COND, x, y)
    zb, wb = z.view(f"u{z.itemsize}").ravel(), want.view(f"u{want.itemsize}").ravel()
    with np.errstate(invalid="ignore"):
        nan_for_nan = (np.isnan(z.astype(np.float64).ravel()[zb != wb]).all()
                       and np.isnan(want.astype(np.float64).ravel()[zb != wb]).all())
    mark = "" if (zb == wb).all() else \
        "   <- differs (NaN for NaN: where the spec is silent)" if nan_for_nan else "   <- differs"
    print(f"  {label}\n    X {hx(x)}\n    Y {hx(y)}\n    -> {hx(z)}\n    np.where {hx(want)}{mark}")


print("iree-base-compiler", importlib.metadata.version("iree-base-compiler"),
      "| iree-base-runtime", importlib.metadata.version("iree-base-runtime"))
print("(1) bfloat16: a NaN comes out 0x7fc0")
BF_NAN = [0xffc0, 0xff81, 0xffff, 0x7fc0, 0x7f81, 0x3f80, 0x8001, 0xff80]
show("Where-16 bfloat16 (graph inputs)", 16, TP.BFLOAT16, BF_NAN, BF_NAN[::-1])
show("Where-16 bfloat16 (X, Y initializers)", 16, TP.BFLOAT16, [0xffc0, 0xff81, 0x3f80], [0x7f81, 0xffff, 0x0001], init=True)
print("(2) the other float types keep NaN bits (right)")
show("Where-16 float", 16, TP.FLOAT, [0xffc00000, 0xff800001, 0x7f800001], [0x7fc00001, 0x80000001, 0xffffffff])
show("Where-16 float16", 16, TP.FLOAT16, [0xfe00, 0xfc01, 0x7c01], [0x7e01, 0x8001, 0xffff])
show("Where-16 double", 16, TP.DOUBLE, [0xfff8000000000000, 0xfff0000000000001], [0x7ff0000000000001, 0x8000000000000001])

print("(3) where the bfloat16 NaN is lost (iree-compile --mlir-print-ir-after-all, the dispatch's lines)")
p, mlir = os.path.join(TMP, "w.onnx"), os.path.join(TMP, "w.mlir")
onnx.save(model(16, TP.BFLOAT16, 4), p)
subprocess.run([IMPORT, p, "-o", mlir], check=True, capture_output=True)
ir = subprocess.run([os.path.join(os.path.dirname(sys.executable), "iree-compile"), mlir,
                     "--iree-hal-target-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=generic",
                     "--mlir-print-ir-after-all", "--mlir-disable-threading", "-o", os.path.join(TMP, "w.vmfb")],
                    capture_output=True, text=True).stderr
dumps = ir.split("// -----// IR Dump After ")
for name, keep in (("ConvertBf16ArithToF32Pass", ("arith.extf", "arith.select", "arith.truncf")),
                   ("ArithExpandOpsPass", ("cmpf une", "dense<32704>", "arith.select"))):
    body = next(d for d in dumps if d.startswith(name) and "arith.select" in d)
    print(f"  after {body.split(' //')[0].split('{')[0]}:")
    for line in body.splitlines():
        if any(k in line for k in keep):
            print("     ", line.strip())

print("(4) models a conformant backend refuses")
E4 = [0x38, 0xb8, 0x7f]
CASES = [
    ("Where-9 on float8e4m3fn (no float8 in Where's T)", 9, TP.FLOAT8E4M3FN, E4, {}),
    ("Where-9 on float8e4m3fnuz", 9, TP.FLOAT8E4M3FNUZ, E4, {}),
    ("Where-16 on float8e5m2", 16, TP.FLOAT8E5M2, [0x3c, 0xbc, 0x7f], {}),
    ("Where-16 on float8e5m2fnuz", 16, TP.FLOAT8E5M2FNUZ, [0x3c, 0xbc, 0x80], {}),
    ("Where-9 on bfloat16 (bfloat16 from Where-16)", 9, TP.BFLOAT16, [0x3f80, 0xbf80, 0xffc0], {}),
    ("Where-16 on float8e8m0", 16, TP.FLOAT8E8M0, [0x7f, 0x80, 0xff], {}),
    ("Where-16 with an unknown attribute", 16, TP.FLOAT, [0x3f800000, 0xbf800000, 0], {"onnxcts_unknown": 1}),
    ("Where-16 output declared uint8", 16, TP.FLOAT, [0x3f800000, 0xbf800000, 0], {"tout": TP.UINT8}),
]
for what, opset, t, xbits, kw in CASES:
    ybits = xbits[::-1]
    x, y = arrays(t, xbits, ybits)
    print(f"  {what}: ONNX checker (full_check): {checker(model(opset, t, 3, **kw))}")
    try:
        f = compile_model(model(opset, t, 3, **kw), KEEP_F64)
        z = np.array(f(COND, x, y).to_host(), copy=True)
        print(f"    IREE ran it: X {hx(x)} Y {hx(y)} -> {hx(z)} ({z.dtype})")
    except Exception as e:
        print(f"    IREE refused: {first_error(e)}")
