#!/usr/bin/python3
"""Drives example_worker.py over protocol 1 as a child process and checks
its answers and outputs against DESIGN.md's semantics, written here on bit
patterns independently of numpy."""
import json
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


class Worker:
    """The worker as a child process; request() sends one line, reads one."""

    def __init__(self):
        self.proc = subprocess.Popen(
            [str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)

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


if __name__ == "__main__":
    unittest.main()
