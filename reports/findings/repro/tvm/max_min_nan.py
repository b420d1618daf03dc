"""TVM's ONNX Max / Min drop a NaN unless it is in the last input.

The frontend (MultiInputBase) broadcasts the inputs, stacks them and reduces
the new axis with relax.op.max / relax.op.min; the reducer's combiner lowers
to select(acc > x, acc, x) (ordered compare), so a NaN survives only if no
input after it is compared with it. numpy.maximum / numpy.minimum (the
reference) return the NaN wherever any input is NaN. For (+0, -0) TVM returns
the last operand: the spec is silent there (a deviation).
When every input is an initializer the frontend folds the node with numpy
(np.max / np.min over the stack), so the NaN comes back."""
import functools
import numpy as np, ml_dtypes, onnx
from onnx import helper, numpy_helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)


def nary(op, opset, t, n, shape, inits=None):
    names = [f"x{i}" for i in range(n)]
    ins = [] if inits else [helper.make_tensor_value_info(v, t, shape) for v in names]
    ini = [numpy_helper.from_array(a, v) for v, a in zip(names, inits)] if inits else []
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", ins,
                          [helper.make_tensor_value_info("y", t, shape)], initializer=ini)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(m, *xs):
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m, keep_params_in_input=False), target="llvm"), tvm.cpu())
    return vm["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()


def bits(a):
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return "[" + " ".join(hex(v) for v in np.ascontiguousarray(a).view(u)) + "]"


def want(op, xs):  # numpy.maximum / numpy.minimum, in float32 for bfloat16
    f = np.maximum if op == "Max" else np.minimum
    wide = [x.astype(np.float32) if x.dtype == ml_dtypes.bfloat16 else x for x in xs]
    return functools.reduce(f, wide).astype(xs[0].dtype)


types = {"float32": (TP.FLOAT, np.float32), "float64": (TP.DOUBLE, np.float64),
         "float16": (TP.FLOAT16, np.float16), "bfloat16": (TP.BFLOAT16, ml_dtypes.bfloat16)}
nan, one, pz, nz = np.nan, 1.0, 0.0, -0.0
for op in ("Max", "Min"):
    for opset, dt in [(6, "float32"), (8, "float32"), (12, "float32"), (13, "float32"),
                      (13, "float64"), (13, "float16"), (13, "bfloat16")]:
        t, npt = types[dt]
        a = np.array([nan, one], np.float32).astype(npt)
        b = np.array([one, nan], np.float32).astype(npt)
        y = run(nary(op, opset, t, 2, [2]), a, b)
        print(f"{op}-{opset:<2} {dt:8} x0={bits(a)} x1={bits(b)} -> {bits(y)}  numpy {bits(want(op, [a, b]))}")
    a, b, c = (np.array(v, np.float32) for v in ([one, pz], [nan, nan], [2.0, nz]))
    y = run(nary(op, 13, TP.FLOAT, 3, [2]), a, b, c)
    print(f"{op}-13 float32  3 inputs x0={bits(a)} x1={bits(b)} x2={bits(c)} -> {bits(y)}  numpy {bits(want(op, [a, b, c]))}")
    a = np.array([nan, one], np.float32); b = np.array([one, nan], np.float32)
    y = run(nary(op, 13, TP.FLOAT, 2, [2], inits=[a, b]))
    print(f"{op}-13 float32  both inputs initializers x0={bits(a)} x1={bits(b)} -> {bits(y)}  numpy {bits(want(op, [a, b]))}")
    a = np.array([pz, nz], np.float32); b = np.array([nz, pz], np.float32)
    y = run(nary(op, 13, TP.FLOAT, 2, [2]), a, b)
    print(f"{op}-13 float32  zeros (spec silent) x0={bits(a)} x1={bits(b)} -> {bits(y)}  (the last operand)")
