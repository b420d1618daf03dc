#!/usr/bin/python3
"""The generated suite as other tools see it.

- `onnxcts generate` gives exactly the files and bytes that the manifests
  of corpora/generated-suite/ list, one per operator (<op>.sha256: the
  files of its cases) and suite.sha256 for the rest (regenerate them with
  `scripts/update-manifest` when the generator changes on purpose);
- every model.onnx and .pb loads with Debian's onnx package, so other
  runners can use the suite.

Usage: generated_suite_test.py ONNXCTS_BINARY SOURCE_DIR
"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import onnx
from onnx import numpy_helper

ONNXCTS = ""
SOURCE = ""
# Debian's onnx 1.12 predates the float8 codes and those after them; it
# parses their protos but cannot turn them into numpy arrays.
FLOAT8_CODES = {17, 18, 19, 20}
# Codes 21 and up with their widths in bits (onnx.proto): the 4- and 2-bit
# ones packed, ceil(count * bits / 8) bytes of raw_data.
NEWER_BITS = {21: 4, 22: 4, 23: 4, 24: 8, 25: 2, 26: 2}


def manifest_of(root):
    lines = []
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            lines.append("%s  %s" % (digest, os.path.relpath(path, root)))
    return sorted(lines, key=lambda line: line.split("  ", 1)[1])


def owner(path):
    """The manifest a suite file belongs in: its operator's, else suite."""
    m = re.match(r"(conformance|must_reject)/test_(reject_)?([a-z]+)_v[0-9]",
                 path)
    return m.group(3) if m else "suite"


class GeneratedSuiteTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.suite = os.path.join(cls.tmp, "suite")
        p = subprocess.run([ONNXCTS, "generate", "--out", cls.suite],
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_files_match_the_manifests(self):
        want = {}
        pattern = os.path.join(SOURCE, "corpora", "generated-suite", "*.sha256")
        for path in sorted(glob.glob(pattern)):
            name = os.path.basename(path)[:-len(".sha256")]
            with open(path) as f:
                want[name] = [line.rstrip("\n") for line in f
                              if not line.startswith("#")]
        got = {}
        for line in manifest_of(self.suite):
            got.setdefault(owner(line.split("  ", 1)[1]), []).append(line)
        self.assertEqual(sorted(got), sorted(want))
        for name in got:
            self.assertEqual(len(got[name]), len(want[name]), name)
            self.assertEqual(got[name], want[name], name)

    def test_every_file_loads_with_onnx(self):
        models = tensors = 0
        for folder, _, files in os.walk(self.suite):
            for name in files:
                path = os.path.join(folder, name)
                if name == "model.onnx":
                    model = onnx.load(path)
                    self.assertEqual(len(model.graph.node), 1, path)
                    models += 1
                elif name.endswith(".pb"):
                    tensor = onnx.load_tensor(path)
                    if tensor.data_type in NEWER_BITS:
                        count = 1
                        for d in tensor.dims:
                            count *= d
                        bits = NEWER_BITS[tensor.data_type]
                        self.assertEqual(len(tensor.raw_data),
                                         (count * bits + 7) // 8, path)
                    elif tensor.data_type not in FLOAT8_CODES:
                        array = numpy_helper.to_array(tensor)
                        self.assertEqual(list(array.shape), list(tensor.dims))
                    tensors += 1
        self.assertGreater(models, 100)
        # Each case has an input (unless it is an initializer) or an output.
        self.assertGreaterEqual(tensors, models)


if __name__ == "__main__":
    ONNXCTS, SOURCE = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
