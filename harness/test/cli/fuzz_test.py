#!/usr/bin/python3
"""`onnxcts fuzz`: exit codes, the JSON and Markdown reports, reproducers
that `onnxcts run` replays with the finding's status (by the report's own
replay command), known signatures, and bad input.

Usage: fuzz_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile
import unittest

from cli_common import run_cli

ONNXCTS = ""
SOURCE = ""


def defective_plugin():
    return os.path.join(os.path.dirname(ONNXCTS), "..", "lib",
                        "onnxcts_defective_plugin.so")


class FuzzTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="onnxcts-fuzz-cli")
        self.report = os.path.join(self.tmp.name, "fuzz.json")

    def tearDown(self):
        self.tmp.cleanup()

    def fuzz(self, backend, *extra):
        return run_cli(ONNXCTS, "fuzz", "--backend", backend, "--report",
                       self.report, "--seconds", "600", *extra)

    def test_the_reference_finds_nothing_and_exits_zero(self):
        p = self.fuzz("reference", "--max-graphs", "200", "--seed", "7")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(self.report) as f:
            r = json.load(f)
        self.assertEqual(r["graphs"], 200)
        self.assertEqual(r["passed"], 200)
        self.assertEqual(r["findings"], [])
        self.assertEqual(r["options"]["seed"], 7)
        with open(self.report[:-5] + ".md") as f:
            self.assertIn("No finding.", f.read())

    def test_findings_exit_one_and_replay_with_their_status(self):
        p = self.fuzz("plugin:" + defective_plugin(), "--max-graphs", "500")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        with open(self.report) as f:
            r = json.load(f)
        signatures = {f["signature"] for f in r["findings"]}
        self.assertIn("fail IsInf-20 bool on qnan", signatures)
        with open(self.report[:-5] + ".md") as f:
            self.assertIn("fail IsInf-20 bool on qnan", f.read())
        for finding in r["findings"][:5]:
            replay = shlex.split(finding["replay"])
            self.assertEqual(replay[:2], ["onnxcts", "run"])
            out = os.path.join(self.tmp.name, "replay.json")
            q = run_cli(ONNXCTS, *replay[1:], "--report", out)
            self.assertIn(q.returncode, (1,), q.stdout + q.stderr)
            with open(out) as f:
                results = json.load(f)["results"]
            self.assertEqual([x["status"] for x in results],
                             [finding["status"]], finding["signature"])

    def test_known_signatures_do_not_fail_the_run(self):
        p = self.fuzz("plugin:" + defective_plugin(), "--max-graphs", "300")
        with open(self.report) as f:
            found = [x["signature"] for x in json.load(f)["findings"]]
        self.assertTrue(found)
        known = os.path.join(self.tmp.name, "known.txt")
        with open(known, "w") as f:
            f.write("# the defective plugin's planted defects\n")
            for s in found:
                f.write(s + " | planted\n")
        p = self.fuzz("plugin:" + defective_plugin(), "--max-graphs", "300",
                      "--known", known)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(self.report) as f:
            self.assertTrue(all(x["known"] == "planted"
                                for x in json.load(f)["findings"]))

    def test_a_bad_known_file_names_its_line_and_exits_two(self):
        known = os.path.join(self.tmp.name, "known.txt")
        with open(known, "w") as f:
            f.write("# comment\nfail Sign-13 float on zero\n")
        p = self.fuzz("reference", "--max-graphs", "1", "--known", known)
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("known.txt", p.stderr)
        self.assertIn("line 2", p.stderr)

    def test_an_unknown_backend_exits_two(self):
        p = self.fuzz("nosuch:thing", "--max-graphs", "1")
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
