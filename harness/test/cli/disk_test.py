#!/usr/bin/python3
"""Running out of disk, end to end: `onnxcts run` that cannot write its
report and `onnxcts sweep` that cannot write its scratch files stop with
exit 2 and an error naming the file, and leave no report, no temporary file
and no scratch folder behind. The disk is made to fail by a file-size limit
(EFBIG), and, where a tmpfs can be mounted in a private namespace, by a
full one (ENOSPC).

Usage: disk_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_common import run_cli

ONNXCTS = ""
SOURCE = ""
# Small enough that a report or a float16 chunk cannot be written, large
# enough for a sweep's one-node model file.
LIMIT = 16 << 10


def capped(*args, env=None):
    """onnxcts ARGS with RLIMIT_FSIZE at LIMIT."""
    def lower():
        resource.setrlimit(resource.RLIMIT_FSIZE,
                           (LIMIT, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return subprocess.run([ONNXCTS, *args], capture_output=True, text=True,
                          timeout=600, preexec_fn=lower, env=env)


def protocol1_worker():
    # The example worker speaks protocol 2 only with fd 3 open; closed, it
    # reads and writes tensor files, the scratch files under test.
    script = os.path.join(SOURCE, "harness", "workers", "python",
                          "example_worker.py")
    return "command:/usr/bin/python3 '%s' 3<&-" % script


def in_tmpfs(disk, size, *args, scratch=False):
    """onnxcts ARGS in a private mount namespace with a tmpfs of SIZE at
    DISK (also TMPDIR when `scratch`): what it wrote to stderr, its exit
    code and what it left on DISK, as text; None where mounting is refused."""
    script = """
        disk=$1; shift
        mount -t tmpfs -o size=%s tmpfs "$disk" || exit 99
        %s "$@" 2>&1 >/dev/null
        echo "exit $?"; echo "left:" $(ls -A "$disk")
        """ % (size, 'TMPDIR="$disk"' if scratch else "")
    p = subprocess.run(["unshare", "-rm", "sh", "-c", script, "sh", disk,
                        ONNXCTS, *args], capture_output=True, text=True,
                       timeout=600)
    return None if p.returncode != 0 else p.stdout


class DiskTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.suite = os.path.join(self.tmp, "suite")
        p = run_cli(ONNXCTS, "generate", "--out", self.suite, "--ops", "isnan",
                    "--dtypes", "float16,float")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.out = os.path.join(self.tmp, "out")
        os.mkdir(self.out)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_args(self, report):
        return ("run", "--suite", self.suite, "--backend", "reference",
                "--report", report)

    def test_a_report_too_large_to_write_is_exit_2_naming_it_and_absent(self):
        whole = os.path.join(self.tmp, "whole.json")
        p = run_cli(ONNXCTS, *self.run_args(whole))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertGreater(os.path.getsize(whole), LIMIT)  # or nothing fails
        report = os.path.join(self.out, "r.json")
        p = capped(*self.run_args(report))
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("cannot write %s: File too large" % report, p.stderr)
        # No report, no r.json.tmp; the journal of every result stays, and
        # --resume with room writes the report without running a case.
        self.assertEqual(os.listdir(self.out), ["r.json.journal"])
        p = run_cli(ONNXCTS, *self.run_args(report), "--resume")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stderr, r"resuming from .*: [1-9][0-9]* finished")
        self.assertEqual(os.listdir(self.out), ["r.json"])

    def test_scratch_files_too_large_to_write_are_exit_2_naming_them(self):
        scratch = os.path.join(self.tmp, "scratch")
        os.mkdir(scratch)
        report = os.path.join(self.out, "s.json")
        p = capped("sweep", "--backend", protocol1_worker(), "--ops", "isnan",
                   "--dtypes", "float16", "--report", report,
                   env={**os.environ, "TMPDIR": scratch})
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertRegex(p.stderr, r"cannot write %s/onnxcts-sweep-\w+/"
                         r"input_0\.pb: File too large" % scratch)
        # Not a slice finished: no report, and no journal either.
        self.assertEqual(os.listdir(self.out), [])
        self.assertEqual(os.listdir(scratch), [])  # the scratch folder too

    def test_a_full_disk_under_the_report_is_exit_2_naming_it(self):
        disk = os.path.join(self.tmp, "disk")
        os.mkdir(disk)
        report = os.path.join(disk, "r.json")
        out = in_tmpfs(disk, "8k", *self.run_args(report))
        if out is None:
            self.skipTest("no tmpfs can be mounted here")
        self.assertIn("cannot write %s: No space left on device" % report, out)
        self.assertTrue(out.endswith("exit 2\nleft: r.json.journal\n"), out)

    def test_a_sweep_without_room_for_its_scratch_files_is_refused(self):
        disk = os.path.join(self.tmp, "disk")
        os.mkdir(disk)
        report = os.path.join(self.out, "s.json")
        out = in_tmpfs(disk, "64k", "sweep", "--backend", protocol1_worker(),
                       "--ops", "isnan", "--dtypes", "float16",
                       "--report", report, scratch=True)
        if out is None:
            self.skipTest("no tmpfs can be mounted here")
        self.assertIn("not enough space in %s for the sweep's scratch files"
                      % disk, out)
        self.assertTrue(out.endswith("exit 2\nleft:\n"), out)
        self.assertEqual(os.listdir(self.out), [])


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
