"""ONNX Runtime through its Python API (onnxruntime), CPU execution provider.

Every dtype of the table goes in and out as itself, with no Cast and no
rewrite: an input's bits become an OrtValue of the input's ONNX element type
(`ortvalue_from_numpy_with_onnx_type` on an unsigned view of the same width),
outputs come back through IO binding and their bytes are copied out of the
OrtValue's CPU buffer, because `OrtValue.numpy()` has no numpy type for
bfloat16 and three of the four float8 types.

Options: `optimizations` = all (ORT's default, what users get), extended,
basic or disabled; one intra-op and one inter-op thread.
"""
from __future__ import annotations

import ctypes

import numpy as np
import onnx
import onnxruntime as ort

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import numpy_dtype
from onnxcts_worker.tensors import c_order

LEVELS = {
    "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
    "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
    "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
    "disabled": ort.GraphOptimizationLevel.ORT_DISABLE_ALL,
}
# ORT's words for "no kernel or no type support", as opposed to a verdict
# that the model is invalid.
NOT_SUPPORTED_WORDS = ("NOT_IMPLEMENTED", "Could not find an implementation",
                       "is not a registered function/op")


def bits_value(array: np.ndarray, code: int) -> ort.OrtValue:
    """An OrtValue of ONNX element type `code` holding `array`'s bits."""
    raw = c_order(array)
    raw = raw.view(f"<u{raw.dtype.itemsize}")
    return ort.OrtValue.ortvalue_from_numpy_with_onnx_type(raw, code)


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
    size = value.tensor_size_in_bytes()
    if size != int(np.prod(shape, dtype=np.int64)) * dtype.itemsize:
        raise Refusal("error", f"output of {value.data_type()} shape {shape} "
                      f"holds {size} bytes")
    data = ctypes.string_at(value.data_ptr(), size) if size else b""
    return np.frombuffer(data, dtype=dtype).reshape(shape)


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
        return Loaded((session, codes))

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        session, codes = loaded.handle
        binding = session.io_binding()
        # The OrtValues borrow the arrays' memory: keep both alive until run ends.
        values = {name: bits_value(array, codes[name]) for name, array in inputs.items()}
        for name, value in values.items():
            binding.bind_ortvalue_input(name, value)
        outputs = [o.name for o in session.get_outputs()]
        for name in outputs:
            binding.bind_output(name, "cpu")
        session.run_with_iobinding(binding)
        results = [value_bits(v) for v in binding.get_outputs()]
        if len(results) != len(outputs):
            raise Refusal("error", f"{len(results)} outputs for {len(outputs)}")
        return results

    def classify(self, error: BaseException) -> str:
        text = str(error)
        if isinstance(error, ort.capi.onnxruntime_pybind11_state.NotImplemented) \
                or any(w in text for w in NOT_SUPPORTED_WORDS):
            return "not_supported"
        return "error"
