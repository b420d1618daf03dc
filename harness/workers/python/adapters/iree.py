"""IREE (PyPI iree-base-compiler + iree-base-runtime): the model goes
through IREE's own ONNX importer (the `iree-import-onnx` tool, run in
process: onnx's checker and shape inference, then import to MLIR), is
compiled by `iree-compile` for the llvm-cpu backend, and runs on the
`local-sync` (or `local-task`) driver through `iree.runtime`.

Every dtype of the table goes in as itself: `iree.runtime` takes numpy
arrays of ml_dtypes' bfloat16 and float8 types with their bits, and
`to_host()` returns the same types, except int4 and uint4, for which
`iree.runtime` has no numpy mapping ("could not map dtype dtype(int4)"):
those go in as a HalBufferView of IREE's SINT_4 / UINT_4 over the packed
bytes (`dtypes.pack`; element 0 in the low nibble, as IREE holds them). The
dtype codes IREE's ONNX importer does not know (float4e2m1, float8e8m0,
uint2, int2: "Unknown ONNX tensor element type: 24") are not_supported,
named. Its integers are signless, so an
integer output may come back with the other signedness of its width (an
unsigned output as signed; a Cast from uint8 to int8, which is no work for
it, as uint8): the adapter views it as the declared type (same bits) and
says so in adapter_steps. No model rewrite.

What IREE 3.13 does with the ops here (found by this adapter's tests): the
runtime runs every dispatch with denormals flushed to zero (its FPU state,
for every driver), so Sign of a float32 or bfloat16 subnormal is 0; its
f8E4M3FN -> f32 extension turns 0xFF (-NaN) into -480, so IsNaN(0xFF) is
false; IsInf on float8e4m3fn/float8e5m2 fails to compile ('math.absf' not
legalized: not_supported); Sign of a NaN is 0; must-reject models run.

Options: `target_cpu` (--iree-llvmcpu-target-cpu; default "generic", so a
report does not depend on the host's CPU features; "host" for the host's),
`driver` (local-sync, default, or local-task).
"""
from __future__ import annotations

import importlib
import importlib.metadata
import pathlib
import re
import shutil
import tempfile

import numpy as np
import onnx

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import BY_CODE, name_of, pack
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

DRIVERS = ("local-sync", "local-task")
# int4 / uint4 -> IREE's HalElementType for them.
INT4_TYPES = {22: "SINT_4", 21: "UINT_4"}
# iree-compile's and the runtime's words for "no lowering for this op or
# type" (onnxcts_worker/refusals.py). An abort of iree-compile ("LLVM ERROR:
# ... Unsigned integer support is currently spotty") is a crash, not one.
NOT_SUPPORTED = phrases(
    "failed to legalize", "not supported", "unsupported", "not implemented",
    # "Error invoking function: <vm>:0: FAILED_PRECONDITION; unimplemented:
    # score_threshold should be <= min(scores)" (NonMaxSuppression; quoted
    # from reports/published/iree.json)
    "unimplemented",
)


# iree-import-onnx's words for a dtype code it has no type for.
UNKNOWN_CODE = re.compile(r"Unknown ONNX tensor element type: (\d+)")


def _integer_outputs(model: onnx.ModelProto) -> dict[int, int]:
    """The integer outputs: index -> declared ONNX code."""
    codes = {k: o.type.tensor_type.elem_type for k, o in enumerate(model.graph.output)}
    return {k: c for k, c in codes.items() if c in BY_CODE and BY_CODE[c].kind in "iu"}


def _diagnostics(error: BaseException, lines: int = 4) -> str:
    """The first `lines` error lines of an iree-compile failure (its full
    text repeats the whole target description)."""
    text = str(error)
    errors = [ln.strip() for ln in text.splitlines() if "error:" in ln]
    return "iree-compile: " + " | ".join(errors[:lines]) if errors else text


class Backend(Adapter):
    name = "iree"
    known_options = {"target_cpu": "generic", "driver": "local-sync"}

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        if self.option("driver") not in DRIVERS:
            raise ValueError(f"driver={self.option('driver')}: one of {', '.join(DRIVERS)}")
        if not re.fullmatch(r"[A-Za-z0-9_.+-]+", self.option("target_cpu")):
            raise ValueError(f"target_cpu={self.option('target_cpu')}: a CPU name")
        import iree.compiler as compiler
        import iree.runtime as runtime
        self.compiler, self.runtime = compiler, runtime
        # The iree-import-onnx tool itself, so its checks and shape inference
        # are the ones a user of the tool gets.
        self.importer = importlib.import_module("iree.compiler.tools.import_onnx.__main__")
        self.config = runtime.Config(self.option("driver"))
        self.tmp = tempfile.TemporaryDirectory(prefix="onnxcts-iree-")

    def version(self) -> str:
        c = importlib.metadata.version("iree-base-compiler")
        r = importlib.metadata.version("iree-base-runtime")
        return c if c == r else f"compiler {c}, runtime {r}"

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        # The tool makes its scratch files beside the model it reads, so it
        # reads a copy here, with external data from the model's own folder.
        work = pathlib.Path(self.tmp.name)
        copy, mlir = work / "model.onnx", work / "model.mlir"
        shutil.copyfile(path, copy)
        try:
            self.importer.main(self.importer.parse_arguments(
                [str(copy), "--data-dir", str(pathlib.Path(path).resolve().parent),
                 "-o", str(mlir)]))
        except Exception as e:  # the importer's own refusal, kept as it says it
            unknown = UNKNOWN_CODE.search(str(e))
            if unknown:
                raise Refusal("not_supported", f"{e} ({name_of(int(unknown.group(1)))}: "
                              f"IREE's ONNX importer does not know this dtype)") from None
            raise
        try:
            vmfb = self.compiler.compile_file(
                str(mlir), target_backends=["llvm-cpu"], input_type="onnx",
                extra_args=[f"--iree-llvmcpu-target-cpu={self.option('target_cpu')}",
                            # Else the module takes float where the model
                            # feeds double; IREE's own ONNX op tests do this.
                            "--iree-input-demote-f64-to-f32=false"])
        except self.compiler.CompilerToolError as e:
            raise Refusal(status_of(str(e), NOT_SUPPORTED), _diagnostics(e)) from None
        context = self.runtime.SystemContext(config=self.config)
        module = self.runtime.VmModule.copy_buffer(context.instance, vmfb)
        context.add_vm_module(module)
        entries = [f for f in module.function_names
                   if not f.startswith("__") and not f.endswith("$async")]
        if len(entries) != 1:
            raise Refusal("error", f"compiled module exports {entries}, not one entry")
        function = context.modules[module.name][entries[0]]
        initialized = {t.name for t in model.graph.initializer}
        fed = [i.name for i in model.graph.input if i.name not in initialized]
        codes = {i.name: i.type.tensor_type.elem_type for i in model.graph.input}
        integers = _integer_outputs(model)
        steps = [f"output '{model.graph.output[k].name}' came back as IREE's "
                 f"signless int{BY_CODE[c].itemsize * 8}, viewed as {name_of(c)}: "
                 f"same bits" for k, c in integers.items()]
        return Loaded((context, function, [(n, codes[n]) for n in fed],
                       len(model.graph.output), integers), steps)

    def argument(self, array: np.ndarray, code: int):
        """What the function takes for an input: the array itself, or for
        int4 / uint4 a buffer view of IREE's 4-bit type over the packed bytes."""
        if code not in INT4_TYPES or array.size == 0:
            return c_order(array)
        packed = np.frombuffer(pack(array, code), np.uint8)
        device = self.config.device
        buffer = device.allocator.allocate_buffer_copy(
            memory_type=self.runtime.MemoryType.DEVICE_LOCAL,
            allowed_usage=self.runtime.BufferUsage.DEFAULT, device=device, buffer=packed)
        element = getattr(self.runtime.HalElementType, INT4_TYPES[code])
        return self.runtime.HalBufferView(buffer, list(array.shape), element)

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        _, function, fed, count, integers = loaded.handle
        result = function(*[self.argument(inputs[name], code) for name, code in fed])
        results = list(result) if isinstance(result, (tuple, list)) else [result]
        if len(results) != count:
            raise Refusal("error", f"IREE returned {len(results)} outputs for {count}")
        # Copies, while IREE's buffers live: to_host() is a view of memory
        # that IREE reuses once the result is dropped.
        arrays = [np.array(r.to_host() if hasattr(r, "to_host") else r, copy=True)
                  for r in results]
        for k, code in integers.items():
            got = arrays[k].dtype
            if got.kind in "iu" and got.itemsize == BY_CODE[code].itemsize:
                arrays[k] = arrays[k].view(BY_CODE[code])
        return arrays

    def classify(self, error: BaseException) -> str:
        return status_of(str(error), NOT_SUPPORTED)
