"""tinygrad (PyPI tinygrad): its ONNX runner (`tinygrad.nn.onnx.OnnxRunner`,
which parses the model file with tinygrad's own protobuf reader) on the CPU
device, whose kernels tinygrad compiles with clang (renderer CLANG, the
default), LLVM, or its own x86 assembler (X86).

I/O: float, float16, ints and bool go in as numpy arrays and come out
through `Tensor.numpy()`, as a user of the runner does. bfloat16 cannot:
tinygrad builds a bfloat16 Tensor from numpy by way of float32, and
`Tensor.numpy()` widens bfloat16 to float32. So a bfloat16 input goes in as
its uint16 bits, bitcast to bfloat16 inside tinygrad (`Tensor.bitcast`), and
a bfloat16 output comes back bitcast to uint16; `adapter_steps` says so.
tinygrad 0.14's ONNX parser has no float8 dtype codes (17-20), so a model
with one is not_supported.

What tinygrad 0.14 does with the ops here (found by this adapter's tests):
Sign of a NaN is 1; with renderer=LLVM Sign of a float16 subnormal is 0
(its float16 -> float32 conversion flushes them), with renderer=X86 Sign of
a bfloat16 subnormal is 0 (likewise); must-reject models (IsInf-10 on
float16) run. renderer=LLVM uses the system's libLLVM (Debian's libLLVM-15
here), on which tinygrad's IR fails to parse for tensors whose length is not
a multiple of its vector width (an error answer).

Options: `renderer` = CLANG (default), LLVM or X86 (tinygrad's DEV=CPU:...).
tinygrad's on-disk kernel cache is off (CACHELEVEL=0): the worker writes
nothing outside the output folders.
"""
from __future__ import annotations

import os
import re

import ml_dtypes
import numpy as np
import onnx

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import name_of, numpy_dtype
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

RENDERERS = ("CLANG", "LLVM", "X86")
BAD_DTYPE = re.compile(r"(\d+) is not a valid OnnxDataType")
# tinygrad's words for "no such thing here" (onnxcts_worker/refusals.py):
# its ONNX parser looks domains up in an enum, which has no ai.onnx.preview
# ("'ai.onnx.preview' is not a valid Domain", quoted from
# reports/published/tinygrad.json), as BAD_DTYPE's has no float8 codes.
# "invalid coordinate_transformation_mode='tf_crop_and_resize'" (a mode
# every Resize allows) says the model is invalid, so it stays an error.
NOT_SUPPORTED = phrases("is not a valid Domain")
FLOAT8 = tuple(np.dtype(t) for t in (ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e4m3fnuz,
                                     ml_dtypes.float8_e5m2, ml_dtypes.float8_e5m2fnuz))


class Backend(Adapter):
    name = "tinygrad"
    known_options = {"renderer": "CLANG"}

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        if self.option("renderer") not in RENDERERS:
            raise ValueError(f"renderer={self.option('renderer')}: one of {', '.join(RENDERERS)}")
        # tinygrad reads these once, at import.
        os.environ["DEV"] = f"CPU:{self.option('renderer')}"
        os.environ["CACHELEVEL"] = "0"
        import tinygrad
        from tinygrad import Device, Tensor, dtypes
        from tinygrad.nn.onnx import OnnxRunner
        self.tinygrad, self.Tensor, self.dtypes, self.OnnxRunner = tinygrad, Tensor, dtypes, OnnxRunner
        # Opens the CPU device and its renderer now, so a missing compiler or
        # library stops the worker before hello.
        Device[Device.DEFAULT].renderer

    def version(self) -> str:
        import importlib.metadata
        return importlib.metadata.version("tinygrad")

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        try:
            runner = self.OnnxRunner(path)
        except ValueError as e:
            found = BAD_DTYPE.search(str(e))
            if found:
                code = int(found.group(1))
                raise Refusal("not_supported", f"tinygrad's ONNX parser has no "
                              f"{name_of(code)} (dtype code {code}): {e}") from None
            raise
        steps = []
        initialized = {t.name for t in model.graph.initializer}
        for v in model.graph.input:
            if v.name not in initialized and v.type.tensor_type.elem_type == 16:
                steps.append(f"input '{v.name}' (bfloat16) passed as its uint16 bits "
                             f"and bitcast to bfloat16 in tinygrad (Tensor.bitcast)")
        for v in model.graph.output:
            if v.type.tensor_type.elem_type == 16:
                steps.append(f"output '{v.name}' (bfloat16) read back as its bits "
                             f"by a bitcast to uint16 in tinygrad (Tensor.bitcast)")
        codes = {v.name: v.type.tensor_type.elem_type for v in model.graph.output}
        return Loaded((runner, codes), steps)

    def _feed(self, array: np.ndarray):
        if array.dtype == ml_dtypes.bfloat16:
            bits = c_order(array).view(np.uint16)
            return self.Tensor(bits).bitcast(self.dtypes.bfloat16)
        if array.dtype in FLOAT8:
            raise Refusal("not_supported", f"no route for {array.dtype} into tinygrad")
        return c_order(array)

    def _fetch(self, tensor, code: int) -> np.ndarray:
        # Size comes back as a Python int, not a Tensor.
        if not isinstance(tensor, self.Tensor):
            return np.asarray(tensor, dtype=numpy_dtype(code))
        d = self.dtypes
        if tensor.dtype == d.bfloat16:
            return tensor.bitcast(d.uint16).numpy().view(ml_dtypes.bfloat16)
        if tensor.dtype in d.fp8s:
            raise Refusal("not_supported", f"no route for a {tensor.dtype} output out of tinygrad")
        return tensor.numpy()

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        runner, codes = loaded.handle
        results = runner({name: self._feed(a) for name, a in inputs.items()})
        return [self._fetch(results[name], codes[name]) for name in runner.graph_outputs]

    def classify(self, error: BaseException) -> str:
        if isinstance(error, NotImplementedError):
            return "not_supported"
        return status_of(str(error), NOT_SUPPORTED)
