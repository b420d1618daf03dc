#!/usr/bin/python3
"""`onnxcts fuzz`: exit codes, the JSON and Markdown reports, reproducers
that `onnxcts run` replays with the finding's status (by the report's own
replay command), known signatures, threads, going on after a stop
(--resume, a signal), giving up on a backend that hangs, and bad input.

Usage: fuzz_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
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

    def read_report(self):
        with open(self.report) as f:
            return json.load(f)

    def test_threads_share_the_seeds_and_find_nothing_in_the_reference(self):
        p = self.fuzz("reference", "--max-graphs", "300", "--threads", "2")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        r = self.read_report()
        self.assertEqual((r["graphs"], r["passed"]), (300, 300))
        self.assertEqual(r["next_graph"], 300)
        self.assertEqual(r["options"]["threads"], 2)
        self.assertTrue(r["finished"])

    def test_resume_goes_on_from_the_report(self):
        plugin = "plugin:" + defective_plugin()
        self.fuzz(plugin, "--max-graphs", "100")
        first = self.read_report()
        p = self.fuzz(plugin, "--max-graphs", "100", "--resume")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertIn("going on from", p.stderr)
        r = self.read_report()
        self.assertEqual(r["graphs"], 200)
        self.assertEqual(r["next_graph"], 200)
        self.assertGreater(r["seconds"], first["seconds"])
        before = {f["signature"]: f["seen"] for f in first["findings"]}
        after = {f["signature"]: f["seen"] for f in r["findings"]}
        self.assertTrue(before)
        for signature, seen in before.items():
            self.assertGreaterEqual(after.get(signature, 0), seen, signature)
        # 200 graphs in one go find what the two halves found.
        whole = os.path.join(self.tmp.name, "whole.json")
        run_cli(ONNXCTS, "fuzz", "--backend", plugin, "--report", whole,
                "--max-graphs", "200", "--seconds", "600")
        with open(whole) as f:
            self.assertEqual({x["signature"] for x in json.load(f)["findings"]},
                             set(after))

    def test_resume_with_other_options_names_the_field_and_exits_two(self):
        self.fuzz("reference", "--max-graphs", "5")
        p = self.fuzz("reference", "--max-graphs", "5", "--resume",
                      "--opset", "20")
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("fuzz.json: /options/opset", p.stderr)

    def test_a_signal_leaves_a_report_to_resume_from(self):
        cmd = [ONNXCTS, "fuzz", "--backend", "reference", "--seconds", "600",
               "--report", self.report]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        # Stop once some graphs have run (each runs in a folder named by
        # its number, the last one kept), however slow the machine.
        current = os.path.join(self.tmp.name, "fuzz.cases", "current")
        for _ in range(1200):
            try:
                runs = [int(n[1:]) for n in os.listdir(current)]
            except (OSError, ValueError):
                runs = []
            if runs and max(runs) >= 5:
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        self.assertEqual(proc.returncode, 130, out + err)
        r = self.read_report()
        self.assertFalse(r["finished"])
        self.assertGreater(r["graphs"], 0)
        self.assertEqual(r["passed"], r["graphs"])
        p = self.fuzz("reference", "--max-graphs", "10", "--resume")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(self.read_report()["graphs"], r["graphs"] + 10)

    def test_a_backend_that_hangs_on_everything_is_given_up(self):
        worker = os.path.join(SOURCE, "harness", "test", "backends", "workers",
                              "hostile_worker.py")
        p = self.fuzz(f"command:/usr/bin/python3 {worker} hang_always",
                      "--timeout", "1", "--max-restarts", "2",
                      "--max-nodes", "1")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        r = self.read_report()
        self.assertEqual(r["graphs"], 2)
        self.assertIn("--max-restarts 2", r["stopped"])
        self.assertEqual([f["status"] for f in r["findings"]][:1], ["timeout"])

    def test_an_unknown_backend_exits_two(self):
        p = self.fuzz("nosuch:thing", "--max-graphs", "1")
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
