#!/usr/bin/python3
"""A hostile worker: it speaks docs/worker-protocol.md (versions 1 and 2,
the second when offered) and answers IsNaN right, except in the one way of
attacking the harness that its argument names (each mode's function says
what it does). Standard library only. Every process it starts keeps its
environment, so a test finds those left behind by a marker it set there.

    hostile_worker.py MODE
"""
import json
import os
import signal
import struct
import sys
import threading
import time

from slot_memory import Memory

MODE = sys.argv[1] if len(sys.argv) > 1 else "honest"

# ---- protobuf, as much as IsNaN needs ----------------------------------


def varint(buf, i):
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def fields(buf):
    """(field number, value) of a message; lengths give bytes."""
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        kind = key & 7
        if kind == 0:
            value, i = varint(buf, i)
        elif kind == 2:
            n, i = varint(buf, i)
            value, i = buf[i:i + n], i + n
        elif kind in (1, 5):
            n = 8 if kind == 1 else 4
            value, i = buf[i:i + n], i + n
        else:
            raise ValueError(f"wire type {kind}")
        yield key >> 3, value


def enc_varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def tensor_bytes(dtype, dims, raw):
    out = b"".join(b"\x08" + enc_varint(d) for d in dims)
    return out + b"\x10" + enc_varint(dtype) + b"\x4a" + enc_varint(
        len(raw)) + raw


def read_tensor(path):
    with open(path, "rb") as f:
        buf = f.read()
    dims, dtype, raw = [], 0, b""
    for number, value in fields(buf):
        if number == 1:
            dims.append(value)
        elif number == 2:
            dtype = value
        elif number == 9:
            raw = value
    return dtype, dims, raw


def op_of(model_path):
    with open(model_path, "rb") as f:
        model = f.read()
    for number, graph in fields(model):
        for n, node in fields(graph) if number == 7 else ():
            for k, op in fields(node) if n == 1 else ():
                if k == 4:
                    return op.decode()
    return "?"


# ONNX code: (struct format, exponent mask, mantissa mask)
FORMATS = {1: ("<I", 0x7F800000, 0x007FFFFF), 10: ("<H", 0x7C00, 0x03FF),
           11: ("<Q", 0x7FF0000000000000, 0x000FFFFFFFFFFFFF),
           16: ("<H", 0x7F80, 0x007F)}


def isnan(dtype, raw):
    fmt, exponent, mantissa = FORMATS[dtype]
    return bytes(1 if (v & exponent) == exponent and v & mantissa else 0
                 for (v,) in struct.iter_unpack(fmt, raw))


# ---- writing ------------------------------------------------------------


def write_raw(text):
    os.write(1, text.encode() if isinstance(text, str) else text)


def send(obj):
    write_raw(json.dumps(obj) + "\n")


def deep(n):
    return "[" * n + "]" * n


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


def in_thread(target, *args):
    threading.Thread(target=target, args=args, daemon=True).start()


def keep_swapping(path, make_other):
    """Puts `make_other(tmp)` and the file as it was in turn at `path`, as
    fast as it can, for half a second (the harness reads it at once)."""
    with open(path, "rb") as f:
        good = f.read()
    tmp = path + ".tmp"
    until = time.monotonic() + 0.5
    while time.monotonic() < until:
        try:
            make_other(tmp)
            os.replace(tmp, path)
            write_file(tmp, good)
            os.replace(tmp, path)
        except OSError:
            pass


def start_setsid_child():
    """A child in a session of its own: no process group kill reaches it."""
    if os.fork() == 0:
        os.setsid()
        os.closerange(0, 100)
        time.sleep(3600)
        os._exit(0)


# ---- version 1: what each mode writes in output_dir ----------------------

def good(dims, result):
    return tensor_bytes(9, dims, result)


DECOY = {}


def decoy():
    """A file beside output_dir (in the harness's folder, which goes with
    it) holding an answer of the right shape whose every element is wrong:
    read through a link, it would fail the case."""
    dims, result, out = DECOY["answer"]
    path = os.path.join(os.path.dirname(out), f"decoy-{os.path.basename(out)}")
    if not os.path.exists(path):
        write_file(path, good(dims, bytes(1 - b for b in result)))
    return path


def write_good_then(make_other):
    """The right file, then swapped with what `make_other` makes."""
    def write(path, dims, result):
        write_file(path, good(dims, result))
        in_thread(keep_swapping, path, make_other)
    return write


# mode -> what it writes as output_0.pb
WRITES = {
    "link_passwd": lambda p, dims, r: os.symlink("/etc/passwd", p),
    "link_proc_mem": lambda p, dims, r: os.symlink("/proc/self/mem", p),
    "fifo": lambda p, dims, r: os.mkfifo(p),
    "fifo_swap": write_good_then(os.mkfifo),
    "link_swap": write_good_then(lambda t: os.symlink(decoy(), t)),
    "dims_2_40": lambda p, dims, r: write_file(
        p, tensor_bytes(9, [1 << 40], b"")),
    "dims_overflow": lambda p, dims, r: write_file(
        p, tensor_bytes(9, [1 << 32, 1 << 32, 1 << 32], b"")),
    "transposed": lambda p, dims, r: write_file(p, good(dims[::-1] + [1], r)),
    "bool_2": lambda p, dims, r: write_file(p, good(dims, b"\x02" + r[1:])),
    "elsewhere": lambda p, dims, r: write_file(
        os.path.join(os.path.dirname(os.path.dirname(p)), "output_0.pb"),
        good(dims, r)),
}


def raw_oversize(path, dims):
    """raw_data of 64 MiB for the elements, sparse on disk."""
    size = 64 << 20
    head = b"".join(b"\x08" + enc_varint(d) for d in dims)
    head += b"\x10\x09\x4a" + enc_varint(size)
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(len(head) + size)


def dir_symlink(out, good):
    """The right answer in a folder of its own, linked in output_dir's
    place."""
    other = out + ".elsewhere"
    os.mkdir(other)
    write_file(os.path.join(other, "output_0.pb"), good)
    os.rename(out, out + ".gone")
    os.symlink(other, out)


def answer_files(req):
    rid, out = req["id"], req["output_dir"]
    if MODE == "setsid_child":
        start_setsid_child()
    if req.get("load_only"):
        send({"id": rid, "status": "error", "message": "refused"})
        return
    if MODE == "hang_always":  # on every op: a backend to give up on
        time.sleep(3600)
    if op_of(req["model"]) != "IsNaN":
        send({"id": rid, "status": "not_supported", "message": "IsNaN only"})
        return
    dtype, dims, raw = read_tensor(req["inputs"][0])
    result = isnan(dtype, raw)
    DECOY["answer"] = (dims, result, out)
    path = os.path.join(out, "output_0.pb")
    if MODE in WRITES:
        WRITES[MODE](path, dims, result)
    elif MODE == "raw_oversize":
        raw_oversize(path, dims)
    elif MODE == "dir_symlink":
        dir_symlink(out, good(dims, result))
    else:
        write_file(path, good(dims, result))
    answer_run(rid)


LAST = {}


def repeat_last(line):
    """late_repeat: the answer before this one again, then this one."""
    if MODE == "late_repeat" and "line" in LAST:
        write_raw(LAST["line"])
    LAST["line"] = line


def answer_run(rid):
    """The answer line, or what the mode writes instead."""
    ok = json.dumps({"id": rid, "status": "ok"}) + "\n"
    repeat_last(ok)
    lines = {
        "huge_line": '{"id":%d,"status":"ok","message":"%s"}\n' % (
            rid, "x" * (16 << 20)),
        "wrong_id": ok.replace(f'"id": {rid}', f'"id": {rid + 1}'),
        "negative_id": ok.replace(f'"id": {rid}', '"id": -1'),
        "id_2_64": ok.replace(f'"id": {rid}', f'"id": {1 << 64}'),
        "deep_id": '{"status":"ok","id":' + deep(450000) + "}\n",
        # The first request's, in one write: both are there at once.
        "duplicate": ok + ok if rid == 1 else ok,
    }
    before_answering()
    write_raw(lines.get(MODE, ok))


def before_answering():
    """What a mode does instead of answering, or before it does."""
    if MODE == "stderr_flood":
        os.write(2, b"e" * (10 << 20))
    if MODE == "grandchild_holds_stdout":
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
        os._exit(3)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "eat_memory":
        hoard = bytearray(1 << 30)
        hoard[::4096] = b"x" * len(hoard[::4096])


# ---- version 2 -----------------------------------------------------------

def answer_memory(req, memory):
    rid = req["id"]
    if MODE == "setsid_child":
        start_setsid_child()
    if MODE == "hang_always":  # on every op: a backend to give up on
        time.sleep(3600)
    if op_of(req["model"]) != "IsNaN":
        send({"id": rid, "status": "not_supported", "message": "IsNaN only"})
        return
    mem = memory.view(req["memory_bytes"])
    src, dst = req["inputs"][0], req["outputs"][0]
    result = isnan(src["dtype"], mem[src["offset"]:src["offset"] +
                                     src["bytes"]])
    produced = {"dtype": 9, "dims": dst["dims"]}
    if MODE == "zero_input":
        # Writes over its input, then answers for what it wrote there.
        mem[src["offset"]:src["offset"] + src["bytes"]] = bytes(src["bytes"])
        result = bytes(len(result))
    elif MODE == "garbage_slots":
        produced = {"dtype": 99999, "dims": [1] * 64}
    elif MODE == "huge_dims":
        produced = {"dtype": 9, "dims": [1 << 62, 1 << 62]}
    mem[dst["offset"]:dst["offset"] + len(result)] = result
    if MODE == "shm_truncate":
        try:
            os.ftruncate(3, 0)
        except OSError as e:
            sys.stderr.write(f"ftruncate refused: {e}\n")
    before_answering()
    line = json.dumps({"id": rid, "status": "ok", "outputs": [produced]})
    repeat_last(line + "\n")
    write_raw(line + "\n")


# ---- hello and the loop ----------------------------------------------------


def hello(req):
    speaks = 2 if 2 in req.get("protocols", []) else 1
    name = "hostile"
    if MODE == "forged_name":
        name = "hostile\x1b[2K\r  pass 999\nforged"
    line = json.dumps({"protocol": speaks, "name": name, "version": "6.6.6"})
    if MODE == "deep_options":
        line = line[:-1] + ',"options":{"x":' + deep(450000) + "}}"
    write_raw(line + "\n")


def main():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    memory = Memory()
    for line in sys.stdin:
        req = json.loads(line)
        if req["method"] == "hello":
            hello(req)
        elif req["method"] != "run":
            break
        elif "memory_bytes" in req:
            answer_memory(req, memory)
        else:
            answer_files(req)


main()
