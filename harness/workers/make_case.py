#!/usr/bin/python3
"""Writes a one-node test case for the worker tests, with Debian's onnx.

    make_case.py DIR OP OPSET DTYPE [ATTR=INT ...] [bits=HEX,HEX,...]
    make_case.py --batch     (the same arguments, one case a line on stdin)

DIR gets model.onnx (one node OP, input x, output y, ai.onnx opset OPSET)
and input_0.pb: the given bit patterns, or by default every bit pattern for
types of 16 bits or fewer, else a fixed list of edge values (zeros, ones,
infinities, NaNs with payloads, subnormals, extremes). Data types are
written as integer codes, so the float8 codes (17-20) that ONNX 1.12
predates work too.
"""
import pathlib
import sys

import numpy as np
import onnx
from onnx import helper

CODES = {
    "float": 1, "float16": 10, "double": 11, "bfloat16": 16,
    "float8e4m3fn": 17, "float8e4m3fnuz": 18, "float8e5m2": 19,
    "float8e5m2fnuz": 20, "int8": 3, "int32": 6,
}
WIDTH = {1: 4, 10: 2, 11: 8, 16: 2, 17: 1, 18: 1, 19: 1, 20: 1, 3: 1, 6: 4}

FLOAT_EDGES = [
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
    0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFC12345, 0x7FFFFFFF, 0x00000001,
    0x807FFFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x40490FDB,
]
DOUBLE_EDGES = [
    0x0000000000000000, 0x8000000000000000, 0x3FF0000000000000,
    0xBFF0000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
    0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001,
    0xFFF8000012345678, 0x0000000000000001, 0x800FFFFFFFFFFFFF,
    0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF,
]


def input_bits(code, bits):
    """The input payload: raw little-endian bytes and the element count."""
    width = WIDTH[code]
    if bits is not None:
        values = np.array([int(b, 16) for b in bits.split(",")],
                          dtype=f"<u{width}")
    elif code == 1:
        values = np.array(FLOAT_EDGES, dtype="<u4")
    elif code == 11:
        values = np.array(DOUBLE_EDGES, dtype="<u8")
    elif code == 6:
        values = np.array([0, 1, -1, 7, -7, 2**31 - 1, -2**31], dtype="<i4")
    else:
        values = np.arange(1 << (8 * width), dtype=f"<u{width}")
    return values.tobytes(), len(values)


def write_case(args):
    """Writes one case; `args` are the command line's, after the script."""
    out, op, opset, dtype = args[0], args[1], int(args[2]), args[3]
    attrs = dict(a.split("=") for a in args[4:])
    code = CODES[dtype]
    raw, count = input_bits(code, attrs.pop("bits", None))
    out_code = 9 if op in ("IsNaN", "IsInf") else code
    node = helper.make_node(op, ["x"], ["y"],
                            **{k: int(v) for k, v in attrs.items()})
    graph = helper.make_graph(
        [node], f"{op}_{dtype}",
        [helper.make_tensor_value_info("x", code, [count])],
        [helper.make_tensor_value_info("y", out_code, [count])])
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9 if opset >= 20 else 8
    tensor = onnx.TensorProto(name="x", data_type=code, dims=[count],
                              raw_data=raw)
    folder = pathlib.Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "model.onnx").write_bytes(model.SerializeToString())
    (folder / "input_0.pb").write_bytes(tensor.SerializeToString())


def main(argv):
    if argv[1:] == ["--batch"]:
        for line in sys.stdin:
            if line.strip():
                write_case(line.split())
    else:
        write_case(argv[1:])


if __name__ == "__main__":
    main(sys.argv)
