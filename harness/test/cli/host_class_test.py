#!/usr/bin/python3
"""host_class.py: the host class rule (the same as HostClass() in
harness/src/report/environment.cc), the published sweeps by host class,
and the comparison that real_backend_test.py makes with them.

    host_class_test.py SOURCE_DIR
"""
import copy
import json
import os
import sys
import tempfile
import unittest

import host_class as hc

SOURCE = ""
AVX2 = ["sse2", "pni", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "fma", "f16c"]
AVX512 = AVX2 + ["avx512f", "avx512dq", "avx512bw", "avx512vl"]
AVX512_BF16 = AVX512 + ["avx512_bf16"]


def sweep(features, statuses, host_class=None):
    env = {"cpu_features": features}
    if host_class:
        env["host_class"] = host_class
    return {"environment": env,
            "results": [{"case_id": c, "op": "Abs", "status": s}
                        for c, s in statuses.items()]}


class RuleTest(unittest.TestCase):
    def test_first_class_the_features_reach(self):
        self.assertEqual(hc.host_class(AVX2), "avx2")
        self.assertEqual(hc.host_class(AVX512), "avx512")
        self.assertEqual(hc.host_class(AVX512_BF16), "avx512_bf16")
        self.assertEqual(hc.host_class(AVX512_BF16 + ["avx512_fp16", "amx_bf16"]),
                         "amx")
        self.assertEqual(hc.host_class(["sse2", "pni", "avx"]), "sse")
        self.assertEqual(hc.host_class(["fp", "asimd", "fphp", "asimdhp", "bf16"]),
                         "arm_bf16")
        self.assertEqual(hc.host_class(["fp", "asimd", "fphp", "asimdhp"]), "arm_fp16")
        self.assertEqual(hc.host_class(["fp", "asimd"]), "arm")
        self.assertEqual(hc.host_class([]), "unknown")

    def test_this_host_has_a_class(self):
        self.assertIn(hc.this_host(), [c for c, _ in hc.CLASSES] + ["unknown"])

    def test_a_recorded_host_class_wins(self):
        self.assertEqual(hc.of_report(sweep(AVX2, {})), "avx2")
        self.assertEqual(hc.of_report(sweep(AVX2, {}, "avx512")), "avx512")


class PublishedTest(unittest.TestCase):
    def setUp(self):
        self.source = tempfile.mkdtemp()
        self.folder = os.path.join(self.source, "reports", "published", "sweeps")
        os.makedirs(self.folder)

    def tearDown(self):
        for f in os.listdir(self.folder):
            os.remove(os.path.join(self.folder, f))
        os.removedirs(self.folder)

    def write(self, name, report):
        with open(os.path.join(self.folder, name), "w") as f:
            json.dump(report, f)

    def test_one_sweep_per_host_class(self):
        self.write("ov-16bit.json", sweep(AVX2, {"a": "pass"}))
        self.write("ov-16bit.avx512_bf16.json", sweep(AVX512_BF16, {"a": "fail"}))
        self.write("ov-f32-16bit.json", sweep(AVX2, {"a": "pass"}))
        found = hc.published_sweeps(self.source, "ov")
        self.assertEqual(sorted(found), ["avx2", "avx512_bf16"])
        path, _, exact = hc.pick(found, "avx512_bf16")
        self.assertTrue(exact)
        self.assertTrue(path.endswith("ov-16bit.avx512_bf16.json"))
        path, _, exact = hc.pick(found, "avx512")
        self.assertFalse(exact)
        self.assertTrue(path.endswith("ov-16bit.json"))

    def test_a_sweep_of_another_class_goes_beside(self):
        plain = os.path.join(self.folder, "ov-16bit.json")
        self.assertEqual(hc.sweep_file(self.folder, "ov", "avx512_bf16"), plain)
        self.write("ov-16bit.json", sweep(AVX2, {"a": "pass"}))
        self.assertEqual(hc.sweep_file(self.folder, "ov", "avx2"), plain)
        self.assertEqual(hc.sweep_file(self.folder, "ov", "avx512_bf16"),
                         os.path.join(self.folder, "ov-16bit.avx512_bf16.json"))

    def test_a_sweep_named_for_another_class_is_refused(self):
        self.write("ov-16bit.json", sweep(AVX2, {"a": "pass"}))
        self.write("ov-16bit.avx512.json", sweep(AVX2, {"a": "pass"}))
        with self.assertRaisesRegex(ValueError, "named for host class avx512"):
            hc.published_sweeps(self.source, "ov")


class CompareTest(unittest.TestCase):
    want = {"a": "pass", "b": "fail", "c": "pass"}

    def test_exact_class_fails_on_any_status_change(self):
        failures, findings = hc.compare({**self.want, "c": "fail"}, self.want,
                                        True, "avx2", "avx2", "p.json")
        self.assertEqual(len(failures), 1)
        self.assertIn("c: fail on this host (class avx2), pass in p.json", failures[0])
        self.assertEqual(findings, [])

    def test_other_class_reports_status_changes_as_findings(self):
        failures, findings = hc.compare({**self.want, "c": "fail"}, self.want,
                                        False, "avx512_bf16", "avx2", "p.json")
        self.assertEqual(failures, [])
        self.assertEqual(findings, ["host-dependent finding: c: fail on this host "
                                    "(class avx512_bf16), pass in p.json (host "
                                    "class avx2)"])

    def test_missing_and_extra_cases_fail_whatever_the_class(self):
        got = {"a": "pass", "b": "fail", "d": "pass"}
        for exact in (True, False):
            failures, _ = hc.compare(got, self.want, exact, "avx512", "avx2", "p.json")
            self.assertEqual(failures, ["missing: c (pass in p.json)",
                                        "not in p.json: d (pass)"])


class PublishedSweepsTest(unittest.TestCase):
    """The sweeps in reports/published/sweeps: each backend's are of
    distinct host classes, and those published so far were made on an
    AVX2-only host (their recorded cpu_features)."""

    def test_published_sweeps_are_of_an_avx2_host(self):
        folder = os.path.join(SOURCE, "reports", "published", "sweeps")
        names = sorted({f.split("-16bit")[0] for f in os.listdir(folder)
                         if f.endswith(".json")})
        self.assertIn("openvino", names)
        for name in names:
            self.assertEqual(sorted(hc.published_sweeps(SOURCE, name)), ["avx2"], name)
        # The conversions' sweeps, of an AMX host, beside them, and the
        # quantizers', of an AVX2 one.
        for name in names:
            self.assertEqual(
                sorted(hc.published_sweeps(SOURCE, name, "conversions")),
                ["amx"], name)
            self.assertEqual(
                sorted(hc.published_sweeps(SOURCE, name, "quantizers")),
                ["avx2"], name)
        # The pair sweeps' (every float16 and bfloat16 pair of the
        # arithmetic), of an AVX-512 + BF16 host: ORT's workers and OpenVINO.
        for name in ("ort", "ort-python", "openvino"):
            self.assertEqual(
                sorted(hc.published_sweeps(SOURCE, name, "pairs")),
                ["avx512_bf16"], name)

    def test_an_avx512_bf16_answer_is_a_finding_not_a_failure(self):
        # OpenVINO's published sweep against what an AVX-512+BF16 host
        # gives (the run): Abs-13 on bfloat16 flushes subnormals.
        found = hc.published_sweeps(SOURCE, "openvino")
        path, report, exact = hc.pick(found, "avx512_bf16")
        self.assertFalse(exact)
        want = {r["case_id"]: r["status"] for r in report["results"]}
        got = copy.deepcopy(want)
        got["sweep.abs.v13.bfloat16"] = "fail"
        failures, findings = hc.compare(got, want, exact, "avx512_bf16",
                                        hc.of_report(report), path)
        self.assertEqual(failures, [])
        self.assertEqual(len(findings), 1)
        self.assertIn("sweep.abs.v13.bfloat16: fail on this host (class "
                      "avx512_bf16), pass in", findings[0])


if __name__ == "__main__":
    SOURCE = sys.argv[1]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
