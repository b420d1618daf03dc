#!/usr/bin/python3
"""`onnxcts fuzz` through a worker with planted defects (planted_worker.py:
ONNX's reference evaluator with five defects planted) finds each of them
within the first 1,500 graphs of seed 1 (the count decides, not the
clock: about 50 s on a 2-core machine) as the kind of finding it is, keeps its reproducer, and
`onnxcts run` replays that reproducer with the finding's status. Findings
of the evaluator's own are let be.

Usage: fuzz_planted_test.py ONNXCTS_BINARY SOURCE_DIR PYTHON
(PYTHON: an interpreter with numpy, ml_dtypes and onnx, such as the build's
virtual environment, build/venv/bin/python)
"""
import json
import os
import re
import shlex
import sys
import tempfile
import unittest

from cli_common import run_cli

ONNXCTS = SOURCE = PYTHON = ""
# Seed 1 meets the last of the five (the hang) at graph 1,277.
GRAPHS = "1500"
# Per graph, and on replaying the hang: the planted hang sleeps far
# longer, and every hang costs the fuzz this at least twice (the graph,
# then its Sum node alone; a new signature more, while it is simplified).
# Other replays get a minute, so a busy machine cannot turn them into
# timeouts.
HANG_TIMEOUT = "3"

# Each planted defect (planted_worker.py's docstring): a regular expression
# on its signature, the status, and whether one node alone shows it (None:
# the signature does not tell).
PLANTED = {
    "a: Abs of float16 keeps the sign of -0":
        (r"^fail Abs-13 float16 on zero$", "fail", True),
    "b: float32 subnormals flushed between two nodes":
        (r"^fail graph \S+-\d+ .*\bfloat on ", "fail", False),
    "c: Sign of int16 crashes":
        (r"^crash Sign( on an? \w+ input)?$", "crash", None),
    "d: Sum of float64 hangs":
        (r"^timeout Sum( on an? \w+ input)?$", "timeout", None),
    "e: Clip of an empty tensor is refused":
        (r"^error Clip on an empty input$", "error", None),
}


def worker_spec():
    worker = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "planted_worker.py")
    # The harness runs the spec with `sh -c`: a relative interpreter path
    # would depend on its working directory.
    python = os.path.abspath(PYTHON) if os.sep in PYTHON else PYTHON
    return "command:" + shlex.join([python, worker])


class FuzzPlantedTest(unittest.TestCase):
    """One fuzz run, shared by the tests."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="onnxcts-fuzz-planted")
        cls.report = os.path.join(cls.tmp.name, "fuzz.json")
        cls.findings = os.path.join(cls.tmp.name, "fuzz.cases", "findings")
        cls.fuzz = run_cli(ONNXCTS, "fuzz", "--backend", worker_spec(),
                           "--max-graphs", GRAPHS, "--seconds", "3600",
                           "--timeout", HANG_TIMEOUT,
                           "--seed", "1", "--report", cls.report)
        cls.found = []
        if os.path.isfile(cls.report):
            with open(cls.report) as f:
                cls.found = json.load(f)["findings"]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def planted(self, pattern):
        return [f for f in self.found if re.search(pattern, f["signature"])]

    def folder(self, finding):
        return os.path.join(self.findings, finding["case"].split(".", 1)[1])

    def test_the_fuzz_exits_one(self):
        p = self.fuzz
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)

    def test_each_planted_defect_is_found_as_what_it_is(self):
        signatures = "\n".join(f["signature"] for f in self.found)
        for defect, (pattern, status, single) in PLANTED.items():
            with self.subTest(defect):
                hits = self.planted(pattern)
                self.assertTrue(hits, f"no signature matches {pattern!r} "
                                f"among:\n{signatures}")
                for f in hits:
                    self.assertEqual(f["status"], status, f["signature"])
                    if single is not None:
                        self.assertIs(f["single_node"], single, f["signature"])
                        self.assertEqual(f["nodes"] == 1, single,
                                         f["signature"])
                    self.assertEqual(f["known"], "", f["signature"])

    def test_each_planted_finding_replays_with_its_status(self):
        replayed = set()
        for defect, (pattern, _, _) in PLANTED.items():
            for f in self.planted(pattern):
                with self.subTest(defect, signature=f["signature"]):
                    folder = self.folder(f)
                    self.assertTrue(os.path.isfile(
                        os.path.join(folder, "model.onnx")), folder)
                    out = os.path.join(self.tmp.name, "replay.json")
                    q = run_cli(ONNXCTS, "run", "--suite", folder,
                                "--backend", worker_spec(), "--report", out,
                                "--allow-empty", "--timeout",
                                HANG_TIMEOUT if f["status"] == "timeout"
                                else "60")
                    self.assertEqual(q.returncode, 1, q.stdout + q.stderr)
                    with open(out) as r:
                        results = json.load(r)["results"]
                    self.assertEqual([x["status"] for x in results],
                                     [f["status"]])
                    replayed.add(defect)
        self.assertEqual(replayed, set(PLANTED))


if __name__ == "__main__":
    ONNXCTS, SOURCE, PYTHON = sys.argv[1], sys.argv[2], sys.argv[3]
    unittest.main(argv=sys.argv[:1])
