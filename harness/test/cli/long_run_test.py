#!/usr/bin/python3
"""Long runs that survive, end to end through the CLI: the journal and
--resume after kill -9, Ctrl-C and SIGTERM through ONNX Runtime, the
--max-seconds deadline, the restart budget, and runs that check nothing.

    long_run_test.py ONNXCTS SOURCE_DIR
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

from cli_common import run_cli, validated_report

ONNXCTS = ""
SOURCE = ""
SWEEP_FILTER = r"^sweep\.isnan\.v20\.float$"

# A worker that answers every request not_supported at once, logging each
# answer to LOG, except that while the file HANG exists it answers only the
# first K requests it gets and then never answers again, so a --max-seconds
# budget always runs out with cases left, whatever the machine's speed.
#   budget_worker.py HANG K LOG
BUDGET_WORKER = """
import json, os, sys, time
hang, k, log = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.stdin.readline()
print(json.dumps({"protocol": 1, "name": "budget", "version": "1"}), flush=True)
answered = 0
for line in sys.stdin:
    request = json.loads(line)
    if request.get("method") == "shutdown":
        break
    if answered >= k and os.path.exists(hang):
        time.sleep(3600)
    with open(log, "a") as f:
        f.write("answer\\n")
    answered += 1
    print(json.dumps({"id": request.get("id"), "status": "not_supported",
                      "message": "budget worker"}), flush=True)
"""

# A worker that answers hello and then dies on every request.
CRASHING_WORKER = """
import json, sys
hello = sys.stdin.readline()
print(json.dumps({"protocol": 1, "name": "crasher", "version": "1"}),
      flush=True)
sys.stdin.readline()
sys.exit(3)
"""


def build_dir():
    return os.path.dirname(os.path.dirname(ONNXCTS))


def onnx_node_suite():
    python = os.path.join(build_dir(), "venv", "bin", "python")
    out = subprocess.run(
        [python, "-c", "import onnx, os; print(os.path.dirname(onnx.__file__))"],
        capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "backend", "test", "data", "node")


def generated_suite(folder):
    out = os.path.join(folder, "suite")
    result = run_cli(ONNXCTS, "generate", "--out", out, "--ops", "sign")
    assert result.returncode == 0, result.stderr
    return out


def without_times(report, worker_text=False):
    """A report as --resume must reproduce it: times, and the command line
    that carries --resume, aside; with `worker_text`, also what a failing
    worker wrote, which holds its own clock and request numbers."""
    report = dict(report)
    for key in ("started", "ended", "command_line"):
        report.pop(key)
    left_out = {"seconds"} | ({"stderr_tail", "message"} if worker_text
                              else set())
    report["results"] = [{k: v for k, v in r.items() if k not in left_out}
                         for r in report["results"]]
    return report


def marked_env(mark):
    """The environment of a run whose processes carry `mark`, so that the
    test can find every one it left, whoever their parent became."""
    env = dict(os.environ)
    env["ONNXCTS_LONG_RUN_TEST"] = mark
    return env


def processes_marked(mark):
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"ONNXCTS_LONG_RUN_TEST={mark}".encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def start(args, mark):
    return subprocess.Popen([ONNXCTS, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env=marked_env(mark))


def wait_for_journal_records(journal, n, process, limit=300):
    """Waits until the journal holds `n` records beyond its header."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert process.poll() is None, "the run ended before it was stopped"
        if os.path.exists(journal):
            with open(journal, "rb") as f:
                if f.read().count(b"\n") > n:
                    return
        time.sleep(0.05)
    raise AssertionError(f"{journal}: fewer than {n} records in {limit} s")


class EmptyRunTest(unittest.TestCase):
    def test_an_empty_suite_folder_exits_2(self):
        with tempfile.TemporaryDirectory() as d:
            r = run_cli(ONNXCTS, "run", "--suite", d, "--backend", "reference")
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(d, r.stderr)
            self.assertIn("no case found", r.stderr)
            r = run_cli(ONNXCTS, "run", "--suite", d, "--backend", "reference",
                        "--allow-empty")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("0 case(s) checked", r.stdout)

    def test_a_filter_that_matches_nothing_exits_2(self):
        with tempfile.TemporaryDirectory() as d:
            suite = generated_suite(d)
            r = run_cli(ONNXCTS, "run", "--suite", suite, "--backend",
                        "reference", "--filter", "no-such-case")
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn("no-such-case", r.stderr)
            r = run_cli(ONNXCTS, "run", "--suite", suite, "--backend",
                        "reference")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertRegex(r.stdout, r"\n[1-9][0-9]* case\(s\) checked\n")
        r = run_cli(ONNXCTS, "sweep", "--backend", "reference", "--filter",
                    "no-such-case")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("no-such-case", r.stderr)

    def test_a_suite_of_only_broken_cases_exits_2(self):
        with tempfile.TemporaryDirectory() as d:
            for name in ("a", "b"):
                case = os.path.join(d, name)
                os.makedirs(os.path.join(case, "test_data_set_0"))
                with open(os.path.join(case, "model.onnx"), "wb") as f:
                    f.write(b"\xff not a model")
            report = os.path.join(d, "r.json")
            r = run_cli(ONNXCTS, "run", "--suite", d, "--backend", "reference",
                        "--report", report)
            self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
            self.assertIn("0 case(s) checked", r.stdout)
            statuses = {x["status"] for x in
                        validated_report(SOURCE, report)["results"]}
            self.assertEqual(statuses, {"invalid_test_data"})


class BudgetTest(unittest.TestCase):
    # The budget counts from the start, worker start-up included, so what
    # runs in it depends on the machine and its load: under load a worker
    # may not even say hello in time, and every case is not_run. So the
    # test asserts what holds at any speed: a worker that stops answering
    # after a few cases makes the budget run out with cases left (exit 3),
    # every case is accounted for, those that ran carry the worker's
    # answer and those not reached are not_run with the reason, and
    # --resume (the worker answering again) finishes the report an
    # uninterrupted run writes.
    def test_max_seconds_lists_what_did_not_run_and_resume_finishes(self):
        with tempfile.TemporaryDirectory() as d:
            worker, hang, log = (os.path.join(d, n) for n in
                                 ("budget_worker.py", "hang", "answers"))
            with open(worker, "w") as f:
                f.write(BUDGET_WORKER)
            open(hang, "w").close()
            report = os.path.join(d, "r.json")
            args = ["run", "--suite", generated_suite(d), "--backend",
                    f"command:{sys.executable} {worker} {hang} 5 {log}",
                    "--threads", "1", "--timeout", "600", "--report", report,
                    # the worker computes nothing: not_supported, rejected
                    "--allow-empty"]
            r = run_cli(ONNXCTS, *args, "--max-seconds", "3")
            self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
            self.assertIn("--resume", r.stderr)
            results = validated_report(SOURCE, report)["results"]
            not_run = [x for x in results if x["status"] == "not_run"]
            ran = [x for x in results if x["status"] != "not_run"]
            with open(log) if os.path.exists(log) else open(os.devnull) as f:
                answered = len(f.readlines())
            print(f"{len(ran)} of {len(results)} result(s) ran in the budget "
                  f"({answered} answered)")
            self.assertTrue(not_run)
            self.assertLessEqual(len(ran), answered)
            self.assertLessEqual(answered, 5)
            for x in not_run:
                self.assertIn("--max-seconds", x["message"])
            for x in ran:
                self.assertIn(x["status"], ("not_supported", "rejected"), x)
                self.assertEqual(x["message"], "budget worker")
            self.assertTrue(os.path.exists(report + ".journal"))
            os.remove(hang)
            r = run_cli(ONNXCTS, *args, "--resume")
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            resumed = validated_report(SOURCE, report)
            self.assertNotIn("not_run", {x["status"] for x in resumed["results"]})
            self.assertFalse(os.path.exists(report + ".journal"))
            r = run_cli(ONNXCTS, *args)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            whole = validated_report(SOURCE, report)
            self.assertEqual(without_times(resumed), without_times(whole))
            self.assertEqual(len(results), len(whole["results"]))

    def test_a_backend_that_always_crashes_is_not_restarted_for_ever(self):
        with tempfile.TemporaryDirectory() as d:
            worker = os.path.join(d, "crasher.py")
            with open(worker, "w") as f:
                f.write(CRASHING_WORKER)
            report = os.path.join(d, "r.json")
            r = run_cli(ONNXCTS, "run", "--suite", generated_suite(d),
                        "--backend", f"command:{sys.executable} {worker}",
                        "--threads", "1", "--max-restarts", "3",
                        "--report", report)
            self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
            results = validated_report(SOURCE, report)["results"]
            statuses = [x["status"] for x in results]
            self.assertEqual(statuses[:3], ["crash"] * 3)
            self.assertEqual(set(statuses[3:]), {"not_run"})
            self.assertIn("--max-restarts 3", results[3]["message"])


class InterruptTest(unittest.TestCase):
    def stop_run_through_ort(self, sig, code):
        mark = uuid.uuid4().hex
        with tempfile.TemporaryDirectory() as d:
            report = os.path.join(d, "r.json")
            args = ["run", "--suite", f"onnx-1.22/node={onnx_node_suite()}",
                    "--backend", "ort", "--threads", "2", "--report", report]
            p = start(args, mark)
            wait_for_journal_records(report + ".journal", 50, p)
            self.assertTrue(processes_marked(mark))
            sent = time.monotonic()
            p.send_signal(sig)
            # How soon it stops depends on the machine's load; that it
            # stops, sends nothing more and leaves nothing does not.
            out, err = p.communicate(timeout=300)
            print(f"stopped {time.monotonic() - sent:.1f} s after the signal")
            self.assertEqual(p.returncode, code, out + err)
            self.assertIn("--resume", err)
            self.assertEqual(processes_marked(mark), [])
            self.assertEqual(os.listdir(d), ["r.json.journal"])
            with open(report + ".journal", "rb") as f:
                journaled = f.read().count(b"\n") - 1
            r = run_cli(ONNXCTS, *args, "--resume")
            self.assertIn(r.returncode, (0, 1), r.stdout + r.stderr)
            resumed = validated_report(SOURCE, report)
            r = run_cli(ONNXCTS, *args)
            self.assertIn(r.returncode, (0, 1), r.stdout + r.stderr)
            whole = validated_report(SOURCE, report)
            self.assertEqual(without_times(resumed, worker_text=True),
                             without_times(whole, worker_text=True))
            # It stopped: the journal holds fewer than every case.
            self.assertLess(journaled, len({x["case_id"] for x in whole["results"]}))

    def test_ctrl_c_through_ort_exits_130_and_resumes(self):
        self.stop_run_through_ort(signal.SIGINT, 130)

    def test_sigterm_through_ort_exits_143_and_resumes(self):
        self.stop_run_through_ort(signal.SIGTERM, 143)


class KillTest(unittest.TestCase):
    def test_kill_9_half_way_through_a_sweep_through_ort_resumes(self):
        with tempfile.TemporaryDirectory() as d:
            report = os.path.join(d, "sweep.json")
            args = ["sweep", "--backend", "ort", "--filter", SWEEP_FILTER,
                    "--threads", "2", "--report", report]
            began = time.monotonic()
            r = run_cli(ONNXCTS, *args)
            whole_seconds = time.monotonic() - began
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            whole = validated_report(SOURCE, report)
            os.remove(report)
            p = start(args, uuid.uuid4().hex)
            wait_for_journal_records(report + ".journal", 8, p)
            p.kill()
            p.communicate()
            self.assertFalse(os.path.exists(report))
            began = time.monotonic()
            r = run_cli(ONNXCTS, *args, "--resume")
            resumed_seconds = time.monotonic() - began
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertRegex(r.stderr, r"resuming from .*: ([89]|1[0-5]) "
                             r"finished before")
            resumed = validated_report(SOURCE, report)
            self.assertEqual(without_times(resumed), without_times(whole))
            # That the resume ran only what the journal lacked is what its
            # message says above; how much sooner it ends than the whole
            # sweep depends on the machine's load, so it is shown, not
            # asserted.
            print(f"whole sweep {whole_seconds:.1f} s, resumed after half "
                  f"{resumed_seconds:.1f} s")

    def test_a_journal_of_other_arguments_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            report = os.path.join(d, "sweep.json")
            args = ["sweep", "--backend", "reference", "--filter",
                    SWEEP_FILTER, "--threads", "1", "--chunk", "4096",
                    "--report", report]
            r = run_cli(ONNXCTS, *args, "--max-seconds", "0.5")
            self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
            r = run_cli(ONNXCTS, *args, "--timeout", "30", "--resume")
            self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
            self.assertIn(report + ".journal", r.stderr)
            self.assertIn("--timeout", r.stderr)
            r = run_cli(ONNXCTS, *args, "--resume")
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    sys.argv[1:] = sys.argv[3:]
    unittest.main(verbosity=2)
