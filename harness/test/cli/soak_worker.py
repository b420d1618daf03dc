"""The soak test's worker: protocol 1, IsNaN and Sign on float computed
from the bits, and failures planted by a hash of the case's folder name, so
that the test knows which case must end how:

  crash     1%    writes half an answer and exits at once
  hang      0.5%  never answers
  garbage   0.5%  answers a line that is not JSON

    soak_worker.py LOG_DIR

Every start appends its pid to LOG_DIR/starts and every run request a byte
to LOG_DIR/requests, which is how the test counts restarts and follows the
run's progress. Only the standard library, and not much of it: a restart
costs one Python start.
"""
import json
import os
import struct
import sys
import time
import zlib

# Of every 1000 hash values: [0, 10) crash, [10, 15) hang, [15, 20) garbage.
FAULTS = [(10, "crash"), (15, "hang"), (20, "garbage")]


def planted(case_name):
    """The failure planted in the case named `case_name`, or None."""
    slot = zlib.crc32(case_name.encode()) % 1000
    for end, fault in FAULTS:
        if slot < end:
            return fault
    return None


def fields(buf):
    """(field number, value) of each varint or length-delimited field of a
    protobuf message; the soak suite's files hold no other kinds."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        if key & 7 == 0:
            value, pos = read_varint(buf, pos)
        elif key & 7 == 2:
            size, pos = read_varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        else:
            raise ValueError("wire type %d" % (key & 7))
        yield key >> 3, value


def read_varint(buf, pos):
    value = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def first(buf, number):
    return next(v for n, v in fields(buf) if n == number)


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def op_type(model):
    graph = first(model, 7)
    return first(first(graph, 1), 4).decode()


def float_bits(tensor):
    """The elements of a float TensorProto with raw_data, as uint32 bits."""
    if first(tensor, 2) != 1:
        raise ValueError("not a float tensor")
    raw = first(tensor, 9)
    return struct.unpack("<%dI" % (len(raw) // 4), raw)


def is_nan(bits):
    return bits & 0x7FFFFFFF > 0x7F800000


def sign(bits):
    # As the reference: +0 for either zero, a NaN passes through unchanged.
    if is_nan(bits):
        return bits
    if bits & 0x7FFFFFFF == 0:
        return 0
    return 0xBF800000 if bits >> 31 else 0x3F800000


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out) + bytes([n])


def tensor(data_type, count, raw):
    """A TensorProto: dims [count], data_type, raw_data."""
    return (b"\x08" + varint(count) + b"\x10" + varint(data_type) +
            b"\x4a" + varint(len(raw)) + raw)


def compute(op, bits):
    if op == "IsNaN":
        return tensor(9, len(bits), bytes(is_nan(b) for b in bits))
    if op == "Sign":
        return tensor(1, len(bits),
                      struct.pack("<%dI" % len(bits), *map(sign, bits)))
    raise ValueError("op " + op)


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def misbehave(fault, rid):
    if fault == "crash":
        sys.stdout.write('{"id":%d,"sta' % rid)
        sys.stdout.flush()
        os._exit(3)
    if fault == "garbage":
        sys.stdout.write("soak: this is not an answer\n")
        sys.stdout.flush()
        return
    while True:
        time.sleep(3600)


def run(req):
    rid = req["id"]
    fault = planted(os.path.basename(os.path.dirname(req["model"])))
    if fault:
        misbehave(fault, rid)
        return
    try:
        op = op_type(read_file(req["model"]))
        out = compute(op, float_bits(read_file(req["inputs"][0])))
    except (ValueError, StopIteration, IndexError, OSError) as e:
        answer({"id": rid, "status": "error", "message": str(e)})
        return
    with open(os.path.join(req["output_dir"], "output_0.pb"), "wb") as f:
        f.write(out)
    answer({"id": rid, "status": "ok"})


def main():
    log_dir = sys.argv[1]
    with open(os.path.join(log_dir, "starts"), "a") as f:
        f.write("%d\n" % os.getpid())
    requests = os.open(os.path.join(log_dir, "requests"),
                       os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    for line in sys.stdin:
        req = json.loads(line)
        if req["method"] == "hello":
            answer({"protocol": 1, "name": "soak", "version": "1.0"})
        elif req["method"] == "run":
            os.write(requests, b".")
            run(req)
        else:
            return


if __name__ == "__main__":
    main()
