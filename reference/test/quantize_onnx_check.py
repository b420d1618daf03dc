#!/usr/bin/env python3
"""The QuantizeLinear and DequantizeLinear oracle against ONNX's reference
evaluator (onnx.reference.ReferenceEvaluator) through real one-node models.

Usage: quantize_onnx_check.py QUANTIZE_ONNX_DUMP

The dump program writes the oracle's answers on stratified inputs, one
group per op version, dtypes and options; this script runs each group as a
model (x of shape [1, n], scale and zero point of shape [n], axis 1: every
element its own scale and zero point), writes the evaluator's answers
back, and runs the dump program's check, which allows disagreements only
at the open spots of quantize.h and at two defects of the evaluator it
emulates (its int32 cast before the zero point; ml_dtypes' NaN ->
float4e2m1). Every disagreement class is counted in the output.

onnx 1.22's evaluator registers QuantizeLinear_10, 19 and 21 and
DequantizeLinear_19 and 21 only, so it would run versions 23 and later
with the 21 classes, which refuse `precision` and `output_dtype`; for
those versions this script hands it onnx's own QuantizeLinear_25 and
DequantizeLinear_25 classes (defined in the same modules) through new_ops.
"""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes as md
import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator
from onnx.reference.ops import op_dequantize_linear, op_quantize_linear


class QuantizeLinear(op_quantize_linear.QuantizeLinear_25):
    op_domain = ""


class DequantizeLinear(op_dequantize_linear.DequantizeLinear_25):
    op_domain = ""


NP = {
    "float": np.float32, "uint8": np.uint8, "int8": np.int8,
    "uint16": np.uint16, "int16": np.int16, "int32": np.int32,
    "float16": np.float16, "double": np.float64,
    "bfloat16": md.bfloat16, "float8e4m3fn": md.float8_e4m3fn,
    "float8e4m3fnuz": md.float8_e4m3fnuz, "float8e5m2": md.float8_e5m2,
    "float8e5m2fnuz": md.float8_e5m2fnuz, "uint4": md.uint4, "int4": md.int4,
    "float4e2m1": md.float4_e2m1fn, "float8e8m0": md.float8_e8m0fnu,
    "uint2": md.uint2, "int2": md.int2,
}
CODE = {
    "float": TensorProto.FLOAT, "uint8": TensorProto.UINT8,
    "int8": TensorProto.INT8, "uint16": TensorProto.UINT16,
    "int16": TensorProto.INT16, "int32": TensorProto.INT32,
    "float16": TensorProto.FLOAT16, "double": TensorProto.DOUBLE,
    "bfloat16": TensorProto.BFLOAT16,
    "float8e4m3fn": TensorProto.FLOAT8E4M3FN,
    "float8e4m3fnuz": TensorProto.FLOAT8E4M3FNUZ,
    "float8e5m2": TensorProto.FLOAT8E5M2,
    "float8e5m2fnuz": TensorProto.FLOAT8E5M2FNUZ,
    "uint4": TensorProto.UINT4, "int4": TensorProto.INT4,
    "float4e2m1": TensorProto.FLOAT4E2M1,
    "float8e8m0": TensorProto.FLOAT8E8M0,
    "uint2": TensorProto.UINT2, "int2": TensorProto.INT2,
}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def from_bits(bits, name):
    """Patterns (uint64, one element each) as an array of dtype `name`."""
    dtype = np.dtype(NP[name])
    return bits.astype(UINT[dtype.itemsize]).view(dtype)


def to_bits(arr):
    return arr.view(UINT[arr.dtype.itemsize]).astype(np.uint64)


def run_group(dir_, fields):
    name, op, opset, x, scale, y, saturate, precision, n = fields
    opset, n = int(opset), int(n)
    data = np.fromfile(dir_ / f"{name}.bin", dtype="<u8").reshape(4, n)
    xs = from_bits(data[0], x).reshape(1, n)
    scales = from_bits(data[1], scale)
    zp_type = y if op == "QuantizeLinear" else x
    zps = from_bits(data[2], zp_type)
    attrs = {"axis": 1}
    if op == "QuantizeLinear":
        if opset >= 19:
            attrs["saturate"] = int(saturate)
        if precision != "-":
            attrs["precision"] = CODE[precision]
    elif y != scale:
        attrs["output_dtype"] = CODE[y]
    node = helper.make_node(op, ["x", "s", "zp"], ["y"], **attrs)
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("x", CODE[x], [1, n]),
         helper.make_tensor_value_info("s", CODE[scale], [n]),
         helper.make_tensor_value_info("zp", CODE[zp_type], [n])],
        [helper.make_tensor_value_info("y", CODE[y], [1, n])])
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    with np.errstate(all="ignore"):
        new_ops = [QuantizeLinear, DequantizeLinear] if opset >= 23 else None
        (out,) = ReferenceEvaluator(model, new_ops=new_ops).run(
            None, {"x": xs, "s": scales, "zp": zps})
    out = np.asarray(out).reshape(n)
    if out.dtype != np.dtype(NP[y]):
        raise SystemExit(f"{name}: the evaluator made {out.dtype}, not {y}")
    to_bits(out).astype("<u8").tofile(dir_ / f"{name}.ref.bin")


def main():
    dump = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        dir_ = pathlib.Path(tmp)
        subprocess.run([dump, "dump", tmp], check=True)
        lines = (dir_ / "manifest.txt").read_text().splitlines()
        for line in lines:
            run_group(dir_, line.split())
        print(f"{len(lines)} groups through onnx {onnx.__version__}'s "
              "reference evaluator", flush=True)
        return subprocess.run([dump, "check", tmp]).returncode


if __name__ == "__main__":
    sys.exit(main())
