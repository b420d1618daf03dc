#!/usr/bin/python3
"""Hostile workers through the CLI (harness/test/backends/workers/
hostile_worker.py), `run` and `sweep` alike: each attack gets its status,
the run ends on its own with a report (or, for a worker that cannot start,
exit 2 and no crash), and no process the worker started is left once the
run is over, counted by a marker in their environment.

    hostile_test.py ONNXCTS SOURCE_DIR GROUP

GROUP is one of files, tensors, answers, processes, memory, stop: each a
CTest test of a few seconds.
"""
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

from cli_common import validated_report

ONNXCTS = ""
SOURCE = ""
GROUP = ""
# IsNaN-20 on float16, its input as a graph input, and two of its shapes:
# three cases, which the worker answers right when it behaves.
CASES = r"^onnxcts\.isnan\.v20\.float16(\.shape_(empty|rank2))?$"
SWEEP = r"^sweep\.isnan\.v20\.float16$"

# mode: (statuses each result may have, the exit code)
RUN_MODES = {
    "files": {
        "honest": ({"pass"}, 0),
        "link_passwd": ({"invalid_output"}, 1),
        "link_proc_mem": ({"invalid_output"}, 1),
        "fifo": ({"invalid_output"}, 1),
        "fifo_swap": ({"pass", "invalid_output"}, None),
        "link_swap": ({"pass", "invalid_output"}, None),
        "dir_symlink": ({"invalid_output"}, 1),
        "elsewhere": ({"invalid_output"}, 1),
    },
    "tensors": {
        "dims_2_40": ({"invalid_output"}, 1),
        "dims_overflow": ({"invalid_output"}, 1),
        "raw_oversize": ({"invalid_output"}, 1),
        "transposed": ({"invalid_output"}, 1),
        "bool_2": ({"invalid_output"}, 1),
    },
    "answers": {
        "huge_line": ({"protocol_error"}, 1),
        "wrong_id": ({"protocol_error"}, 1),
        "negative_id": ({"protocol_error"}, 1),
        "id_2_64": ({"protocol_error"}, 1),
        "deep_id": ({"protocol_error"}, 1),
        "stderr_flood": ({"pass"}, 0),
        # Each answer comes after the one before again: every request is
        # sent again to a new worker, and passes.
        "late_repeat": ({"pass"}, 0),
    },
    "processes": {
        "setsid_child": ({"pass"}, 0),
        "grandchild_holds_stdout": ({"crash"}, 1),
        "hang": ({"timeout"}, 1),
    },
}
SWEEP_MODES = {
    "honest": ({"pass"}, 0),
    "zero_input": ({"fail"}, 1),
    "shm_truncate": ({"pass"}, 0),
    "garbage_slots": ({"invalid_output"}, 1),
    "huge_dims": ({"invalid_output"}, 1),
    "setsid_child": ({"pass"}, 0),
    "grandchild_holds_stdout": ({"crash"}, 1),
}


def worker(mode):
    path = os.path.join(SOURCE, "harness", "test", "backends", "workers",
                        "hostile_worker.py")
    return f"command:/usr/bin/python3 {path} {mode}"


def marked(mark):
    """Pids of the processes whose environment holds `mark`."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if mark.encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def left_behind(mark):
    """What is still marked once killed processes had time to go."""
    deadline = time.monotonic() + 30
    while marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    return marked(mark)


class HostileCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="onnxcts-hostile-")
        cls.suite = os.path.join(cls.tmp.name, "suite")
        r = subprocess.run([ONNXCTS, "generate", "--out", cls.suite, "--ops",
                            "isnan", "--dtypes", "float16", "--opsets", "20"],
                           capture_output=True, text=True, check=False)
        assert r.returncode == 0, r.stderr

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def start(self, *args):
        """Starts onnxcts with a fresh marker; returns (process, marker)."""
        mark = f"ONNXCTS_HOSTILE_MARK={uuid.uuid4().hex}"
        env = dict(os.environ, ONNXCTS_HOSTILE_MARK=mark.split("=", 1)[1])
        p = subprocess.Popen([ONNXCTS, *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
        return p, mark

    def finish(self, p, mark):
        """Waits for the run (it must end on its own) and for the processes
        it started; returns (exit code, stdout, stderr)."""
        out, err = p.communicate(timeout=300)
        self.assertNotIn(p.returncode, (-11, -7, 139, 135),
                         err.decode(errors="replace"))
        self.assertEqual(left_behind(mark), [], "processes left behind")
        return p.returncode, out.decode(errors="replace"), err.decode(
            errors="replace")

    def run_cli(self, *args):
        return self.finish(*self.start(*args))

    def run_mode(self, mode, *extra):
        report = os.path.join(self.tmp.name, f"{mode}.json")
        # A hanging worker's cases wait for the timeout.
        timeout = "1" if mode == "hang" else "60"
        code, out, err = self.run_cli(
            "run", "--suite", self.suite, "--filter", CASES, "--backend",
            worker(mode), "--timeout", timeout, "--report", report, *extra)
        self.assertTrue(os.path.exists(report), out + err)
        return code, out, err, validated_report(SOURCE, report)["results"]

    def sweep_mode(self, mode):
        report = os.path.join(self.tmp.name, f"sweep-{mode}.json")
        code, out, err = self.run_cli(
            "sweep", "--backend", worker(mode), "--ops", "isnan", "--filter",
            SWEEP,
            "--chunk", "16384", "--timeout", "60", "--report", report)
        self.assertTrue(os.path.exists(report), out + err)
        return code, out, err, validated_report(SOURCE, report)["results"]

    def check_modes(self, modes, run):
        for mode, (statuses, exit_code) in modes.items():
            with self.subTest(mode=mode):
                began = time.monotonic()
                code, out, err, results = run(mode)
                print(f"{mode}: {time.monotonic() - began:.2f} s")
                self.assertTrue(results)
                got = {r["status"] for r in results}
                self.assertLessEqual(got, statuses, err)
                if exit_code is not None:
                    self.assertEqual(code, exit_code, out + err)


class Files(HostileCase):
    def test_each_attack_through_the_output_files(self):
        self.check_modes(RUN_MODES["files"], self.run_mode)


class Tensors(HostileCase):
    def test_each_attack_through_what_the_output_files_hold(self):
        self.check_modes(RUN_MODES["tensors"], self.run_mode)


class Answers(HostileCase):
    def test_each_attack_through_the_answer_line(self):
        self.check_modes(RUN_MODES["answers"], self.run_mode)

    def test_a_duplicate_is_the_protocol_error_of_the_request_it_repeats(self):
        # One thread: one worker, whose request 1 is the first result's.
        code, out, err, results = self.run_mode("duplicate", "--threads", "1")
        self.assertEqual(code, 1, out + err)
        self.assertEqual([r["status"] for r in results],
                         ["protocol_error"] + ["pass"] * (len(results) - 1))
        self.assertIn("more than once", results[0]["message"])

    def test_a_forged_name_is_printed_escaped(self):
        code, out, err, results = self.run_mode("forged_name")
        self.assertEqual(code, 0, out + err)
        self.assertNotIn("\x1b", out + err)
        self.assertNotIn("\r", out + err)
        self.assertIn("hostile\\x1b[2K\\x0d  pass 999\\x0aforged 6.6.6", out)

    def test_hello_options_nested_deep_refuse_the_worker(self):
        code, out, err = self.run_cli(
            "run", "--suite", self.suite, "--filter", CASES, "--backend",
            worker("deep_options"))
        self.assertEqual(code, 2, out + err)
        self.assertIn("nests arrays or objects", err)


class Processes(HostileCase):
    def test_each_attack_through_processes(self):
        self.check_modes(RUN_MODES["processes"], self.run_mode)

    def test_a_worker_eating_memory_under_a_cap_crashes(self):
        code, out, err, results = self.run_mode("eat_memory",
                                                "--worker-memory", "256M")
        self.assertEqual(code, 1, out + err)
        self.assertEqual({r["status"] for r in results}, {"crash"})
        self.assertIn("ran out of memory", results[0]["message"])


class Memory(HostileCase):
    def test_each_attack_through_the_shared_memory(self):
        self.check_modes(SWEEP_MODES, lambda mode: self.sweep_mode(mode))

    def test_a_worker_that_wrote_into_its_input_is_noted(self):
        code, out, err, results = self.sweep_mode("zero_input")
        self.assertEqual(code, 1, out + err)
        self.assertTrue(any("wrote into its input slot" in step
                            for r in results for step in r["adapter_steps"]))


class Stop(HostileCase):
    """A run stuck on a worker that hangs and ignores SIGTERM, or that keeps
    swapping a FIFO in, still stops: on SIGTERM and at --max-seconds."""

    def stop_run(self, mode, report, stop_args, sig=None):
        p, mark = self.start(
            "run", "--suite", self.suite, "--filter", CASES, "--backend",
            worker(mode), "--timeout", "600", "--report", report, *stop_args)
        deadline = time.monotonic() + 120
        while len(marked(mark)) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)  # the harness, a supervisor and a worker
        if sig:
            p.send_signal(sig)
        return self.finish(p, mark)

    def test_sigterm_ends_a_run_on_a_hanging_worker(self):
        for mode in ("hang", "fifo_swap"):
            report = os.path.join(self.tmp.name, f"sigterm-{mode}.json")
            code, out, err = self.stop_run(mode, report, [], signal.SIGTERM)
            if mode == "hang":  # a fifo_swap run may be over by now
                self.assertEqual(code, 143, out + err)
                self.assertIn("--resume", err)
                self.assertTrue(os.path.exists(report + ".journal"))

    def test_max_seconds_ends_a_run_on_a_hanging_worker(self):
        report = os.path.join(self.tmp.name, "max-seconds.json")
        code, out, err = self.stop_run("hang", report, ["--max-seconds", "1"])
        self.assertEqual(code, 3, out + err)
        results = validated_report(SOURCE, report)["results"]
        self.assertIn("not_run", {r["status"] for r in results})


if __name__ == "__main__":
    ONNXCTS, SOURCE, GROUP = sys.argv[1], sys.argv[2], sys.argv[3]
    groups = {"files": Files, "tensors": Tensors, "answers": Answers,
              "processes": Processes, "memory": Memory, "stop": Stop}
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(groups[GROUP])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)
