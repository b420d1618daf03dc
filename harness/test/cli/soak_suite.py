"""The soak test's suite: many tiny one-node cases, written as protobuf
bytes directly so that 10,000 of them take seconds, not the minutes that
building each through the onnx package would.

    soak_suite.py DIR [COUNT]

DIR/soak/cNNNNN is case `soak.cNNNNN`: IsNaN-20 or Sign-13 (in turn) on
four float elements, with one test data set whose expected output comes
from the table below, not from any kernel.
"""
import os
import struct
import sys

SUITE = "soak"
ELEMENTS = 4

# float32 bit patterns, each with IsNaN's answer and Sign's bits (DESIGN.md:
# Sign(+-0) is +0, Sign(NaN) is that NaN).
PATTERNS = [
    (0x00000000, False, 0x00000000),  # +0
    (0x80000000, False, 0x00000000),  # -0
    (0x3F800000, False, 0x3F800000),  # 1
    (0xC0490FDB, False, 0xBF800000),  # -pi
    (0x7F800000, False, 0x3F800000),  # +inf
    (0xFF800000, False, 0xBF800000),  # -inf
    (0x7FC00000, True, 0x7FC00000),  # quiet NaN
    (0xFF800001, True, 0xFF800001),  # negative signalling NaN
    (0x00000001, False, 0x3F800000),  # least subnormal
    (0x807FFFFF, False, 0xBF800000),  # -greatest subnormal
]

FLOAT, BOOL = 1, 9


def varint(n):
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def number(field, value):
    return varint(field << 3) + varint(value)


def nested(field, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return varint(field << 3 | 2) + varint(len(payload)) + payload


def value_info(name, elem_type):
    dim = nested(1, number(1, ELEMENTS))
    tensor_type = number(1, elem_type) + nested(2, dim)
    return nested(1, name) + nested(2, nested(1, tensor_type))


def model_bytes(op, opset, ir_version, out_type):
    node = nested(1, "x") + nested(2, "y") + nested(4, op)
    graph = (nested(1, node) + nested(2, op.lower()) +
             nested(11, value_info("x", FLOAT)) +
             nested(12, value_info("y", out_type)))
    return (number(1, ir_version) + nested(7, graph) +
            nested(8, number(2, opset)))


def tensor_bytes(name, data_type, raw):
    return (number(1, ELEMENTS) + number(2, data_type) + nested(8, name) +
            nested(9, raw))


MODELS = [
    ("IsNaN", model_bytes("IsNaN", 20, 9, BOOL)),
    ("Sign", model_bytes("Sign", 13, 7, FLOAT)),
]


def case_name(index):
    return "c%05d" % index


def case_id(index):
    return SUITE + "." + case_name(index)


def case_files(index):
    """(model, input, expected output) bytes of case `index`."""
    op, model = MODELS[index % len(MODELS)]
    # Steps of 3 through 10 patterns: every case a different mix.
    rows = [PATTERNS[(index + 3 * k) % len(PATTERNS)] for k in range(ELEMENTS)]
    x = struct.pack("<4I", *(bits for bits, _, _ in rows))
    if op == "IsNaN":
        y = tensor_bytes("y", BOOL, bytes(nan for _, nan, _ in rows))
    else:
        y = tensor_bytes("y", FLOAT,
                         struct.pack("<4I", *(s for _, _, s in rows)))
    return model, tensor_bytes("x", FLOAT, x), y


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


CASE_FILES = ("model.onnx", "test_data_set_0/input_0.pb",
              "test_data_set_0/output_0.pb")


def write_suite(root, count):
    """Writes `count` cases under root/soak; returns that suite folder.
    Cases with the same files share them through hard links, which the
    disk writes faster than copies."""
    suite = os.path.join(root, SUITE)
    os.makedirs(suite)
    write_file(os.path.join(suite, "suite.json"),
               b'{"id_prefix": "soak", "label": "soak"}\n')
    originals = {}
    for index in range(count):
        files = case_files(index)
        case = os.path.join(suite, case_name(index))
        os.makedirs(os.path.join(case, "test_data_set_0"))
        for name, data in zip(CASE_FILES, files):
            path = os.path.join(case, name)
            if (name, data) in originals:
                os.link(originals[name, data], path)
            else:
                write_file(path, data)
                originals[name, data] = path
    return suite


if __name__ == "__main__":
    write_suite(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000)
