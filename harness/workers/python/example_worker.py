#!/usr/bin/python3
"""A small onnxcts worker (protocols 1 and 2, docs/worker-protocol.md) in
Python.

It runs one-node models of IsNaN, IsInf and Sign on float16, float and
double with numpy, and answers not_supported for anything else. It shows
how little a worker needs, and the harness's tests drive it. Tensors come
as files, or (version 2) in the memory the harness shares on fd 3.
"""
import json
import math
import mmap
import os
import pathlib
import sys
import time

import numpy as np
import onnx

NUMPY_TYPES = {1: "<f4", 10: "<f2", 11: "<f8"}
BOOL = 9
MAX_BYTES = 1 << 30
MEMORY_FD = 3



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


def slot(request, field, code=None):
    """The one slot of `field`, checked (an input's against the model's
    dtype `code`); a bad one is an error naming the field."""
    slots = request[field]
    if not isinstance(slots, list) or len(slots) != 1:
        raise Answer("error", f"bad request: {field}: want one slot")
    s = slots[0]
    where = f"{field}[0]"
    for key in ("offset", "bytes"):
        if not isinstance(s.get(key), int) or s[key] < 0:
            raise Answer("error", f"bad request: {where}.{key}: not a size")
    if not isinstance(s.get("dims"), list) or not all(
            isinstance(d, int) and d >= 0 for d in s["dims"]):
        raise Answer("error", f"bad request: {where}.dims: not a shape")
    if s["offset"] + s["bytes"] > request["memory_bytes"]:
        raise Answer("error", f"bad request: {where}.offset + bytes: "
                     f"{s['offset']} + {s['bytes']} is beyond memory_bytes")
    if code is not None:
        if s.get("dtype") != code:
            raise Answer("error", f"bad request: {where}.dtype: "
                         f"{s.get('dtype')}, the model wants {code}")
        width = np.dtype(NUMPY_TYPES[code]).itemsize
        if s["bytes"] != math.prod(s["dims"]) * width:
            raise Answer("error", f"bad request: {where}.bytes: "
                         f"{s['bytes']} for dims {s['dims']}")
    return s


def run_in_memory(request, session, op, attrs, code):
    """The memory form: the input is a view of its slot in the shared
    memory, the output is copied into its slot if it fits."""
    start = time.perf_counter()
    x_slot = slot(request, "inputs", code)
    y_slot = slot(request, "outputs")
    size = request["memory_bytes"]
    if session["mapping"] is None or len(session["mapping"]) < size:
        try:  # MAP_SHARED, read and write; again when the memory grows
            session["mapping"] = mmap.mmap(MEMORY_FD, size)
        except (OSError, ValueError) as e:
            raise Answer("error", f"bad request: memory_bytes: {e}")
    memory = session["mapping"]
    count = math.prod(x_slot["dims"])
    x = np.frombuffer(memory, NUMPY_TYPES[code], count, x_slot["offset"])
    x = x.reshape(x_slot["dims"])
    read = time.perf_counter()
    y = compute(op, attrs, x)
    ran = time.perf_counter()
    if y.nbytes <= y_slot["bytes"]:  # else write nothing; dims tell why
        out = np.frombuffer(memory, y.dtype, y.size, y_slot["offset"])
        out[...] = y.ravel()
    return {"status": "ok",
            "outputs": [{"dtype": code if op == "Sign" else BOOL,
                         "dims": list(y.shape)}],
            "timings": {"read": read - start, "run": ran - read,
                        "write": time.perf_counter() - ran}}


def run(request, session):
    op, attrs, code, out_name = read_model(request["model"])
    if request.get("load_only"):
        return {"status": "ok"}
    if "memory_bytes" in request:
        if session["protocol"] != 2:
            raise Answer("error", "bad request: memory_bytes without protocol 2")
        return run_in_memory(request, session, op, attrs, code)
    inputs = request["inputs"]
    if len(inputs) != 1:
        raise Answer("error", f"{len(inputs)} inputs for a one-input model")
    y = compute(op, attrs, read_input(inputs[0], code))
    out_dir = pathlib.Path(request["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    write_output(out_dir / "output_0.pb", out_name, y,
                 code if op == "Sign" else BOOL)
    return {"status": "ok"}


def handle(line, session):
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"id": None, "status": "error",
                "message": f"unreadable request: {e}"}
    if not isinstance(request, dict):
        return {"id": None, "status": "error",
                "message": "request is not an object"}
    if request.get("method") == "hello":
        # Version 2 only when the harness offers it and fd 3 is open.
        offered = request.get("protocols")
        v2 = session["memory"] and isinstance(offered, list) and 2 in offered
        session["protocol"] = 2 if v2 else 1
        return {"protocol": session["protocol"], "name": "numpy-example",
                "version": np.__version__}
    answer = {"id": request.get("id")}
    if request.get("method") != "run":
        return {**answer, "status": "error",
                "message": f"unknown method {request.get('method')}"}
    try:
        return {**answer, **run(request, session)}
    except Answer as e:
        return {**answer, "status": e.status, "message": str(e)}
    except (KeyError, TypeError, AttributeError) as e:
        return {**answer, "status": "error", "message": f"bad request: {e}"}


def main():
    session = {"memory": True, "protocol": 1, "mapping": None}
    try:
        os.fstat(MEMORY_FD)  # the harness's shared memory, if it gave one
    except OSError:
        session["memory"] = False
    out = sys.stdout
    # Answers alone go to stdout; a stray print lands in the harness's
    # stderr capture instead of breaking the protocol.
    sys.stdout = sys.stderr
    # One request at a time; ones the harness sends ahead wait in the pipe.
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            method = json.loads(line).get("method")
        except (ValueError, AttributeError):
            method = None
        if method == "shutdown":
            break
        out.write(json.dumps(handle(line, session)) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
