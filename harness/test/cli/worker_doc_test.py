#!/usr/bin/python3
"""docs/worker-protocol.md against the harness:

- every hello request the page shows is, as JSON, the line the harness
  sends (recorded by a worker, through `onnxcts run` and `onnxcts backends`);
- a line a worker prints before its hello answer is taken for the answer
  (the run exits 2 with the message the page shows), and one printed after
  it, before a request, is that request's protocol_error;
- the page's worker skeleton, filled in with the page's numpy IsNaN
  "runtime", gets the statuses the page says it gets, under the project's
  Python and under Debian's (numpy and onnx are all it needs); left as it
  is, it starts and answers not_supported.

Usage: worker_doc_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_common import run_cli, validated_report

ONNXCTS = ""
SOURCE = ""
PYTHONS = []  # interpreters the skeleton runs under
SUITE = ""    # IsNaN and Sign, generated once
# The dtypes of the skeleton's DTYPES: all but bfloat16 and the float8s.
NUMPY_DTYPES = ("float", "uint8", "int8", "uint16", "int16", "int32", "int64",
                "bool", "float16", "double", "uint32", "uint64")


def doc():
    with open(os.path.join(SOURCE, "docs", "worker-protocol.md")) as f:
        return f.read()


def doc_section(title):
    text = doc()
    start = text.index("\n## " + title + "\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)


def hello_examples():
    """Every hello request in the page, as JSON."""
    found = []
    for line in doc().splitlines():
        m = re.search(r"(\{\"method\":\"hello\".*?\})'?\s*(\|.*)?$", line)
        if m:
            found.append(m.group(1))
    return found


# After hello: every run refused, until shutdown.
REFUSE_RUNS = r"""
for line in sys.stdin:
    request = json.loads(line)
    if request["method"] == "shutdown":
        break
    answer = {"id": request["id"], "status": "not_supported"}
    print(json.dumps(answer), flush=True)
"""

# Records the first line it reads, answers hello, refuses every run.
RECORDER = r"""
import json, sys
first = sys.stdin.readline()
with open(sys.argv[1], "a") as f:
    f.write(first)
hello = {"protocol": 1, "name": "recorder", "version": "1"}
print(json.dumps(hello), flush=True)
""" + REFUSE_RUNS

# Prints a banner before (or, with "after", after) its hello answer; after
# it in the same write, so that it is there before the first request.
BANNER = r"""#!/usr/bin/python3
import json, sys
hello = json.dumps({"protocol": 1, "name": "banner", "version": "1"})
banner = "Loading my runtime..."
sys.stdin.readline()
lines = [hello, banner] if sys.argv[1:] == ["after"] else [banner, hello]
sys.stdout.write("\n".join(lines) + "\n")
sys.stdout.flush()
""" + REFUSE_RUNS


class WorkerDocTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="onnxcts-worker-doc-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def write(self, name, text, executable=False):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        if executable:
            os.chmod(path, 0o755)
        return path

    def run_suite(self, backend, *args, cwd=None):
        report = os.path.join(self.tmp, "report.json")
        p = subprocess.run(
            [ONNXCTS, "run", "--suite", SUITE + "/conformance", "--suite",
             SUITE + "/must_reject", "--backend", backend, "--report", report,
             "--threads", "1", *args],
            capture_output=True, text=True, timeout=300, cwd=cwd)
        return p, report

    def test_hello_examples_are_what_the_harness_sends(self):
        examples = hello_examples()
        self.assertGreaterEqual(len(examples), 4, examples)
        recorded = os.path.join(self.tmp, "first_lines")
        worker = self.write("recorder.py", RECORDER)
        backend = f"command:/usr/bin/python3 {worker} {recorded}"
        p, _ = self.run_suite(backend, "--filter",
                              r"^onnxcts\.isnan\.v9\.float$", "--allow-empty")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(run_cli(ONNXCTS, "backends", backend).returncode, 0)
        with open(recorded) as f:
            sent = f.read().splitlines()
        self.assertEqual(len(sent), 2)
        for line in sent:
            for example in examples:
                self.assertEqual(json.loads(example), json.loads(line), example)

    def test_a_line_before_the_hello_answer_is_taken_for_it(self):
        self.write("my_worker", BANNER, executable=True)
        p, _ = self.run_suite("command:./my_worker", cwd=self.tmp)
        self.assertEqual(p.returncode, 2, p.stderr)
        shown = re.search(r"^    (onnxcts: worker .* did not start: .*)$",
                          doc_section("hello"), re.M).group(1)
        self.assertEqual(p.stderr.splitlines()[0], shown)

    def test_a_line_after_the_hello_answer_is_a_protocol_error(self):
        worker = self.write("my_worker", BANNER, executable=True)
        p, report = self.run_suite(f"command:{worker} after", "--filter",
                                   r"^onnxcts\.isnan\.v9\.(float|double)$")
        self.assertEqual(p.returncode, 1, p.stderr)
        results = validated_report(SOURCE, report)["results"]
        self.assertEqual([r["status"] for r in results],
                         ["protocol_error", "protocol_error"])
        # The stray line is what the first request is charged with.
        self.assertIn("Loading my runtime", results[0]["message"])

    def skeleton(self, filled):
        """The page's skeleton, with load() and run() as the page fills
        them in when `filled`."""
        blocks = python_blocks(doc_section("A worker skeleton"))
        self.assertEqual(len(blocks), 2,
                         "the skeleton, then the filled-in example")
        skeleton, example = blocks
        self.assertLess(len(skeleton.splitlines()), 80, "about forty lines")
        if filled:
            main = "answers, sys.stdout = sys.stdout, sys.stderr"
            self.assertIn(main, skeleton)
            # Defined again before the loop starts: what filling in does.
            skeleton = skeleton.replace(main, example + "\n\n" + main)
        return self.write("my_worker.py", skeleton)

    def test_the_skeleton_starts_as_it_is(self):
        worker = self.skeleton(filled=False)
        p = run_cli(ONNXCTS, "backends", f"command:{PYTHONS[0]} {worker}")
        self.assertEqual(p.returncode, 0, p.stdout)
        self.assertRegex(p.stdout, r"ready +my-runtime 0\.1\.0 ")
        p, report = self.run_suite(f"command:{PYTHONS[0]} {worker}", "--filter",
                                   r"^onnxcts\.isnan\.v9\.float$", "--allow-empty")
        self.assertIn(p.returncode, (0, 1), p.stderr)
        (result,) = validated_report(SOURCE, report)["results"]
        self.assertEqual((result["status"], result["message"]),
                         ("not_supported", "load() is not filled in"))

    def test_the_filled_in_skeleton_gets_the_statuses_the_page_says(self):
        worker = self.skeleton(filled=True)
        for python in PYTHONS:
            with self.subTest(python=python):
                p, report = self.run_suite(f"command:{python} {worker}")
                self.assertIn(p.returncode, (0, 1), p.stderr)
                self.check_statuses(validated_report(SOURCE, report)["results"])

    def check_statuses(self, results):
        self.assertTrue(results)
        for r in results:
            case = r["case_id"]
            if case.startswith("onnxcts.isnan."):
                want = "pass" if r["dtype"] in NUMPY_DTYPES else "not_supported"
            elif case.startswith("onnxcts.reject.isnan."):
                # It runs what IsNaN's spec does not allow, but for the
                # dtypes it cannot carry.
                dtype = case.split(".")[4]  # onnxcts.reject.isnan.v13.DTYPE...
                want = "fail" if dtype in NUMPY_DTYPES else "rejected"
            elif case.startswith("onnxcts.reject."):
                want = "rejected"
            else:
                want = "not_supported"  # Sign
            self.assertEqual(r["status"], want, f"{case}: {r['message']}")
        ids = {r["case_id"] for r in results}
        for case in ("onnxcts.isnan.v20.float16.initializer",
                     "onnxcts.isnan.v20.float16.shape_rank0",
                     "onnxcts.reject.isnan.v13.int32",
                     "onnxcts.reject.isnan.v9.float.unknown_attribute"):
            self.assertIn(case, ids)


def setUpModule():
    global SUITE
    SUITE = tempfile.mkdtemp(prefix="onnxcts-worker-doc-suite-")
    p = run_cli(ONNXCTS, "generate", "--out", SUITE, "--ops", "isnan,sign",
                "--no-large")
    assert p.returncode == 0, p.stderr


def tearDownModule():
    shutil.rmtree(SUITE)


if __name__ == "__main__":
    ONNXCTS, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    build = os.path.dirname(os.path.dirname(ONNXCTS))
    venv = os.path.join(build, "venv", "bin", "python")
    PYTHONS = [venv, "/usr/bin/python3"] if os.access(venv, os.X_OK) \
        else ["/usr/bin/python3"]
    unittest.main(argv=sys.argv[:1])
