"""The shared memory of protocol version 2 (docs/worker-protocol.md,
"Version 2"): file descriptor 3, mapped MAP_SHARED, and the slots of a
memory-form run request as numpy arrays over it.

An input is a read-only view of its slot, never a copy: the harness writes
the tensors of a later request into the same bytes once the answer is sent,
so nothing may keep an input past its request (see adapter.py). An output
is copied into its slot once (`write`), or written there by the backend
itself (`output_view`, Adapter.run_into).
"""
from __future__ import annotations

import math
import mmap
import os
import stat
from dataclasses import dataclass
from typing import Any

import numpy as np

from .adapter import Refusal
from .dtypes import BY_CODE, PACKED_BITS, numpy_dtype, pack, storage_bytes, unpack

FD = 3


@dataclass(frozen=True)
class Slot:
    """Where one tensor lives in the memory: `bytes` at `offset`, of ONNX
    dtype `dtype` and shape `dims` (for an output: the room it has, and the
    dtype and shape the harness expects)."""

    offset: int
    bytes: int
    dtype: int
    dims: tuple[int, ...]

    @property
    def needs(self) -> int:
        """The bytes that `dims` elements of `dtype` take (packed for the
        4- and 2-bit dtypes, as in ONNX)."""
        return storage_bytes(self.dtype, math.prod(self.dims))


def _natural(value: Any) -> bool:
    # JSON true is a Python int too; it is not a size.
    return type(value) is int and value >= 0


def _slot(value: Any, where: str, memory_bytes: int) -> Slot:
    if not isinstance(value, dict):
        raise Refusal("error", f"bad request: {where}: not a slot object")
    for key in ("offset", "bytes"):
        if not _natural(value.get(key)):
            raise Refusal("error", f"bad request: {where}.{key}: not a "
                          f"non-negative integer")
    if value.get("dtype") not in BY_CODE or type(value["dtype"]) is not int:
        raise Refusal("error", f"bad request: {where}.dtype: "
                      f"{value.get('dtype')!r} is not a dtype code of the table")
    dims = value.get("dims")
    if not isinstance(dims, list) or not all(_natural(d) for d in dims):
        raise Refusal("error", f"bad request: {where}.dims: not an array of "
                      f"non-negative integers")
    slot = Slot(value["offset"], value["bytes"], value["dtype"], tuple(dims))
    if slot.offset + slot.bytes > memory_bytes:
        raise Refusal("error", f"bad request: {where}.offset + bytes: {slot.offset} "
                      f"+ {slot.bytes} is beyond memory_bytes {memory_bytes}")
    return slot


def parse_slots(request: dict[str, Any], field: str) -> list[Slot]:
    """The slots of the request's `inputs` or `outputs`, each checked against
    memory_bytes, an input's `bytes` against its dims; Refusal("error")
    naming the field (`inputs[0].offset`) otherwise."""
    memory_bytes = request["memory_bytes"]
    slots = [_slot(v, f"{field}[{k}]", memory_bytes)
             for k, v in enumerate(request[field])]
    if field == "inputs":
        for k, slot in enumerate(slots):
            if slot.bytes != slot.needs:
                raise Refusal("error", f"bad request: inputs[{k}].bytes: "
                              f"{slot.bytes}, dims {list(slot.dims)} of dtype "
                              f"{slot.dtype} take {slot.needs}")
    return slots


class SharedMemory:
    """The memory on one file descriptor, mapped at the largest size a
    request has named so far."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.map: mmap.mmap | None = None

    @classmethod
    def inherited(cls) -> "SharedMemory | None":
        """The memory on fd 3 when the process started with a file open
        there, else None. Call it first thing: any file opened later may
        take a free fd 3."""
        try:
            mode = os.fstat(FD).st_mode
        except OSError:
            return None
        if not stat.S_ISREG(mode):  # a memfd is a regular file
            return None
        os.set_inheritable(FD, False)  # a backend's compiler child gets none
        return cls(FD)

    def ensure(self, memory_bytes: int) -> None:
        """Maps the memory again when `memory_bytes` is more than is mapped.
        A mapping that a view still uses stays until the view goes."""
        if memory_bytes == 0 or (self.map is not None and memory_bytes <= len(self.map)):
            return
        try:
            self.map = mmap.mmap(self.fd, memory_bytes)
        except (OSError, ValueError) as e:  # the memory is smaller than that
            raise Refusal("error", f"bad request: memory_bytes: cannot map "
                          f"{memory_bytes} bytes of file descriptor {self.fd}: {e}") from e

    def _view(self, dtype: np.dtype, count: int, offset: int) -> np.ndarray:
        if count == 0:
            return np.empty(0, dtype)
        return np.frombuffer(self.map, dtype, count, offset)

    def input(self, slot: Slot) -> np.ndarray:
        """The slot's tensor, a read-only view. One whose offset is not a
        multiple of its width is copied: backends take raw pointers, and
        files never gave them a misaligned one. A packed dtype is unpacked
        into a copy, one element per byte."""
        if slot.dtype in PACKED_BITS:
            count = math.prod(slot.dims)
            raw = self._view(np.dtype(np.uint8), slot.bytes, slot.offset)
            array = unpack(raw, slot.dtype, count).reshape(slot.dims)
            array.flags.writeable = False
            return array
        array = self._view(numpy_dtype(slot.dtype), math.prod(slot.dims), slot.offset)
        array = array.reshape(slot.dims)
        if not array.flags.aligned:
            array = array.copy()
        array.flags.writeable = False
        return array

    def output_view(self, slot: Slot) -> np.ndarray | None:
        """A writable array of the dtype and dims the slot expects, over the
        slot, for a backend to write into; None when the slot lacks the room
        or the offset is misaligned."""
        if slot.needs > slot.bytes or slot.dtype in PACKED_BITS:
            return None  # packed: no numpy view has ONNX's layout
        array = self._view(numpy_dtype(slot.dtype), math.prod(slot.dims), slot.offset)
        return array.reshape(slot.dims) if array.flags.aligned else None

    def write(self, slot: Slot, array: np.ndarray, code: int) -> None:
        """Copies `array` (of ONNX dtype `code`) into the slot, little-endian,
        when it fits in the slot's bytes; else writes nothing."""
        if code in PACKED_BITS:
            data = pack(array, code)
            if 0 < len(data) <= slot.bytes:
                self.map[slot.offset:slot.offset + len(data)] = data
            return
        if array.nbytes > slot.bytes or array.nbytes == 0:
            return
        target = self._view(numpy_dtype(code), array.size, slot.offset)
        np.copyto(target.reshape(array.shape), array, casting="equiv")
