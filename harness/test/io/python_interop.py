#!/usr/bin/python3
"""Debian's python onnx as an independent oracle for the io tests.

  write OUT_DIR      TensorProto files written by onnx's own helpers, with
                     a manifest.json of the bytes numpy says they hold
  check MANIFEST     verify files the C++ side wrote against its manifest
  scan DIR OUT_JSON  what python makes of every .pb under DIR (dtype, dims,
                     byte count and CRC-32 of the element bytes)
  model FILE         run onnx.checker (full) on a model onnxcts wrote and
                     print its nodes and attributes as JSON

Needs /usr/bin/python3 with python3-onnx and python3-numpy.
"""
import json
import os
import sys
import zlib

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

FLOAT8_CODES = (17, 18, 19, 20)  # absent from ONNX 1.12's enum
# float8e8m0 (one byte each) and the packed 4- and 2-bit codes, absent too;
# a packed byte holds 8 // bits elements, element 0 in the low bits.
NEW_CODES = {24: 8, 21: 4, 22: 4, 23: 4, 25: 2, 26: 2}
BYTE_CODES = FLOAT8_CODES + tuple(NEW_CODES)


def packed(elements, bits):
    """`elements` packed as onnx.proto says, by hand: x0 | x1 << bits | ..."""
    per_byte = 8 // bits
    out = bytearray((len(elements) * bits + 7) // 8)
    for i, x in enumerate(elements):
        out[i // per_byte] |= x << (i % per_byte * bits)
    return bytes(out)


def edge_values(dtype):
    if dtype == np.bool_:
        return np.array([[True, False, True], [False, False, True]])
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        vals = [info.min, info.max, 0, 1, info.max // 3, info.min // 5]
        return np.array(vals, dtype=dtype).reshape(2, 3)
    vals = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.5,
            np.finfo(dtype).tiny / 4, -np.finfo(dtype).max]
    return np.array(vals, dtype=dtype).reshape(2, 4)


def write(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    manifest = []

    def emit(name, tensor, expected_bytes, code, dims):
        path = os.path.join(out_dir, name + ".pb")
        with open(path, "wb") as f:
            f.write(tensor.SerializeToString())
        manifest.append({"file": path, "dtype": code, "dims": list(dims),
                         "hex": expected_bytes.hex(), "name": tensor.name})

    numpy_types = [np.float32, np.uint8, np.int8, np.uint16, np.int16,
                   np.int32, np.int64, np.bool_, np.float16, np.float64,
                   np.uint32, np.uint64]
    for dtype in numpy_types:
        arr = edge_values(dtype)
        code = helper.np_dtype_to_tensor_dtype(np.dtype(dtype)) \
            if hasattr(helper, "np_dtype_to_tensor_dtype") \
            else onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[np.dtype(dtype)]
        raw = numpy_helper.from_array(arr, name="np_" + np.dtype(dtype).name)
        emit("raw_" + np.dtype(dtype).name, raw, arr.tobytes(), code,
             arr.shape)
        typed = helper.make_tensor("typed", code, arr.shape,
                                   arr.flatten().tolist(), raw=False)
        emit("typed_" + np.dtype(dtype).name, typed, arr.tobytes(), code,
             arr.shape)

    # bfloat16: make_tensor rounds float32 values into int32_data; these
    # values are exact in bfloat16, so the bits are the float32's top half.
    vals = np.array([1.0, -2.5, np.inf, -np.inf, -0.0, 2.0 ** 100,
                     2.0 ** -130, np.nan], dtype=np.float32)
    bits = (vals.view(np.uint32) >> 16).astype(np.uint16)
    emit("typed_bfloat16",
         helper.make_tensor("bf", TensorProto.BFLOAT16, [8], vals.tolist()),
         bits.tobytes(), TensorProto.BFLOAT16, [8])
    emit("raw_bfloat16",
         helper.make_tensor("bf", TensorProto.BFLOAT16, [2, 4],
                            bits.tobytes(), raw=True),
         bits.tobytes(), TensorProto.BFLOAT16, [2, 4])

    for code in FLOAT8_CODES:
        patterns = [0x00, 0x80, 0x7F, 0xFF, 0x7C, 0x01, 0x38]
        t = TensorProto()
        t.name = "f8"
        t.data_type = code
        t.dims.extend([7])
        t.int32_data.extend(patterns)
        emit("typed_f8_%d" % code, t, bytes(patterns), code, [7])
        t.ClearField("int32_data")
        t.raw_data = bytes(patterns)
        emit("raw_f8_%d" % code, t, bytes(patterns), code, [7])

    for code, bits in NEW_CODES.items():
        # Every pattern, then two more: an odd count, padding in the last byte.
        elements = list(range(1 << bits)) + [1, (1 << bits) - 1]
        data = packed(elements, bits)
        t = TensorProto()
        t.name = "new"
        t.data_type = code
        t.dims.extend([len(elements)])
        t.int32_data.extend(data)  # one packed byte per value (onnx 1.22)
        emit("typed_new_%d" % code, t, data, code, [len(elements)])
        t.ClearField("int32_data")
        t.raw_data = data
        emit("raw_new_%d" % code, t, data, code, [len(elements)])

    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def element_bytes(t):
    """The element bytes of `t` as numpy sees them, or None."""
    if t.data_type in BYTE_CODES:
        return t.raw_data if t.HasField("raw_data") else \
            bytes(v & 0xFF for v in t.int32_data)
    arr = numpy_helper.to_array(t)
    if t.data_type == TensorProto.BFLOAT16:
        return (np.asarray(arr, dtype=np.float32).view(np.uint32) >> 16) \
            .astype(np.uint16).tobytes()
    return np.ascontiguousarray(arr).tobytes()


def check(manifest_path):
    failures = 0
    with open(manifest_path) as f:
        entries = json.load(f)
    for e in entries:
        t = onnx.load_tensor(e["file"])
        got = (t.data_type, list(t.dims), t.name, element_bytes(t).hex(),
               t.HasField("raw_data"))
        want = (e["dtype"], e["dims"], e["name"], e["hex"], True)
        if got != want:
            failures += 1
            print("MISMATCH", e["file"], got, want)
    print("checked", len(entries), "files,", failures, "mismatches")
    return 1 if failures else 0


def scan(root, out_path):
    results = []
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".pb"):
                continue
            path = os.path.join(folder, name)
            entry = {"file": path}
            try:
                t = TensorProto()
                with open(path, "rb") as f:
                    t.ParseFromString(f.read())
                data = element_bytes(t)
                if t.data_type in (0, 8, 14, 15):
                    raise ValueError("not a dtype onnxcts models")
                if len(data) == 0 and np.prod(t.dims) != 0:
                    raise ValueError("no elements")
                entry.update(dtype=t.data_type, dims=list(t.dims),
                             size=len(data), crc=zlib.crc32(data))
            except Exception as err:  # python could not make a tensor of it
                entry["error"] = type(err).__name__
            results.append(entry)
    with open(out_path, "w") as f:
        json.dump(results, f)
    return 0


def model(path):
    m = onnx.load(path)
    onnx.checker.check_model(m, full_check=True)
    nodes = []
    for n in m.graph.node:
        attrs = {a.name: helper.get_attribute_value(a) for a in n.attribute}
        attrs = {k: (v.decode() if isinstance(v, bytes) else v)
                 for k, v in attrs.items()}
        nodes.append({"op_type": n.op_type, "inputs": list(n.input),
                      "outputs": list(n.output), "attributes": attrs})
    print(json.dumps({"ir_version": m.ir_version,
                      "opsets": {o.domain: o.version for o in m.opset_import},
                      "nodes": nodes}, sort_keys=True))
    return 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    sys.exit({"write": write, "check": check, "scan": scan,
              "model": model}[command](*args) or 0)
