#!/usr/bin/python3
"""ONNX's own backend test runner as a check of blame: every node test of
the onnx wheel that ONNX's runner (onnx.backend.test.BackendTest) passes
with ONNX Runtime's Backend (onnxruntime.backend) runs, so onnxcts must not
answer it, through its ort-python adapter, with the backend's
`not_supported` or `error`: that would blame ONNX Runtime for what is the
adapter's or the harness's doing. (A status of the harness's own, such as
a gap in what onnxcts carries, is another matter, and allowed.)

Cases still blamed on the backend for a known reason of onnxcts' own are
listed with the reason in onnx_runner_blame_pending.txt (case folder |
reason); each listed case must still be blamed, so the list empties as
they are fixed.

    onnx_runner_blame_test.py ONNXCTS SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

from cli_common import run_cli, validated_report

ONNXCTS = SOURCE = ""
BLAMED = ("not_supported", "error")
PENDING = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "onnx_runner_blame_pending.txt")


def venv_python():
    return os.path.join(os.path.dirname(os.path.dirname(ONNXCTS)), "venv", "bin", "python")


def pending():
    """{case folder name: reason} of onnx_runner_blame_pending.txt."""
    listed = {}
    with open(PENDING) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, reason = (p.strip() for p in line.partition("|"))
                listed[name] = reason
    return listed


def onnx_verdicts(names):
    """ONNX's runner's verdicts, with ONNX Runtime's Backend, on the node
    tests `names` (onnx_runner_verdicts.py, in the virtual environment)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "onnx_runner_verdicts.py")
    out = subprocess.run([venv_python(), script, "onnxruntime.backend", *names],
                         capture_output=True, text=True, timeout=1500)
    if out.returncode != 0:
        raise AssertionError(f"{script}: exit {out.returncode}\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)


def node_dir():
    out = subprocess.run([venv_python(), "-c", "import onnx, os; print(os.path."
                          "dirname(onnx.__file__))"], capture_output=True,
                         text=True, check=True)
    return os.path.join(out.stdout.strip(), "backend", "test", "data", "node")


# Node tests that ONNX's runner passes with ONNX Runtime, run along as a
# control: a runner that passed nothing would make the check blind.
CONTROLS = ("test_abs", "test_add", "test_sign")


class OnnxRunnerBlameTest(unittest.TestCase):
    def test_what_onnx_passes_is_not_blamed_on_the_backend(self):
        # onnxcts first; ONNX's runner then judges only the cases onnxcts
        # blames on the backend (the others cannot break the rule).
        prefix = "onnx_1_22.node."
        with tempfile.TemporaryDirectory() as d:
            report_path = os.path.join(d, "ort-python.json")
            r = run_cli(ONNXCTS, "run", "--suite", f"onnx-1.22/node={node_dir()}",
                        "--backend", "ort-python", "--report", report_path,
                        timeout=1500)
            self.assertIn(r.returncode, (0, 1), r.stdout + r.stderr)
            report = validated_report(SOURCE, report_path)
        here = {}
        for x in report["results"]:
            self.assertTrue(x["case_id"].startswith(prefix), x["case_id"])
            if x["status"] in BLAMED:
                here.setdefault(x["case_id"][len(prefix):],
                                f"{x['status']}: {x['message'][:160]}")
        verdicts = onnx_verdicts(sorted(here) + list(CONTROLS))
        passed = set(verdicts["passed"])
        self.assertTrue(passed >= set(CONTROLS) - set(here), verdicts["failed"])
        blamed = {n: why for n, why in here.items() if n in passed}
        listed = pending()
        unexpected = sorted(f"{n}: {why}" for n, why in blamed.items()
                            if n not in listed)
        fixed = sorted(n for n in listed if n not in blamed)
        print(f"onnxcts blames ONNX Runtime for {len(here)} node test(s); "
              f"ONNX's runner (onnx {verdicts['onnx']}, {verdicts['backend']}) "
              f"passes {len(blamed)} of them, {len(blamed) - len(unexpected)} "
              f"listed in {os.path.basename(PENDING)}")
        for line in unexpected:
            print("  " + line)
        self.assertEqual(unexpected, [], "passed by ONNX's runner, blamed on "
                         "the backend here")
        self.assertEqual(fixed, [], f"no longer blamed: remove from {PENDING}")


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
