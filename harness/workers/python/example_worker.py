#!/usr/bin/python3
"""A small onnxcts worker (protocol 1, docs/worker-protocol.md) in Python.

It runs one-node models of IsNaN, IsInf and Sign on float16, float and
double with numpy, and answers not_supported for anything else. It shows
how little a worker needs, and the harness's tests drive it.
"""
import json
import pathlib
import sys

import numpy as np
import onnx

PROTOCOL = 1
NUMPY_TYPES = {1: "<f4", 10: "<f2", 11: "<f8"}
BOOL = 9
MAX_BYTES = 1 << 30



def allowed(op, opset, code):
    """Whether the op's spec at `opset` allows dtype `code` (of the three
    this worker runs); a model outside that is invalid and refused."""
    if op == "IsInf":
        return code != 10 or opset >= 20
    return True


class Answer(Exception):
    """An answer other than ok: raise Answer("not_supported", "...")."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def read_model(path):
    model = onnx.ModelProto()
    try:
        model.ParseFromString(pathlib.Path(path).read_bytes())
    except Exception as e:  # unreadable file or not a ModelProto
        raise Answer("error", f"{path}: unreadable model: {e}")
    opset = next((o.version for o in model.opset_import
                  if o.domain in ("", "ai.onnx")), 0)
    graph = model.graph
    if len(graph.node) != 1 or graph.node[0].op_type not in (
            "IsNaN", "IsInf", "Sign") or graph.node[0].domain not in (
            "", "ai.onnx"):
        raise Answer("not_supported", "only one-node IsNaN, IsInf, Sign")
    node = graph.node[0]
    if len(graph.input) != 1 or len(graph.output) != 1:
        raise Answer("not_supported", "only one input and one output")
    if graph.initializer:
        raise Answer("not_supported", "initializers are not handled")
    code = graph.input[0].type.tensor_type.elem_type
    if code not in NUMPY_TYPES:
        raise Answer("not_supported",
                     f"dtype {code}: only float16, float, double")
    if not allowed(node.op_type, opset, code):
        raise Answer("error", f"{node.op_type}-{opset} does not allow "
                     f"dtype {code}")
    attrs = {a.name: a.i for a in node.attribute}
    return node.op_type, attrs, code, graph.output[0].name


def read_input(path, code):
    tensor = onnx.TensorProto()
    try:
        tensor.ParseFromString(pathlib.Path(path).read_bytes())
    except Exception as e:
        raise Answer("error", f"{path}: unreadable TensorProto: {e}")
    if tensor.data_type != code:
        raise Answer("error", f"{path}: data_type {tensor.data_type}, "
                     f"the model wants {code}")
    count = 1
    for d in tensor.dims:
        if d < 0 or count * max(d, 1) > MAX_BYTES:
            raise Answer("error", f"{path}: dims {list(tensor.dims)}")
        count *= d
    width = np.dtype(NUMPY_TYPES[code]).itemsize
    if len(tensor.raw_data) != count * width:
        raise Answer("error", f"{path}: raw_data has "
                     f"{len(tensor.raw_data)} bytes, dims need "
                     f"{count * width} (only raw_data is read)")
    data = np.frombuffer(tensor.raw_data, dtype=NUMPY_TYPES[code])
    return data.reshape(list(tensor.dims))


def compute(op, attrs, x):
    if op == "IsNaN":
        return np.isnan(x)
    if op == "IsInf":
        pos = attrs.get("detect_positive", 1)
        neg = attrs.get("detect_negative", 1)
        return np.isinf(x) & (((x > 0) & bool(pos)) | ((x < 0) & bool(neg)))
    # numpy keeps a NaN's bits and gives +0 for both zeros, as the
    # reference does.
    return np.sign(x)


def write_output(path, name, y, code):
    tensor = onnx.TensorProto(name=name, data_type=code, dims=list(y.shape))
    if code == BOOL:
        tensor.raw_data = y.astype(np.uint8).tobytes()
    else:
        tensor.raw_data = y.astype(NUMPY_TYPES[code]).tobytes()
    pathlib.Path(path).write_bytes(tensor.SerializeToString())


def run(request):
    op, attrs, code, out_name = read_model(request["model"])
    if request.get("load_only"):
        return {"status": "ok"}
    inputs = request["inputs"]
    if len(inputs) != 1:
        raise Answer("error", f"{len(inputs)} inputs for a one-input model")
    y = compute(op, attrs, read_input(inputs[0], code))
    out_dir = pathlib.Path(request["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    write_output(out_dir / "output_0.pb", out_name, y,
                 code if op == "Sign" else BOOL)
    return {"status": "ok"}


def handle(line):
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"id": None, "status": "error",
                "message": f"unreadable request: {e}"}
    if not isinstance(request, dict):
        return {"id": None, "status": "error",
                "message": "request is not an object"}
    if request.get("method") == "hello":
        return {"protocol": PROTOCOL, "name": "numpy-example",
                "version": np.__version__}
    answer = {"id": request.get("id")}
    if request.get("method") != "run":
        return {**answer, "status": "error",
                "message": f"unknown method {request.get('method')}"}
    try:
        return {**answer, **run(request)}
    except Answer as e:
        return {**answer, "status": e.status, "message": str(e)}
    except (KeyError, TypeError) as e:
        return {**answer, "status": "error", "message": f"bad request: {e}"}


def main():
    out = sys.stdout
    # Answers alone go to stdout; a stray print lands in the harness's
    # stderr capture instead of breaking the protocol.
    sys.stdout = sys.stderr
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            method = json.loads(line).get("method")
        except (ValueError, AttributeError):
            method = None
        if method == "shutdown":
            break
        out.write(json.dumps(handle(line)) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
