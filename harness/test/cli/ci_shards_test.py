#!/usr/bin/python3
"""The sweep's scale-out: the GitHub Actions workflow passes actionlint, the
Kubernetes Indexed Job hands each pod its shard as the script expects, and
the script's steps (scripts/sweep-shards shard, merge, gate), run here as
the pods run them, split one float case into 16 equal shards that merge
into exactly the unsharded sweep.

Usage: ci_shards_test.py ONNXCTS_BINARY SOURCE_DIR ACTIONLINT_BINARY
"""
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import yaml

from cli_common import run_cli, validated_report

ONNXCTS = ""
SOURCE = ""
ACTIONLINT = ""

SHARDS = 16
CASE = "sweep.isnan.v20.float"
FILTER = r"^sweep\.isnan\.v20\.float$"


def source(*parts):
    return os.path.join(SOURCE, *parts)


def script(*args, env=None):
    """scripts/sweep-shards ARGS through the reference backend, on CASE."""
    full = {k: v for k, v in os.environ.items()
            if k not in ("JOB_COMPLETION_INDEX", "GTEST_SHARD_INDEX",
                         "GTEST_TOTAL_SHARDS")}
    full.update(ONNXCTS=ONNXCTS, SWEEP_BACKEND="reference",
                SWEEP_FILTER=FILTER, **(env or {}))
    return subprocess.run([source("scripts", "sweep-shards"), *args],
                          capture_output=True, text=True, env=full,
                          timeout=300)


def patterns(report):
    """The patterns a report's results cover: a result is one slice, and its
    comparisons each count every pattern of it."""
    return sum(max(c["elements"] for c in r["comparisons"])
               for r in report["results"])


def load_all(*path):
    with open(source(*path)) as f:
        return [d for d in yaml.safe_load_all(f) if d]


class WorkflowTest(unittest.TestCase):
    def test_actionlint_finds_nothing(self):
        self.assertTrue(os.access(ACTIONLINT, os.X_OK),
                        ACTIONLINT + " is missing: scripts/setup builds it")
        for workflow in ("sweep.yml", "nightly.yml"):
            # Without shellcheck and pyflakes, whichever the machine has:
            # the same findings everywhere.
            p = subprocess.run([ACTIONLINT, "-no-color", "-shellcheck=",
                                "-pyflakes=", ".github/workflows/" + workflow],
                               cwd=SOURCE, capture_output=True, text=True,
                               timeout=120)
            self.assertEqual(p.returncode, 0, workflow + ": " + p.stdout +
                             p.stderr)

    def test_every_step_is_the_shared_script(self):
        workflow = load_all(".github", "workflows", "sweep.yml")[0]
        # PyYAML reads the key `on` as True.
        triggers = workflow[True]
        self.assertIn("schedule", triggers)
        inputs = triggers["workflow_dispatch"]["inputs"]
        self.assertEqual(inputs["backend"]["default"], "ort")
        self.assertEqual(inputs["shards"]["default"], SHARDS)
        runs = {job: " ".join(s.get("run", "") for s in spec["steps"])
                for job, spec in workflow["jobs"].items()}
        self.assertIn("scripts/sweep-shards shard", runs["shard"])
        self.assertIn("scripts/sweep-shards merge", runs["merge"])
        self.assertIn("scripts/sweep-shards gate", runs["merge"])
        self.assertEqual(workflow["jobs"]["shard"]["container"], "debian:12")


class KubernetesTest(unittest.TestCase):
    def setUp(self):
        self.docs = load_all("deploy", "kubernetes", "sweep-job.yaml")
        self.merge = load_all("deploy", "kubernetes", "merge-job.yaml")[0]

    def job(self):
        jobs = [d for d in self.docs if d["kind"] == "Job"]
        self.assertEqual(len(jobs), 1)
        return jobs[0]

    def shard_args(self, container):
        args = container.get("command", []) + container.get("args", [])
        self.assertTrue(args[0].endswith("scripts/sweep-shards"), args)
        self.assertEqual(args[1], "shard", args)
        return args

    def test_an_indexed_job_of_one_completion_per_shard(self):
        spec = self.job()["spec"]
        self.assertEqual(spec["completionMode"], "Indexed")
        self.assertLessEqual(1, spec["parallelism"])
        self.assertLessEqual(spec["parallelism"], spec["completions"])
        self.assertIn(spec["template"]["spec"]["restartPolicy"],
                      ("Never", "OnFailure"))
        (container,) = spec["template"]["spec"]["containers"]
        args = self.shard_args(container)
        # `shard N OUTDIR`: the script passes --shards N, and the index is
        # Kubernetes's JOB_COMPLETION_INDEX, never set by hand.
        self.assertEqual(spec["completions"], int(args[2]))
        self.assertFalse([a for a in args if a.startswith("--shard")], args)
        names = {e["name"] for e in container.get("env", [])}
        self.assertFalse(names & {"JOB_COMPLETION_INDEX", "GTEST_SHARD_INDEX",
                                  "GTEST_TOTAL_SHARDS"}, names)

    def mounted_claim(self, pod, container, path):
        """The claim of the volume that holds `path` in `container`."""
        volumes = {v["name"]: v for v in pod["volumes"]}
        for mount in container["volumeMounts"]:
            root = mount["mountPath"].rstrip("/") + "/"
            if path.startswith(root):
                return volumes[mount["name"]]["persistentVolumeClaim"][
                    "claimName"]
        self.fail(path + " is on no mounted volume")

    def test_reports_land_on_the_claim_that_the_merge_reads(self):
        pod = self.job()["spec"]["template"]["spec"]
        (container,) = pod["containers"]
        out = self.shard_args(container)[3]
        claim = self.mounted_claim(pod, container, out)
        claims = {d["metadata"]["name"]: d for d in self.docs
                  if d["kind"] == "PersistentVolumeClaim"}
        self.assertIn("ReadWriteMany", claims[claim]["spec"]["accessModes"])

        self.assertEqual(self.merge["kind"], "Job")
        merge_pod = self.merge["spec"]["template"]["spec"]
        (merger,) = merge_pod["containers"]
        command = " ".join(merger["command"])
        self.assertIn("sweep-shards merge " + out, command)
        self.assertIn("sweep-shards gate " + out, command)
        self.assertEqual(self.mounted_claim(merge_pod, merger, out + "/"),
                         claim)
        self.assertEqual(merger["image"], container["image"])


class LocalShardsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.out = os.path.join(self.tmp, "sweep")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_shards(self):
        """The 16 pods, two at a time: each with its JOB_COMPLETION_INDEX."""
        def pod(index):
            return script("shard", str(SHARDS), self.out,
                          env={"JOB_COMPLETION_INDEX": str(index)})
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            done = list(pool.map(pod, range(SHARDS)))
        for index, p in enumerate(done):
            self.assertEqual(p.returncode, 0, "shard %d: %s%s"
                             % (index, p.stdout, p.stderr))

    def test_shards_merge_into_the_unsharded_sweep(self):
        self.run_shards()
        per_shard = 2**32 // SHARDS
        for index in range(SHARDS):
            report = validated_report(
                SOURCE, os.path.join(self.out, "shard-%d.json" % index))
            self.assertEqual(report["shard"], {"index": index,
                                               "count": SHARDS})
            self.assertEqual({r["case_id"] for r in report["results"]},
                             {CASE})
            self.assertEqual(patterns(report), per_shard, index)

        p = script("merge", self.out)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        merged = validated_report(SOURCE,
                                  os.path.join(self.out, "merged.json"))
        self.assertEqual(sorted(r["data_set"] for r in merged["results"]),
                         list(range(SHARDS)))
        self.assertTrue(os.path.getsize(os.path.join(self.out, "sweep.html")))

        whole_path = os.path.join(self.tmp, "whole.json")
        p = run_cli(ONNXCTS, "sweep", "--backend", "reference", "--filter",
                    FILTER, "--report", whole_path)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        whole = validated_report(SOURCE, whole_path)
        self.assertEqual(patterns(whole), 2**32)

        # The gate: no difference at all between the two.
        p = script("gate", self.out, whole_path)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertNotIn("note:", p.stdout)
        key = lambda r: (r["case_id"], r["data_set"], r["status"],
                         json.dumps(r["comparisons"], sort_keys=True))
        self.assertEqual(sorted(map(key, merged["results"])),
                         sorted(map(key, whole["results"])))
        self.assertEqual(merged["summary"], whole["summary"])

        # Against shard 0 alone, the other 15 slices are new: the diff
        # exits 0, as nothing regressed, but the gate fails on any change.
        p = script("gate", self.out, os.path.join(self.out, "shard-0.json"))
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertIn("new: %d" % (SHARDS - 1), p.stdout)

    def test_a_shard_without_its_index_cannot_run(self):
        p = script("shard", str(SHARDS), self.out)
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("JOB_COMPLETION_INDEX", p.stderr)
        p = script("merge", self.out)
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)


if __name__ == "__main__":
    ONNXCTS, SOURCE, ACTIONLINT = sys.argv[1], sys.argv[2], sys.argv[3]
    unittest.main(argv=sys.argv[:1])
