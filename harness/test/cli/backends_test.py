#!/usr/bin/python3
"""`onnxcts backends`, with fake workers in place of the real ones (the
Python interpreter of the named backends is $ONNXCTS_PYTHON, the ORT
workers run the `node` of PATH): every backend is started a few at a time
(--jobs), a worker that exits before hello is `failed:` with its stderr's
last line, one that says nothing within --hello-timeout is told apart as a
possibly slow start and killed, --json carries the same, progress shows on
stderr only when it is a terminal, and specs given on the command line are
started instead of the list (exit 2 unless each starts).

Usage: backends_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ONNXCTS = ""
SOURCE = ""
PROBED = []
FAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "fake_start_worker.py")


def probed(source):
    """The reference and the backends the one list marks probed."""
    with open(os.path.join(source, "harness", "workers", "backends.json")) as f:
        rows = json.load(f)["backends"]
    return ["reference"] + [r["name"] for r in rows if r["probed"]]


def alive(pid):
    """Whether `pid` runs: a zombie does not (an init that reaps nothing
    leaves the killed grandchildren of the harness as zombies)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


class BackendsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="onnxcts-backends-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        bin_dir = os.path.join(self.tmp, "bin")
        os.mkdir(bin_dir)
        os.symlink(FAKE, os.path.join(bin_dir, "node"))
        self.log = os.path.join(self.tmp, "log")
        self.env = {**os.environ, "ONNXCTS_PYTHON": FAKE,
                    "PATH": bin_dir + ":" + os.environ["PATH"],
                    "FAKE_LOG": self.log, "FAKE_MODES": "", "FAKE_DELAY": "0"}
        self.env.pop("ONNXCTS_ORT_WORKER", None)

    def backends(self, *args, modes="", delay=0, stderr=subprocess.PIPE):
        env = {**self.env, "FAKE_MODES": modes, "FAKE_DELAY": str(delay)}
        return subprocess.run([ONNXCTS, "backends", *args], env=env,
                              stdout=subprocess.PIPE, stderr=stderr,
                              text=True, timeout=120)

    def events(self):
        with open(self.log) as f:
            return [line.split() for line in f]

    def probe_lines(self, stdout):
        """spec -> the line under it, for every probed spec."""
        lines = stdout.splitlines()
        out = {}
        for k, line in enumerate(lines[:-1]):
            spec = line.split(" ", 1)[0]
            if spec and lines[k + 1].startswith(" "):
                out[spec] = lines[k + 1].strip()
        return out

    def test_ready_failed_and_silent_are_told_apart(self):
        modes = ("ort_python=fail,tract=slow,openvino=garbage,"
                 "tinygrad=silent")
        start = time.monotonic()
        p = self.backends("--hello-timeout", "3", "--jobs", "2", modes=modes)
        seconds = time.monotonic() - start
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, "", "progress only on a terminal")
        got = self.probe_lines(p.stdout)
        self.assertEqual(sorted(got), sorted(PROBED), p.stdout)
        self.assertRegex(got["reference"], r"^ready +\S+ \S+ \(\d+\.\d s\)$")
        self.assertRegex(got["ort"], r"^ready +fake-node 9\.9 \(\d+\.\d s\)$")
        self.assertRegex(got["ort-web"], r"^ready +fake-web 9\.9 ")
        self.assertRegex(got["iree"], r"^ready +fake-iree 9\.9 ")
        self.assertEqual(got["ort-python"],
                         "failed: fake: No module named 'ort_python'")
        self.assertEqual(got["tinygrad"],
                         "failed: exited with status 5 before answering hello")
        self.assertEqual(got["tract"],
                         "no answer to hello within 3 s (slow start?)")
        self.assertEqual(got["openvino"], "failed: answer is not JSON: "
                         "Welcome to the fake runtime!")
        # The lines of the kinds that are not started stay.
        for spec in ("command:CMDLINE", "outputs:DIR", "plugin:PATH.so",
                     "onnx-backend"):
            self.assertRegex(p.stdout, "(?m)^" + spec.replace(".", r"\.") + " ")
        self.assertLess(seconds, 60)
        # The silent one was killed, with its process group.
        pids = [int(e[3]) for e in self.events() if e[:2] == ["start", "tract"]]
        self.assertEqual(len(pids), 1)
        self.assertFalse(alive(pids[0]))

    def test_json_carries_the_same(self):
        p = self.backends("--json", "--hello-timeout", "2",
                          modes="ort_python=fail,tract=slow")
        self.assertEqual(p.returncode, 0, p.stderr)
        doc = json.loads(p.stdout)
        self.assertEqual(doc["hello_timeout_seconds"], 2)
        by_spec = {b["spec"]: b for b in doc["backends"]}
        self.assertEqual([b["spec"] for b in doc["backends"] if b["probed"]],
                         PROBED)
        for b in doc["backends"]:
            self.assertEqual(set(b) - {"probe"}, {"spec", "what", "probed"})
            self.assertEqual("probe" in b, b["probed"])
        ort = by_spec["ort"]["probe"]
        self.assertEqual((ort["state"], ort["name"], ort["version"],
                          ort["options"], ort["protocol"]),
                         ("ready", "fake-node", "9.9", {"mode": "ready"}, 1))
        self.assertGreaterEqual(ort["seconds"], 0)
        self.assertEqual(by_spec["reference"]["probe"]["state"], "ready")
        failed = by_spec["ort-python"]["probe"]
        self.assertEqual(failed["state"], "failed")
        self.assertEqual(failed["message"], "fake: No module named 'ort_python'")
        self.assertEqual(failed["exit"], "exited with status 3")
        self.assertIn("loading the runtime", failed["stderr_tail"])
        slow = by_spec["tract"]["probe"]
        self.assertEqual(slow["state"], "no_answer")
        self.assertEqual(slow["message"],
                         "no answer to hello within 2 s (slow start?)")
        self.assertGreaterEqual(slow["seconds"], 2)
        self.assertFalse(by_spec["command:CMDLINE"]["probed"])

    def test_a_few_start_at_a_time(self):
        for jobs in (1, 3):
            if os.path.exists(self.log):
                os.remove(self.log)
            p = self.backends("--jobs", str(jobs), delay=0.3)
            self.assertEqual(p.returncode, 0, p.stderr)
            edges = []
            for e in self.events():
                edges.append((float(e[2]), 1 if e[0] == "start" else -1))
            self.assertEqual(len(edges), 2 * (len(PROBED) - 1))
            running = most = 0
            for _, step in sorted(edges):
                running += step
                most = max(most, running)
            self.assertLessEqual(most, jobs)

    def test_progress_on_a_terminal(self):
        master, slave = pty.openpty()
        try:
            p = self.backends("--jobs", "2", stderr=slave)
        finally:
            os.close(slave)
        shown = b""
        while select.select([master], [], [], 0.5)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        os.close(master)
        self.assertEqual(p.returncode, 0)
        text = shown.decode()
        self.assertIn(f"onnxcts backends: starting {len(PROBED)} backend(s), "
                      "2 at a time", text)
        self.assertIn("  0%", text)
        self.assertIn("100%", text)

    def test_specs_given_are_started_instead(self):
        ready, failing = f"command:{FAKE} mine", f"command:{FAKE} theirs"
        p = self.backends(ready, "reference")
        self.assertEqual(p.returncode, 0, p.stderr)
        got = self.probe_lines(p.stdout)
        self.assertEqual(sorted(got), ["command:" + FAKE, "reference"])
        self.assertRegex(p.stdout, r"ready +fake-mine 9\.9 ")
        p = self.backends(ready, failing, "nonesuch", modes="theirs=fail")
        self.assertEqual(p.returncode, 2, p.stdout)
        self.assertIn("failed: fake: No module named 'theirs'", p.stdout)
        self.assertIn("failed: unknown backend 'nonesuch'", p.stdout)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    PROBED = probed(SOURCE)
    unittest.main(argv=sys.argv[:1])
