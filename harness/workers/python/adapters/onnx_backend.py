"""Any onnx.backend.base.Backend subclass, unchanged.

    worker.py onnx_backend class=onnxruntime.backend.backend:OnnxRuntimeBackend

Options: `class` (required) the Backend subclass as module:Class; `name`
the name reports show (default: the class's module); `device` passed to
prepare (default CPU). The model goes to `Class.prepare(model, device)` and
the inputs, in graph-input order, to `rep.run(inputs)`.

The Backend API carries tensors as numpy arrays only, so bfloat16 and float8
inputs are ml_dtypes arrays. A backend whose run() fails while such a dtype
is in play is taken not to carry it (not_supported, naming the dtypes, with
the backend's words): a real refusal of the model belongs in prepare(). An
output of those dtypes that comes back as unsigned integers of the same
width (the old convention for types numpy lacks) is viewed as the declared
dtype, and the view listed in adapter_steps. Any other output is written as
the backend returned it, so the harness judges a wrong dtype.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import sys

import numpy as np
import onnx
import onnx.backend.base
import onnx.checker
import onnx.shape_inference

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import code_of, name_of, numpy_dtype
from onnxcts_worker.refusals import phrases, status_of

NO_NUMPY_TYPE = (16, 17, 18, 19, 20)  # carried by ml_dtypes, not numpy
# Words of any backend for "I lack this" (onnxcts_worker/refusals.py).
NOT_SUPPORTED = phrases("not implemented", "not_implemented", "not supported", "unsupported",
                        "could not find an implementation", "no registered schema")


def import_class(spec: str) -> type:
    module_name, sep, class_name = spec.partition(":")
    if not sep or not module_name or not class_name:
        raise ValueError(f"class={spec}: want module:Class, e.g. "
                         f"class=onnxruntime.backend.backend:OnnxRuntimeBackend")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as e:
        raise ImportError(f"class={spec}: cannot import: {e}") from e
    if not (isinstance(cls, type) and issubclass(cls, onnx.backend.base.Backend)):
        raise ValueError(f"class={spec}: {cls!r} is not an onnx.backend.base.Backend subclass")
    return cls


def package_version(module_name: str) -> str:
    """The top-level package's __version__, else its distribution's version."""
    top = module_name.split(".")[0]
    version = getattr(sys.modules.get(top) or importlib.import_module(top),
                      "__version__", None)
    if version:
        return str(version)
    try:
        return importlib.metadata.version(top)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class Backend(Adapter):
    known_options = {"class": "", "name": "", "device": "CPU"}

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        if not self.option("class"):
            raise ValueError("onnx_backend: option class=module:Class is required, "
                             "e.g. class=onnxruntime.backend.backend:OnnxRuntimeBackend")
        self.backend = import_class(self.option("class"))
        self.name = self.option("name") or self.backend.__module__

    def version(self) -> str:
        return package_version(self.backend.__module__)

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        device = self.option("device")
        if not self.backend.supports_device(device):
            raise Refusal("not_supported", f"{self.name} does not support device {device}")
        rep = self.backend.prepare(model, device)
        if rep is None:
            raise Refusal("error", f"{self.name}.prepare returned no BackendRep")
        initialized = {t.name for t in model.graph.initializer}
        fed = [i.name for i in model.graph.input if i.name not in initialized]
        exotic = [name_of(v.type.tensor_type.elem_type)
                  for v in [*model.graph.input, *model.graph.output]
                  if v.name not in initialized
                  and v.type.tensor_type.elem_type in NO_NUMPY_TYPE]
        return Loaded((rep, fed, list(model.graph.output), sorted(set(exotic))))

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        rep, fed, declared, exotic = loaded.handle
        try:
            results = list(rep.run([inputs[name] for name in fed]))
        except Exception as e:
            if exotic and self.classify(e) == "error":
                raise Refusal("not_supported", f"{self.name} did not take "
                              f"{', '.join(exotic)} as ml_dtypes numpy arrays: "
                              f"{type(e).__name__}: {e}") from e
            raise
        if len(results) != len(declared):
            raise Refusal("error", f"{len(results)} outputs for {len(declared)}")
        return [self.output(loaded, np.asarray(r), info)
                for r, info in zip(results, declared)]

    def output(self, loaded: Loaded, result: np.ndarray,
               info: onnx.ValueInfoProto) -> np.ndarray:
        code = info.type.tensor_type.elem_type
        want = numpy_dtype(code)
        if result.dtype == want:
            return result
        if (code in NO_NUMPY_TYPE and result.dtype.kind == "u"
                and result.dtype.itemsize == want.itemsize):
            step = (f"output '{info.name}' ({name_of(code)}) came back as "
                    f"{result.dtype} bit patterns, viewed as {name_of(code)}")
            if step not in loaded.steps:
                loaded.steps.append(step)
            return result.view(want)
        print(f"{self.name}: output '{info.name}' came back as numpy {result.dtype} "
              f"(ONNX {name_of(code_of(result.dtype) or -1)}), the model declares "
              f"{name_of(code)}; written as it came", file=sys.stderr)
        return result

    def classify(self, error: BaseException) -> str:
        # onnx's own checker judged the model: a verdict, whatever its words
        # ("has unsupported type" is a type error there).
        if isinstance(error, (onnx.checker.ValidationError,
                              onnx.shape_inference.InferenceError)):
            return "error"
        if isinstance(error, NotImplementedError):
            return "not_supported"
        return status_of(str(error), NOT_SUPPORTED)
