#!/usr/bin/python3
"""The README's "Validate your runtime" section, run as a reader would: its
```sh blocks, line by line, in one bash, in a scratch folder outside the
tree (HOME is the scratch folder too), with the example worker the section
names as the runtime. So the section cannot rot: a command that stops
working, or whose output no longer looks like the ```text block shown
after it, fails here.

What the test changes, each asserted to be there: `export ONNXCTS=` is this
source tree; the `scripts/setup` line is left out (CTest's build is the
one to use: `$ONNXCTS/build/` becomes its build folder); the suite is
generated for IsNaN, IsInf and Sign only, to keep it to seconds.

Usage: readme_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_common import validated_report

ONNXCTS = ""
SOURCE = ""
SECTION = "## Validate your runtime"
GENERATE = "onnxcts generate --out suite"
OPS = " --ops isnan,isinf,sign --no-large"
# The clone's path in the section's sample output.
SAMPLE_CLONE = "/root/onnxcts"


def section(readme):
    start = readme.index(SECTION + "\n")
    end = readme.find("\n## ", start + len(SECTION))
    return readme[start:end if end >= 0 else len(readme)]


def blocks(text, language):
    """The ```language blocks of `text`, in order, each a list of lines."""
    return [b.splitlines() for b in
            re.findall(r"^```" + language + r"\n(.*?)^```$", text, re.M | re.S)]


def pattern(line, build):
    """A regex for a line of sample output: the sample clone is this tree,
    every number any number."""
    line = line.replace(SAMPLE_CLONE + "/build/", build + "/")
    line = line.replace(SAMPLE_CLONE, SOURCE)
    return re.sub(r"\d+", r"\\d+", re.escape(line))


class ReadmeTest(unittest.TestCase):
    def setUp(self):
        with open(os.path.join(SOURCE, "README.md")) as f:
            self.section = section(f.read())
        self.build = os.path.dirname(os.path.dirname(os.path.abspath(ONNXCTS)))
        self.scratch = os.path.realpath(
            tempfile.mkdtemp(prefix="onnxcts-readme-"))
        self.addCleanup(shutil.rmtree, self.scratch)
        self.assertFalse(self.scratch.startswith(os.path.realpath(SOURCE) + "/"))

    def commands(self):
        """The section's command lines, with the test's changes made."""
        lines = [line for b in blocks(self.section, "sh") for line in b
                 if line.strip() and not line.lstrip().startswith("#")]
        out, changed = [], set()
        for line in lines:
            if line.startswith("export ONNXCTS="):
                line = f"export ONNXCTS={shlex.quote(SOURCE)}"
                changed.add("clone")
            elif "scripts/setup" in line:
                changed.add("setup")
                continue
            elif line.strip() == GENERATE:
                line += OPS
                changed.add("ops")
            out.append(line.replace("$ONNXCTS/build/", self.build + "/"))
        self.assertEqual(changed, {"clone", "setup", "ops"},
                         "the section's setup or generate line changed: "
                         "update this test")
        return out

    def test_the_section_runs_as_written(self):
        commands = self.commands()
        venv = os.path.join(self.build, "venv", "bin", "python")
        self.assertTrue(os.access(venv, os.X_OK), "run scripts/setup: the "
                        "section's worker uses build/venv/bin/python")
        rc_file = os.path.join(self.scratch, ".rc")
        script = "".join(f"{c}\nprintf '%s\\n' $? >> {shlex.quote(rc_file)}\n"
                         for c in commands)
        env = {k: v for k, v in os.environ.items()
               if k not in ("ONNXCTS", "ONNXCTS_PYTHON", "OLDPWD")}
        env["HOME"] = self.scratch
        p = subprocess.run(["bash", "--norc", "--noprofile"], input=script,
                           cwd=self.scratch, env=env, capture_output=True,
                           text=True, timeout=300)
        with open(rc_file) as f:
            codes = [int(x) for x in f.read().split()]
        self.assertEqual(len(codes), len(commands), p.stderr)
        for command, code in zip(commands, codes):
            # A run or a diff that finds something exits 1; 2 is a run
            # that could not happen.
            finds = re.search(r"onnxcts (run|report diff) ", command)
            self.assertIn(code, (0, 1) if finds else (0,),
                          f"{command}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}")
        # The last diff compares a report with its own copy.
        self.assertIn("report diff", commands[-1])
        self.assertEqual(codes[-1], 0)

        # Every line of the sample outputs ("..." aside) has its like.
        for block in blocks(self.section, "text"):
            for line in block:
                if line.strip() in ("", "..."):
                    continue
                self.assertRegex(p.stdout,
                                 f"(?m)^{pattern(line, self.build)}$",
                                 f"the section's sample output: {line!r}")

        # What the section says it makes, where it says.
        work = os.path.join(self.scratch, "myrt-conformance")
        for name in ("suite/conformance/suite.json",
                     "suite/must_reject/suite.json", "myrt.json", "myrt.html",
                     "myrt.md", "reference.json", "myrt-last-release.json"):
            self.assertTrue(os.path.isfile(os.path.join(work, name)), name)
        report = validated_report(SOURCE, os.path.join(work, "myrt.json"))
        self.assertEqual(report["backend"]["name"], "numpy-example")
        statuses = {r["status"] for r in report["results"]}
        self.assertTrue({"pass", "not_supported", "rejected"} <= statuses,
                        statuses)
        self.assertFalse(statuses & {"crash", "timeout", "protocol_error",
                                     "invalid_output"}, statuses)
        self.assertEqual(validated_report(
            SOURCE, os.path.join(work, "reference.json"))["backend"]["spec"],
            "reference")


if __name__ == "__main__":
    ONNXCTS, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    unittest.main(argv=sys.argv[:1])
