"""ONNX Runtime through its Python API (onnxruntime), CPU execution provider.

Every dtype of the table goes in and out as itself, with no Cast and no
rewrite: an input's bits become an OrtValue of the input's ONNX element type
(`ortvalue_from_numpy_with_onnx_type` on an unsigned view of the same width;
the 4- and 2-bit types packed, two or four to a byte, as ORT holds them),
outputs come back through IO binding and their bytes are copied out of the
OrtValue's CPU buffer, because `OrtValue.numpy()` has no numpy type for
bfloat16 and three of the four float8 types. Under protocol 2 (run_into)
each output is bound to an OrtValue over its place in the shared memory, so
ORT's kernel writes it there and nothing is copied; ORT refuses such a
place when the model's output has another dtype or shape, before writing
to it, and the model then runs as above (and so from then on).

Options: `optimizations` = all (ORT's default, what users get), extended,
basic or disabled; one intra-op and one inter-op thread.
"""
from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np
import onnx
import onnxruntime as ort

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import PACKED_BITS, numpy_dtype, pack, storage_bytes, unpack
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

LEVELS = {
    "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
    "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
    "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
    "disabled": ort.GraphOptimizationLevel.ORT_DISABLE_ALL,
}
# ORT's words for "no kernel, no type support, no support for this
# attribute or opset", as opposed to a verdict that the model is invalid
# (onnxcts_worker/refusals.py). Quoted from reports/published/ort-python.json:
NOT_SUPPORTED = phrases(
    "NOT_IMPLEMENTED",
    # "Could not find an implementation for IsNaN(13) node with name ''"
    "Could not find an implementation",
    "is not a registered function/op",
    # "Opset 27 is under development and support for this is limited. ..."
    # (a model stamped with an opset newer than ORT's released ones)
    "under development and support for this is limited",
    # "Batchwise recurrent operations (layout == 1) are not supported."
    # (GRU, LSTM, RNN); "Non per-tensor quantization is not supported now."
    # (ConvInteger with a per-channel zero point)
    "not supported",
)


def bits_value(array: np.ndarray, code: int) -> tuple[ort.OrtValue, np.ndarray]:
    """An OrtValue of ONNX element type `code` holding `array`'s bits, and
    the array whose memory it borrows (keep it alive as long as the value).

    ORT holds the 4- and 2-bit types packed, as ONNX stores them, and takes
    the shape from the numpy array and the bytes from the start of its
    buffer: a packed dtype goes in as a uint8 array of `array`'s shape whose
    first storage_bytes(code, size) bytes are the packed elements."""
    raw = c_order(array)
    if code in PACKED_BITS:
        packed = np.frombuffer(pack(raw, code), np.uint8)
        holder = np.zeros(max(raw.size, packed.size), np.uint8)
        holder[:packed.size] = packed
        raw = holder[:raw.size].reshape(raw.shape)
    else:
        raw = raw.view(f"<u{raw.dtype.itemsize}")
    return ort.OrtValue.ortvalue_from_numpy_with_onnx_type(raw, code), raw


def value_bits(value: ort.OrtValue) -> np.ndarray:
    """A copy of a CPU OrtValue's elements, as the numpy dtype of the
    element type ORT says it holds (not the one the model declares: a
    difference there is the backend's, and the harness sees it)."""
    code = value.element_type()
    try:
        dtype = numpy_dtype(code)
    except KeyError:
        raise Refusal("error", f"ONNX Runtime returned an output of element "
                      f"type {code} ({value.data_type()}), outside the dtype table") from None
    shape = [int(d) for d in value.shape()]
    count = int(np.prod(shape, dtype=np.int64))
    size = value.tensor_size_in_bytes()
    if size != storage_bytes(code, count):  # packed for the 4- and 2-bit types
        raise Refusal("error", f"output of {value.data_type()} shape {shape} "
                      f"holds {size} bytes")
    data = ctypes.string_at(value.data_ptr(), size) if size else b""
    if code in PACKED_BITS:
        return unpack(data, code, count).reshape(shape)
    return np.frombuffer(data, dtype=dtype).reshape(shape)


@dataclass
class Session:
    session: ort.InferenceSession
    input_codes: dict[str, int]
    outputs: list[tuple[str, int]]   # name, declared ONNX code
    direct: bool = True              # outputs may be bound to their places


class Backend(Adapter):
    name = "onnxruntime"
    known_options = {"optimizations": "all"}

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        if self.option("optimizations") not in LEVELS:
            raise ValueError(f"optimizations={self.option('optimizations')}: "
                             f"one of {', '.join(LEVELS)}")

    def version(self) -> str:
        return ort.__version__

    def session_options(self) -> ort.SessionOptions:
        so = ort.SessionOptions()
        so.intra_op_num_threads = 1
        so.inter_op_num_threads = 1
        so.graph_optimization_level = LEVELS[self.option("optimizations")]
        return so

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        session = ort.InferenceSession(path, self.session_options(),
                                       providers=["CPUExecutionProvider"])
        codes = {i.name: i.type.tensor_type.elem_type for i in model.graph.input}
        outputs = [(o.name, o.type.tensor_type.elem_type) for o in model.graph.output]
        return Loaded(Session(session, codes, outputs))

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        return self._run(loaded.handle, inputs, [None] * len(loaded.handle.outputs))

    def run_into(self, loaded: Loaded, inputs: dict[str, np.ndarray],
                 places: list[np.ndarray | None]) -> list[np.ndarray]:
        s = loaded.handle
        places = [p if p is not None and p.dtype == numpy_dtype(code)
                  and code not in PACKED_BITS else None
                  for p, (_, code) in zip(places, s.outputs)]
        if s.direct and any(p is not None for p in places):
            try:
                return self._run(s, inputs, places)
            except Exception:  # a place ORT refused, or the run failed: see below
                s.direct = False
        return self._run(s, inputs, [None] * len(s.outputs))

    def _run(self, s: Session, inputs: dict[str, np.ndarray],
             places: list[np.ndarray | None]) -> list[np.ndarray]:
        """One run with every output bound to its place, or to a buffer ORT
        allocates when the place is None."""
        binding = s.session.io_binding()
        # The OrtValues borrow the arrays' memory: keep both alive until run ends.
        values = {name: bits_value(array, s.input_codes[name])
                  for name, array in inputs.items()}
        for name, (value, _) in values.items():
            binding.bind_ortvalue_input(name, value)
        for (name, code), place in zip(s.outputs, places):
            if place is None:
                binding.bind_output(name, "cpu")
            else:
                value, _ = bits_value(place, code)  # place: never a packed dtype
                binding.bind_ortvalue_output(name, value)
        s.session.run_with_iobinding(binding)
        got = binding.get_outputs()
        if len(got) != len(s.outputs):
            raise Refusal("error", f"{len(got)} outputs for {len(s.outputs)}")
        # A place ORT wrote into is the output itself; else copy what it made.
        return [place if place is not None and value.data_ptr() == place.ctypes.data
                else value_bits(value) for value, place in zip(got, places)]

    def classify(self, error: BaseException) -> str:
        if isinstance(error, ort.capi.onnxruntime_pybind11_state.NotImplemented):
            return "not_supported"
        return status_of(str(error), NOT_SUPPORTED)
