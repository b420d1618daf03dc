"""What fuzz/ci and fuzz/nightly share: the local ClusterFuzzLite build,
the targets, their libFuzzer options, and reading libFuzzer's output.

Both build through .clusterfuzzlite/build.sh, with the OSS-Fuzz variables
set to local values, into one tree: build-cfl/work (scratch and CMake) and
build-cfl/out (what OSS-Fuzz calls $OUT).
"""

import hashlib
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CFL = ROOT / "build-cfl"
OUT = CFL / "out"
WORK = CFL / "work"
BUILD = WORK / "build"
SANITIZER_FLAGS = ("-O1 -fno-omit-frame-pointer -gline-tables-only "
                   "-fsanitize=address,undefined -fsanitize=fuzzer-no-link")
ENGINE = "-fsanitize=fuzzer"
# Built in the same tree, for fuzz/ci's proof with the backend fuzzer.
EXTRA_TARGETS = ("onnxcts_defective_plugin",)
FINDING = re.compile(r"^onnxcts-fuzz-finding: (.*)$", re.M)


def build_env(extra_targets=()):
    """The OSS-Fuzz build variables, with local values. The tests are
    configured too, so that scripts/sanitize can build some in this tree."""
    targets = " ".join(EXTRA_TARGETS + tuple(extra_targets))
    return dict(os.environ, CC="clang", CXX="clang++",
                CFLAGS=SANITIZER_FLAGS, CXXFLAGS=SANITIZER_FLAGS,
                LIB_FUZZING_ENGINE=ENGINE, OUT=str(OUT), WORK=str(WORK),
                SRC=str(ROOT.parent), ONNXCTS_FUZZ_EXTRA_TARGETS=targets,
                ONNXCTS_FUZZ_CMAKE_ARGS="-DONNXCTS_TESTS=ON "
                "-DONNXCTS_COLD_CODE_FLAGS=-O0")


def build(extra_targets=()):
    """Runs .clusterfuzzlite/build.sh here, building extra_targets too;
    raises if it fails."""
    subprocess.run([str(ROOT / ".clusterfuzzlite" / "build.sh")],
                   env=build_env(extra_targets), check=True)


def run_env():
    """The environment the targets run in: sanitizers stop at the first
    error and print symbolised stacks."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:symbolize=1"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:symbolize=1"
    symbolizer = shutil.which("llvm-symbolizer")
    if symbolizer:
        env["ASAN_SYMBOLIZER_PATH"] = symbolizer
    return env


def names():
    """The targets: every fuzz/<name>_fuzzer.cc."""
    suffix = "_fuzzer.cc"
    return sorted(p.name[:-len(suffix)]
                  for p in (ROOT / "fuzz").glob("*" + suffix))


def binary(name):
    return OUT / f"{name}_fuzzer"


def option_flags(name):
    """The [libfuzzer] section of $OUT/<target>.options as flags."""
    path = OUT / f"{name}_fuzzer.options"
    flags = []
    section = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]")
        elif "=" in line and section == "libfuzzer":
            key, value = (part.strip() for part in line.split("=", 1))
            if key == "dict":
                value = str(OUT / value)
            flags.append(f"-{key}={value}")
    return flags


def unzip_seeds(name, dest):
    """Unpacks the target's seed corpus zip into dest; returns the count."""
    dest.mkdir(parents=True, exist_ok=True)
    zip_path = OUT / f"{name}_fuzzer_seed_corpus.zip"
    if not zip_path.is_file():
        return 0
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(dest)
        return len(z.namelist())


def sha1_of(path):
    return hashlib.sha1(Path(path).read_bytes()).hexdigest()


STATS = re.compile(r"^#(\d+):?\s+(?:\w+\s+)?cov: (\d+) ft: (\d+) "
                   r"corp: (\d+)\S*.*?exec/s:? (\d+)", re.M)


def final_stats(log):
    """runs, cov, ft, corpus and exec/s from libFuzzer's last stats line,
    in the normal and the fork mode formats; None without one."""
    matches = list(STATS.finditer(log))
    if not matches:
        return None
    runs, cov, ft, corp, rate = (int(g) for g in matches[-1].groups())
    return {"runs": runs, "cov": cov, "ft": ft, "corpus": corp,
            "exec_per_second": rate}


FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in (.+?) (/\S+?):(\d+)(?::\d+)?$",
                   re.M)
KIND_PATTERNS = (
    re.compile(r"ERROR: AddressSanitizer: ([\w-]+)"),
    re.compile(r"ERROR: LeakSanitizer: (detected memory leaks)"),
    re.compile(r"ERROR: libFuzzer: ([\w -]+?)(?: after| \(|$)", re.M),
    re.compile(r"runtime error: (.*)$", re.M),
)


def crash_kind(log):
    """The kind of error a crash log reports (deadly signal, timeout,
    heap-buffer-overflow...)."""
    for pattern in KIND_PATTERNS:
        m = pattern.search(log)
        if m:
            return m.group(1).strip()
    return "unknown"


def project_frames(log, count=3):
    """The top `count` symbolised frames in the project's own sources
    (not the replay main), as 'function file:line'."""
    frames = []
    for m in FRAME.finditer(log):
        function, path, line = m.groups()
        rel = _project_path(path)
        if rel is None or rel == "fuzz/replay_main.cc":
            continue
        frames.append(f"{_short(function)} {rel}:{line}")
        if len(frames) == count:
            break
    return frames


def _project_path(path):
    """The path relative to the project, for the project's sources only
    (here ROOT, in OSS-Fuzz /src/onnxcts)."""
    for base in (str(ROOT) + "/", "/src/onnxcts/"):
        if path.startswith(base) and "/build-" not in path:
            return path[len(base):]
    return None


def _short(function):
    """A function name without its argument list, for stable signatures."""
    anonymous = "(anonymous namespace)"
    text = function.replace(anonymous, "{anon}")
    depth = 0
    for i, c in enumerate(text):
        if c == "(" and depth == 0 and i > 0:
            text = text[:i]
            break
        depth += c == "<"
        depth -= c == ">"
    return text.replace("{anon}", anonymous)


def signature(log):
    """What identifies a crash: the target's finding line when it printed
    one, else its kind and top project frames."""
    m = FINDING.search(log)
    if m:
        return "finding: " + m.group(1).strip()
    frames = project_frames(log)
    return crash_kind(log) + (" in " + " < ".join(frames) if frames else "")


def replay(name, artifact, env, timeout_flag="-timeout=10"):
    """Runs the target once on artifact; returns its combined output."""
    # libFuzzer saves the input again when it crashes: into scratch space.
    scratch = WORK / "replays"
    scratch.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [str(binary(name)), timeout_flag, "-runs=1",
         f"-artifact_prefix={scratch}/", str(artifact)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, errors="replace", check=False, cwd=scratch)
    return proc.stdout


def artifacts(folder):
    """libFuzzer's artifacts in folder, oldest first."""
    prefixes = ("crash-", "leak-", "timeout-", "oom-", "slow-unit-")
    found = [p for p in Path(folder).glob("*") if p.name.startswith(prefixes)]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name))


def relative(path):
    """path relative to the project when inside it."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)
