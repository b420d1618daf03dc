#!/usr/bin/python3
"""End-to-end tests of `onnxcts sweep --backend`: the real CLI, its report
and exit codes, and shards that merge into the unsharded sweep.

Usage: sweep_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import json
import os
import shutil
import sys
import tempfile
import unittest

from cli_common import run_cli, validated_report

ONNXCTS = ""
SOURCE = ""


def run(*args):
    return run_cli(ONNXCTS, *args)


def validate(path):
    return validated_report(SOURCE, path)


def defective():
    return "plugin:" + os.path.join(os.path.dirname(ONNXCTS), "..", "lib",
                                    "onnxcts_defective_plugin.so")


def flag_schemas():
    """The versions of the ops of one input whose attributes are all flags
    (Cast's `to`, a dtype, makes a case per target instead)."""
    tables = json.loads(run("schema", "--json").stdout)
    return [s for s in tables["schemas"] if s["max_inputs"] == 1
            and all(a["flag"] for a in s["attributes"])]


def flag_ops():
    return ",".join(sorted({s["op"].lower() for s in flag_schemas()}))


def sweep_cases(dtype):
    """The cases a sweep of `dtype` makes over the ops of flag_schemas()."""
    count = 0
    for schema in flag_schemas():
        input_type = schema["inputs"][0]["type"]
        allowed = next(c["allowed"] for c in schema["constraints"]
                       if c["name"] == input_type)
        if dtype in allowed:
            count += 2 ** sum(a["flag"] for a in schema["attributes"])
    return count


class VerifyTest(unittest.TestCase):
    """`onnxcts verify` checks the kernels; `sweep` only a backend."""

    def test_verify_checks_every_pattern_of_a_small_dtype(self):
        p = run("verify", "--dtypes", "int8", "--ops", "sign,isnan")
        self.assertEqual(p.returncode, 0, p.stderr)
        row = [line.split() for line in p.stdout.splitlines()
               if line.startswith("int8")]
        # 256 patterns, all of them, one zero, no mismatch.
        self.assertEqual(row[0][1:3], ["256", "all"])
        self.assertEqual(row[0][6], "0")

    def test_verify_sends_pair_ops_elsewhere(self):
        p = run("verify", "--ops", "add")
        self.assertEqual(p.returncode, 2)
        self.assertIn("reference_pairs_test", p.stderr)

    def test_sweep_needs_a_backend_and_names_verify(self):
        p = run("sweep", "--ops", "sign")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--backend is required", p.stderr)
        help_text = run("sweep", "--help").stdout
        self.assertIn("onnxcts verify", help_text)
        self.assertNotIn("with --backend", help_text)


class SweepTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def sweep(self, name, *args):
        path = os.path.join(self.tmp, name + ".json")
        p = run("sweep", "--report", path, *args)
        return p, path

    def test_reference_passes_and_writes_a_valid_report(self):
        p, path = self.sweep("ref", "--backend", "reference",
                             "--dtypes", "float16,uint8", "--ops", flag_ops())
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        report = validate(path)
        statuses = {r["status"] for r in report["results"]}
        self.assertEqual(statuses, {"pass"})
        # One case per op version that allows the dtype and per combination
        # of its flags (IsInf's four), as the schema table has them.
        self.assertEqual(len(report["results"]),
                         sweep_cases("float16") + sweep_cases("uint8"))
        self.assertGreaterEqual(sweep_cases("float16"), 4 + 3 + 2)
        for r in report["results"]:
            self.assertEqual(r["comparisons"][0]["elements"],
                             65536 if r["dtype"] == "float16" else 256)

    def test_reference_passes_every_cast_of_a_dtype(self):
        p, path = self.sweep("cast", "--backend", "reference",
                             "--dtypes", "uint8", "--ops", "cast")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        report = validate(path)
        self.assertEqual({r["status"] for r in report["results"]}, {"pass"})
        # At least one case per target of Cast-25, every pattern of each.
        targets = {r["case_id"].split(".to_")[1].split(".")[0]
                   for r in report["results"] if ".v25." in r["case_id"]}
        cast25 = next(s for s in json.loads(run("schema", "--json").stdout)
                      ["schemas"] if s["op"] == "Cast"
                      and s["since_version"] == 25)
        self.assertEqual(targets, set(cast25["constraints"][1]["allowed"]))
        for r in report["results"]:
            self.assertEqual(r["comparisons"][0]["elements"], 256)

    def test_defective_plugin_fails_with_its_mismatches_by_class(self):
        p, path = self.sweep("bad", "--backend", defective(),
                             "--dtypes", "float8e4m3fn", "--ops", "isinf")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        report = validate(path)
        failed = {r["case_id"]: r for r in report["results"]
                  if r["status"] == "fail"}
        # The two NaNs (0x7f, 0xff) taken for infinities, where a detect_*
        # attribute does not hide them.
        case = failed["sweep.isinf.v20.float8e4m3fn"]
        comparison = case["comparisons"][0]
        self.assertEqual(comparison["mismatches"], 2)
        inputs = sorted(e["input"] for c in comparison["by_class"].values()
                        for e in c["examples"])
        self.assertEqual(inputs, ["0x7f", "0xff"])
        self.assertIn("onnxcts sweep --backend", case["reproduce"])
        self.assertIn("sweep.isinf.v20.float8e4m3fn", p.stdout)

    def test_shards_merge_into_the_unsharded_sweep(self):
        # Ops of one input and of two (every pair of an 8-bit dtype); the
        # 2^32 pairs of a float16 op would take minutes.
        args = ("--backend", defective(), "--dtypes", "float16,int8,uint8",
                "--ops", "isinf,isnan,sign,neg,bitwiseand,bitshift")
        _, whole = self.sweep("whole", *args)
        shards = [self.sweep("s%d" % i, *args, "--shard", "%d/3" % i)[1]
                  for i in range(3)]
        merged = os.path.join(self.tmp, "merged.json")
        p = run("report", "merge", *shards, "-o", merged)
        self.assertEqual(p.returncode, 0, p.stderr)
        key = lambda r: (r["case_id"], r["data_set"], r["status"],
                         json.dumps(r.get("comparisons"), sort_keys=True))
        self.assertEqual(sorted(map(key, validate(merged)["results"])),
                         sorted(map(key, validate(whole)["results"])))
        self.assertEqual(validate(merged)["summary"],
                         validate(whole)["summary"])

    def test_the_sweep_cannot_happen_without_a_computing_backend(self):
        for backend in ("outputs:" + self.tmp, "nonsense:x"):
            p, path = self.sweep("x", "--backend", backend)
            self.assertEqual(p.returncode, 2, backend + p.stdout + p.stderr)
            self.assertFalse(os.path.exists(path))
        p, _ = self.sweep("x", "--backend", "reference", "--filter", "(")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--filter", p.stderr)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
