"""One-node ONNX models through TVM's own API: the Relax ONNX frontend,
tvm.compile for target llvm, Relax VirtualMachine on the CPU."""
import numpy as np, onnx, tvm
from onnx import helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx


def one_node(op, opset, t_in, t_out, shape, **attrs):
    g = helper.make_graph([helper.make_node(op, ["x"], ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info("x", t_in, shape)],
                          [helper.make_tensor_value_info("y", t_out, shape)])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)


def compile_model(m):
    return relax.VirtualMachine(tvm.compile(from_onnx(m), target="llvm"), tvm.cpu())


def run(m, *xs):
    out = compile_model(m)["main"](*[tvm.runtime.tensor(x) for x in xs])
    return out.numpy()


def checker(m):
    """The ONNX checker's verdict on a model (full check: type inference too)."""
    try:
        onnx.checker.check_model(m, full_check=True)
        return "valid"
    except Exception as e:
        return "invalid: " + str(e).splitlines()[0][:110]
