"""tract (Sonos' Rust inference engine) through its Python bindings.

`tract.onnx().load(path)`, input facts set from the model's declared
dtypes and shapes (a dim without a value becomes a symbol, as tract needs
a known rank and dtype), `into_model()`, `into_runnable()` (tract's default
CPU runtime, which optimizes); outputs come back with `Tensor.to_numpy()`.

Dtypes: the bindings' DatumType has bool, u8..u64, i8..i64, f16, f32 and
f64, and arrays pass as themselves (bytes copied both ways, float16 bits
included). tract has no bfloat16, float8, int4 or uint4 DatumType at all:
tract-onnx refuses such a model ("Unknown DatumType Bfloat16"), so a Rust
worker on the tract-onnx crate would not carry them either. Those are
not_supported. The newer codes (float4e2m1, float8e8m0, uint2, int2) its
protobuf does not even know ("unknown ONNX TensorProto.DataType (24)"):
not_supported too, with the dtype named.
"""
from __future__ import annotations

import contextlib
import re
from typing import Iterator

import numpy as np
import onnx
import tract

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import code_of, name_of
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

# ONNX dtype code -> tract's fact mnemonic, for the dtypes the bindings carry.
MNEMONICS: dict[int, str] = {
    1: "f32", 2: "u8", 3: "i8", 4: "u16", 5: "i16", 6: "i32", 7: "i64",
    9: "bool", 10: "f16", 11: "f64", 12: "u32", 13: "u64",
}
# tract's words for "no kernel, no type", as opposed to a type or shape
# error (onnxcts_worker/refusals.py). Its demands that an operand be a
# constant ("expected axes as a constant") are not among them: the findings
# page counts those as errors, by cause.
NOT_SUPPORTED = phrases(
    "Unknown DatumType", "eval in-place not defined", "does not support",
    r"Unimplemented\(", "not implemented", "is not supported", "Unsupported mode")
# tract-onnx's words for a dtype code its protobuf enum lacks.
UNKNOWN_CODE = re.compile(r"unknown ONNX TensorProto\.DataType \((\d+)\)")
# tract's errors end with a Rust backtrace when RUST_BACKTRACE is set.
BACKTRACE = re.compile(r"\s*Stack backtrace:.*", re.DOTALL)


class TractFailure(Exception):
    """A tract error with its words kept and its backtrace dropped."""


@contextlib.contextmanager
def tract_words() -> Iterator[None]:
    try:
        yield
    except tract.TractError as e:
        raise TractFailure(BACKTRACE.sub("", str(e)).strip()) from None


def elem_code(value: onnx.ValueInfoProto) -> int:
    return value.type.tensor_type.elem_type


def fact(value: onnx.ValueInfoProto, symbols: dict[str, str]) -> str:
    """tract's fact text for a graph input: "N,3,f32". A named ONNX dim
    keeps one symbol per name; an anonymous one gets a fresh symbol."""
    dims = []
    for d in value.type.tensor_type.shape.dim:
        if d.HasField("dim_value") and d.dim_value >= 0:
            dims.append(str(d.dim_value))
            continue
        key = d.dim_param if d.dim_param else f"#{len(symbols)}"
        symbols.setdefault(key, f"S{len(symbols)}")
        dims.append(symbols[key])
    return ",".join(dims + [MNEMONICS[elem_code(value)]])



class Backend(Adapter):
    name = "tract"
    # tract finds a missing kernel (IsNaN on f64) only when it evaluates.
    trial_for_load_only = True

    def version(self) -> str:
        return tract.version()

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        initialized = {t.name for t in model.graph.initializer}
        fed = [v for v in model.graph.input if v.name not in initialized]
        # tract's own verdict on the model first: it names the dtype it lacks.
        try:
            with tract_words():
                inference = tract.onnx().load(path)
        except TractFailure as e:
            unknown = UNKNOWN_CODE.search(str(e))
            if unknown:
                raise Refusal("not_supported", f"{e} ({name_of(int(unknown.group(1)))}: "
                              f"tract-onnx does not know this dtype)") from None
            raise
        for kind, values in (("input", fed), ("output", model.graph.output)):
            for value in values:
                if elem_code(value) not in MNEMONICS:
                    raise Refusal("not_supported", f"{kind} '{value.name}' is "
                                  f"{name_of(elem_code(value))}: tract has no such DatumType")
        with tract_words():
            names = [inference.input_name(k) for k in range(inference.input_count())]
        if names != [v.name for v in fed]:
            raise Refusal("error", f"tract sees inputs {names}, the model feeds "
                          f"{[v.name for v in fed]}")
        symbols: dict[str, str] = {}
        for k, value in enumerate(fed):
            if value.type.tensor_type.HasField("shape"):
                with tract_words():
                    inference.set_input_fact(k, fact(value, symbols))
        with tract_words():
            typed = inference.into_model()
            # Shape and Size give tract's dimension type, which its numpy
            # bridge refuses; tract's own conversion makes the int64 the
            # model declares.
            tdim = [str(typed.output_fact(k)).rsplit(",", 1)[-1] == "tdim"
                    for k in range(typed.output_count())]
            runnable = typed.into_runnable()
        steps = [f"output '{o.name}' came back as tract's TDim, converted by "
                 f"tract to int64" for o, td in zip(model.graph.output, tdim) if td]
        return Loaded((runnable, [v.name for v in fed], tdim), steps)


    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        runnable, names, tdim = loaded.handle
        arrays = [c_order(inputs[n]) for n in names]
        for name, array in zip(names, arrays):
            # a bool byte other than 0/1 would be undefined behaviour in Rust
            if array.dtype == np.bool_ and array.view(np.uint8).max(initial=0) > 1:
                raise Refusal("error", f"input '{name}': a bool byte is neither 0 nor 1")
        with tract_words():
            outputs = [(t.convert_to(tract.DatumType.I64) if td else t).to_numpy()
                       for t, td in zip(runnable.run(arrays), tdim)]
        for k, array in enumerate(outputs):
            if code_of(array.dtype) is None:
                raise Refusal("error", f"output {k}: tract returned numpy dtype "
                              f"{array.dtype}, outside the dtype table")
        return outputs

    def classify(self, error: BaseException) -> str:
        return status_of(str(error), NOT_SUPPORTED)
