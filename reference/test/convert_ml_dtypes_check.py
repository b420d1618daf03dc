#!/usr/bin/env python3
"""CastOracle against ml_dtypes 0.6.0 and numpy, every pattern of every
source of 16 bits or fewer into every target.

Usage: convert_ml_dtypes_check.py CONVERT_ORACLE_DUMP

Where the libraries are not the spec, the spec's answer is checked instead,
computed here from the spec's text with numpy's float64 arithmetic (which
is exact for every 16-bit source):
- float8 with saturate=1: ml_dtypes casts as saturate=0 does; ONNX's
  evaluator clips first (numpy_helper.saturate_cast), and so does this.
  +-inf into the fnuz types under Cast-19..23 is NaN (clipping gives max).
- float4e2m1 from NaN: the float4 page says 6; ml_dtypes gives +-0.
- float8e8m0: the round modes and saturation from the Cast-24 text;
  ml_dtypes is round-nearest-ties-up without saturation, checked where the
  value is in [2^-126, 2^127] (it rounds float32 subnormals up: 1.02*2^-127
  gives 2^-126). Negative sources are undefined: skipped.
- float -> 4- and 2-bit integers: nearest even (the int4/int2 pages);
  ml_dtypes truncates, so it is checked on integral values only.
- float -> integer out of range, NaN, inf: undefined by the spec; the
  oracle's wrap of the exact value is checked, numpy only in range.
- bool sources other than 0 and 1 are not bools: skipped.
Every NaN matches every NaN (payloads are not compared).
"""
import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes as md
import numpy as np

NP = {
    "float": np.float32, "uint8": np.uint8, "int8": np.int8,
    "uint16": np.uint16, "int16": np.int16, "int32": np.int32,
    "int64": np.int64, "bool": np.bool_, "float16": np.float16,
    "double": np.float64, "uint32": np.uint32, "uint64": np.uint64,
    "bfloat16": md.bfloat16, "float8e4m3fn": md.float8_e4m3fn,
    "float8e4m3fnuz": md.float8_e4m3fnuz, "float8e5m2": md.float8_e5m2,
    "float8e5m2fnuz": md.float8_e5m2fnuz, "uint4": md.uint4, "int4": md.int4,
    "float4e2m1": md.float4_e2m1fn, "float8e8m0": md.float8_e8m0fnu,
    "uint2": md.uint2, "int2": md.int2,
}
SUB_BYTE = {"uint4": 4, "int4": 4, "uint2": 2, "int2": 2}
FLOAT8 = {"float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz"}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def is_float(name):
    return name in ("float", "double", "float16", "bfloat16", "float4e2m1",
                    "float8e8m0") or name in FLOAT8


def int_bits(name):
    if name in SUB_BYTE:
        return SUB_BYTE[name]
    return np.dtype(NP[name]).itemsize * 8


def source_values(name):
    """(patterns, values as numpy array of the source dtype)."""
    if name == "bool":
        return np.array([0, 1]), np.array([False, True])
    if name in SUB_BYTE:
        bits = SUB_BYTE[name]
        p = np.arange(1 << bits)
        signed = name.startswith("int")
        v = np.where(signed & (p >= 1 << (bits - 1)), p - (1 << bits), p)
        return p, v.astype(NP[name])
    t = np.dtype(NP[name])
    p = np.arange(1 << (8 * t.itemsize)) if name != "float4e2m1" \
        else np.arange(16)
    return p, p.astype(UINT[t.itemsize]).view(t)


def width(name):
    return 1 if name in SUB_BYTE else np.dtype(NP[name]).itemsize


def e8m0_spec(x, saturate, mode):
    """The Cast-24 text, from float64 values; -1 where undefined."""
    out = np.full(x.shape, -1, dtype=np.int64)
    with np.errstate(all="ignore"):
        fr, ex = np.frexp(x)  # x = fr * 2^ex, fr in [0.5, 1)
    frac = fr * 2
    top = ex - 1
    step = {0: frac > 1, 1: np.zeros_like(frac, bool), 2: frac >= 1.5}[mode]
    biased = top + step.astype(np.int64) + 127
    nan, hi, lo = 0xFF, 0xFE if saturate else 0xFF, 0x00 if saturate else 0xFF
    finite_pos = np.isfinite(x) & (x > 0)
    out[finite_pos] = np.clip(biased[finite_pos], -1, 255)
    out[finite_pos & (biased > 254)] = hi
    out[finite_pos & (biased < 0)] = lo
    out[np.isnan(x)] = nan
    out[np.isposinf(x)] = hi
    out[x == 0] = lo
    out[(x == 0) & np.signbit(x)] = -1  # -0: unspecified
    return out


def expected_float(src, x64, to, saturate, mode, opset):
    """(expected values of `to`, mask of the patterns to check)."""
    t = NP[to]
    x32 = x64.astype(np.float32)
    check = np.ones(x64.shape, bool)
    if to == "float8e8m0":
        spec = e8m0_spec(x64, saturate, mode)
        check = spec >= 0
        return np.where(check, spec, 0).astype(np.uint8).view(t), check
    with np.errstate(all="ignore"):
        if to in FLOAT8 and saturate:
            info = md.finfo(t)
            got = np.clip(x32, float(info.min), float(info.max)).astype(t)
            if to.endswith("fnuz") and opset <= 23:
                got[np.isinf(x32)] = np.float32("nan")
            return got, check
        got = x32.astype(t)
    if to == "float4e2m1":
        got = got.copy()
        got.view(np.uint8)[np.isnan(x32)] = 0x7
    return got, check


def ml_dtypes_e8m0(x64):
    """ml_dtypes' own e8m0 cast, where it is the spec's nearest, saturate=0."""
    with np.errstate(all="ignore"):
        got = x64.astype(np.float32).astype(md.float8_e8m0fnu)
        in_range = (x64 >= 2.0**-126) & (x64 <= 2.0**127)
    return got, in_range | np.isnan(x64) | np.isposinf(x64)


def expected_int(src, x64, values, to):
    bits = int_bits(to)
    mask = (1 << bits) - 1
    out = np.zeros(x64.shape, dtype=np.uint64)
    if not is_float(src):
        ints = [int(v) for v in values.astype(np.int64)]
    else:
        rounder = np.rint if bits < 8 else np.trunc
        ints = [int(rounder(v)) if np.isfinite(v) else 0 for v in x64]
    for i, v in enumerate(ints):
        out[i] = v & mask
    return out


def library_int(src, x64, values, to):
    """numpy/ml_dtypes' own cast, and where the spec makes it the answer."""
    t = NP[to]
    bits = int_bits(to)
    with np.errstate(all="ignore"):
        lib_source = x64.astype(np.float32) if is_float(src) \
            else values.astype(np.int64)
        got = lib_source.astype(t)
    signed = to.startswith("int")
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed \
        else (0, (1 << bits) - 1)
    if not is_float(src):
        return got, np.ones(x64.shape, bool)
    with np.errstate(all="ignore"):
        in_range = np.isfinite(x64) & (np.trunc(x64) >= lo) & \
            (np.trunc(x64) <= hi)
    if bits < 8:
        in_range &= np.trunc(x64) == x64
    return got, in_range


def as_bits(arr, to):
    if to in SUB_BYTE:
        return arr.astype(np.int64).astype(np.uint64) & ((1 << SUB_BYTE[to]) - 1)
    if to == "bool":
        return arr.astype(np.uint64)
    return arr.view(UINT[width(to)]).astype(np.uint64)


def compare(label, patterns, oracle, expected, check, to):
    """Prints up to 3 mismatches; returns their number."""
    if is_float(to) and to != "float4e2m1":
        t = NP[to]
        o_nan = np.isnan(oracle.astype(UINT[width(to)]).view(t).astype(np.float32))
        e_nan = np.isnan(expected.astype(UINT[width(to)]).view(t).astype(np.float32))
        bad = (o_nan != e_nan) | (~o_nan & (oracle != expected))
    else:
        bad = oracle != expected
    bad &= check
    for i in np.flatnonzero(bad)[:3]:
        print(f"{label}: pattern {patterns[i]:#x}: oracle {int(oracle[i]):#x}, "
              f"expected {int(expected[i]):#x}")
    return int(bad.sum())


def main():
    np.seterr(all="ignore")
    dump = sys.argv[1]
    failures = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([dump, tmp], check=True)
        for line in (pathlib.Path(tmp) / "manifest.txt").read_text().splitlines():
            file, src, to, saturate, mode, opset = line.split()
            saturate, mode, opset = int(saturate), int(mode), int(opset)
            patterns, values = source_values(src)
            data = np.fromfile(pathlib.Path(tmp) / file, dtype=UINT[width(to)])
            oracle = data[patterns].astype(np.uint64)
            with np.errstate(all="ignore"):
                x64 = values.astype(np.float64)
            label = f"{src}->{to} saturate={saturate} mode={mode} opset={opset}"
            checks = []
            if to == "bool":
                want = ((x64 != 0) | np.isnan(x64)).astype(np.uint64)
                checks.append((want, np.ones(want.shape, bool)))
            elif is_float(to):
                got, mask = expected_float(src, x64, to, saturate, mode, opset)
                checks.append((as_bits(got, to), mask))
                if to == "float8e8m0" and saturate == 0 and mode == 2:
                    got, mask = ml_dtypes_e8m0(x64)
                    checks.append((as_bits(got, to), mask))
            else:
                checks.append((expected_int(src, x64, values, to),
                               np.ones(x64.shape, bool)))
                got, mask = library_int(src, x64, values, to)
                checks.append((as_bits(got, to), mask))
            for want, mask in checks:
                failures += compare(label, patterns, oracle, want, mask, to)
                checked += int(mask.sum())
    print(f"{checked} answers checked, {failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
