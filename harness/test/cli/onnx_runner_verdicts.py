"""ONNX's own backend test runner (onnx.backend.test.BackendTest) over its
node tests, with a Backend (default: ONNX Runtime's, onnxruntime.backend),
on the CPU: the runner loads each case's model and test data and compares
the backend's outputs with its own tolerances (rtol/atol per case). Prints
one JSON object: {"onnx": version, "backend": module, "node_dir": folder,
"passed": [...], "failed": [...], "skipped": [...]}, each a list of the
node test folders' names (test_abs, not test_abs_cpu).

Run with the Python that has onnx and the backend (build/venv/bin/python):

    onnx_runner_verdicts.py [BACKEND_MODULE [TEST_NAME...]]

With test names (test_abs ...), only those run; the others are skipped.
"""
from __future__ import annotations

import importlib
import io
import json
import re
import os
import sys
import unittest
import warnings

import onnx
import onnx.backend.test
from onnx.backend.test.loader import load_model_tests


class Verdicts(unittest.TextTestResult):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.passed: list[str] = []

    def addSuccess(self, test: unittest.TestCase) -> None:
        super().addSuccess(test)
        self.passed.append(test._testMethodName)


def node_name(method: str) -> str:
    return method[:-len("_cpu")] if method.endswith("_cpu") else method


def main() -> None:
    module = sys.argv[1] if len(sys.argv) > 1 else "onnxruntime.backend"
    backend = importlib.import_module(module)
    runner = onnx.backend.test.BackendTest(backend, __name__)
    only = sys.argv[2:]
    runner.include(f"^({'|'.join(map(re.escape, only))})_cpu$" if only else r"_cpu$")
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(
        runner.test_cases["OnnxBackendNodeModelTest"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = unittest.TextTestRunner(stream=io.StringIO(), resultclass=Verdicts,
                                         verbosity=0).run(suite)
    names = lambda pairs: sorted(node_name(t._testMethodName) for t, _ in pairs)  # noqa: E731
    node_dir = os.path.dirname(load_model_tests(kind="node")[0].model_dir)
    json.dump({"onnx": onnx.__version__, "backend": module, "node_dir": node_dir,
               "passed": sorted(node_name(m) for m in result.passed),
               "failed": sorted(names(result.failures) + names(result.errors)),
               "skipped": names(result.skipped)}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
