"""onnxcts_worker/dtypes.py against the C++ dtype table
(reference/include/onnxcts/dtype.h), as `onnxcts schema --json` prints it:
every C++ row has the same code, name, width and packing here, a numpy
dtype of the same kind and format, and the worker has no dtype C++ lacks.

ONNXCTS_CLI is the onnxcts binary (CTest sets it)."""
from __future__ import annotations

import json
import math
import os
import subprocess
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from onnxcts_worker.dtypes import BY_CODE, NAMES, PACKED_BITS

# The C++ codes the worker deliberately lacks, each with the reason. None:
# the protocol refuses any code outside BY_CODE ("outside the dtype table"),
# so a code missing there is a dtype no Python backend can be given.
UNHANDLED: dict[int, str] = {}


def cpp_dtypes() -> list[dict[str, Any]]:
    cli = os.environ.get("ONNXCTS_CLI")
    if not cli:
        raise RuntimeError("set ONNXCTS_CLI to the onnxcts binary")
    out = subprocess.run([cli, "schema", "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)["dtypes"]


CPP = cpp_dtypes()


def value(dtype: np.dtype, pattern: int) -> float:
    """Bit pattern `pattern` of `dtype`, decoded by numpy (ml_dtypes)."""
    bits = np.array(pattern, dtype=f"<u{dtype.itemsize}")
    return float(bits.view(dtype).astype(np.float64))


def float_format(dtype: np.dtype) -> dict[str, Any]:
    """The C++ FloatFormat (float_format.h) that `dtype` decodes as: widths
    from ml_dtypes.finfo, the bias from the pattern of 1.0, and the
    Specials told apart by the patterns each of them defines."""
    info = ml_dtypes.finfo(dtype)
    e, m = info.nexp, info.nmant
    one = int(np.array(1.0).astype(dtype).view(f"<u{dtype.itemsize}"))
    sign = 1 << (info.bits - 1) if info.bits == 1 + e + m else 0
    top = ((1 << e) - 1) << m              # exponent all ones, mantissa 0
    if math.isinf(value(dtype, top)):
        specials = "ieee"
    elif sign and math.isnan(value(dtype, sign)):
        specials = "fnuz"                  # -0's pattern is the NaN
    elif math.isnan(value(dtype, top | ((1 << m) - 1))):
        specials = "finite_only" if sign else "exponent_only"
    else:
        specials = "no_nan"
    return {"exponent_bits": e, "mantissa_bits": m, "bias": one >> m,
            "specials": specials}


def kind_and_bits(dtype: np.dtype) -> tuple[str, int]:
    """The C++ Kind name and width of a numpy dtype."""
    if dtype == np.bool_:
        return "bool", 8                   # one byte, as C++ stores it
    try:
        return "float", ml_dtypes.finfo(dtype).bits
    except ValueError:
        info = ml_dtypes.iinfo(dtype)
        return ("signed" if info.min < 0 else "unsigned"), info.bits


@pytest.mark.parametrize("row", CPP, ids=lambda row: row["name"])
def test_row_matches_cpp(row: dict[str, Any]) -> None:
    code, name, bits = row["code"], row["name"], row["bits"]
    if code in UNHANDLED:
        assert code not in BY_CODE, f"{name} ({code}) is listed as unhandled"
        return
    assert code in BY_CODE, f"{name} ({code}) is missing from BY_CODE"
    assert NAMES.get(code) == name, f"code {code}: NAMES has {NAMES.get(code)!r}"
    dtype = BY_CODE[code]
    width = PACKED_BITS.get(code, 8 * dtype.itemsize)
    assert width == bits, f"{name}: {width} bits here, {bits} in C++"
    # DTypeInfo::packed(): elements narrower than a byte share bytes.
    assert (code in PACKED_BITS) == (bits < 8), f"{name}: packed differs"
    assert kind_and_bits(dtype) == (row["kind"], bits), \
        f"{name}: numpy dtype {dtype} is {kind_and_bits(dtype)}"
    if row["kind"] == "float":
        assert float_format(dtype) == row["format"], \
            f"{name}: numpy dtype {dtype} has format {float_format(dtype)}"


def test_no_dtype_cpp_lacks() -> None:
    cpp = {row["code"] for row in CPP}
    assert not UNHANDLED.keys() - cpp, "UNHANDLED lists codes C++ lacks"
    for table, keys in (("BY_CODE", BY_CODE), ("NAMES", NAMES),
                        ("PACKED_BITS", PACKED_BITS)):
        extra = sorted(keys.keys() - cpp)
        assert not extra, f"{table} has codes the C++ table lacks: {extra}"
