#!/usr/bin/python3
"""End-to-end tests of `onnxcts run`: the real CLI on real suites.

Usage: cli_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import onnx
from onnx import helper, numpy_helper

from cli_common import validated_report

ONNXCTS = ""
SOURCE = ""
NODE = "/usr/share/libonnx-testdata/data/node"


def run(*args, **kwargs):
    return subprocess.run([ONNXCTS, *args], capture_output=True, text=True,
                          timeout=600, **kwargs)


def validate(report_path):
    return validated_report(SOURCE, report_path)


class RunTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_reference_passes_onnx_node_cases_with_a_valid_report(self):
        report_path = os.path.join(self.tmp, "r.json")
        p = run("run", "--suite", NODE, "--backend", "reference",
                "--report", report_path)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        report = validate(report_path)
        # The ONNX cases of the ops the schema table has, by their node's
        # op (names mislead: test_greater_equal is GreaterOrEqual's).
        schemas = json.loads(run("schema", "--json").stdout)["schemas"]
        ops = {s["op"] for s in schemas}
        # ONNX 1.12's bfloat16 Cast data, whose .pb files say uint16 where
        # the model says bfloat16, is the suite's own fault, and string
        # tensors are onnxcts's own gap: neither is the backend's.
        beyond = ("invalid_test_data", "onnxcts_unsupported")
        ours = [r for r in report["results"]
                if r.get("op") in ops and r["status"] not in beyond]
        self.assertGreaterEqual(len(ours), 14)
        for r in ours:
            self.assertEqual(r["status"], "pass", r)
        # Graphs of the table's ops (ONNX's "_expanded" function bodies, a
        # lone Constant) the reference runs node by node, and passes.
        graphs = {r["case_id"] for r in report["results"]
                  if r not in ours and r["status"] == "pass"}
        for case in ("onnx.node.test_constant",
                     "onnx.node.test_less_equal_bcast_expanded",
                     "onnx.node.test_greater_equal_expanded"):
            self.assertIn(case, graphs)
        # Everything else is not_supported, but for those two.
        for r in report["results"]:
            if r in ours or r["case_id"] in graphs:
                continue
            if r["status"] == "invalid_test_data":
                self.assertIn("bfloat16", r["case_id"])
                self.assertIn("contradicts the model", r["message"])
            else:
                # String tensors are onnxcts's own gap, not the backend's.
                self.assertIn(r["status"],
                              ("not_supported", "onnxcts_unsupported"),
                              r["case_id"])

    def test_bad_arguments_and_unreadable_suites_exit_2(self):
        self.assertEqual(run("run", "--suite", NODE).returncode, 2)
        self.assertEqual(run("run", "--suite", "/nonexistent",
                             "--backend", "reference").returncode, 2)
        self.assertEqual(run("run", "--suite", NODE,
                             "--backend", "nosuch").returncode, 2)
        self.assertEqual(run("run", "--suite", NODE, "--backend", "reference",
                             "--shard", "2/2").returncode, 2)
        self.assertEqual(run("run", "--suite", NODE, "--backend", "reference",
                             "--filter", "(").returncode, 2)
        # A tolerance file named but missing, or nested too deep to be one.
        p = run("run", "--suite", NODE, "--backend", "reference",
                "--tolerances", "/nonexistent/tolerances.json")
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("/nonexistent/tolerances.json", p.stderr)
        deep = os.path.join(self.tmp, "deep.json")
        with open(deep, "w") as f:
            f.write("[" * 100000 + "]" * 100000)
        p = run("run", "--suite", NODE, "--backend", "reference",
                "--tolerances", deep)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("nested deeper than 16 levels", p.stderr)

    def test_a_run_that_cannot_happen_writes_no_report(self):
        report_path = os.path.join(self.tmp, "r.json")
        run("run", "--suite", "/nonexistent", "--backend", "reference",
            "--report", report_path)
        self.assertFalse(os.path.exists(report_path))

    def test_malformed_suite_completes_and_opens_nothing_outside(self):
        if shutil.which("strace") is None:
            self.skipTest("strace is not installed")
        suite = os.path.join(SOURCE, "corpora", "malformed")
        report_path = os.path.join(self.tmp, "r.json")
        trace = os.path.join(self.tmp, "trace")
        # LeakSanitizer cannot run under ptrace; the other checks can.
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        p = subprocess.run(
            ["strace", "-f", "-qq", "-e", "trace=open,openat,openat2",
             "-o", trace, ONNXCTS, "run", "--suite", suite, "--backend",
             "reference", "--report", report_path],
            capture_output=True, text=True, timeout=600, env=env)
        # Every case is broken, so nothing was checked: exit 2, and still
        # the whole report.
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("no case was checked", p.stderr)
        report = validate(report_path)
        self.assertGreaterEqual(len(report["results"]), 12)
        for r in report["results"]:
            self.assertNotEqual(r["status"], "pass", r["case_id"])
        outside = []
        with open(trace) as f:
            for line in f:
                m = re.search(r'open(?:at2?)?\((?:AT_FDCWD, )?"([^"]+)"', line)
                if not m:
                    continue
                path = m.group(1)
                if "passwd" in path or "shadow" in path:
                    outside.append(path)
        self.assertEqual(outside, [])


class ReportViewsTest(unittest.TestCase):
    """diff and merge on real reports of real runs."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.suite = os.path.join(cls.tmp, "suite")
        p = run("generate", "--out", cls.suite, "--ops", "isinf,sign",
                "--no-large")
        assert p.returncode == 0, p.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def report(self, name, *extra, backend="reference"):
        path = os.path.join(self.tmp, name + ".json")
        run("run", "--suite", os.path.join(self.suite, "conformance"),
            "--suite", os.path.join(self.suite, "must_reject"),
            "--backend", backend, "--report", path, *extra)
        return path

    def test_shards_merge_into_the_unsharded_verdicts(self):
        whole = validate(self.report("whole"))
        shards = [self.report("shard%d" % i, "--shard", "%d/2" % i)
                  for i in range(2)]
        for s in shards:
            validate(s)
        merged_path = os.path.join(self.tmp, "merged.json")
        p = run("report", "merge", *shards, "-o", merged_path)
        self.assertEqual(p.returncode, 0, p.stderr)
        merged = validate(merged_path)
        self.assertEqual(merged["summary"], whole["summary"])
        key = lambda r: (r["case_id"], r["data_set"], r["status"])
        self.assertEqual(sorted(map(key, merged["results"])),
                         sorted(map(key, whole["results"])))
        self.assertTrue(all(validate(s)["results"] for s in shards))

    def test_diff_finds_the_regressions_of_a_defective_backend(self):
        plugin = os.path.join(os.path.dirname(ONNXCTS), "..", "lib",
                              "onnxcts_defective_plugin.so")
        good = self.report("good")
        bad = self.report("bad", backend="plugin:" + plugin)
        p = run("report", "diff", good, bad)
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        # The plugin aborts on empty tensors: a crash where the reference passed.
        self.assertIn("shape_empty [data set 0]: pass -> crash", p.stdout)
        self.assertEqual(run("report", "diff", good, good).returncode, 0)


def without_times(report):
    """The report less what differs between two runs of the same work: the
    clock and the command line (which names the report file and --threads)."""
    report = dict(report)
    for key in ("started", "ended", "command_line"):
        del report[key]
    report["results"] = [{k: v for k, v in r.items() if k != "seconds"}
                         for r in report["results"]]
    return report


def write_hang_suite(root):
    """Three Sign float16 cases; the defective plugin hangs on the one whose
    input begins 0xDEAD, 0xBEEF and answers the others."""
    sign = {0x0000: 0x0000, 0x3C00: 0x3C00, 0x4000: 0x3C00, 0xDEAD: 0xBC00,
            0xBEEF: 0xBC00, 0xC000: 0xBC00}
    cases = {"a_before": [0x3C00, 0x0000, 0xC000, 0x4000],
             "b_hang": [0xDEAD, 0xBEEF, 0x3C00, 0x0000],
             "c_after": [0xC000, 0x4000, 0x0000, 0x3C00]}
    for name, bits in cases.items():
        data = os.path.join(root, name, "test_data_set_0")
        os.makedirs(data)
        graph = helper.make_graph(
            [helper.make_node("Sign", ["x"], ["y"])], name,
            [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT16, [4])],
            [helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT16, [4])])
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", 13)])
        onnx.save(model, os.path.join(root, name, "model.onnx"))
        expected = [sign[b] for b in bits]
        for file, name, values in (("input_0", "x", bits),
                                   ("output_0", "y", expected)):
            array = np.array(values, dtype=np.uint16).view(np.float16)
            tensor = numpy_helper.from_array(array, name)
            with open(os.path.join(data, file + ".pb"), "wb") as f:
                f.write(tensor.SerializeToString())


class SchemaTest(unittest.TestCase):
    """`onnxcts schema --json`: the tables the Python and JavaScript code
    reads, as the operator specs give them."""

    def test_json_holds_the_dtype_and_schema_tables(self):
        p = run("schema", "--json")
        self.assertEqual(p.returncode, 0, p.stderr)
        tables = json.loads(p.stdout)
        dtypes = {d["name"]: d for d in tables["dtypes"]}
        # onnx.proto's numeric codes 1-26 but STRING (8) and the complexes.
        self.assertEqual(sorted(d["code"] for d in dtypes.values()),
                         [c for c in range(1, 27) if c not in (8, 14, 15)])
        self.assertEqual(dtypes["bfloat16"]["code"], 16)
        self.assertEqual({n: (dtypes[n]["code"], dtypes[n]["bits"]) for n in
                          ("uint4", "int4", "float4e2m1", "float8e8m0", "uint2", "int2")},
                         {"uint4": (21, 4), "int4": (22, 4), "float4e2m1": (23, 4),
                          "float8e8m0": (24, 8), "uint2": (25, 2), "int2": (26, 2)})
        self.assertEqual(dtypes["float4e2m1"]["format"],
                         {"exponent_bits": 2, "mantissa_bits": 1, "bias": 1,
                          "specials": "no_nan"})
        self.assertEqual(dtypes["float8e8m0"]["format"],
                         {"exponent_bits": 8, "mantissa_bits": 0, "bias": 127,
                          "specials": "exponent_only"})
        self.assertEqual(dtypes["float8e4m3fnuz"]["format"],
                         {"exponent_bits": 4, "mantissa_bits": 3, "bias": 8,
                          "specials": "fnuz"})
        self.assertNotIn("format", dtypes["int8"])
        schemas = {(s["op"], s["since_version"]): s
                   for s in tables["schemas"]}
        self.assertLessEqual({("IsInf", 10), ("IsInf", 20), ("IsNaN", 9),
                              ("Sign", 13), ("Abs", 6), ("Neg", 13)},
                             set(schemas))
        neg = schemas[("Neg", 13)]["constraints"][0]["allowed"]
        self.assertIn("bfloat16", neg)
        self.assertNotIn("uint8", neg)
        self.assertNotIn("bfloat16",
                         schemas[("Abs", 6)]["constraints"][0]["allowed"])
        flags = {a["name"]: a for a in schemas[("IsInf", 20)]["attributes"]}
        self.assertEqual(flags["detect_positive"],
                         {"name": "detect_positive", "type": "INT",
                          "required": False, "flag": True, "default": 1})
        variants = {v["name"]: v for v in tables["variants"]}
        self.assertEqual(variants["isinf_neg"]["attributes"],
                         {"detect_negative": 1, "detect_positive": 0})
        self.assertEqual(variants["abs"]["output"], "input")
        self.assertEqual(variants["isnan"]["output"], "bool")

    def test_the_table_has_a_line_per_op_version(self):
        listed = json.loads(run("schema", "--json").stdout)["schemas"]
        p = run("schema")
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.splitlines()
        self.assertEqual(len(lines), len(listed))
        self.assertIn("IsInf-20: detect_negative=1 detect_positive=1 "
                      "bfloat16, double", p.stdout)


class ThreadsTest(unittest.TestCase):
    """`run --threads 3` gives the report of `--threads 1`, with each thread
    driving its own backend, crashes and hangs included."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.suite = os.path.join(cls.tmp, "suite")
        # Ops of one, two and three inputs, of bit tests, arithmetic,
        # selection and optional inputs: enough to make threads meet every
        # status, and a tenth of the whole suite, which this test runs four
        # times (under ASan too, in scripts/sanitize).
        p = run("generate", "--out", cls.suite, "--no-large",
                "--ops", "isinf,isnan,sign,add,where,clip")
        assert p.returncode == 0, p.stderr
        cls.plugin = os.path.join(os.path.dirname(ONNXCTS), "..", "lib",
                                  "onnxcts_defective_plugin.so")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def reports(self, suites, backend, *extra):
        """The reports of the same run on 1 and on 3 threads."""
        out = []
        for threads in ("1", "3"):
            path = os.path.join(self.tmp, "r%s.json" % threads)
            args = ["run", "--backend", backend, "--report", path, *extra]
            for suite in suites:
                args += ["--suite", suite]
            p = run(*args, "--threads", threads)
            self.assertIn(p.returncode, (0, 1), p.stdout + p.stderr)
            out.append((validate(path), p.stdout))
        return out

    def assert_same(self, suites, backend, *extra):
        (one, one_out), (three, three_out) = self.reports(suites, backend,
                                                          *extra)
        self.assertEqual(one["command_line"][-2:], ["--threads", "1"])
        self.assertEqual(three["command_line"][-2:], ["--threads", "3"])
        self.assertEqual(without_times(three), without_times(one))
        self.assertEqual(three_out, one_out)  # the printed summary
        return one

    def generated_and_malformed(self):
        return [os.path.join(self.suite, "conformance"),
                os.path.join(self.suite, "must_reject"),
                os.path.join(SOURCE, "corpora", "malformed")]

    def test_reference_reports_match_on_one_and_three_threads(self):
        report = self.assert_same(self.generated_and_malformed(), "reference")
        statuses = {r["status"] for r in report["results"]}
        self.assertIn("pass", statuses)
        self.assertIn("rejected", statuses)
        self.assertIn("invalid_test_data", statuses)
        ids = [r["case_id"] for r in report["results"]]
        self.assertEqual(ids, sorted(ids))

    def test_plugin_reports_match_and_keep_each_crash_per_case(self):
        report = self.assert_same(self.generated_and_malformed(),
                                  "plugin:" + self.plugin)
        crashed = {r["case_id"] for r in report["results"]
                   if r["status"] == "crash"}
        # The plugin aborts on empty tensors, and only there: each costs
        # its own case, and the restarted host answers the next one.
        self.assertTrue(crashed)
        for case_id in crashed:
            self.assertRegex(case_id, r"\.shape_(empty|zero_inside)$")
        self.assertIn("fail", {r["status"] for r in report["results"]})

    def test_plugin_hang_times_out_its_case_alone(self):
        hang = os.path.join(self.tmp, "hang")
        write_hang_suite(hang)
        # The timeout must outlast the two other cases under any load: it
        # costs its seconds once per run, as the hang waits them out.
        report = self.assert_same([hang], "plugin:" + self.plugin,
                                  "--timeout", "5")
        statuses = {r["case_id"].rsplit(".", 1)[1]: r["status"]
                    for r in report["results"]}
        self.assertEqual(statuses, {"a_before": "pass", "b_hang": "timeout",
                                    "c_after": "pass"})


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
