"""Bit-exact reading and writing of ONNX TensorProto files.

Elements travel as raw little-endian bytes viewed as the dtype of the table
(`dtypes`). A tensor that carries its elements in a typed field instead of
raw_data is read from the file's own bytes too: Python floats would quiet a
signalling NaN, so float_data and double_data are taken from the wire.
The 4- and 2-bit types arrive packed (raw_data; int32_data, one value per
packed byte, as onnx's make_tensor writes them) and are unpacked to one
numpy element each (`dtypes.unpack`); they leave packed (`dtypes.pack`).
"""
from __future__ import annotations

import pathlib

import numpy as np
import onnx

from .adapter import Refusal
from .dtypes import PACKED_BITS, code_of, name_of, numpy_dtype, pack, storage_bytes, unpack

MAX_BYTES = 1 << 31

# TensorProto field numbers (onnx.proto) of the typed element fields.
_FLOAT_DATA, _INT32_DATA, _INT64_DATA, _DOUBLE_DATA, _UINT64_DATA = 4, 5, 7, 10, 11
_WIDTH_MASK = {1: 0xFF, 2: 0xFFFF, 4: 0xFFFFFFFF}


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 63:
            raise ValueError("truncated varint")
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if not byte & 0x80:
            return value, pos


def _fixed_field_bytes(data: bytes, field: int, width: int) -> bytes:
    """The concatenated little-endian elements of a top-level fixed32/fixed64
    repeated field, packed or not."""
    out, pos = bytearray(), 0
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, pos = _varint(data, pos)
            continue
        if wire == 1 or wire == 5:
            size = 8 if wire == 1 else 4
        elif wire == 2:
            size, pos = _varint(data, pos)
        else:
            raise ValueError(f"wire type {wire}")
        if pos + size > len(data):
            raise ValueError("truncated field")
        if number == field and (wire == 2 or size == width):
            out += data[pos:pos + size]
        pos += size
    return bytes(out)


def _packed_elements(tensor: onnx.TensorProto, code: int, count: int) -> np.ndarray:
    """A 4- or 2-bit tensor's elements; ValueError naming the field when its
    size does not match its dims."""
    if tensor.HasField("raw_data"):
        field, data = "raw_data", tensor.raw_data
    else:
        values = list(tensor.int32_data)
        if any(v < 0 or v > 0xFF for v in values):
            raise ValueError("int32_data: a value is not a packed byte (0 to 255)")
        field, data = "int32_data", bytes(values)
    if len(data) != storage_bytes(code, count):
        raise ValueError(f"{field}: {len(data)} bytes; {count} elements of "
                         f"{name_of(code)} take {storage_bytes(code, count)}")
    return unpack(data, code, count)


def _elements(tensor: onnx.TensorProto, data: bytes, dtype: np.dtype) -> np.ndarray:
    if tensor.HasField("raw_data"):
        return np.frombuffer(tensor.raw_data, dtype=dtype)
    if dtype in (np.float32, np.float64):
        field = _FLOAT_DATA if dtype == np.float32 else _DOUBLE_DATA
        return np.frombuffer(_fixed_field_bytes(data, field, dtype.itemsize), dtype=dtype)
    if tensor.int64_data:
        return np.array(tensor.int64_data, dtype=np.int64).astype(dtype)
    if tensor.uint64_data:
        return np.array(tensor.uint64_data, dtype=np.uint64).astype(dtype)
    # int32_data carries every narrower type, floats as their bit patterns.
    bits = np.array([v & _WIDTH_MASK[dtype.itemsize] for v in tensor.int32_data],
                    dtype=f"<u{dtype.itemsize}")
    if dtype == np.bool_:
        return bits.astype(np.bool_)
    return bits.view(dtype)


def c_order(array: np.ndarray) -> np.ndarray:
    """`array` C-contiguous, a 0-d array kept 0-d (np.ascontiguousarray
    makes it 1-d, and a backend then sees the wrong rank)."""
    return np.asarray(array, order="C")


def read_tensor(path: str, code: int) -> np.ndarray:
    """The tensor in file `path`, which the model says is of dtype `code`;
    raises Refusal("error") naming the file and the field when it is not."""
    try:
        data = pathlib.Path(path).read_bytes()
        tensor = onnx.TensorProto.FromString(data)
    except Exception as e:  # unreadable file or not a TensorProto
        raise Refusal("error", f"{path}: unreadable TensorProto: {e}") from e
    if tensor.data_type != code:
        raise Refusal("error", f"{path}: data_type {tensor.data_type}, "
                      f"the model wants {code} ({name_of(code)})")
    if tensor.data_location == onnx.TensorProto.EXTERNAL:
        raise Refusal("error", f"{path}: data_location: external data is not read")
    dtype = numpy_dtype(code)
    count = 1
    for d in tensor.dims:
        if d < 0 or count * max(d, 1) * dtype.itemsize > MAX_BYTES:
            raise Refusal("error", f"{path}: dims {list(tensor.dims)}")
        count *= d
    try:
        if tensor.data_type in PACKED_BITS:
            elements = _packed_elements(tensor, code, count)
        else:
            elements = _elements(tensor, data, dtype)
    except ValueError as e:
        raise Refusal("error", f"{path}: elements: {e}") from e
    if elements.size != count:
        raise Refusal("error", f"{path}: {elements.size} elements, dims "
                      f"{list(tensor.dims)} need {count}")
    return elements.reshape([int(d) for d in tensor.dims])


def onnx_code(array: np.ndarray, name: str) -> int:
    """The ONNX code of the array a backend returned for output `name`, in
    either byte order: never a conversion to the declared dtype, so that a
    wrong one reaches the harness. Refusal for a dtype outside the table."""
    code = code_of(array.dtype.newbyteorder("<") if array.dtype.byteorder == ">"
                   else array.dtype)
    if code is None:
        raise Refusal("error", f"output '{name}': the backend returned numpy "
                      f"dtype {array.dtype}, which no ONNX dtype matches")
    return code


def write_tensor(path: pathlib.Path, name: str, array: np.ndarray) -> None:
    """Writes `array` to `path` as a TensorProto with raw_data, its dtype
    code taken from the array itself (onnx_code)."""
    array = np.asarray(array)
    code = onnx_code(array, name)
    tensor = onnx.TensorProto(name=name, data_type=code, dims=list(array.shape))
    tensor.raw_data = pack(array, code)
    path.write_bytes(tensor.SerializeToString())
