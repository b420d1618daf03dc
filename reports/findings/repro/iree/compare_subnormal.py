"""IREE: with the runtime's denormal flush (see sign_subnormal_nan.py), the
comparisons Equal/Less/Greater/LessOrEqual/GreaterOrEqual and Max/Min see a float32, double or
bfloat16 subnormal as zero, and Max/Min return a flushed zero for a
subnormal answer. float16 is right (it is widened to float32, where its
subnormals are normal). Doubles stay double (the adapter's flag)."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import n_inputs, run_n, hexbits

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
print("iree", importlib.metadata.version("iree-base-compiler"))
types = ((TP.FLOAT, np.float32, 0x1), (TP.DOUBLE, np.float64, 0x1),
         (TP.BFLOAT16, ml_dtypes.bfloat16, 0x1), (TP.FLOAT16, np.float16, 0x1))
for t, npt, sub in types:
    u = f"u{np.dtype(npt).itemsize}"
    top = 1 << (8 * np.dtype(npt).itemsize - 1)
    # pairs (a, b): (+sub, +0), (+0, +sub), (-sub, +sub), (+sub, -0)
    a = np.array([sub, 0, top | sub, sub], u).view(npt)
    b = np.array([0, sub, sub, top], u).view(npt)
    name = np.dtype(npt).name
    print(f"{name}: a {hexbits(a)}  b {hexbits(b)}")
    for op, opset, tout in (("Equal", 19, TP.BOOL), ("Less", 13, TP.BOOL), ("Greater", 13, TP.BOOL),
                            ("LessOrEqual", 16, TP.BOOL), ("GreaterOrEqual", 16, TP.BOOL),
                            ("Max", 13, t), ("Min", 13, t)):
        y = run_n(n_inputs(op, opset, t, tout, 2, [4]), [a, b], KEEP_F64)
        af, bf = a.astype(np.float64), b.astype(np.float64)
        want = {"Equal": af == bf, "Less": af < bf, "Greater": af > bf,
                "LessOrEqual": af <= bf, "GreaterOrEqual": af >= bf,
                "Max": np.where(af >= bf, a, b), "Min": np.where(af <= bf, a, b)}[op]
        shown = y.astype(int).tolist() if y.dtype == bool else hexbits(y)
        wshown = want.astype(int).tolist() if want.dtype == bool else hexbits(want)
        print(f"  {op}-{opset}: {shown}  ONNX {wshown}")
