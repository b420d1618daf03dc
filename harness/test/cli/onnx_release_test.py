#!/usr/bin/python3
"""The newest released opset the harness knows is the pinned onnx wheel's,
and a case of a newer opset is unreleased_opset, never counted.

Usage: onnx_release_test.py ONNXCTS_BINARY SOURCE_DIR VENV_PYTHON
(VENV_PYTHON: the project's virtual environment, with the pinned onnx)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
from onnx import helper, numpy_helper, TensorProto

from cli_common import run_cli, validated_report

ONNXCTS = SOURCE = VENV_PYTHON = ""

# The pinned wheel's newest released ai.onnx opset and its version.
WHEEL = ("import onnx; print(max(r[2] for r in onnx.helper.VERSION_TABLE), "
         "onnx.__version__)")


def newest_in_header():
    path = os.path.join(SOURCE, "harness", "src", "run", "onnx_release.h")
    with open(path) as f:
        return int(re.search(r"kNewestReleasedOpset = (\d+);", f.read())[1])


def write_case(root, name, opset):
    case = os.path.join(root, name)
    os.makedirs(os.path.join(case, "test_data_set_0"))
    node = helper.make_node("IsNaN", ["x"], ["y"])
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
        [helper.make_tensor_value_info("y", TensorProto.BOOL, [3])])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(os.path.join(case, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    x = np.array([1.0, np.nan, -np.inf], dtype=np.float32)
    for kind, value in (("input", x), ("output", np.isnan(x))):
        with open(os.path.join(case, "test_data_set_0", kind + "_0.pb"),
                  "wb") as f:
            f.write(numpy_helper.from_array(value, kind[0]).SerializeToString())


class OnnxReleaseTest(unittest.TestCase):
    def test_newest_released_opset_is_the_pinned_wheels(self):
        out = subprocess.run([VENV_PYTHON, "-c", WHEEL], capture_output=True,
                             text=True, check=True).stdout.split()
        released, version = int(out[0]), out[1]
        self.assertEqual(newest_in_header(), released,
                         f"onnx {version} lists opset {released} as its "
                         "newest released; update run/onnx_release.h")

    def test_a_newer_opset_is_unreleased_not_judged(self):
        tmp = tempfile.mkdtemp()
        try:
            newest = newest_in_header()
            write_case(tmp, "released", newest)
            write_case(tmp, "unreleased", newest + 1)
            path = os.path.join(tmp, "r.json")
            p = run_cli(ONNXCTS, "run", "--suite", tmp, "--backend",
                        "reference", "--report", path)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            report = validated_report(SOURCE, path)
            status = {r["case_id"].rsplit(".", 1)[-1]: r
                      for r in report["results"]}
            self.assertEqual(status["released"]["status"], "pass")
            self.assertEqual(status["unreleased"]["status"], "unreleased_opset")
            self.assertIn("the backend's result: pass",
                          status["unreleased"]["message"])
            self.assertEqual(len(report["summary"]["matrix"]), 1)
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    ONNXCTS, SOURCE, VENV_PYTHON = sys.argv[1:4]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
