#!/usr/bin/python3
"""Verdicts that cannot be green by accident, end to end: a backend that
supports nothing, must-reject cells kept apart, deviations gated per op, and
reproduce commands that rerun a case from any folder.

Usage: verdict_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
from onnx import numpy_helper, TensorProto

from cli_common import run_cli, validated_report

ONNXCTS = SOURCE = ""

# A worker of protocol 1 without a single kernel.
NOTHING_WORKER = r'''
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["method"] == "hello":
        out = {"protocol": 1, "name": "nothing", "version": "0"}
    else:
        out = {"id": req["id"], "status": "not_supported",
               "message": "no kernel"}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
'''


def run(*args, **kwargs):
    return run_cli(ONNXCTS, *args, **kwargs)


class VerdictTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.suite = os.path.join(cls.tmp, "suite")
        p = run("generate", "--out", cls.suite, "--ops", "Max,Sign")
        assert p.returncode == 0, p.stderr
        cls.worker = os.path.join(cls.tmp, "nothing.py")
        with open(cls.worker, "w") as f:
            f.write(NOTHING_WORKER)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def suites(self):
        return ("--suite", os.path.join(self.suite, "conformance"),
                "--suite", os.path.join(self.suite, "must_reject"))

    def run_nothing(self, *extra):
        path = os.path.join(self.tmp, "nothing.json")
        p = run("run", *self.suites(), "--backend",
                f"command:/usr/bin/python3 {self.worker}", "--report", path,
                *extra)
        return p, validated_report(SOURCE, path)

    def test_a_backend_that_supports_nothing_is_never_conformant(self):
        p, report = self.run_nothing()
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertIn("computed none of the valid cases", p.stderr)
        summary = report["summary"]
        self.assertTrue(summary["matrix"])
        self.assertEqual({c["verdict"] for c in summary["matrix"]},
                         {"not supported"})
        self.assertEqual({c["verdict"] for c in summary["must_reject"]},
                         {"rejects"})
        for cell in summary["matrix"]:
            self.assertEqual(cell["counts"]["rejected"], 0, cell)
        # --allow-empty accepts a run that computed nothing.
        p, _ = self.run_nothing("--allow-empty")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def test_views_show_no_conformant_cell_for_it(self):
        _, report = self.run_nothing("--allow-empty")
        path = os.path.join(self.tmp, "nothing.json")
        md = os.path.join(self.tmp, "nothing.md")
        html = os.path.join(self.tmp, "nothing.html")
        xml = os.path.join(self.tmp, "nothing.xml")
        self.assertEqual(run("report", "render", path, "-o", md, "--format",
                             "md").returncode, 0)
        self.assertEqual(run("report", "render", path, "-o", html).returncode, 0)
        self.assertEqual(run("report", "junit", path, "-o", xml).returncode, 0)
        with open(md) as f:
            text = f.read()
        matrix = text[text.index("\n## Conformance matrix\n"):
                      text.index("\n## Must-reject models\n")]
        self.assertNotIn("| conformant", matrix)
        self.assertIn("| Max | 6 | float | not supported (1 not_supported) |",
                      matrix)
        rejects = text[text.index("\n## Must-reject models\n"):]
        self.assertIn("| Max | 6 | float | rejects (", rejects)
        with open(html) as f:
            page = f.read()
        self.assertIn('<span class="chip v-conformant zero">0 conformant',
                      page)
        self.assertIn('id="must-reject-matrix"', page)
        with open(xml) as f:
            junit = f.read()
        self.assertIn("must-reject", junit)

    def test_a_reproduce_command_reruns_its_case_from_any_folder(self):
        # The suite named relatively, from the folder above it.
        path = os.path.join(self.tmp, "ref.json")
        p = subprocess.run(
            [ONNXCTS, "run", "--suite", "suite/conformance", "--backend",
             "reference", "--filter", r"sign\.v13\.float16$", "--report",
             path], cwd=self.tmp, capture_output=True, text=True, timeout=600)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(path) as f:
            first = json.load(f)
        [result] = first["results"]
        command = result["reproduce"]
        self.assertTrue(command.startswith("onnxcts run --suite "), command)
        again = os.path.join(self.tmp, "again.json")
        p = subprocess.run(
            command.replace("onnxcts", ONNXCTS, 1) + " --report " + again,
            shell=True, cwd="/", capture_output=True, text=True, timeout=600)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(again) as f:
            second = json.load(f)
        self.assertEqual([(r["case_id"], r["status"]) for r in second["results"]],
                         [(result["case_id"], result["status"])])
        self.assertEqual(second["suites"], first["suites"])

    def deviating_outputs(self):
        """An outputs: folder whose Sign-13 float16 answers 0 for NaN."""
        out = os.path.join(self.tmp, "outputs")
        if os.path.isdir(out):
            return out
        shutil.copytree(os.path.join(self.suite, "conformance"), out)
        case = os.path.join(out, "test_sign_v13_float16", "test_data_set_0")
        x = numpy_helper.to_array(TensorProto.FromString(
            open(os.path.join(case, "input_0.pb"), "rb").read()))
        pb = os.path.join(case, "output_0.pb")
        y = numpy_helper.to_array(TensorProto.FromString(open(pb, "rb").read()))
        y = np.where(np.isnan(x), np.float16(0), y).astype(np.float16)
        with open(pb, "wb") as f:
            f.write(numpy_helper.from_array(y, "y").SerializeToString())
        return out

    def run_deviating(self, *extra):
        return run("run", "--suite", os.path.join(self.suite, "conformance"),
                   "--backend", "outputs:" + self.deviating_outputs(),
                   "--filter", r"sign\.v13\.float16$", *extra)

    def test_deviations_are_explained_and_gated_per_op(self):
        p = self.run_deviating()
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("deviation", p.stdout)
        self.assertIn("--policy strict", p.stdout)
        self.assertIn("--strict-ops", p.stdout)
        # The findings rows, with their value classes and examples.
        self.assertIn("qnan", p.stdout)
        self.assertIn("onnxcts run --suite", p.stdout)
        self.assertEqual(self.run_deviating("--strict-ops", "Abs").returncode,
                         0)
        strict = self.run_deviating("--strict-ops", "sign")
        self.assertEqual(strict.returncode, 1, strict.stdout + strict.stderr)
        self.assertIn("fail", strict.stdout)
        self.assertEqual(self.run_deviating("--strict-ops", "Nosuch").returncode,
                         2)
        self.assertEqual(self.run_deviating("--policy", "strict").returncode, 1)

    def test_help_defines_every_status_and_policy(self):
        text = run("run", "--help").stdout
        for status in ("pass", "deviation", "fail", "not_supported", "error",
                       "invalid_output", "crash", "timeout", "protocol_error",
                       "rejected", "invalid_test_data", "expected_fail",
                       "unexpected_pass", "not_run", "onnxcts_unsupported",
                       "unreleased_opset"):
            self.assertRegex(text, rf"\n  {status}\b", status)
        self.assertIn("strict", text)
        for kind in ("reference", "onnx-backend?class=", "command:",
                     "outputs:", "plugin:"):
            self.assertIn(kind, text)
        sweep = run("sweep", "--help").stdout
        for kind in ("reference", "onnx-backend?class=", "command:", "plugin:",
                     "onnxcts backends"):
            self.assertIn(kind, sweep)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1:3]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
