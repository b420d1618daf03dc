"""Published results keyed by the class of host that made them.

Runtimes answer differently on different CPUs (OpenVINO defaults to bf16
inference precision with AVX512_BF16 or AMX, and its AVX-512 kernels
compare NaNs otherwise than its AVX2 ones), so a published result holds
for hosts of its class only. The class is the first of CLASSES whose
features the host's cpu_features has: the rule of HostClass() in
harness/src/report/environment.cc, which a report records as
environment.host_class; a report made before that field is classed by its
recorded cpu_features.

A backend's published sweep is reports/published/sweeps/<name>-16bit.json,
and a host class may have its own, <name>-16bit.<class>.json. A fresh
result is compared with the published one of its host's class; with none
of that class, a status that differs is a host-dependent finding (printed,
naming both classes), not a failure, while a missing or extra case and
every adapter fault still fail.
"""
from __future__ import annotations

import glob
import json
import os
import sys

# Most capable first; a host is of the first class it has any feature of.
CLASSES = (
    ("amx", ("amx_bf16", "amx_fp16")),
    ("avx512_bf16", ("avx512_bf16",)),
    ("avx512", ("avx512f",)),
    ("avx2", ("avx2",)),
    ("sse", ("sse2",)),
    ("arm_bf16", ("bf16",)),
    ("arm_fp16", ("asimdhp",)),
    ("arm", ("asimd", "fp")),
)


def host_class(cpu_features):
    """The class of a host with these cpu_features (as reports list them)."""
    have = set(cpu_features)
    for name, features in CLASSES:
        if have.intersection(features):
            return name
    return "unknown"


def of_report(report):
    """The host class a report was made on: its environment.host_class, or
    for a report made before that field, the class of its cpu_features."""
    env = report["environment"]
    return env.get("host_class") or host_class(env["cpu_features"])


def published_sweeps(source, name, subfolder=""):
    """{host class: (path, report)} of the published sweeps of backend
    `name` in reports/published/sweeps/`subfolder` (the conversions are in
    conversions/): <name>-16bit.json (of the class it records) and any
    <name>-16bit.<class>.json."""
    folder = os.path.join(source, "reports", "published", "sweeps", subfolder)
    paths = [os.path.join(folder, f"{name}-16bit.json")]
    paths += sorted(glob.glob(os.path.join(folder, f"{name}-16bit.*.json")))
    found = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            report = json.load(f)
        cls = of_report(report)
        suffix = os.path.basename(path)[len(f"{name}-16bit."):-len(".json")]
        if suffix and suffix != cls:
            raise ValueError(f"{path}: named for host class {suffix}, made on "
                             f"a {cls} host")
        if cls in found:
            raise ValueError(f"{path} and {found[cls][0]}: two published "
                             f"sweeps of host class {cls}")
        found[cls] = (path, report)
    return found


def pick(published, cls):
    """(path, report, exact) to compare a fresh result of a `cls` host with:
    the published one of that class (exact), else the one without a class
    suffix, else any (not exact)."""
    if cls in published:
        return (*published[cls], True)
    for path, report in published.values():
        if "." not in os.path.basename(path)[:-len(".json")]:
            return path, report, False
    path, report = next(iter(published.values()))
    return path, report, False


def compare(got, want, exact, mine, theirs, published_path):
    """Compares statuses by case id, `got` of a `mine` host with `want`
    published from a `theirs` host. Returns (failures, findings): missing
    and extra cases always fail; a different status fails when `exact`,
    else it is a host-dependent finding."""
    failures = [f"missing: {c} ({want[c]} in {published_path})"
                for c in sorted(set(want) - set(got))]
    failures += [f"not in {published_path}: {c} ({got[c]})"
                 for c in sorted(set(got) - set(want))]
    findings = []
    for c in sorted(set(got) & set(want)):
        if got[c] == want[c]:
            continue
        line = (f"{c}: {got[c]} on this host (class {mine}), {want[c]} in "
                f"{published_path} (host class {theirs})")
        (failures if exact else findings).append(
            line if exact else f"host-dependent finding: {line}")
    return failures, findings


def this_host():
    """This machine's class, from /proc/cpuinfo's first flags or Features
    line (the names cpu_features uses)."""
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key.strip() in ("flags", "Features"):
                return host_class(value.split())
    return "unknown"


def sweep_file(folder, name, cls):
    """Where a sweep of backend `name` made on a `cls` host is published in
    `folder`: <name>-16bit.json when that holds none yet or one of the same
    class, else <name>-16bit.<cls>.json."""
    plain = os.path.join(folder, f"{name}-16bit.json")
    if os.path.exists(plain):
        with open(plain) as f:
            if of_report(json.load(f)) != cls:
                return os.path.join(folder, f"{name}-16bit.{cls}.json")
    return plain


if __name__ == "__main__":
    # host_class.py sweep-file FOLDER NAME: the file scripts/sweeps
    # --by-host-class writes the sweep of backend NAME made here to.
    if len(sys.argv) != 4 or sys.argv[1] != "sweep-file":
        sys.exit("usage: host_class.py sweep-file FOLDER NAME")
    print(sweep_file(sys.argv[2], sys.argv[3], this_host()))
