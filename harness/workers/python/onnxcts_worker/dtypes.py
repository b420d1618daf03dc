"""ONNX dtype codes and the numpy dtypes that hold their exact bits.

The same table as reference/include/onnxcts/dtype.h (DESIGN.md, Dtypes).
bfloat16 and the float8 formats are ml_dtypes' types, so their bit patterns
pass through numpy untouched: no value is ever widened to get here.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

BY_CODE: dict[int, np.dtype] = {
    1: np.dtype("<f4"),
    2: np.dtype("u1"),
    3: np.dtype("i1"),
    4: np.dtype("<u2"),
    5: np.dtype("<i2"),
    6: np.dtype("<i4"),
    7: np.dtype("<i8"),
    9: np.dtype(np.bool_),
    10: np.dtype("<f2"),
    11: np.dtype("<f8"),
    12: np.dtype("<u4"),
    13: np.dtype("<u8"),
    16: np.dtype(ml_dtypes.bfloat16),
    17: np.dtype(ml_dtypes.float8_e4m3fn),
    18: np.dtype(ml_dtypes.float8_e4m3fnuz),
    19: np.dtype(ml_dtypes.float8_e5m2),
    20: np.dtype(ml_dtypes.float8_e5m2fnuz),
}

NAMES: dict[int, str] = {
    1: "float", 2: "uint8", 3: "int8", 4: "uint16", 5: "int16", 6: "int32",
    7: "int64", 9: "bool", 10: "float16", 11: "double", 12: "uint32",
    13: "uint64", 16: "bfloat16", 17: "float8e4m3fn", 18: "float8e4m3fnuz",
    19: "float8e5m2", 20: "float8e5m2fnuz",
}


def numpy_dtype(code: int) -> np.dtype:
    """The numpy dtype of ONNX code `code`; KeyError for one not in the table."""
    return BY_CODE[code]


def code_of(dtype: np.dtype) -> int | None:
    """The ONNX code of a numpy dtype, or None when the table lacks it."""
    for code, d in BY_CODE.items():
        if d == dtype:
            return code
    return None


def name_of(code: int) -> str:
    return NAMES.get(code, f"dtype code {code}")
