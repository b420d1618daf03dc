"""A graph-only failure of TVM (Relax ONNX frontend, llvm): an empty tensor
with a static shape, computed by a node the frontend does not fold (Sqrt,
Relu, Reciprocal, Floor of an initializer), feeding a one-input Max, Min or
Sum, stops tvm.compile with "IndexError: Index 1 out of bounds 1".

1. ONNX models (onnx.helper, opset 21): the failing pair, each node alone,
   the same pair on a graph input, nearby variants, whether the frontend
   left a stack in the imported module, and the pass of tvm.compile's
   default pipeline that raises;
2. the same in Relax alone, no ONNX: stack((x,), axis=0) of an intermediate
   (0,) tensor, reduced by max; RewriteDataflowReshape run after
   LegalizeOps raises; on a (2,) tensor it turns the stack into a reshape;
3. relax.op.reshape, which that pass emits: a 0 in the new shape is read as
   "copy the input's dimension here", so (0,) -> (1, 0) indexes the input's
   shape at 1, and (0, 3) -> (3, 0) is taken for (3, 3).

    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python empty_stack_reshape.py 2>/dev/null
"""
import numpy as np, ml_dtypes
from onnx import helper, numpy_helper, TensorProto as TP
import tvm
from tvm import relax
from tvm.relax import transform
from tvm.relax.frontend.onnx import from_onnx
from tvm.script import ir as I, relax as R

print("tvm", tvm.__version__)
NP = {TP.FLOAT: np.float32, TP.BFLOAT16: ml_dtypes.bfloat16}
N = helper.make_node


def model(nodes, t, shape, initializer):
    """x: an initializer of zeros, or a graph input; y: the last node's output;
    axes: an int64 initializer [0] (Unsqueeze's second input)."""
    x = np.zeros(shape, NP[t])
    axes = numpy_helper.from_array(np.array([0], np.int64), "axes")
    inits = [axes] + ([helper.make_tensor("x", t, shape, x.view(np.uint8).tobytes(), raw=True)] if initializer else [])
    ins = [] if initializer else [helper.make_tensor_value_info("x", t, shape)]
    g = helper.make_graph(nodes, "g", ins, [helper.make_tensor_value_info("y", t, None)], initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10), x


def compile_run(m, args):
    vm = relax.VirtualMachine(tvm.compile(from_onnx(m, keep_params_in_input=False), target="llvm"), tvm.cpu())
    return vm["main"](*[tvm.runtime.tensor(a) for a in args]).numpy()


def onnx_case(label, nodes, t=TP.FLOAT, shape=(0,), initializer=True):
    m, x = model(nodes, t, list(shape), initializer)
    try:
        y = compile_run(m, [] if initializer else [x])
        print(f"  {label}: ran -> shape {list(y.shape)} {y.dtype}")
    except Exception as e:
        print(f"  {label}: {type(e).__name__}: {str(e).splitlines()[0][:110]}")


def pair(first, second="Max", n=1):
    return [N(first, ["x"], ["v"]), N(second, ["v"] * n, ["y"])]


print("(1) ONNX, x an initializer of shape [0] unless said")
onnx_case("Sqrt -> Max (one input), bfloat16", pair("Sqrt"), TP.BFLOAT16)
onnx_case("Sqrt -> Max (one input), float", pair("Sqrt"))
onnx_case("Sqrt alone", [N("Sqrt", ["x"], ["y"])])
onnx_case("Max alone (one input)", [N("Max", ["x"], ["y"])])
onnx_case("Sqrt -> Max, x a graph input [0]", pair("Sqrt"), initializer=False)
onnx_case("Sqrt -> Max, x of shape [2]", pair("Sqrt"), shape=(2,))
onnx_case("Sqrt -> Max(v, v) (two inputs)", pair("Sqrt", "Max", 2))
for first in ("Relu", "Reciprocal", "Floor", "Abs", "Neg"):
    onnx_case(f"{first} -> Max", pair(first))
for first in ("Sqrt", "Abs", "Neg"):
    imported = from_onnx(model(pair(first), TP.FLOAT, [0], True)[0], keep_params_in_input=False)
    print(f"  {first} -> Max imported: R.stack calls in main: {imported['main'].script(show_meta=False).count('R.stack')}")
onnx_case("Sqrt -> Min", pair("Sqrt", "Min"))
onnx_case("Sqrt -> Sum", pair("Sqrt", "Sum"))
onnx_case("Sqrt -> Max, x of shape [2, 0]", pair("Sqrt"), shape=(2, 0))
onnx_case("Sqrt -> Max, x of shape [0, 3]", pair("Sqrt"), shape=(0, 3))
onnx_case("Sqrt -> Unsqueeze(axes [0]) -> Sqrt (no Max)",
          [N("Sqrt", ["x"], ["v"]), N("Unsqueeze", ["v", "axes"], ["u"]), N("Sqrt", ["u"], ["y"])])
onnx_case("Sqrt -> Unsqueeze(axes [0]) as the output",
          [N("Sqrt", ["x"], ["v"]), N("Unsqueeze", ["v", "axes"], ["y"])])

# The failing pair through tvm.compile's default Relax pipeline
# (relax/pipeline.py, default_build_pipeline), one pass at a time.
mod = from_onnx(model(pair("Sqrt"), TP.FLOAT, [0], True)[0], keep_params_in_input=False)
steps = [relax.backend.DispatchSampling(), relax.backend.DispatchSortScan(), transform.LegalizeOps(),
         transform.RewriteDataflowReshape(), transform.ToNonDataflow(), transform.RemovePurityChecking(),
         transform.CallTIRRewrite(), transform.StaticPlanBlockMemory()]
with tvm.target.Target("llvm"):
    for p in steps:
        try:
            mod = p(mod)
        except Exception as e:
            print(f"  Sqrt -> Max, the default pipeline pass by pass: {p.info.name} raises "
                  f"{type(e).__name__}: {str(e).splitlines()[0][:80]}")
            break


@I.ir_module
class StackMax:
    @R.function
    def main(x: R.Tensor((0,), "float32")):
        with R.dataflow():
            s = R.stack((x,), axis=0)
            y = R.max(s, axis=[0])
            R.output(y)
        return y


@I.ir_module
class StackOut:
    @R.function
    def main(x: R.Tensor((0,), "float32")):
        with R.dataflow():
            y = R.stack((x,), axis=0)
            R.output(y)
        return y


print("(2) Relax only, x: R.Tensor((0,), 'float32')")
for label, mod in (("max(stack((x,), axis=0), axis=[0])", StackMax),
                   ("stack((x,), axis=0) as the output", StackOut)):
    try:
        vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
        y = vm["main"](tvm.runtime.tensor(np.zeros((0,), np.float32))).numpy()
        print(f"  {label}: ran -> shape {list(y.shape)}")
    except Exception as e:
        print(f"  {label}: {type(e).__name__}: {str(e).splitlines()[0][:110]}")
    legal = transform.LegalizeOps()(mod)
    try:
        transform.RewriteDataflowReshape()(legal)
        print("    LegalizeOps, then RewriteDataflowReshape: ok")
    except Exception as e:
        print(f"    LegalizeOps, then RewriteDataflowReshape: {type(e).__name__}: {str(e).splitlines()[0][:110]}")



@I.ir_module
class StackMax2:
    @R.function
    def main(x: R.Tensor((2,), "float32")):
        with R.dataflow():
            s = R.stack((x,), axis=0)
            y = R.max(s, axis=[0])
            R.output(y)
        return y


text = transform.RewriteDataflowReshape()(transform.LegalizeOps()(StackMax2))["main"].script()
print("  x of shape (2,), after LegalizeOps and RewriteDataflowReshape, the stack is:",
      [l.split("= ")[1] for l in text.splitlines() if l.strip().startswith("s:")][0])

print("(3) relax.op.reshape(x, new shape)")
for old, new in (((0,), (1, 0)), ((2, 0), (1, 2, 0)), ((0, 3), (3, 0)), ((0,), (0, 1)), ((2,), (1, 2))):
    x = relax.Var("x", R.Tensor(old, "float32"))
    bb = relax.BlockBuilder()
    try:
        with bb.function("main", [x]):
            bb.emit_func_output(bb.emit(relax.op.reshape(x, new)))
        print(f"  {old} -> {new}: ok")
    except Exception as e:
        print(f"  {old} -> {new}: {type(e).__name__}: {str(e).splitlines()[0][:240]}")
