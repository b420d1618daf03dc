#!/usr/bin/python3
"""CI's fuzz step for one real backend: `onnxcts fuzz` for a few seconds
must run graphs through it to a complete report (exit 0, or 1 with
findings), every finding with its reproducer case on disk. What it finds is
the nightly job's business (fuzz/nightly --backends).

Usage: fuzz_backend_test.py ONNXCTS_BINARY SOURCE_DIR SPEC
"""
import json
import os
import sys
import tempfile
import unittest

from cli_common import run_cli

ONNXCTS = ""
SOURCE = ""
SPEC = ""
SECONDS = "15"


class FuzzBackendTest(unittest.TestCase):
    def test_graphs_run_to_a_complete_report(self):
        with tempfile.TemporaryDirectory(prefix="onnxcts-fuzz-") as tmp:
            report = os.path.join(tmp, "fuzz.json")
            p = run_cli(ONNXCTS, "fuzz", "--backend", SPEC, "--seconds",
                        SECONDS, "--report", report, timeout=280)
            self.assertIn(p.returncode, (0, 1), p.stdout + p.stderr)
            with open(report) as f:
                r = json.load(f)
            self.assertGreaterEqual(r["graphs"], 1)
            counted = r["passed"] + r["deviations"] + r["not_supported"]
            self.assertLessEqual(counted, r["graphs"])
            self.assertEqual(p.returncode == 1,
                             any(not f["known"] for f in r["findings"]))
            findings = os.path.join(tmp, "fuzz.cases", "findings")
            for f in r["findings"]:
                folder = os.path.join(findings, f["case"].split(".", 1)[1])
                self.assertTrue(os.path.isfile(
                    os.path.join(folder, "model.onnx")), f["signature"])
            print(f"{SPEC}: {r['graphs']} graphs in {r['seconds']:.1f} s, "
                  f"{r['passed']} passed, {r['not_supported']} not "
                  f"supported, {len(r['findings'])} signatures")


if __name__ == "__main__":
    ONNXCTS, SOURCE, SPEC = sys.argv[1], sys.argv[2], sys.argv[3]
    unittest.main(argv=sys.argv[:1])
