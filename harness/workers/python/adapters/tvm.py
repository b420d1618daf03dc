"""Apache TVM (PyPI apache-tvm): the Relax ONNX frontend
(`tvm.relax.frontend.onnx.from_onnx`), compiled with `tvm.compile` for an
LLVM CPU target and run on Relax's VirtualMachine.

Every dtype of the table goes in and out as itself: `tvm.runtime.tensor`
takes numpy arrays of ml_dtypes' bfloat16 and float8 types with their bits,
and `Tensor.numpy()` hands them back as the same types. No model rewrite.

What TVM 0.27 does with the ops here (found by this adapter's tests; see the
adapter's report): IsNaN/IsInf have no kernel for bfloat16 or the float8
types ("Data type T.bfloat16 not supported for isnan op", raised while
legalizing: not_supported); the frontend drops IsInf's detect_positive and
detect_negative attributes, so IsInf always detects both infinities; Sign
of a NaN is 0; must-reject models (IsInf-10 on float16) are compiled and run.
The packed 4- and 2-bit types are refused before TVM sees them: numpy holds
them one element per byte, and `tvm.runtime.tensor` given such an array
crashed the worker (segfault, TVM 0.27).

Options: `target` (default "llvm"), `threads` (TVM_NUM_THREADS, default 1;
it must be set before TVM's thread pool starts, so once per worker).
"""
from __future__ import annotations

import os

import numpy as np
import onnx

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import PACKED_BITS, name_of
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

# TVM's words for "no kernel / no lowering for this", as opposed to a model
# it judged invalid (onnxcts_worker/refusals.py). The last three are quoted
# from reports/published/tvm.json; "TopK k must be a constant" and "Node
# cannot handle ShapeExpr inputs" are not among them (no word of support).
NOT_SUPPORTED = phrases(
    "not supported", "not implemented", "OpNotImplemented",
    "No (?:legalization|lowering)",
    # "Type <class 'tvm.ir.expr.Var'> for scale is currently unsupported."
    # (Resize with scales or sizes as an input)
    "unsupported",
    # "Dynamic Split not yet supported"
    "not yet supported",
    # "Only constant axes currently supported" (Reduce*-18, ...),
    # "Only constant depth currently supported." (OneHot)
    "currently supported",
)


class Backend(Adapter):
    name = "tvm"
    known_options = {"target": "llvm", "threads": "1"}

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        threads = self.option("threads")
        if not threads.isdigit() or int(threads) < 1:
            raise ValueError(f"threads={threads}: a positive integer")
        os.environ["TVM_NUM_THREADS"] = threads
        import tvm  # after TVM_NUM_THREADS
        from tvm import relax
        from tvm.relax.frontend.onnx import from_onnx
        self.tvm, self.relax, self.from_onnx = tvm, relax, from_onnx
        try:
            self.target = tvm.target.Target(self.option("target"))
        except Exception as e:  # TVM's own words on a target it cannot make
            raise ValueError(f"target={self.option('target')}: {e}") from None
        if self.target.kind.name != "llvm":
            raise ValueError(f"target={self.option('target')}: this worker runs "
                             f"on the CPU, so an llvm target")
        self.device = tvm.cpu()

    def version(self) -> str:
        return self.tvm.__version__

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        packed = [f"'{v.name}' has {name_of(v.type.tensor_type.elem_type)}"
                  for v in list(model.graph.input) + list(model.graph.output)
                  if v.type.tensor_type.elem_type in PACKED_BITS]
        if packed:
            raise Refusal("not_supported", "; ".join(packed) + ", which this "
                          "worker does not hand to TVM (packed elements)")
        mod = self.from_onnx(model, keep_params_in_input=False)
        executable = self.tvm.compile(mod, target=self.target)
        vm = self.relax.VirtualMachine(executable, self.device)
        initialized = {t.name for t in model.graph.initializer}
        fed = [i.name for i in model.graph.input if i.name not in initialized]
        return Loaded((vm, fed, len(model.graph.output)))

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        vm, fed, count = loaded.handle
        args = [self.tvm.runtime.tensor(c_order(inputs[name]), device=self.device)
                for name in fed]
        result = vm["main"](*args)
        single = (self.tvm.runtime.Tensor, self.tvm.runtime.ShapeTuple)
        results = [result] if isinstance(result, single) else list(result)
        if len(results) != count:
            raise Refusal("error", f"TVM returned {len(results)} outputs for {count}")
        return [self._host(r) for r in results]

    def _host(self, result) -> np.ndarray:
        # A Shape output comes back as TVM's shape tuple, not a tensor.
        if isinstance(result, self.tvm.runtime.ShapeTuple):
            return np.array(list(result), dtype=np.int64)
        return result.numpy()

    def classify(self, error: BaseException) -> str:
        if isinstance(error, self.tvm.error.OpNotImplemented):
            return "not_supported"
        return status_of(str(error), NOT_SUPPORTED)
