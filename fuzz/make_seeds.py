#!/usr/bin/python3
"""Makes the seed corpora of the fuzz targets: corpora/fuzz/<target>/<sha1>.

Seeds come from Debian's ONNX test data (libonnx-testdata), from a suite
that `onnxcts generate` writes (small cases only), from the checked-in
reports (trimmed, and as journals of their results), from small real
runs, and from inputs made here for what those lack (typed fields,
external data, paths, differential calls). Run with Debian's python,
which has the onnx module:

    /usr/bin/python3 fuzz/make_seeds.py --onnxcts build-fuzz/bin/onnxcts \
        --plugin build-fuzz/lib/onnxcts_defective_plugin.so

then minimise each corpus with a libFuzzer build of its target:

    <target>_fuzzer -merge=1 NEW_DIR corpora/fuzz/<target>

and put NEW_DIR's files (libFuzzer names them by their sha1) in its place.
Seeds already there are kept; --clean empties the folders first.
--targets kernels,model writes (and cleans) those corpora alone.
"""

import argparse
import collections
import hashlib
import json
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import onnx

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPORA = ROOT / "corpora" / "fuzz"
ONNX_NODE = pathlib.Path("/usr/share/libonnx-testdata/data/node")
NODE_CASES = [
    "test_isinf", "test_isinf_negative", "test_isinf_positive", "test_isnan",
    "test_sign", "test_abs", "test_neg", "test_relu",
    "test_cast_FLOAT_to_FLOAT16", "test_cast_FLOAT16_to_FLOAT",
    "test_cast_FLOAT_to_BFLOAT16", "test_cast_BFLOAT16_to_FLOAT",
]
TARGETS = ["tensor_proto", "model", "test_case", "external_data",
           "report_json", "kernels", "plugin_backend", "plugin_wire",
           "journal", "memory_answer"]
WRITTEN = set(TARGETS)  # the corpora this run writes (--targets)
# The targets whose seeds come from a generated suite or real runs.
SUITE_TARGETS = {"tensor_proto", "model", "test_case", "report_json"}
MAX_CASE_BYTES = 4096  # a generated case above this is not a seed
MAX_FILE_BYTES = 2048

# The dtype and schema tables, as `onnxcts schema --json` gives them
# (load_tables): the differential targets index both in that order.
DTYPES = []   # (name, code, width in bytes; 0 for the packed dtypes)
BITS = {}     # name -> width in bits
WIDTH = {}
CODE = {}
# `most` is None for a variadic input (any number of inputs).
Schema = collections.namedtuple(
    "Schema", "op since_version allowed flags fewest most broadcast attrs")
SCHEMAS = []
PAIR_OPS = set()  # ops whose variants take two inputs (arity 2)


def load_tables(onnxcts):
    tables = json.loads(subprocess.run([onnxcts, "schema", "--json"],
                                       check=True, capture_output=True,
                                       text=True).stdout)
    for d in tables["dtypes"]:
        # Packed (4- and 2-bit) dtypes have no width in bytes; BITS has it.
        DTYPES.append((d["name"], d["code"], d["bits"] // 8))
        WIDTH[d["name"]] = d["bits"] // 8
        BITS[d["name"]] = d["bits"]
        CODE[d["name"]] = d["code"]
    for sc in tables["schemas"]:
        # The input whose dtype a case is named by (Where's X).
        input_type = sc["inputs"][sc.get("main_input", 0)]["type"]
        allowed = next(c["allowed"] for c in sc["constraints"]
                       if c["name"] == input_type)
        flags = [a["name"] for a in sc["attributes"] if a["flag"]]
        SCHEMAS.append(Schema(sc["op"], sc["since_version"], allowed, flags,
                              sc["min_inputs"], sc["max_inputs"],
                              sc["broadcast"], attribute_reads(sc)))
    PAIR_OPS.update(v["op"] for v in tables["variants"] if v["arity"] == 2)
    for name, _, width in DTYPES:
        if name not in PATTERNS:
            top = 1 << (BITS[name] - 1)
            PATTERNS[name] = [0, 1, 2, top - 1, top, top + 1, 2 * top - 1]


def attribute_reads(sc):
    """What ReadOpChoice reads for each attribute, in order: a flag, a
    dtype pick (an attribute naming a dtype), a choice among n+2, or a
    float among n listed, left out, or raw (ReadFloat)."""
    reads = []
    for a in sc["attributes"]:
        if a["flag"]:
            reads.append(("flag", 0))
        elif "dtype_of" in a:
            reads.append(("dtype", 0))
        elif "choices" in a:
            reads.append(("choice", len(a["choices"])))
        elif "float_choices" in a:
            reads.append(("float", len(a["float_choices"])))
    return reads


def schema_index(op, version):
    return next(i for i, s in enumerate(SCHEMAS) if s[:2] == (op, version))


# A few patterns of every class per dtype: zeros, smallest subnormal,
# normals, infinities, NaNs; integer edges.
PATTERNS = {
    "float": [0, 0x80000000, 1, 0x3F800000, 0xBF800000, 0x7F800000,
              0xFF800000, 0x7FC00000, 0x7F800001, 0xFFFFFFFF],
    "double": [0, 1 << 63, 1, 0x3FF0000000000000, 0x7FF0000000000000,
               0xFFF0000000000000, 0x7FF8000000000000, 0x7FF0000000000001],
    "float16": [0, 0x8000, 1, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00,
                0x7C01, 0xFFFF],
    "bfloat16": [0, 0x8000, 1, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0,
                 0x7F81, 0xFFFF],
    "float8e4m3fn": [0, 0x80, 1, 0x38, 0xB8, 0x7E, 0x7F, 0xFE, 0xFF],
    "float8e4m3fnuz": [0, 0x80, 1, 0x40, 0xC0, 0x7F, 0xFF],
    "float8e5m2": [0, 0x80, 1, 0x3C, 0xBC, 0x7C, 0xFC, 0x7D, 0x7E, 0xFF],
    "float8e5m2fnuz": [0, 0x80, 1, 0x40, 0xC0, 0x7F, 0xFF],
}


def write_seed(target, data):
    if target not in WRITTEN:
        return
    folder = CORPORA / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def elements(dtype, patterns):
    """The patterns as raw_data holds them: little-endian, or packed from
    the low bits up for a 4- or 2-bit dtype (onnx.proto)."""
    bits = BITS[dtype]
    if bits < 8:
        per_byte = 8 // bits
        out = bytearray((len(patterns) * bits + 7) // 8)
        for i, p in enumerate(patterns):
            out[i // per_byte] |= (p & ((1 << bits) - 1)) << (i % per_byte * bits)
        return bytes(out)
    width = WIDTH[dtype]
    return b"".join((p & ((1 << 8 * width) - 1)).to_bytes(width, "little")
                    for p in patterns)


def pair_elements(dtype):
    """Every pair of PATTERNS[dtype] as the kernels target reads an op of
    two inputs: all the first patterns (a), then all the second (b)."""
    pats = PATTERNS[dtype]
    return elements(dtype, [p for p in pats for _ in pats]) + \
        elements(dtype, [q for _ in pats for q in pats])


def small_cases(suite):
    """Case folders under `suite` whose files hold MAX_CASE_BYTES or less."""
    for model in sorted(suite.rglob("model.onnx")):
        case = model.parent
        if sum(f.stat().st_size for f in case.rglob("*") if f.is_file()) \
                <= MAX_CASE_BYTES:
            yield case


def node_cases():
    return [ONNX_NODE / name for name in NODE_CASES
            if (ONNX_NODE / name).is_dir()]


# ---- plugin_wire -----------------------------------------------------------
# The plugin host's messages (harness/src/backends/plugin_wire.cc), in host
# (little-endian) order, after plugin_wire_fuzzer's first byte: the number of
# output slots sent, plus 4 x the index of the memory's size.

def wire_string(b):
    return struct.pack("<Q", len(b)) + b


def wire_dims(dims):
    return wire_string(struct.pack(f"<{len(dims)}q", *dims))


def wire_slot(dtype, dims, offset, size):
    return struct.pack("<i", dtype) + wire_dims(dims) + \
        struct.pack("<QQ", offset, size)


def wire_tensor(name, dtype, dims, data):
    return wire_string(name) + struct.pack("<i", dtype) + wire_dims(dims) + \
        wire_string(data)


def wire_node(op, opset, attributes=b"", count=0):
    return wire_string(op) + wire_string(b"") + struct.pack("<q", opset) + \
        struct.pack("<Q", count) + attributes


def slot_answer(kind, message, slots, times=(0.001, 0.002, 0.0)):
    return bytes([kind]) + wire_string(message) + \
        struct.pack("<ddd", *times) + struct.pack("<Q", len(slots)) + \
        b"".join(slots)


# The fuzzer's slots: bool [64] at 0, float [16] at 64, float16 [2, 8] at
# 4096; memories of 4128, 4096, 100 and 0 bytes.
SENT_SLOTS = [wire_slot(9, [64], 0, 64), wire_slot(1, [16], 64, 64),
              wire_slot(10, [2, 8], 4096, 32)]


def plugin_wire_seeds():
    seeds = []
    for n in range(4):
        seeds.append((n, slot_answer(0, b"", SENT_SLOTS[:n])))
    seeds.append((3 + 4, slot_answer(0, b"", SENT_SLOTS)))  # outside
    seeds.append((1, slot_answer(0, b"", [wire_slot(9, [128], 0, 128)])))
    seeds.append((1, slot_answer(6, b"output 0: rank above the limit", [])))
    seeds.append((0, slot_answer(1, b"Cos at opset 13 is not implemented",
                                 [])))
    seeds.append((0, slot_answer(2, b"plugin host: input 0: slot outside "
                                    b"the memory", [])))
    int16 = wire_tensor(b"output_0", 5, [2, 1], b"\x01\x00\xff\x7f")
    seeds.append((0, bytes([0]) + wire_string(b"") +
                  struct.pack("<Q", 1) + int16))
    seeds.append((0, wire_string(b"") + wire_string(b"onnxcts-reference") +
                  wire_string(b"0.1.0")))
    attribute = wire_string(b"detect_negative") + bytes([0]) + \
        struct.pack("<q", 0)
    seeds.append((0, bytes([1]) + wire_node(b"IsInf", 20, attribute, 1) +
                  struct.pack("<Q", 1) +
                  wire_tensor(b"x", 1, [1], b"\x00\x00\x80\x7f") +
                  struct.pack("<QQ", 1, 1) + struct.pack("<i", 9) + b"\x01" +
                  wire_dims([1])))
    seeds.append((0, bytes([2]) + wire_node(b"IsNaN", 20) +
                  struct.pack("<Q", 2) + bytes([1]) +
                  wire_slot(1, [16], 64, 64) + bytes([0]) +
                  struct.pack("<Q", 1) + SENT_SLOTS[0]))
    for config, payload in seeds:
        write_seed("plugin_wire", bytes([config]) + payload)


# ---- tensor_proto and model ------------------------------------------------

def tensor(dtype, dims, name="x"):
    t = onnx.TensorProto()
    t.name = name
    t.data_type = CODE[dtype]
    t.dims.extend(dims)
    return t


def typed_field(dtype):
    """onnx.proto's field for dtype's elements, as tensor_io.cc reads it."""
    if dtype in ("float",):
        return "float_data"
    if dtype == "double":
        return "double_data"
    if dtype == "int64":
        return "int64_data"
    if dtype in ("uint32", "uint64"):
        return "uint64_data"
    return "int32_data"


def handmade_tensors():
    """Typed fields and raw_data of every dtype, empty and scalar tensors,
    external data (the fuzzer's data.bin holds 64 bytes), and the valid
    ONNX that onnxcts does not model."""
    out = []
    for dtype, _, width in DTYPES:
        pats = PATTERNS[dtype][:3] if dtype != "bool" else [0, 1, 1]
        raw = tensor(dtype, [len(pats)])
        raw.raw_data = elements(dtype, pats)
        out.append(raw)
        typed = tensor(dtype, [len(pats)])
        field = typed_field(dtype)
        if field == "float_data":
            typed.float_data.extend(struct.unpack("<%df" % len(pats),
                                                  elements(dtype, pats)))
        elif field == "double_data":
            typed.double_data.extend(struct.unpack("<%dd" % len(pats),
                                                   elements(dtype, pats)))
        elif field == "int64_data":
            typed.int64_data.extend(struct.unpack("<%dq" % len(pats),
                                                  elements(dtype, pats)))
        elif field == "uint64_data":
            typed.uint64_data.extend(pats)
        elif BITS[dtype] < 8:  # one int32 per packed byte (onnx's make_tensor)
            typed.int32_data.extend(elements(dtype, pats))
        else:
            typed.int32_data.extend(pats)
        out.append(typed)
        external = tensor(dtype, [64 // BITS[dtype]])  # the 8 bytes of data.bin
        external.data_location = onnx.TensorProto.EXTERNAL
        for key, value in (("location", "data.bin"), ("offset", "8"),
                           ("length", "8")):
            entry = external.external_data.add()
            entry.key, entry.value = key, value
        out.append(external)
    out.append(tensor("float", [0]))
    out.append(tensor("float", [2, 0, 3]))
    scalar = tensor("float16", [])
    scalar.raw_data = b"\x00\x7c"
    out.append(scalar)
    segmented = tensor("float", [1])
    segmented.segment.begin, segmented.segment.end = 0, 1
    segmented.raw_data = b"\0\0\0\0"
    out.append(segmented)
    strings = onnx.TensorProto()
    strings.data_type = onnx.TensorProto.STRING
    strings.dims.append(1)
    strings.string_data.append(b"x")
    out.append(strings)
    return [t.SerializeToString() for t in out]


def handmade_models():
    """What the generated suite lacks: attributes of other types, two nodes,
    initializers in typed fields and in external data."""
    x = onnx.helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [2])
    y = onnx.helper.make_tensor_value_info("y", onnx.TensorProto.BOOL, [2])
    z = onnx.helper.make_tensor_value_info("z", onnx.TensorProto.FLOAT, [2])
    models = []
    node = onnx.helper.make_node("IsInf", ["x"], ["y"], detect_negative=0)
    node.attribute.append(onnx.helper.make_attribute(
        "t", onnx.helper.make_tensor("t", onnx.TensorProto.FLOAT, [1], [1.0])))
    graph = onnx.helper.make_graph([node], "g", [x], [y])
    models.append(onnx.helper.make_model(
        graph, opset_imports=[onnx.helper.make_opsetid("", 20)]))
    two = onnx.helper.make_graph(
        [onnx.helper.make_node("Sign", ["x"], ["s"]),
         onnx.helper.make_node("Sign", ["s"], ["z"])], "g", [x], [z])
    models.append(onnx.helper.make_model(
        two, opset_imports=[onnx.helper.make_opsetid("ai.onnx", 13)]))
    init = onnx.helper.make_tensor("x", onnx.TensorProto.FLOAT, [2],
                                   [1.0, float("inf")])
    models.append(onnx.helper.make_model(
        onnx.helper.make_graph([onnx.helper.make_node("IsInf", ["x"], ["y"])],
                               "g", [x], [y], initializer=[init]),
        opset_imports=[onnx.helper.make_opsetid("", 10)]))
    external = tensor("float", [2])
    external.data_location = onnx.TensorProto.EXTERNAL
    entry = external.external_data.add()
    entry.key, entry.value = "location", "data.bin"
    entry = external.external_data.add()
    entry.key, entry.value = "length", "8"
    models.append(onnx.helper.make_model(
        onnx.helper.make_graph([onnx.helper.make_node("IsNaN", ["x"], ["y"])],
                               "g", [x], [y], initializer=[external]),
        opset_imports=[onnx.helper.make_opsetid("", 13)]))
    return [m.SerializeToString() for m in models]


def tensor_and_model_seeds(gen):
    cases = node_cases() + list(small_cases(gen))
    for case in cases:
        write_seed("model", (case / "model.onnx").read_bytes())
        for pb in sorted(case.rglob("*.pb")):
            if pb.stat().st_size <= MAX_FILE_BYTES:
                write_seed("tensor_proto", pb.read_bytes())
    for data in handmade_tensors():
        write_seed("tensor_proto", data)
    for data in handmade_models():
        write_seed("model", data)


# ---- test_case --------------------------------------------------------------

def part(kind, data):
    return bytes([kind]) + struct.pack("<H", len(data)) + data


def encode_case(case):
    """A case folder as test_case_fuzzer's parts."""
    out = part(0, (case / "model.onnx").read_bytes())
    if (case / "case.json").is_file():
        out += part(3, (case / "case.json").read_bytes())
    data_sets = sorted(case.glob("test_data_set_*"),
                       key=lambda p: int(p.name.rsplit("_", 1)[1]))
    for n, ds in enumerate(data_sets):
        if n:
            out += part(5, b"")
        for stem, kind in (("input", 1), ("output", 2)):
            k = 0
            while (ds / f"{stem}_{k}.pb").is_file():
                out += part(kind, (ds / f"{stem}_{k}.pb").read_bytes())
                k += 1
    return out


def test_case_seeds(gen):
    for case in node_cases() + list(small_cases(gen)):
        write_seed("test_case", encode_case(case))
    # An initializer in data.bin beside the model.
    x = onnx.helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [2])
    y = onnx.helper.make_tensor_value_info("y", onnx.TensorProto.BOOL, [2])
    external = tensor("float", [2])
    external.data_location = onnx.TensorProto.EXTERNAL
    entry = external.external_data.add()
    entry.key, entry.value = "location", "data.bin"
    model = onnx.helper.make_model(
        onnx.helper.make_graph([onnx.helper.make_node("IsInf", ["x"], ["y"])],
                               "g", [x], [y], initializer=[external]),
        opset_imports=[onnx.helper.make_opsetid("", 20)])
    out = tensor("bool", [2], "y")
    out.raw_data = b"\0\1"
    write_seed("test_case", part(0, model.SerializeToString()) +
               part(4, struct.pack("<2f", 1.0, float("inf"))) +
               part(2, out.SerializeToString()))


# ---- FuzzedDataProvider inputs ----------------------------------------------

class Fdp:
    """Bytes that FuzzedDataProvider reads back as given: integers from the
    end (most significant byte first), strings from the front."""

    def __init__(self):
        self.front = b""
        self.back = []

    def integral(self, value, lo, hi):
        span, size = hi - lo, 0
        while size < 8 and span >> (8 * size):
            size += 1
        self.back.extend((value - lo).to_bytes(size, "big"))

    def string(self, text):
        # A backslash is written twice; one followed by another byte ends
        # the string.
        self.front += text.replace(b"\\", b"\\\\") + b"\\x"

    def data(self, tail=b""):
        return self.front + tail + bytes(reversed(self.back))


def op_call(schema, dtype_pick, flags, rank, lead, elems, kernels,
            in_place=None, stretches=None):
    """An input of the differential targets (fuzz/op_input.h); in place
    unless told otherwise when there is an odd number of bytes. For the
    plugin target, a node of len(stretches) inputs, each stretched so
    (ReadNodeInputs), else of as few as the op takes."""
    if in_place is None:
        in_place = len(elems) & 1
    sc = SCHEMAS[schema]
    f = Fdp()
    f.integral(schema, 0, len(SCHEMAS) - 1)
    f.integral(0, 0, 3)  # opset: the version itself
    f.integral(dtype_pick, 0, 255)
    flags = list(flags[:len(sc.flags)])
    for kind, n in sc.attrs:
        if kind == "flag" and flags:
            f.integral(flags.pop(0), 0, 5)
        elif kind == "dtype":
            # A target of the constraint's list, another for each source.
            f.integral((dtype_pick + 1) % 0xF0, 0, 255)
        elif kind in ("choice", "float"):
            f.integral(0, 0, n + 1)  # the first listed value
    if kernels:
        f.integral(0, 0, 1)  # Highway target: the first the CPU has
        f.integral(len(elems) % 16, 0, 15)  # misalignment
        f.integral(in_place, 0, 255)
    else:
        # ReadInputCount: nothing is read where the count is fixed.
        most = sc.fewest + 2 if sc.most is None else \
            min(sc.most, sc.fewest + 2)
        f.integral(len(stretches) if stretches else sc.fewest, sc.fewest,
                   most)
        for stretch in stretches or ():
            f.integral(stretch, 0, 255)
    f.integral(rank, 0, 4)
    for d in lead:
        f.integral(d, 0, 3)
    return f.data(elems)


def pair_seeds(s):
    """The kernels target's seeds of schema `s`, an op of two inputs: every
    pair of patterns of each dtype it allows, in place for every other one,
    and a dtype of the table it does not allow."""
    dtypes = SCHEMAS[s].allowed
    flags = (0,) * len(SCHEMAS[s].flags)  # defaults
    for pick, dtype in enumerate(dtypes):
        write_seed("kernels", op_call(s, pick, flags, 1, [],
                                      pair_elements(dtype), True,
                                      in_place=pick & 1))
    # A dtype byte of 0xF0 or more picks from the whole table.
    pick = next((p for p in range(0xF0, 0x100)
                 if DTYPES[p % len(DTYPES)][0] not in dtypes), None)
    if pick is not None:
        outside = DTYPES[pick % len(DTYPES)][0]
        write_seed("kernels", op_call(s, pick, flags, 1, [],
                                      pair_elements(outside), True))


def node_seeds(s):
    """The plugin target's seeds of schema `s`, an op of several inputs:
    two of every pair of patterns of each dtype it allows, three for a
    variadic op, and where it broadcasts a column against a row and an input
    without the leading axis."""
    sc = SCHEMAS[s]
    flags = (0,) * len(sc.flags)  # defaults
    # An op of three inputs or more (Where) takes the leading ones first:
    # true and false in turn, as a condition's low bits read them.
    lead = max(0, sc.fewest - 2)
    for pick, dtype in enumerate(sc.allowed):
        truth = elements(dtype, [i & 1 for i in range(len(PATTERNS[dtype]) ** 2)])
        write_seed("plugin_backend", op_call(s, pick, flags, 1, [],
                                             truth * lead +
                                             pair_elements(dtype), False,
                                             stretches=(0,) * (2 + lead)))
    elems = elements(sc.allowed[0], PATTERNS[sc.allowed[0]])
    if sc.most is None:
        write_seed("plugin_backend", op_call(s, 0, flags, 1, [], elems * 3,
                                             False, stretches=(0, 0, 0)))
    if sc.broadcast:
        # [2, 1] against [1, n]; [2, n] against [n] (and the leading
        # inputs whole).
        for stretches in ((0x02, 0x01), (0x00, 0x80)):
            write_seed("plugin_backend", op_call(s, 0, flags, 2, [2],
                                                 elems * (2 + lead), False,
                                                 stretches=(0,) * lead +
                                                 stretches))


def differential_seeds():
    for kernels, target in ((True, "kernels"), (False, "plugin_backend")):
        for s, (op, _, dtypes, flag_names, fewest, most, _, _) in \
                enumerate(SCHEMAS):
            if kernels and op in PAIR_OPS:
                pair_seeds(s)
                continue
            if not kernels and (most is None or most > 1):
                node_seeds(s)
            if not kernels and fewest > 1:
                continue
            for pick, dtype in enumerate(dtypes):
                elems = elements(dtype, PATTERNS[dtype])
                flags = (0,) * len(flag_names)  # defaults
                write_seed(target, op_call(s, pick, flags, 1, [], elems,
                                           kernels))
            if flag_names:
                # 0 and 1; 1 and 0; 2 and a float (see ReadFlag)
                for flags in ((1, 2), (2, 1), (3, 5)):
                    elems = elements("float", PATTERNS["float"])
                    write_seed(target, op_call(s, 0, flags, 2, [2], elems,
                                               kernels))
        # Scalars, an empty tensor, and a dtype the schema does not allow.
        write_seed(target, op_call(schema_index("Sign", 13), 1, (), 0, [],
                                   b"\x00\x80", kernels))
        write_seed(target, op_call(schema_index("IsNaN", 9), 0, (), 3, [1, 0],
                                   b"", kernels))
        write_seed(target, op_call(schema_index("IsInf", 10), 0xF8, (0, 0), 1,
                                   [], b"\0" * 8, kernels))


def external_data_seeds():
    """Entries for the fuzzer's scratch suite (see external_data_fuzzer.cc);
    the keys index location, offset, length, checksum, or any."""
    reads = [
        (64, [(0, b"../x.bin")]),
        (16, [(0, b"../../data.bin"), (1, b"8"), (2, b"16")]),
        (64, [(0, b"y.bin"), (3, b"abc")]),
        (64, [(0, b"../in_file")]),
        (64, [(0, b"../in_dir/y.bin")]),
        (64, [(0, b"../out_file")]),
        (64, [(0, b"../out_dir/outside.bin")]),
        (64, [(0, b"../../../outside.bin")]),
        (64, [(0, b"/etc/hostname")]),
        (8, [(0, b"fifo")]),
        (8, [(0, b"y.bin"), (1, b"60"), (2, b"8")]),
        (0, [(0, b"y.bin"), (1, b"64")]),
        (8, [(0, b"y.bin"), (1, b"18446744073709551615")]),
        (64, [(0, b"y.bin"), (0, b"x.bin")]),
        (64, [(4, b"location"), (1, b"0")]),
    ]
    for expected, entries in reads:
        f = Fdp()
        f.integral(expected, 0, 80)
        f.integral(len(entries), 0, 4)
        for key, value in entries:
            f.integral(key, 0, 4)
            if key == 4:
                f.string(b"other")
            f.string(value)
        write_seed("external_data", f.data())


# ---- report_json ------------------------------------------------------------

def trim_report(report, max_cells=4, max_per_cell=3, max_loose=2,
                max_text=300):
    """A few whole cells of the matrix (one per verdict), their results, a
    few results outside it, and counts that match: still a valid report."""
    def key(r):
        return (r["op"], r["opset"], r["dtype"])

    def in_matrix(r):
        return r["op"] != "" and r["status"] != "invalid_test_data"

    per_cell = {}
    for r in report["results"]:
        if in_matrix(r):
            per_cell.setdefault(key(r), []).append(r)
    cells, verdicts = set(), set()
    for any_verdict in (False, True):  # one of each verdict first
        for c in report["summary"]["matrix"]:
            k = (c["op"], c["opset"], c["dtype"])
            if (any_verdict or c["verdict"] not in verdicts) and \
                    len(per_cell.get(k, [])) <= max_per_cell and \
                    len(cells) < max_cells:
                verdicts.add(c["verdict"])
                cells.add(k)
    kept = [r for r in report["results"] if in_matrix(r) and key(r) in cells]
    kept += [r for r in report["results"] if not in_matrix(r)][:max_loose]
    for r in kept:
        for field in ("message", "stderr_tail", "reproduce"):
            r[field] = r[field][:max_text]
        for c in r["comparisons"]:
            for cls in c["by_class"].values():
                del cls["examples"][2:]
    report["results"] = kept
    counts = {s: 0 for s in report["summary"]["counts"]}
    for r in kept:
        counts[r["status"]] += 1
    report["summary"] = {
        "total": len(kept), "counts": counts,
        "matrix": [c for c in report["summary"]["matrix"]
                   if (c["op"], c["opset"], c["dtype"]) in cells]}
    globs = {r["known_failure"] for r in kept}
    report["known_failures"] = [k for k in report["known_failures"]
                                if k["glob"] in globs]
    report["command_line"] = report["command_line"][:6]
    return report


def checked_report(onnxcts, text, scratch):
    """`text` if `onnxcts report diff` reads it, else None."""
    path = scratch / "check.json"
    path.write_text(text)
    run = subprocess.run([onnxcts, "report", "diff", path, path],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print("skipped a report seed:", run.stderr.strip(), file=sys.stderr)
        return None
    return text


def report_seeds(onnxcts, plugin, gen, scratch):
    texts = []
    for published in sorted((ROOT / "reports" / "published").glob("*.json")):
        report = trim_report(json.loads(published.read_text()))
        texts.append(json.dumps(report, indent=2, sort_keys=True))
    runs = [("reference", "isinf.v20.float8e4m3fn$|sign.v13.float16")]
    if plugin:
        runs.append(("plugin:" + str(plugin),
                     "sign.v9.float$|isinf.v20.float8e4m3fn$|shape_empty"))
    for backend, pattern in runs:
        out = scratch / "run.json"
        subprocess.run([onnxcts, "run", "--suite", gen / "conformance",
                        "--backend", backend, "--filter", pattern,
                        "--report", out], capture_output=True, check=False)
        if out.is_file():
            report = trim_report(json.loads(out.read_text()), max_cells=6,
                                 max_per_cell=8)
            texts.append(json.dumps(report, indent=2, sort_keys=True))
    for text in texts:
        if checked_report(onnxcts, text, scratch):
            write_seed("report_json", text.encode())


# ---- journal ----------------------------------------------------------------
# Journals (harness/src/run/journal.h) of real results, from the checked-in
# reports, after journal_fuzzer's first byte: odd, records that follow the
# header the target writes itself; even, a whole file.

# journal_fuzzer.cc's kHeader, with this onnxcts's version.
JOURNAL_ARGUMENTS = {"backend": "reference", "suite": ["conformance"],
                     "filter": ""}
JOURNAL_SUITE = "0123456789abcdef"


def journal_line(value):
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    data = text.encode()
    return data + b"\t" + f"{zlib.crc32(data):08x}".encode() + b"\n"


def journal_header(version):
    return journal_line({"journal": 1, "tool": "onnxcts", "version": version,
                         "command": "run", "arguments": JOURNAL_ARGUMENTS,
                         "suite": JOURNAL_SUITE})


def tool_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(onnxcts VERSION ([0-9.]+)", text).group(1)


def journal_records(report, max_records=6, max_text=200):
    """A record per case, one case of each status first, texts trimmed."""
    by_case = {}
    for r in report["results"]:
        by_case.setdefault(r["case_id"], []).append(r)
    chosen, statuses = [], set()
    for case, results in by_case.items():
        status = results[0]["status"]
        if status not in statuses and len(chosen) < max_records:
            statuses.add(status)
            chosen.append(case)
    lines = []
    for case in chosen:
        results = by_case[case][:2]
        for r in results:
            for field in ("message", "stderr_tail", "reproduce"):
                r[field] = r[field][:max_text]
            for c in r["comparisons"]:
                for cls in c["by_class"].values():
                    del cls["examples"][2:]
        lines.append(journal_line({"key": case, "results": results}))
    return lines


def journal_seeds():
    published = ROOT / "reports" / "published"
    run = journal_records(json.loads((published / "ort.json").read_text()))
    sweep = journal_records(
        json.loads((published / "ort-sweep.json").read_text()))
    header = journal_header(tool_version())
    write_seed("journal", b"\x01" + b"".join(run))
    write_seed("journal", b"\x01" + b"".join(sweep))
    write_seed("journal", b"\x00" + header + b"".join(run[:3]))
    # A torn last line, a flipped byte in a middle record, a record whose
    # CRC is good but whose result is not, and a journal of another version.
    whole = b"".join(run)
    write_seed("journal", b"\x01" + whole[:len(whole) - len(run[-1]) // 2])
    flipped = bytearray(b"".join(run[:4]))
    flipped[len(run[0]) + len(run[1]) // 2] ^= 1
    write_seed("journal", b"\x01" + bytes(flipped))
    bad = json.loads(run[0].split(b"\t")[0])
    bad["results"][0]["status"] = "excellent"
    write_seed("journal", b"\x01" + journal_line(bad) + run[1])
    write_seed("journal", b"\x00" + journal_header("0.0.1") + run[0])


def memory_answer_seeds():
    """A worker's doings and answers for fuzz/memory_answer_fuzzer.cc:
    slice, patterns, where, what it did to the memory, then the line."""
    def ok(dtype, dims):
        return json.dumps({"id": 7, "status": "ok",
                           "outputs": [{"dtype": dtype, "dims": dims}]})
    n = 16
    for pick in range(0, 64, 8):
        head = bytes([pick, n - 1, 5])
        write_seed("memory_answer", head + b"\x00" + ok(9, [n]).encode())
        write_seed("memory_answer",
                   head + b"\x01" + bytes([1, 0] * (n // 2)) +
                   ok(9, [n]).encode())
        write_seed("memory_answer",
                   head + b"\x03" + bytes(n) + bytes(n) + ok(9, [n]).encode())
        write_seed("memory_answer", head + b"\x0c" + ok(10, [n]).encode())
    head = bytes([1, n - 1, 0, 0])
    for line in [ok(9, [n, 1]), ok(9, [1 << 62, 1 << 62]), ok(99999, [1] * 64),
                 '{"id":7,"status":"error","message":"refused"}',
                 '{"id":7,"status":"not_supported"}', '{"id":8,"status":"ok"}',
                 '{"id":7,"status":"ok","outputs":' + "[" * 9 + "]" * 9 + "}",
                 "not JSON"]:
        write_seed("memory_answer", head + line.encode())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--onnxcts", required=True, type=pathlib.Path,
                        help="the onnxcts CLI (generate, run, report diff)")
    parser.add_argument("--plugin", type=pathlib.Path,
                        help="onnxcts_defective_plugin.so, for a report "
                             "with failures, deviations and crashes")
    parser.add_argument("--clean", action="store_true",
                        help="empty the corpora first")
    parser.add_argument("--targets", default=",".join(TARGETS),
                        help="comma-separated targets whose corpora to "
                             "write (default: all)")
    args = parser.parse_args()
    WRITTEN.intersection_update(args.targets.split(","))
    if not WRITTEN:
        parser.error(f"--targets: none of {', '.join(TARGETS)}")
    if args.clean:
        for target in WRITTEN:
            shutil.rmtree(CORPORA / target, ignore_errors=True)
    load_tables(args.onnxcts)
    external_data_seeds()
    differential_seeds()
    plugin_wire_seeds()
    journal_seeds()
    memory_answer_seeds()
    # Generating a suite and running it takes a while: only when needed.
    if WRITTEN & SUITE_TARGETS:
        with tempfile.TemporaryDirectory(prefix="onnxcts-seeds-") as tmp:
            scratch = pathlib.Path(tmp)
            gen = scratch / "gen"
            subprocess.run([args.onnxcts, "generate", "--out", gen],
                           check=True, capture_output=True)
            tensor_and_model_seeds(gen)
            test_case_seeds(gen)
            report_seeds(args.onnxcts, args.plugin, gen, scratch)
    for target in sorted(WRITTEN):
        print(f"{target}: {len(list((CORPORA / target).iterdir()))} seeds")


if __name__ == "__main__":
    main()
