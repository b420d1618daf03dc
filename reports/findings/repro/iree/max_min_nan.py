"""IREE: Max/Min on floats lower to `arith.cmpf ogt|olt` + `arith.select`
(a > b ? a : b), so a NaN in the first input is lost (Max(NaN, 1) = 1)
while one in the second comes through; with three inputs a NaN in the
middle is lost too. Of +0 and -0 the second input comes back (the spec is
silent; the reference gives the first). Integers are right."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import n_inputs, run_n, payload, hexbits

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"
print("iree", importlib.metadata.version("iree-base-compiler"))
for op in ("Max", "Min"):
    print(f"{op}-13 float after input conversion:", payload(n_inputs(op, 13, TP.FLOAT, TP.FLOAT, 2, [4])))
nan, inf = np.nan, np.inf
for t, npt in ((TP.FLOAT, np.float32), (TP.DOUBLE, np.float64), (TP.FLOAT16, np.float16), (TP.BFLOAT16, ml_dtypes.bfloat16)):
    a = np.array([nan, 1.0, 0.0, -0.0, -nan, inf], npt)
    b = np.array([1.0, nan, -0.0, 0.0, -inf, -nan], npt)
    name = np.dtype(npt).name
    print(f"{name}: a {hexbits(a)}\n{' ' * len(name)}  b {hexbits(b)}")
    for op in ("Max", "Min"):
        y = run_n(n_inputs(op, 13, t, t, 2, [6]), [a, b], KEEP_F64)
        print(f"  {op}-13(a, b): {hexbits(y)}")
    c = np.array([2.0, 2.0, 2.0, 2.0, 2.0, 2.0], npt)
    y = run_n(n_inputs("Max", 13, t, t, 3, [6]), [c, b, c], KEEP_F64)
    print(f"  Max-13(2, b, 2): {hexbits(y)}")
x = np.array([1, 200, 0, 255], np.uint8); z = np.array([2, 100, 255, 0], np.uint8)
print("uint8 Max-13", x.tolist(), z.tolist(), "->", run_n(n_inputs("Max", 13, TP.UINT8, TP.UINT8, 2, [4]), [x, z]).view(np.uint8).tolist())
