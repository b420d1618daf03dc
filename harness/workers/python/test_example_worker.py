#!/usr/bin/python3
"""Drives example_worker.py over protocols 1 and 2 as a child process and
checks its answers and outputs against DESIGN.md's semantics, written here
on bit patterns independently of numpy."""
import json
import mmap
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

import onnx

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import make_case  # noqa: E402

WORKER = HERE / "example_worker.py"
# code: (width in bytes, exponent bits) of the IEEE-like formats it runs.
FORMATS = {1: (4, 8), 10: (2, 5), 11: (8, 11)}
ONE = {1: 0x3F800000, 10: 0x3C00, 11: 0x3FF0000000000000}


def classify(code, bits):
    """'nan', '+inf', '-inf', 'zero', '+' or '-' for a bit pattern."""
    width, exp_bits = FORMATS[code]
    mant_bits = 8 * width - 1 - exp_bits
    sign = bits >> (8 * width - 1)
    exp = (bits >> mant_bits) & ((1 << exp_bits) - 1)
    mant = bits & ((1 << mant_bits) - 1)
    if exp == (1 << exp_bits) - 1:
        return "nan" if mant else ("-inf" if sign else "+inf")
    if exp == 0 and mant == 0:
        return "zero"
    return "-" if sign else "+"


def reference(op, attrs, code, bits):
    kind = classify(code, bits)
    if op == "IsNaN":
        return int(kind == "nan")
    if op == "IsInf":
        return int((kind == "+inf" and attrs.get("detect_positive", 1) != 0)
                   or (kind == "-inf" and attrs.get("detect_negative", 1)
                       != 0))
    if kind == "nan":
        return bits
    if kind == "zero":
        return 0
    sign_bit = 1 << (8 * FORMATS[code][0] - 1)
    return ONE[code] | (sign_bit if kind in ("-", "-inf") else 0)


def elements(raw, width):
    return [int.from_bytes(raw[i:i + width], "little")
            for i in range(0, len(raw), width)]


# Runs argv[2:] with fd argv[1] as its fd 3, as the harness gives a worker
# its shared memory.
FD3 = ("import os, sys; fd = int(sys.argv[1]); os.dup2(fd, 3); "
       "fd == 3 or os.close(fd); os.execv(sys.argv[2], sys.argv[2:])")


class Worker:
    """The worker as a child process, with `memory_fd` as its fd 3 if
    given; request() sends one line, reads one."""

    def __init__(self, memory_fd=None):
        argv, keep = [str(WORKER)], ()
        if memory_fd is not None:
            argv, keep = [sys.executable, "-c", FD3, str(memory_fd), *argv], (memory_fd,)
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, pass_fds=keep)

    def send_line(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def request(self, obj):
        self.send_line(json.dumps(obj))
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        code = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


class ExampleWorkerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.tmp.name)
        self.worker = Worker()
        self.next_id = 1

    def tearDown(self):
        self.worker.close()
        self.tmp.cleanup()

    def run_case(self, *spec):
        folder = self.root / "_".join(map(str, spec)).replace("=", "-")
        make_case.write_case([str(folder), *map(str, spec)])
        self.next_id += 1
        answer = self.worker.request({
            "method": "run", "id": self.next_id,
            "model": str(folder / "model.onnx"),
            "inputs": [str(folder / "input_0.pb")],
            "output_dir": str(folder / "out")})
        self.assertEqual(answer["id"], self.next_id)
        return answer, folder

    def test_hello(self):
        answer = self.worker.request({"method": "hello", "protocol": 1})
        self.assertEqual(answer["protocol"], 1)
        self.assertEqual(answer["name"], "numpy-example")
        self.assertTrue(answer["version"])

    def check_outputs(self, folder, op, attrs, code):
        x = onnx.load_tensor(str(folder / "input_0.pb"))
        y = onnx.load_tensor(str(folder / "out" / "output_0.pb"))
        out_code = code if op == "Sign" else 9
        self.assertEqual(y.data_type, out_code)
        self.assertEqual(list(y.dims), list(x.dims))
        width = FORMATS[code][0]
        xs = elements(x.raw_data, width)
        ys = elements(y.raw_data, width if op == "Sign" else 1)
        wrong = [(hex(a), hex(b)) for a, b in zip(xs, ys)
                 if b != reference(op, attrs, code, a)]
        self.assertEqual(wrong, [])
        self.assertEqual(len(ys), len(xs))

    def test_ops_on_every_opset_and_dtype(self):
        for op, opset in [("IsNaN", 9), ("IsNaN", 13), ("IsNaN", 20),
                          ("IsInf", 10), ("IsInf", 20), ("Sign", 9),
                          ("Sign", 13)]:
            for dtype, code in [("float", 1), ("double", 11),
                                ("float16", 10)]:
                with self.subTest(op=op, opset=opset, dtype=dtype):
                    answer, folder = self.run_case(op, opset, dtype)
                    if op == "IsInf" and opset < 20 and code == 10:
                        self.assertEqual(answer["status"], "error")
                        continue
                    self.assertEqual(answer["status"], "ok", answer)
                    self.check_outputs(folder, op, {}, code)

    def test_isinf_attributes(self):
        for attrs in [{"detect_positive": 0}, {"detect_negative": 0}]:
            spec = [f"{k}={v}" for k, v in attrs.items()]
            answer, folder = self.run_case("IsInf", 20, "double", *spec)
            self.assertEqual(answer["status"], "ok", answer)
            self.check_outputs(folder, "IsInf", attrs, 11)

    def test_not_supported(self):
        for spec in [("IsNaN", 20, "bfloat16"), ("IsInf", 20, "float8e5m2"),
                     ("Identity", 13, "float")]:
            with self.subTest(spec=spec):
                answer, folder = self.run_case(*spec)
                self.assertEqual(answer["status"], "not_supported")
                self.assertTrue(answer["message"])
                self.assertFalse((folder / "out").exists())

    def test_bad_lines_then_shutdown(self):
        self.worker.send_line("{not json")
        answer = json.loads(self.worker.proc.stdout.readline())
        self.assertEqual(answer["id"], None)
        self.assertEqual(answer["status"], "error")
        answer = self.worker.request({"method": "run", "id": 9,
                                      "model": "/nonexistent/model.onnx",
                                      "inputs": [], "output_dir": "/tmp"})
        self.assertEqual(answer["status"], "error")
        self.assertIn("/nonexistent/model.onnx", answer["message"])
        self.worker.send_line('{"method":"shutdown"}')
        self.assertEqual(self.worker.proc.wait(timeout=30), 0)
        self.assertEqual(self.worker.proc.stdout.read(), "")


class ExampleWorkerMemoryTest(unittest.TestCase):
    """Protocol 2: tensors in a memfd that is the worker's fd 3."""

    SIZE = 1 << 20

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.tmp.name)
        self.fd = os.memfd_create("example-worker-test")
        os.ftruncate(self.fd, self.SIZE)
        self.memory = mmap.mmap(self.fd, self.SIZE)
        self.worker = Worker(self.fd)
        self.next_id = 0
        answer = self.worker.request({"method": "hello", "protocol": 1,
                                      "protocols": [1, 2]})
        self.assertEqual(answer["protocol"], 2)

    def tearDown(self):
        self.assertEqual(self.worker.close(), 0)
        self.memory.close()
        os.close(self.fd)
        self.tmp.cleanup()

    def request(self, op, dtype, offset, out_offset, out_bytes=None):
        """A memory request for make_case's model and input, the input
        put at `offset`, the output slot at `out_offset` filled with 0xA5."""
        folder = self.root / f"{op}_{dtype}_{offset}"
        make_case.write_case([str(folder), op, "20", dtype])
        x = onnx.load_tensor(str(folder / "input_0.pb"))
        raw = x.raw_data
        self.memory[offset:offset + len(raw)] = raw
        width = FORMATS[x.data_type][0]
        room = len(raw) if op == "Sign" else len(raw) // width
        room = room if out_bytes is None else out_bytes
        self.memory[out_offset:out_offset + room] = b"\xa5" * room
        self.next_id += 1
        return {"method": "run", "id": self.next_id,
                "model": str(folder / "model.onnx"), "memory_bytes": self.SIZE,
                "inputs": [{"offset": offset, "bytes": len(raw),
                            "dtype": x.data_type, "dims": list(x.dims)}],
                "outputs": [{"offset": out_offset, "bytes": room,
                             "dtype": x.data_type if op == "Sign" else 9,
                             "dims": list(x.dims)}]}, x

    def check(self, answer, request, op, x):
        self.assertEqual(answer["id"], request["id"])
        self.assertEqual(answer["status"], "ok", answer)
        out = request["outputs"][0]
        self.assertEqual(answer["outputs"], [{"dtype": out["dtype"],
                                              "dims": out["dims"]}])
        self.assertEqual(sorted(answer["timings"]), ["read", "run", "write"])
        width = FORMATS[x.data_type][0]
        got = elements(self.memory[out["offset"]:out["offset"] + out["bytes"]],
                       width if op == "Sign" else 1)
        wrong = [(hex(a), hex(b)) for a, b in
                 zip(elements(x.raw_data, width), got)
                 if b != reference(op, {}, x.data_type, a)]
        self.assertEqual(wrong, [])

    def test_every_float16_pattern_then_hello_without_protocols(self):
        for op in ("IsNaN", "Sign"):
            request, x = self.request(op, "float16", 0, 1 << 18)
            self.check(self.worker.request(request), request, op, x)
        answer = self.worker.request({"method": "hello", "protocol": 1})
        self.assertEqual(answer["protocol"], 1)

    def test_two_requests_in_flight(self):
        first, x1 = self.request("IsNaN", "float", 0, 4096)
        second, x2 = self.request("Sign", "double", 8192, 16384)
        self.worker.send_line(json.dumps(first))
        self.worker.send_line(json.dumps(second))
        self.check(json.loads(self.worker.proc.stdout.readline()), first, "IsNaN", x1)
        self.check(json.loads(self.worker.proc.stdout.readline()), second, "Sign", x2)

    def test_a_slot_too_small_gets_nothing(self):
        request, x = self.request("IsNaN", "float16", 0, 1 << 18, out_bytes=100)
        answer = self.worker.request(request)
        self.assertEqual(answer["status"], "ok", answer)
        self.assertEqual(answer["outputs"], [{"dtype": 9, "dims": list(x.dims)}])
        self.assertEqual(self.memory[1 << 18:(1 << 18) + 100], b"\xa5" * 100)

    def test_an_offset_out_of_range_is_an_error_naming_it(self):
        request, _ = self.request("IsNaN", "float16", 0, 1 << 18)
        request["inputs"][0]["offset"] = self.SIZE - 2
        answer = self.worker.request(request)
        self.assertEqual(answer["status"], "error", answer)
        self.assertIn("inputs[0].offset", answer["message"])


class ExampleWorkerNoMemoryTest(unittest.TestCase):
    def test_protocols_offered_without_fd3_get_1(self):
        worker = Worker()
        answer = worker.request({"method": "hello", "protocol": 1,
                                 "protocols": [1, 2]})
        self.assertEqual(answer["protocol"], 1)
        self.assertEqual(worker.close(), 0)


if __name__ == "__main__":
    unittest.main()
