"""The oracle's float4e2m1 and float8e8m0 against ml_dtypes 0.6 (an
implementation written apart from ours): every pattern's value, NaN-ness and
sign, and the class names DESIGN.md's format table implies.

Usage: oracle_ml_dtypes_test.py ORACLE_DUMP (the reference_oracle_ml_dtypes_dump binary)
"""
import math
import subprocess
import sys

import ml_dtypes
import numpy as np

TYPES = {"float4e2m1": ml_dtypes.float4_e2m1fn,
         "float8e8m0": ml_dtypes.float8_e8m0fnu}


def ml_value(name, bits):
    return float(np.array([bits], np.uint8).view(TYPES[name]).astype(np.float64)[0])


def expected_class(name, bits, value):
    """The class from the value ml_dtypes gives: NaN, zero, subnormal (below
    the smallest normal, finfo's tiny), else normal; the sign from the bit
    pattern's sign where the format has one."""
    if math.isnan(value):
        body = "qnan"  # neither format has a quiet bit: its NaN is quiet
    elif value == 0:
        body = "zero"
    elif abs(value) < float(ml_dtypes.finfo(TYPES[name]).smallest_normal):
        body = "subnormal"
    else:
        body = "normal"
    negative = name == "float4e2m1" and bits & 0x8
    return ("-" if negative else "+") + body


def main(dump):
    lines = subprocess.run([dump], check=True, capture_output=True,
                           text=True).stdout.split("\n")
    seen, bad = {}, []
    for line in filter(None, lines):
        name, bits, value, klass = line.split()
        bits, value = int(bits), float.fromhex(value)
        seen[name] = seen.get(name, 0) + 1
        want = ml_value(name, bits)
        same = (math.isnan(want) and math.isnan(value)) or (
            want == value and math.copysign(1, want) == math.copysign(1, value))
        if not same or klass != expected_class(name, bits, want):
            bad.append((name, hex(bits), value, klass, want))
    assert seen == {"float4e2m1": 16, "float8e8m0": 256}, seen
    for b in bad:
        print("MISMATCH", *b)
    print("checked", sum(seen.values()), "patterns,", len(bad), "mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
