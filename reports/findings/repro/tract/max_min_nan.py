# tract: Max and Min on float, double and float16 skip NaN inputs (IEEE
# maxNum / fmax semantics): Max(NaN, 1) = 1, Max(1, NaN) = 1, and only an
# all-NaN element gives NaN; ONNX's Max/Min (as numpy's maximum/minimum,
# which the reference follows) give NaN when any input is NaN. Also shown:
# which zero a (+0, -0) pair gives (the spec is silent: a deviation only).
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
nan, inf = float("nan"), float("inf")
A = [nan, 1.0, -inf, nan, 0.0, -0.0]
B = [1.0, nan, nan, nan, -0.0, 0.0]
PAIRS = "(NaN,1) (1,NaN) (-inf,NaN) (NaN,NaN) (+0,-0) (-0,+0)"

def show(v):
    return "nan" if np.isnan(v) else ("-0" if np.signbit(v) else "+0") if v == 0 else f"{v:g}"

def run(op, opset, onnx_t, arrays):
    names = [f"x{i}" for i in range(len(arrays))]
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g",
                          [helper.make_tensor_value_info(n, onnx_t, list(a.shape)) for n, a in zip(names, arrays)],
                          [helper.make_tensor_value_info("y", onnx_t, list(arrays[0].shape))])
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    return tract.onnx().load(path).into_model().into_runnable().run(arrays)[0].to_numpy()

print("tract", tract.version())
print("pairs:", PAIRS)
for onnx_t, dt in ((TP.FLOAT, np.float32), (TP.DOUBLE, np.float64), (TP.FLOAT16, np.float16)):
    a, b = np.array(A, dt), np.array(B, dt)
    for op, ref in (("Max", np.maximum), ("Min", np.minimum)):
        for opset in (6, 13):
            y = run(op, opset, onnx_t, [a, b])
            print(f"{np.dtype(dt).name:7} {op}-{opset:<2} tract {' '.join(show(v) for v in y):26} numpy {' '.join(show(v) for v in ref(a, b))}")
# three inputs, one of them a NaN: the NaN is dropped
for onnx_t, dt, ut in ((TP.FLOAT, np.float32, np.uint32), (TP.FLOAT16, np.float16, np.uint16)):
    xs = [np.array([v], dt) for v in (nan, -1.0, 2.0)]
    for op in ("Max", "Min"):
        y = run(op, 13, onnx_t, xs)
        print(f"{np.dtype(dt).name:7} {op}-13 of (NaN, -1, 2): tract {show(y[0])} ({hex(y.view(ut)[0])})")
