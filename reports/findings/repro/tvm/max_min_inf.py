"""TVM's ONNX Max of -inf only (Min of +inf only) is the type's largest
finite value, not the infinity.

The frontend stacks the inputs and reduces with relax.op.max / relax.op.min;
TOPI starts that reduction from tirx.min_value / max_value of the dtype,
which for floats is the lowest / highest finite value (-FLT_MAX, not -inf),
and max(-FLT_MAX, -inf) is -FLT_MAX. Hit wherever every input is -inf (+inf
for Min), including Max / Min with one input. bfloat16 comes out right."""
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
import tvm
from tvm import relax, tirx
from tvm.relax.frontend.onnx import from_onnx

print("tvm", tvm.__version__)


def nary(op, opset, t, n, shape):
    names = [f"x{i}" for i in range(n)]
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g",
                          [helper.make_tensor_value_info(v, t, shape) for v in names],
                          [helper.make_tensor_value_info("y", t, shape)])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def run(m, *xs):
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m), target="llvm"), tvm.cpu())
    return vm["main"](*[tvm.runtime.tensor(x) for x in xs]).numpy()


def bits(a):
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return " ".join(hex(v) for v in np.ascontiguousarray(a).view(u))


types = [("float32", TP.FLOAT, np.float32), ("float64", TP.DOUBLE, np.float64),
         ("float16", TP.FLOAT16, np.float16), ("bfloat16", TP.BFLOAT16, ml_dtypes.bfloat16)]
print("reduction start values: min_value(float32) =", tirx.min_value("float32"),
      " max_value(float16) =", tirx.max_value("float16"))
for op, inf in (("Max", -np.inf), ("Min", np.inf)):
    for name, t, npt in types:
        x = np.array([inf, 1.0], np.float32).astype(npt)
        for opset, n in ((13, 2),) if name == "bfloat16" else ((6, 2), (13, 1), (13, 2), (13, 3)):
            y = run(nary(op, opset, t, n, [2]), *([x] * n))
            print(f"{op}-{opset:<2} {name:8} {n} input(s), each [{bits(x)}] -> [{bits(y)}]"
                  f"  want [{bits(x)}]{'' if bits(y) == bits(x) else '  WRONG'}")
