"""ONNX's reference evaluator, onnx.reference.ReferenceEvaluator.

The evaluator computes with numpy on arrays of the numpy type that
`onnx.helper.tensor_dtype_to_np_dtype` names for each ONNX code. In onnx
1.22 those are ml_dtypes' types for bfloat16 and the float8 formats, the
same the worker library reads, so every input goes in as read and no step is
recorded. An older onnx names its own custom types (uint16/uint8-based
structured dtypes); those get a view of the same bits, in and out, listed in
adapter_steps. A code with no numpy type of the right width is not_supported.

The evaluator checks neither type constraints nor the declared output types:
a must-reject model runs, and an output comes back as whatever numpy gave.
Both are let through as they are (a float64 where float was declared is
written as double, so the harness sees it): they are findings about the
evaluator, not for the worker to hide.
"""
from __future__ import annotations

import sys

import numpy as np
import onnx
from onnx import helper
from onnx.reference import ReferenceEvaluator

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import code_of, name_of, numpy_dtype
from onnxcts_worker.refusals import phrases, status_of

# Words for "this evaluator has no implementation", not "this is invalid"
# (onnxcts_worker/refusals.py).
NOT_SUPPORTED = phrases(
    "not implemented", "no registered schema", "is unknown",
    "no implementation", "unsupported", "not supported",
    # "GridSample interpolation only supports nearest, linear, and cubic
    # modes." (GridSample-16's "bilinear" and "bicubic", which the evaluator
    # knows only by GridSample-20's names; reports/published/onnx-reference.json)
    "only supports",
)


def evaluator_dtype(code: int) -> np.dtype | None:
    """The numpy type the evaluator uses for ONNX code `code`, or None."""
    try:
        return np.dtype(helper.tensor_dtype_to_np_dtype(code))
    except Exception:  # a code this onnx does not know
        return None


def route(kind: str, value: onnx.ValueInfoProto) -> tuple[np.dtype | None, str]:
    """How one graph input or output crosses over: the evaluator's dtype when
    it differs from the library's (None when they agree) and the step text."""
    code = value.type.tensor_type.elem_type
    ours, theirs = numpy_dtype(code), evaluator_dtype(code)
    if theirs == ours:
        return None, ""
    if theirs is None or theirs.itemsize != ours.itemsize:
        raise Refusal("not_supported", f"{kind} '{value.name}': onnx "
                      f"{onnx.__version__} has no numpy type of {ours.itemsize} "
                      f"byte(s) for {name_of(code)} (it gives {theirs})")
    return theirs, (f"{kind} '{value.name}' ({name_of(code)}) viewed as onnx's "
                    f"own numpy type {theirs}, same bits")


class Backend(Adapter):
    name = "onnx-reference"

    def version(self) -> str:
        return onnx.__version__

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        initialized = {t.name for t in model.graph.initializer}
        fed = [i for i in model.graph.input if i.name not in initialized]
        ins = {i.name: route("input", i) for i in fed}
        outs = [route("output", o) for o in model.graph.output]
        steps = [text for _, text in [*ins.values(), *outs] if text]
        evaluator = self.evaluator(model)
        return Loaded((evaluator, {k: d for k, (d, _) in ins.items()},
                       [d for d, _ in outs], model.graph.output), steps)

    def evaluator(self, model: onnx.ModelProto) -> ReferenceEvaluator:
        """What runs `model`: its run(None, feeds) gives the outputs."""
        return ReferenceEvaluator(model)

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        evaluator, in_views, out_views, declared = loaded.handle
        feeds = {k: a if in_views[k] is None else a.view(in_views[k])
                 for k, a in inputs.items()}
        results = evaluator.run(None, feeds)
        return [self.output(r, view, info)
                for r, view, info in zip(results, out_views, declared)]

    @staticmethod
    def output(result: object, view: np.dtype | None,
               info: onnx.ValueInfoProto) -> np.ndarray:
        """One result as an array: viewed back from onnx's own type, else
        exactly as the evaluator returned it (see the module's note)."""
        if not isinstance(result, np.ndarray):
            raise Refusal("error", f"output '{info.name}': the evaluator returned "
                          f"{type(result).__name__}, not a tensor")
        if view is not None and result.dtype == view:
            return result.view(numpy_dtype(info.type.tensor_type.elem_type))
        declared = info.type.tensor_type.elem_type
        if code_of(result.dtype) != declared:
            print(f"onnx-reference: output '{info.name}' came back as numpy "
                  f"{result.dtype}, the model declares {name_of(declared)}; "
                  f"written as it came", file=sys.stderr)
        return result

    def classify(self, error: BaseException) -> str:
        if isinstance(error, NotImplementedError):
            return "not_supported"
        return status_of(str(error), NOT_SUPPORTED)
