#!/usr/bin/python3
"""A real backend end to end: the generated suite through it to a complete
report with no fault of the adapter's, and (with --sweep) every pattern of
every 8- and 16-bit dtype through it, against the published sweep of the
same pinned version made on a host of this host's class (host_class.py):
any case whose status changed fails. With no published sweep of this
host's class, a changed status is printed as a host-dependent finding
instead, and only missing cases and adapter faults fail.

Usage: real_backend_test.py ONNXCTS_BINARY SOURCE_DIR NAME SPEC [--sweep]
                            [--shard I/N] [--sweep-set FOLDER]
                            [--suite-dir DIR]

--suite-dir DIR reads the suite that `onnxcts generate --out DIR` wrote
(CTest's fixture real_backend.suite, shared by every backend's test)
instead of generating one.

--sweep-set FOLDER checks the sweeps published in
reports/published/sweeps/FOLDER (conversions: Cast and CastLike;
quantizers: QuantizeLinear and DequantizeLinear; whose sweeps through a
backend that compiles every model take long) instead, and runs no suite.
"""
import fnmatch
import json
import os
import shutil
import sys
import tempfile
import unittest

import host_class
from cli_common import run_cli, validated_report

ONNXCTS = SOURCE = NAME = SPEC = ""
SWEEP = False
SWEEP_SET = ""
# "--shard I/N": the suite's cases of one shard only (harness/test/
# CMakeLists.txt gives each backend its count): CI runs shard 0, whose
# adapter faults show as the whole suite's would; nightly runs the rest.
SHARD = ()
SUITE_DIR = ""
SMALL_DTYPES = ("float16,bfloat16,float8e4m3fn,float8e4m3fnuz,float8e5m2,"
                "float8e5m2fnuz,int8,uint8,int16,uint16")
# Statuses that would be the adapter's fault, never the backend's answer.
ADAPTER_FAULTS = {"crash", "protocol_error", "invalid_output", "timeout"}


def run(*args):
    return run_cli(ONNXCTS, *args, timeout=1500)


def validated(path):
    return validated_report(SOURCE, path)


def known_globs():
    """The case globs of reports/known-failures/<NAME>.txt: a backend's own
    wrong answers there (tract's output dtypes) are no adapter fault."""
    path = os.path.join(SOURCE, "reports", "known-failures", NAME + ".txt")
    if not os.path.exists(path):
        return ()
    with open(path) as f:
        return tuple(line.split("|")[0].strip() for line in f
                     if line.strip() and not line.startswith("#"))


def fatal_cases():
    """The id suffixes of the generated cases a backend may die on (Div's
    integer divisors 0 and -1, on which x86 traps: each case holds only
    those of one kind), from `onnxcts schema --json`: a crash there is the
    backend's answer, never the adapter's fault."""
    p = run("schema", "--json")
    assert p.returncode == 0, p.stderr
    return tuple("." + name for v in json.loads(p.stdout)["variants"]
                 for name in v.get("fatal_cases", ()))


class RealBackendTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.suite = SUITE_DIR or os.path.join(cls.tmp, "suite")
        if not SUITE_DIR and not SWEEP_SET:  # a sweep set runs no suite
            p = run("generate", "--out", cls.suite)
            assert p.returncode == 0, p.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def assert_no_adapter_fault(self, report, known=()):
        """No adapter fault, but for the cases `known` globs list (a sweep's
        "sweep.<op>..." ids matched as the suite's "onnxcts.<op>...")."""
        fatal = fatal_cases()
        faults = [(r["case_id"], r["status"], r["message"])
                  for r in report["results"] if r["status"] in ADAPTER_FAULTS
                  and not (r["status"] == "crash"
                           and r["case_id"].endswith(fatal))
                  and not any(fnmatch.fnmatchcase(
                      "onnxcts." + r["case_id"].split(".", 1)[1], g)
                      for g in known)]
        self.assertEqual(faults, [])

    @unittest.skipIf(SWEEP_SET or "--sweep-set" in sys.argv, "a sweep set")
    def test_generated_suite_runs_to_a_complete_report(self):
        path = os.path.join(self.tmp, "run.json")
        # The backend's own crashes, each with its reproducer, are listed as
        # scripts/conformance lists them; any other crash is the adapter's.
        known = os.path.join(SOURCE, "reports", "known-failures",
                             NAME + ".txt")
        known_args = ("--known-failures", known) if os.path.exists(known) else ()
        p = run("run", "--suite", os.path.join(self.suite, "conformance"),
                "--suite", os.path.join(self.suite, "must_reject"),
                "--backend", SPEC, "--report", path, *known_args, *SHARD)
        self.assertIn(p.returncode, (0, 1), p.stdout + p.stderr)
        report = validated(path)
        listed = run("run", "--suite", os.path.join(self.suite, "conformance"),
                     "--suite", os.path.join(self.suite, "must_reject"),
                     "--backend", "reference", "--report",
                     os.path.join(self.tmp, "reference.json"), *SHARD)
        self.assertEqual(listed.returncode, 0, listed.stdout)
        with open(os.path.join(self.tmp, "reference.json")) as f:
            every = {(r["case_id"], r["data_set"]) for r in json.load(f)["results"]}
        got = {(r["case_id"], r["data_set"]) for r in report["results"]}
        self.assertEqual(got, every)
        self.assert_no_adapter_fault(report)
        self.assertTrue(report["backend"]["version"])

    @unittest.skipUnless(SWEEP or "--sweep" in sys.argv, "no --sweep")
    def test_small_dtypes_sweep_as_published(self):
        published = host_class.published_sweeps(SOURCE, NAME, SWEEP_SET)
        self.assertTrue(published, f"no published sweep of {NAME}")
        # Every published sweep of the backend covers the same ops; an op
        # added since is swept once its sweep is published.
        ops = {",".join(sorted({r["op"] for r in report["results"]}))
               for _, report in published.values()}
        self.assertEqual(len(ops), 1, ops)
        path = os.path.join(self.tmp, "sweep.json")
        p = run("sweep", "--backend", SPEC, "--dtypes", SMALL_DTYPES,
                "--ops", ops.pop(), "--threads", "2", "--report", path)
        self.assertIn(p.returncode, (0, 1), p.stdout + p.stderr)
        report = validated(path)
        self.assert_no_adapter_fault(report, known_globs())
        mine = host_class.of_report(report)
        env = report["environment"]
        if "host_class" in env:  # the harness's rule and host_class.py's agree
            self.assertEqual(env["host_class"],
                             host_class.host_class(env["cpu_features"]))
        published_path, published_report, exact = host_class.pick(published, mine)
        want = {r["case_id"]: r["status"] for r in published_report["results"]}
        got = {r["case_id"]: r["status"] for r in report["results"]}
        failures, findings = host_class.compare(
            got, want, exact, mine, host_class.of_report(published_report),
            os.path.relpath(published_path, SOURCE))
        for line in findings:
            print(line)
        if findings:
            print(f"{len(findings)} host-dependent finding(s): no published "
                  f"sweep of {NAME} was made on a host of class {mine} "
                  f"(published: {', '.join(sorted(published))})")
        self.assertEqual(failures, [])


if __name__ == "__main__":
    ONNXCTS, SOURCE, NAME, SPEC = sys.argv[1:5]
    SWEEP = "--sweep" in sys.argv[5:]
    if "--sweep-set" in sys.argv[5:]:
        SWEEP_SET = sys.argv[sys.argv.index("--sweep-set") + 1]
    if "--shard" in sys.argv[5:]:
        SHARD = ("--shard", sys.argv[sys.argv.index("--shard") + 1])
    if "--suite-dir" in sys.argv[5:]:
        SUITE_DIR = sys.argv[sys.argv.index("--suite-dir") + 1]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
