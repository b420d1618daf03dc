#!/usr/bin/python3
"""`onnxcts --version`: the project's version, the commit the binary was
built from (as git sees the checkout now), the compiler, and the Highway
targets of the kernels with the one this CPU runs.

Usage: version_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import re
import subprocess
import sys
import unittest

from cli_common import run_cli

ONNXCTS = ""
SOURCE = ""


def project_version():
    with open(SOURCE + "/CMakeLists.txt") as f:
        return re.search(r"project\(onnxcts VERSION (\S+)", f.read()).group(1)


def git_head():
    """HEAD of the source checkout, or None outside one."""
    p = subprocess.run(["git", "-C", SOURCE, "rev-parse", "--verify", "HEAD"],
                       capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


class VersionTest(unittest.TestCase):
    def setUp(self):
        self.p = run_cli(ONNXCTS, "--version")
        self.lines = self.p.stdout.splitlines()
        self.fields = dict(line.split(": ", 1) for line in self.lines[1:])

    def test_exits_zero_with_the_version_first(self):
        self.assertEqual(self.p.returncode, 0, self.p.stderr)
        self.assertEqual(self.lines[0], "onnxcts " + project_version())
        self.assertEqual(list(self.fields), [
            "commit", "compiler", "simd targets", "simd target on this cpu"])

    def test_the_commit_is_the_checkouts(self):
        commit = self.fields["commit"]
        self.assertRegex(commit, r"^([0-9a-f]{40}(-dirty)?|unknown)$")
        head = git_head()
        if head is not None:
            self.assertEqual(commit.removesuffix("-dirty"), head,
                             "a binary older than the checkout: rebuild")

    def test_compiler_and_simd_targets(self):
        self.assertRegex(self.fields["compiler"], r"^(gcc|clang) \d")
        targets = self.fields["simd targets"].split()
        self.assertTrue(targets)
        # Every build has the portable fallback; dispatch picks a listed one.
        self.assertTrue({"EMU128", "SCALAR"} & set(targets), targets)
        self.assertIn(self.fields["simd target on this cpu"], targets)

    def test_a_subcommand_is_still_required_without_it(self):
        p = run_cli(ONNXCTS)
        self.assertEqual(p.returncode, 2)
        self.assertIn("subcommand", p.stderr.lower() + p.stdout.lower())


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
