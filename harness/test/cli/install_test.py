#!/usr/bin/python3
"""`cmake --install` into a scratch prefix, the .deb CPack makes unpacked
into a scratch root, and (WheelTest, nightly: a build of its own) the wheel
pip-installed into a scratch virtual environment; each onnxcts run from a scratch folder gives
the same report as the build tree's binary, through the reference, the
reference plugin (the plugin host in libexec) and a Python worker (the
workers in share), with no file of the source or build tree opened by
onnxcts or the programs it runs itself.

Usage: install_test.py ONNXCTS_BINARY SOURCE_DIR BUILD_DIR [TEST CLASSES]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_common import run_cli

ONNXCTS = ""
SOURCE = ""
BUILD = ""
OPS = ["sign", "isnan", "add", "where"]


def clean_env():
    """The environment without the variables that point onnxcts at files."""
    return {k: v for k, v in os.environ.items() if not k.startswith("ONNXCTS_")}


def verdicts(path):
    """Each case's status and message: what two runs must agree on."""
    with open(path) as f:
        report = json.load(f)
    return {r["case_id"]: (r["status"], r.get("message", ""))
            for r in report["results"]}


def checked(*command):
    p = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p


class Installed:
    """The checks of an installed onnxcts in `prefix`, which a subclass's
    install_into() fills."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="onnxcts-install-")
        cls.prefix = cls.install_into(cls.tmp)
        cls.installed = os.path.join(cls.prefix, "bin", "onnxcts")
        # What workers/setup-runtimes would make, without the network: the
        # build tree's environment, pinned by the same lock.
        venv = os.path.join(cls.prefix, "lib", "onnxcts", "venv")
        os.symlink(os.path.join(BUILD, "venv"), venv)
        cls.suite = os.path.join(cls.tmp, "suite")
        p = run_cli(ONNXCTS, "generate", "--out", cls.suite, "--no-large",
                    "--ops", *OPS)
        assert p.returncode == 0, p.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_from_tmp(self, binary, backend, report, *wrap):
        return subprocess.run(
            [*wrap, binary, "run", "--suite", self.suite, "--backend",
             backend, "--report", report, "--threads", "2"],
            capture_output=True, text=True, timeout=900, cwd=self.tmp,
            env=clean_env())

    def same_as_build_tree(self, backend):
        ours = os.path.join(self.tmp, "installed.json")
        theirs = os.path.join(self.tmp, "built.json")
        # Exit 1 is a backend's failed case (the plugin and ONNX's
        # evaluator run some models they must refuse): the same in both.
        installed = self.run_from_tmp(self.installed, backend, ours)
        self.assertIn(installed.returncode, (0, 1), installed.stderr)
        built = self.run_from_tmp(ONNXCTS, backend, theirs)
        self.assertEqual(installed.returncode, built.returncode, built.stderr)
        got, want = verdicts(ours), verdicts(theirs)
        self.assertGreater(len(want), 100)
        self.assertEqual(got, want)

    def test_the_layout(self):
        for path in ["bin/onnxcts", "libexec/onnxcts/onnxcts_supervisor",
                     "libexec/onnxcts/onnxcts_plugin_host",
                     "share/onnxcts/workers/setup-runtimes"]:
            self.assertTrue(os.access(os.path.join(self.prefix, path),
                                      os.X_OK), path)
        for path in ["include/onnxcts/backend_plugin.h",
                     "lib/onnxcts/onnxcts_reference_plugin.so",
                     "share/onnxcts/tolerances.json",
                     "share/onnxcts/workers/backends.json",
                     "share/onnxcts/workers/python/worker.py",
                     "share/onnxcts/workers/python/requirements.lock",
                     "share/onnxcts/workers/ort/worker.js",
                     "share/onnxcts/workers/ort/package-lock.json"]:
            self.assertTrue(os.path.isfile(os.path.join(self.prefix, path)),
                            path)
        self.assertFalse(os.path.exists(os.path.join(
            self.prefix, "share/onnxcts/workers/python/test")))

    def test_reference_gives_the_build_trees_report(self):
        self.same_as_build_tree("reference")

    def test_plugin_gives_the_build_trees_report(self):
        plugin = os.path.join(self.prefix, "lib", "onnxcts",
                              "onnxcts_reference_plugin.so")
        self.same_as_build_tree("plugin:" + plugin)

    def test_python_worker_gives_the_build_trees_report(self):
        if not os.path.exists(os.path.join(BUILD, "venv", "bin", "python")):
            self.skipTest("no virtual environment in the build tree")
        self.same_as_build_tree("onnx-reference")

    def test_opens_no_file_of_either_tree(self):
        if shutil.which("strace") is None:
            self.skipTest("strace is not installed")
        plugin = os.path.join(self.prefix, "lib", "onnxcts",
                              "onnxcts_reference_plugin.so")
        trace = os.path.join(self.tmp, "trace")
        p = self.run_from_tmp(
            self.installed, "plugin:" + plugin,
            os.path.join(self.tmp, "traced.json"), "strace", "-f", "-qq",
            "-s", "4096", "-e", "trace=open,openat,openat2,execve,stat,newfstatat,access",
            "-o", trace)
        self.assertIn(p.returncode, (0, 1), p.stderr)
        trees = [os.path.realpath(SOURCE), os.path.realpath(BUILD)]
        touched = set()
        with open(trace) as f:
            for line in f:
                for path in re.findall(r'"(/[^"]*)"', line):
                    if any(path.startswith(t + "/") for t in trees):
                        touched.add(path)
        self.assertEqual(sorted(touched), [])

    def test_a_missing_tolerance_file_stops_the_run(self):
        os.rename(os.path.join(self.prefix, "share/onnxcts/tolerances.json"),
                  os.path.join(self.tmp, "moved.json"))
        try:
            report = os.path.join(self.tmp, "none.json")
            p = self.run_from_tmp(self.installed, "reference", report)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn("share/onnxcts/tolerances.json", p.stderr)
            self.assertFalse(os.path.exists(report))
        finally:
            os.rename(os.path.join(self.tmp, "moved.json"),
                      os.path.join(self.prefix,
                                   "share/onnxcts/tolerances.json"))


class VersionTest(unittest.TestCase):
    def test_the_wheel_has_the_projects_version(self):
        with open(os.path.join(SOURCE, "CMakeLists.txt")) as f:
            cmake = re.search(r"project\(onnxcts VERSION (\S+)", f.read())
        with open(os.path.join(SOURCE, "pyproject.toml")) as f:
            wheel = re.search(r'^version = "([^"]+)"', f.read(), re.M)
        self.assertEqual(wheel.group(1), cmake.group(1))


class CmakeInstallTest(Installed, unittest.TestCase):
    @staticmethod
    def install_into(tmp):
        prefix = os.path.join(tmp, "prefix")
        checked("cmake", "--install", BUILD, "--prefix", prefix)
        return prefix


class DebTest(Installed, unittest.TestCase):
    """The package unpacked, not installed: the test leaves /usr alone."""

    @staticmethod
    def install_into(tmp):
        out = os.path.join(tmp, "deb")
        checked("cpack", "-G", "DEB", "-B", out, "--config",
                os.path.join(BUILD, "CPackConfig.cmake"))
        debs = [f for f in os.listdir(out) if f.endswith(".deb")]
        assert len(debs) == 1, debs
        deb = os.path.join(out, debs[0])
        depends = checked("dpkg-deb", "-f", deb, "Depends").stdout
        assert "libonnx1" in depends and "libprotobuf" in depends, depends
        root = os.path.join(tmp, "root")
        checked("dpkg-deb", "-x", deb, root)
        return os.path.join(root, "usr")


class WheelTest(Installed, unittest.TestCase):
    """scripts/package wheel, then pip install of the file, offline."""

    @staticmethod
    def install_into(tmp):
        p = subprocess.run([os.path.join(SOURCE, "scripts", "package"),
                            "wheel"], capture_output=True, text=True,
                           timeout=3600)
        assert p.returncode == 0, p.stderr
        wheel = p.stdout.split()[-1]
        venv = os.path.join(tmp, "venv")
        checked("/usr/bin/python3", "-m", "venv", venv)
        checked(os.path.join(venv, "bin", "pip"), "install", "--no-index",
                "--no-deps", os.path.join(SOURCE, wheel))
        return venv


if __name__ == "__main__":
    ONNXCTS, SOURCE, BUILD = (os.path.realpath(a) for a in sys.argv[1:4])
    unittest.main(argv=sys.argv[:1] + sys.argv[4:], verbosity=2)
