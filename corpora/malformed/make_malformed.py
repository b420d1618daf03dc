#!/usr/bin/python3
"""Writes the malformed suite: one case folder per way a suite can be broken.

Each case is an IsNaN, IsInf or Sign model in ONNX's layout that is valid
except for one thing, so a runner gets past everything else to the broken
part. Each case.json says what is broken and where:

  "broken": {"file": <path in the case>, "field": <field the error names>,
             "detected_by": "io" | "layout" | "runner"}

"io": reading that file is an InputError naming that field ("" = the whole
file); "layout": discovery flags the data set (layout_problem); "runner": the
file reads fine but contradicts the model (runner reports invalid_test_data).

Usage: /usr/bin/python3 make_malformed.py [OUT_DIR]   (default: this folder)
The output is byte-for-byte reproducible; SHA256SUMS lists every file.
Needs Debian's python3-onnx (ONNX 1.12) and python3-numpy.
"""
import hashlib
import json
import os
import shutil
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

X = np.array([1.0, np.nan, -np.inf, 0.0], dtype=np.float32)


def model(op, opset, in_type, out_type, n=4, attributes=None):
    node = helper.make_node(op, ["x"], ["y"], **(attributes or {}))
    graph = helper.make_graph(
        [node], "malformed",
        [helper.make_tensor_value_info("x", in_type, [n])],
        [helper.make_tensor_value_info("y", out_type, [n])])
    m = helper.make_model(graph, producer_name="onnxcts-malformed",
                          opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 7
    return m


def isnan_model():
    return model("IsNaN", 13, TensorProto.FLOAT, TensorProto.BOOL)


def tensor(arr, name):
    return numpy_helper.from_array(arr, name=name)


def good_input():
    return tensor(X, "x")


def good_output():
    return tensor(np.isnan(X), "y")


def raw(data_type, dims, raw_data, name="x"):
    t = TensorProto()
    t.name = name
    t.data_type = data_type
    t.dims.extend(dims)
    t.raw_data = raw_data
    return t


def external(location, offset=None, length=None):
    t = TensorProto()
    t.name = "x"
    t.data_type = TensorProto.FLOAT
    t.dims.extend([4])
    t.data_location = TensorProto.EXTERNAL
    for key, value in (("location", location), ("offset", offset),
                       ("length", length)):
        if value is not None:
            entry = t.external_data.add()
            entry.key, entry.value = key, str(value)
    return t


def case(name, description, broken_file, field, detected_by="io",
         model_bytes=None, files=None, extra=None):
    """A case folder: model.onnx, `extra` files beside it, and
    test_data_set_0 holding `files` (name -> bytes or a message; None
    removes one), by default a good input and output."""
    if files is None:
        files = {}
    data = {"input_0.pb": good_input(), "output_0.pb": good_output()}
    data.update(files)
    return name, {
        "model": model_bytes if model_bytes is not None
        else isnan_model().SerializeToString(),
        "data": {k: (v if isinstance(v, bytes) else v.SerializeToString())
                 for k, v in data.items() if v is not None},
        "extra": extra or {},
        "json": {"id": "malformed." + name, "description": description,
                 "broken": {"file": broken_file, "field": field,
                            "detected_by": detected_by}},
    }


INPUT = "test_data_set_0/input_0.pb"
OUTPUT = "test_data_set_0/output_0.pb"


def attribute_mismatch_model():
    m = model("IsInf", 10, TensorProto.FLOAT, TensorProto.BOOL,
              attributes={"detect_negative": 0})
    attr = m.graph.node[0].attribute[0]
    attr.ClearField("i")
    attr.f = 0.0  # type still says INT
    return m.SerializeToString()


def unknown_elem_type_model():
    m = isnan_model()
    m.graph.input[0].type.tensor_type.elem_type = 99
    return m.SerializeToString()


def no_graph_model():
    m = isnan_model()
    m.ClearField("graph")
    return m.SerializeToString()


def sign_int8_model():
    return model("Sign", 13, TensorProto.INT8, TensorProto.INT8, n=3)


def out_of_range_int8():
    t = TensorProto()
    t.name = "x"
    t.data_type = TensorProto.INT8
    t.dims.extend([3])
    t.int32_data.extend([1, 300, -1])
    return t


def two_payloads():
    t = good_input()
    t.float_data.extend(X.tolist())
    return t


CASES = dict([
    case("truncated_pb",
         "input_0.pb is cut short inside raw_data: not a whole protobuf.",
         INPUT, "",
         files={"input_0.pb": good_input().SerializeToString()[:-6]}),
    case("raw_data_short",
         "input_0.pb says dims [4] of float (16 bytes) but raw_data holds 12.",
         INPUT, "raw_data",
         files={"input_0.pb": raw(TensorProto.FLOAT, [4], X.tobytes()[:12])}),
    case("dims_overflow",
         "input_0.pb has dims [2^62, 8], whose product overflows int64.",
         INPUT, "dims",
         files={"input_0.pb": raw(TensorProto.FLOAT, [1 << 62, 8],
                                  X.tobytes())}),
    case("negative_dim", "input_0.pb has dims [-4].", INPUT, "dims[0]",
         files={"input_0.pb": raw(TensorProto.FLOAT, [-4], X.tobytes())}),
    case("unknown_dtype",
         "input_0.pb has data_type 99, which is no ONNX element type.",
         INPUT, "data_type",
         files={"input_0.pb": raw(99, [4], X.tobytes())}),
    case("external_escape",
         "input_0.pb keeps its data externally at ../../(...)/etc/passwd, "
         "outside the suite.",
         INPUT, "external_data.location",
         files={"input_0.pb": external("../" * 10 + "etc/passwd", 0, 16)}),
    case("external_absolute",
         "input_0.pb keeps its data externally at the absolute path "
         "/etc/passwd.",
         INPUT, "external_data.location",
         files={"input_0.pb": external("/etc/passwd")}),
    case("external_past_end",
         "input_0.pb reads 16 bytes from ../x.bin, which holds 8.",
         INPUT, "external_data.length",
         files={"input_0.pb": external("../x.bin", 0, 16)},
         extra={"x.bin": X.tobytes()[:8]}),
    case("garbage_model", "model.onnx is text, not a protobuf.",
         "model.onnx", "",
         model_bytes=b"this is not an onnx model\n"),
    case("empty_model", "model.onnx is an empty file.", "model.onnx", "",
         model_bytes=b""),
    case("model_without_graph", "model.onnx has no graph.", "model.onnx",
         "graph", model_bytes=no_graph_model()),
    case("unknown_elem_type",
         "The model's graph input has elem_type 99.", "model.onnx",
         "graph.input[0].type.tensor_type.elem_type",
         model_bytes=unknown_elem_type_model()),
    case("attribute_type_mismatch",
         "IsInf's detect_negative says INT but holds its value in f.",
         "model.onnx", "graph.node[0].attribute[0].type",
         model_bytes=attribute_mismatch_model()),
    case("input_gap",
         "test_data_set_0 has input_1.pb but no input_0.pb.",
         "test_data_set_0", "", detected_by="layout",
         files={"input_0.pb": None, "input_1.pb": good_input()}),
    case("missing_output", "test_data_set_0 has no output_0.pb.",
         "test_data_set_0", "", detected_by="layout",
         files={"output_0.pb": None}),
    case("dtype_mismatch",
         "input_0.pb holds double values; the model's input is float.",
         INPUT, "data_type", detected_by="runner",
         files={"input_0.pb": tensor(X.astype(np.float64), "x")}),
    case("absurd_rank",
         "input_0.pb has 10000 dims, each 1.", INPUT, "dims",
         files={"input_0.pb": raw(TensorProto.FLOAT, [1] * 10000,
                                  X.tobytes()[:4])}),
    case("bool_not_0_or_1",
         "output_0.pb is bool with a raw byte of 2.", OUTPUT, "raw_data",
         files={"output_0.pb": raw(TensorProto.BOOL, [4], b"\x00\x02\x00\x00",
                                   "y")}),
    case("two_payloads",
         "input_0.pb sets both raw_data and float_data.", INPUT, "float_data",
         files={"input_0.pb": two_payloads()}),
    case("typed_value_out_of_range",
         "Sign on int8; input_0.pb's int32_data holds 300.", INPUT,
         "int32_data[1]", model_bytes=sign_int8_model().SerializeToString(),
         files={"input_0.pb": out_of_range_int8(),
                "output_0.pb": tensor(np.array([1, 1, -1], np.int8), "y")}),
])


def write_file(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main(out_dir):
    written = []
    for name, c in CASES.items():
        folder = os.path.join(out_dir, name)
        shutil.rmtree(folder, ignore_errors=True)
        files = {"model.onnx": c["model"],
                 "case.json": (json.dumps(c["json"], indent=2, sort_keys=True)
                               + "\n").encode()}
        files.update(c["extra"])
        for data_name, data in c["data"].items():
            files["test_data_set_0/" + data_name] = data
        for rel, data in files.items():
            write_file(os.path.join(folder, rel), data)
            written.append((name + "/" + rel, data))
    write_file(os.path.join(out_dir, "suite.json"),
               b'{"id_prefix": "malformed"}\n')
    sums = "".join("%s  %s\n" % (hashlib.sha256(d).hexdigest(), rel)
                   for rel, d in sorted(written))
    write_file(os.path.join(out_dir, "SHA256SUMS"), sums.encode())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1
         else os.path.dirname(os.path.abspath(__file__)))
