"""TVM: Clip-6 on float16 answers float32. The Relax ONNX frontend converts
Clip-6 (opsets 6 to 10, FLOAT attributes) with
    topi.maximum(x, float(min)); topi.minimum(..., float(max))
(`Clip._impl_v1` in tvm/relax/frontend/onnx/onnx_frontend.py), the
defaults being -inf and +inf. A Python float next to a float16 tensor
makes TOPI's elementwise op promote to float32, so the converted function
returns a float32 tensor where the model declares float16 (Clip's output
has its input's type). Clip-6 on float and double, and Clip-11 / 13 on
float16 (bounds as tensors of the input's type), keep the dtype.
Shown: the dtype of the converted function's result (its struct info)
and of the array the compiled function returns.
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python clip6_float16.py 2>/dev/null"""
import numpy as np
from onnx import helper, TensorProto as TP
from common import compile_model
import tvm
from tvm.relax.frontend.onnx import from_onnx

NP = {TP.FLOAT16: np.float16, TP.FLOAT: np.float32, TP.DOUBLE: np.float64}


def model(opset, t, with_bounds, **attrs):
    names = ["x", "lo", "hi"] if with_bounds else ["x"]
    inits = [helper.make_tensor(n, t, [], np.array([v], NP[t]).tobytes(), raw=True)
             for n, v in zip(names[1:], (-1, 6))]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", t, [4])],
                          [helper.make_tensor_value_info("y", t, [4])], inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


print("tvm", tvm.__version__)
x16 = [-7.0, 0.5, 7.0, np.inf]
for label, opset, t, bounds, attrs in [
        ("Clip-6 float16, no attributes", 6, TP.FLOAT16, False, {}),
        ("Clip-6 float16, min=-1, max=6", 6, TP.FLOAT16, False, {"min": -1.0, "max": 6.0}),
        ("Clip-6 float, min=-1, max=6", 6, TP.FLOAT, False, {"min": -1.0, "max": 6.0}),
        ("Clip-6 double, min=-1, max=6", 6, TP.DOUBLE, False, {"min": -1.0, "max": 6.0}),
        ("Clip-11 float16, min -1, max 6 (initializers)", 11, TP.FLOAT16, True, {}),
        ("Clip-13 float16, min -1, max 6 (initializers)", 13, TP.FLOAT16, True, {})]:
    m = model(opset, t, bounds, **attrs)
    declared = np.dtype(NP[t]).name
    converted = from_onnx(m)["main"].ret_ty.dtype
    x = np.array(x16, NP[t])
    y = compile_model(m)["main"](tvm.runtime.tensor(x)).numpy()
    mark = "   <- not the declared type" if y.dtype != np.dtype(NP[t]) else ""
    print(f"  {label}: declared {declared}; converted function returns {converted}; "
          f"ran on {x.tolist()} -> {y.tolist()} ({y.dtype}){mark}")
