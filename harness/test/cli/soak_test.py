#!/usr/bin/python3
"""The soak test: 10,000 tiny cases through a worker that crashes on 1% of
them, hangs on 0.5% and answers garbage on 0.5% (soak_worker.py), with
`onnxcts run --threads 2 --timeout 5`. The run must complete with each
case's planted status, leave no process, descriptor or temporary file
behind, and keep its resident size flat.

The harness is watched from outside while it runs, through /proc: its
resident size and open descriptors are sampled, and the worker's request
counter says how far the run has got. The resident size at 1,000 is the
first sample once 1,000 requests have reached the workers, and at 10,000
the last one before the 10,000th: after it the harness builds the report,
whose size grows with the results by design (the figures show that peak).
Descriptors are compared as the count most samples show over the 500
requests from 1,000 and over the last 500, as a sample may catch a restart
half done.

Usage: soak_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

from cli_common import validated_report
from soak_suite import case_id, case_name, write_suite
from soak_worker import planted

ONNXCTS = ""
SOURCE = ""

CASES = 10000
EARLY = 1000
# The requests a sample window spans (at 1,000, and before 10,000).
WINDOW = 500
# Each case's timeout: long enough that a case the worker answers at once
# is never a timeout however loaded the machine; each planted hang costs
# it once.
TIMEOUT_SECONDS = 5
# Generous: the run takes two or three minutes here, most of it in the
# hangs' timeouts.
RUN_LIMIT_SECONDS = 1500
SAMPLE_SECONDS = 0.02
MARKER = "ONNXCTS_SOAK_MARKER"
STATUS_OF_FAULT = {None: "pass", "crash": "crash", "hang": "timeout",
                   "garbage": "protocol_error"}

Sample = collections.namedtuple("Sample", "requests rss_kib fds")


def requests_so_far(log_dir):
    try:
        return os.stat(os.path.join(log_dir, "requests")).st_size
    except FileNotFoundError:
        return 0


def sample(pid, log_dir):
    """The harness's state now, or None once it is exiting. Descriptors are
    read before the status: the kernel drops a process's memory before its
    files, so a status that still shows a resident size vouches for them."""
    requests = requests_so_far(log_dir)
    try:
        fds = len(os.listdir("/proc/%d/fd" % pid))
        with open("/proc/%d/status" % pid) as f:
            status = f.read()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return Sample(requests, int(line.split()[1]), fds)
    return None


def marked_processes(token):
    """Pids of live processes whose environment carries the run's marker:
    the harness and everything it started, however deep."""
    needle = ("%s=%s" % (MARKER, token)).encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                environ = f.read().split(b"\0")
        except OSError:
            continue
        if needle in environ:
            found.append(int(name))
    return found


class Soak:
    """One run of the harness over the soak suite, watched as it goes."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.log_dir = os.path.join(tmp, "log")
        self.temp_dir = os.path.join(tmp, "tmpdir")
        self.report_path = os.path.join(tmp, "report.json")
        self.token = uuid.uuid4().hex
        os.makedirs(self.log_dir)
        os.makedirs(self.temp_dir)
        start = time.monotonic()
        self.suite = write_suite(tmp, CASES)
        self.generate_seconds = time.monotonic() - start
        self.samples = []
        self.early_processes = self.early_temp = None

    def command(self):
        worker = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "soak_worker.py")
        # -I -S: no site packages to import, the fastest start (a restart).
        backend = "command:/usr/bin/python3 -I -S %s %s" % (worker,
                                                           self.log_dir)
        return [ONNXCTS, "run", "--suite", self.suite, "--backend", backend,
                "--threads", "2", "--timeout", str(TIMEOUT_SECONDS),
                "--report", self.report_path]

    def run(self):
        env = dict(os.environ, TMPDIR=self.temp_dir)
        env[MARKER] = self.token
        start = time.monotonic()
        with open(os.path.join(self.tmp, "harness.out"), "w") as out:
            harness = subprocess.Popen(self.command(), stdout=out,
                                       stderr=subprocess.STDOUT, env=env)
            self.watch(harness, start)
        self.seconds = time.monotonic() - start
        self.returncode = harness.returncode
        self.left_processes = marked_processes(self.token)
        self.left_temp = os.listdir(self.temp_dir)

    def watch(self, harness, start):
        while harness.poll() is None:
            if time.monotonic() - start > RUN_LIMIT_SECONDS:
                self.stop(harness)
                return
            now = sample(harness.pid, self.log_dir)
            if now:
                self.samples.append(now)
            if now and now.requests >= EARLY and self.early_processes is None:
                self.early_processes = marked_processes(self.token)
                self.early_temp = os.listdir(self.temp_dir)
            time.sleep(SAMPLE_SECONDS)

    def stop(self, harness):
        """A run past its limit: the harness and its workers, by pid."""
        for pid in marked_processes(self.token):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        harness.wait()

    def window(self, first, end):
        """The samples taken while requests first to end - 1 were sent."""
        return [s for s in self.samples if first <= s.requests < end]

    def early(self):
        return self.window(EARLY, EARLY + WINDOW)

    def late(self):
        return self.window(CASES - WINDOW, CASES)

    def starts(self):
        with open(os.path.join(self.log_dir, "starts")) as f:
            return len(f.read().split())

    def output(self):
        with open(os.path.join(self.tmp, "harness.out")) as f:
            return f.read()


def steady_fds(samples):
    """The descriptor count most samples show."""
    counts = collections.Counter(s.fds for s in samples)
    return counts.most_common(1)[0][0] if counts else None


def mib(kib):
    return "%.1f" % (kib / 1024)


class SoakTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.soak = Soak(cls.tmp)
        cls.soak.run()
        cls.faults = collections.Counter(
            planted(case_name(i)) for i in range(CASES))
        del cls.faults[None]

    @classmethod
    def tearDownClass(cls):
        print(cls.figures(), file=sys.stderr)
        shutil.rmtree(cls.tmp)

    @classmethod
    def figures(cls):
        s = cls.soak
        early, late = s.early(), s.late()
        if not (early and late):
            return "soak: no figures, the run ended early"
        return ("soak: %d cases in %.1f s, %.0f cases/s (suite written in "
                "%.1f s); %d restarts for %d planted failures %s; RSS %s MiB "
                "at %d, %s MiB at %d (%+d KiB), %s MiB peak (the report); "
                "fds %s at %d, %s at %d, %d at exit; left: %d processes, %d "
                "temporary entries"
                % (CASES, s.seconds, CASES / s.seconds, s.generate_seconds,
                   s.starts() - 2, sum(cls.faults.values()),
                   dict(cls.faults), mib(early[0].rss_kib), EARLY,
                   mib(late[-1].rss_kib), CASES,
                   late[-1].rss_kib - early[0].rss_kib,
                   mib(max(x.rss_kib for x in s.samples)),
                   steady_fds(early), EARLY, steady_fds(late), CASES,
                   s.samples[-1].fds, len(s.left_processes),
                   len(s.left_temp)))

    def test_the_run_completes_and_finds_the_failures(self):
        self.assertEqual(self.soak.returncode, 1, self.soak.output())
        self.assertEqual(requests_so_far(self.soak.log_dir), CASES)

    def test_every_case_has_its_planted_status(self):
        report = validated_report(SOURCE, self.soak.report_path)
        got = {(r["case_id"], r["data_set"]): r["status"]
               for r in report["results"]}
        self.assertEqual(len(report["results"]), CASES)
        for i in range(CASES):
            fault = planted(case_name(i))
            self.assertEqual(got.get((case_id(i), 0)), STATUS_OF_FAULT[fault],
                             "%s, planted %s" % (case_id(i), fault))

    def test_each_failure_costs_one_restart(self):
        # Two workers to begin with; a failure on a thread's last case
        # needs no restart after it.
        planted_failures = sum(self.faults.values())
        restarts = self.soak.starts() - 2
        self.assertLessEqual(restarts, planted_failures)
        self.assertGreaterEqual(restarts, planted_failures - 2)

    def test_no_process_is_left(self):
        # Mid-run the marker finds the harness and its two workers (each
        # under its `sh -c`), so an empty list at the end is not a blind one.
        self.assertIsNotNone(self.soak.early_processes, "no 1,000 requests")
        self.assertGreaterEqual(len(self.soak.early_processes), 3)
        self.assertEqual(self.soak.left_processes, [])

    def test_no_temporary_file_is_left(self):
        self.assertTrue(self.soak.early_temp, "TMPDIR unused at 1,000")
        self.assertEqual(self.soak.left_temp, [])
        # The report's own temporary file sits beside it until the rename.
        beside = [name for name in os.listdir(self.tmp)
                  if name.startswith("report.json.")]
        self.assertEqual(beside, [])

    def test_descriptors_stay_flat(self):
        early, late = self.soak.early(), self.soak.late()
        self.assertTrue(early and late, self.soak.samples[-1:])
        self.assertLessEqual(abs(steady_fds(late) - steady_fds(early)), 2)

    def test_resident_size_stays_flat(self):
        early, late = self.soak.early(), self.soak.late()
        self.assertTrue(early and late, self.soak.samples[-1:])
        self.assertLessEqual(late[-1].rss_kib, early[0].rss_kib * 1.1,
                             (early[0], late[-1]))


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
