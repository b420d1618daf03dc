"""ONNX dtype codes and the numpy dtypes that hold their exact bits.

The same table as reference/include/onnxcts/dtype.h (DESIGN.md, Dtypes).
bfloat16, the float8 and float4 formats and the 4- and 2-bit integers are
ml_dtypes' types, so their bit patterns pass through numpy untouched: no
value is ever widened to get here.

The 4- and 2-bit types are packed in ONNX (raw_data, int32_data and the
shared memory of protocol 2): element 0 in the low bits of byte 0, the last
byte padded with zero bits. numpy holds them one element per byte, in the
low bits; `pack` and `unpack` convert at that boundary, and nothing else in
the worker sees packed bytes.
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
    21: np.dtype(ml_dtypes.uint4),
    22: np.dtype(ml_dtypes.int4),
    23: np.dtype(ml_dtypes.float4_e2m1fn),
    24: np.dtype(ml_dtypes.float8_e8m0fnu),
    25: np.dtype(ml_dtypes.uint2),
    26: np.dtype(ml_dtypes.int2),
}

# The widths of the packed codes; every other code is whole bytes.
PACKED_BITS: dict[int, int] = {21: 4, 22: 4, 23: 4, 25: 2, 26: 2}

NAMES: dict[int, str] = {
    1: "float", 2: "uint8", 3: "int8", 4: "uint16", 5: "int16", 6: "int32",
    7: "int64", 9: "bool", 10: "float16", 11: "double", 12: "uint32",
    13: "uint64", 16: "bfloat16", 17: "float8e4m3fn", 18: "float8e4m3fnuz",
    19: "float8e5m2", 20: "float8e5m2fnuz", 21: "uint4", 22: "int4",
    23: "float4e2m1", 24: "float8e8m0", 25: "uint2", 26: "int2",
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


def storage_bytes(code: int, count: int) -> int:
    """The bytes `count` elements of `code` take in ONNX: ceil(count * bits / 8)."""
    bits = PACKED_BITS.get(code)
    if bits is None:
        return count * BY_CODE[code].itemsize
    return (count * bits + 7) // 8


def pack(array: np.ndarray, code: int) -> bytes:
    """The elements of `array` (of `code`'s numpy dtype) as ONNX stores them:
    little-endian, and packed for the 4- and 2-bit codes."""
    flat = np.ascontiguousarray(array, dtype=BY_CODE[code]).reshape(-1)
    bits = PACKED_BITS.get(code)
    if bits is None:
        return flat.tobytes()
    per_byte = 8 // bits
    # ml_dtypes keeps an element in the low bits of its byte; the high bits
    # are not the element's, so they are masked off.
    lanes = flat.view(np.uint8) & np.uint8((1 << bits) - 1)
    lanes = np.concatenate([lanes, np.zeros(-lanes.size % per_byte, np.uint8)])
    lanes = lanes.reshape(-1, per_byte).astype(np.uint8)
    packed = np.zeros(lanes.shape[0], np.uint8)
    for k in range(per_byte):
        packed |= lanes[:, k] << np.uint8(k * bits)
    return packed.tobytes()


def unpack(data: bytes | np.ndarray, code: int, count: int) -> np.ndarray:
    """`count` elements of `code` from ONNX storage `data` (exactly
    storage_bytes(code, count) bytes), one numpy element each; ValueError
    when the size does not match."""
    raw = np.frombuffer(data, np.uint8) if isinstance(data, (bytes, bytearray, memoryview)) \
        else np.asarray(data, np.uint8).reshape(-1)
    if raw.size != storage_bytes(code, count):
        raise ValueError(f"{raw.size} bytes hold no {count} elements of "
                         f"{name_of(code)}; they take {storage_bytes(code, count)}")
    bits = PACKED_BITS.get(code)
    if bits is None:
        return raw.view(BY_CODE[code]).copy()
    per_byte = 8 // bits
    mask = np.uint8((1 << bits) - 1)
    lanes = np.stack([(raw >> np.uint8(k * bits)) & mask for k in range(per_byte)],
                     axis=1).reshape(-1)
    return lanes[:count].copy().view(BY_CODE[code])
