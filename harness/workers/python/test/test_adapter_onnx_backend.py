"""adapters/onnx_backend.py: any onnx.backend.base.Backend subclass. Driven
with two small Backends defined here (the worker imports this module by
name, so it must stay importable on its own) and with onnxruntime.backend."""
from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import onnx
import onnx.backend.base
import onnx.checker
import onnxruntime
import pytest
from onnx.reference import ReferenceEvaluator

import worker_check as wc

__version__ = "0.1.0"  # what the adapter reports for the Backends below
ADAPTER = "onnx_backend"
HERE_ENV = {"PYTHONPATH": str(pathlib.Path(__file__).resolve().parent)}
REFERENCE = "class=test_adapter_onnx_backend:ReferenceBackend"
UINT = "class=test_adapter_onnx_backend:UintBackend"
ORT = "class=onnxruntime.backend.backend:OnnxRuntimeBackend"
# Not by dtype.kind: ml_dtypes' float8_e5m2 has kind "f", the others "V".
ML_DTYPES = [wc.numpy_dtype(code) for code in (16, *wc.FLOAT8)]


class ReferenceRep(onnx.backend.base.BackendRep):
    def __init__(self, model: onnx.ModelProto, as_uint: bool) -> None:
        self.evaluator = ReferenceEvaluator(model)
        self.names = [i.name for i in model.graph.input]
        self.as_uint = as_uint

    def run(self, inputs: Any, **kwargs: Any) -> tuple[Any, ...]:
        outputs = self.evaluator.run(None, dict(zip(self.names, inputs)))
        if self.as_uint:  # the old convention for types numpy lacks
            outputs = [o.view(f"u{o.dtype.itemsize}") if o.dtype in ML_DTYPES else o
                       for o in outputs]
        return tuple(outputs)


class ReferenceBackend(onnx.backend.base.Backend):
    """ONNX's reference evaluator behind onnx's own checker, which (unlike
    the evaluator) rejects a model outside its type constraints."""
    as_uint = False

    @classmethod
    def prepare(cls, model: onnx.ModelProto, device: str = "CPU",
                **kwargs: Any) -> ReferenceRep:
        onnx.checker.check_model(model, full_check=True)
        return ReferenceRep(model, cls.as_uint)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        return device == "CPU"


class UintBackend(ReferenceBackend):
    """Hands bfloat16 and float8 outputs back as unsigned bit patterns."""
    as_uint = True


class NotABackend:
    pass


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER
    options = [REFERENCE]

    @classmethod
    def setup_class(cls) -> None:
        cls.worker = wc.Worker(cls.adapter, cls.options, env=HERE_ENV)


class TestProtocolOrt(wc.ProtocolChecks):
    adapter = ADAPTER
    options = [ORT]


@pytest.fixture(scope="module")
def reference():
    w = wc.Worker(ADAPTER, [REFERENCE], env=HERE_ENV)
    yield w
    assert w.close() == 0


@pytest.fixture(scope="module")
def ort():
    w = wc.Worker(ADAPTER, [ORT])
    yield w
    assert w.close() == 0


def test_hello_takes_name_and_version_from_the_class(reference, ort) -> None:
    answer = reference.hello()
    assert (answer["name"], answer["version"]) == ("test_adapter_onnx_backend", __version__)
    assert answer["options"] == {"class": REFERENCE[6:], "name": "", "device": "CPU"}
    answer = ort.hello()
    assert (answer["name"], answer["version"]) == ("onnxruntime.backend.backend",
                                                   onnxruntime.__version__)


def test_name_option_overrides() -> None:
    with wc.Worker(ADAPTER, [ORT, "name=ort-backend-api"]) as w:
        assert w.hello()["name"] == "ort-backend-api"


def test_unsupported_device_is_not_supported() -> None:
    with wc.Worker(ADAPTER, [REFERENCE, "device=CUDA"], env=HERE_ENV) as w:
        answer, _ = w.run_case(w.case("IsNaN", 20, [np.zeros(2, np.float32)], [1]))
        assert answer["status"] == "not_supported" and "CUDA" in answer["message"]


@pytest.mark.parametrize("options,code,words", [
    ([], 2, "class=module:Class is required"),
    (["class=nomodule"], 2, "want module:Class"),
    (["class=no_such_module_xyz:Backend"], 3, "no_such_module_xyz"),
    (["class=onnxruntime.backend.backend:NoSuchClass"], 3, "NoSuchClass"),
    (["class=test_adapter_onnx_backend:NotABackend"], 2, "not an onnx.backend.base.Backend"),
])
def test_a_bad_class_stops_before_hello(options, code: int, words: str) -> None:
    w = wc.Worker(ADAPTER, options, env=HERE_ENV)
    with pytest.raises(wc.WorkerFailed, match=words):
        w.hello()
    assert w.close() == code


@pytest.mark.parametrize("code", wc.SMALL_FLOATS)
def test_identity_keeps_every_pattern(reference, code: int) -> None:
    answer = wc.identity_patterns_check(reference, code)
    assert "adapter_steps" not in answer


@pytest.mark.parametrize("code", wc.SMALL_FLOATS)
def test_uint_outputs_are_viewed_and_said_so(code: int, uint_worker) -> None:
    answer = wc.identity_patterns_check(uint_worker, code)
    if code == 10:  # numpy has float16: nothing to view
        assert "adapter_steps" not in answer
    else:
        name = wc.name_of(code)
        assert answer["adapter_steps"] == [
            f"output 'y0' ({name}) came back as uint{8 * wc.FORMATS[code].width} "
            f"bit patterns, viewed as {name}"]


@pytest.fixture(scope="module")
def uint_worker():
    w = wc.Worker(ADAPTER, [UINT], env=HERE_ENV)
    yield w
    assert w.close() == 0


@pytest.mark.parametrize("op,opset,code", [
    ("IsNaN", 20, 16), ("IsNaN", 20, 18), ("IsInf", 20, 19), ("IsInf", 20, 20),
    ("Sign", 13, 10), ("Sign", 13, 1), ("Sign", 13, 3)])
def test_ops_through_the_reference_backend(reference, op: str, opset: int, code: int) -> None:
    answer, found = wc.op_check(reference, op, opset, code)
    assert answer["status"] == "ok", answer
    assert not found.fail and not found.deviation, found.text(code)


def test_a_checker_verdict_is_an_error(reference) -> None:
    # "has unsupported type" from onnx's checker is a type error, not a gap.
    case = reference.case("Sign", 13, [wc.all_patterns(17)], [17])
    answer, _ = reference.run_case(case)
    assert answer["status"] == "error", answer
    assert "unsupported type" in answer["message"]


@pytest.mark.parametrize("code", [16, *wc.FLOAT8])
def test_ort_backend_cannot_carry_ml_dtypes(ort, code: int) -> None:
    wc.identity_patterns_check(ort, code, "not_supported",
                               "ORT's numpy binding has no bfloat16/float8 type")


def test_ort_backend_float16(ort) -> None:
    wc.identity_patterns_check(ort, 10)
    answer, found = wc.op_check(ort, "IsNaN", 20, 10)
    assert answer["status"] == "ok" and not found.fail and not found.deviation
    answer, found = wc.op_check(ort, "Sign", 13, 10)
    # The same finding as through ORT's own API: Sign(float16 NaN) = +0.
    assert answer["status"] == "ok" and not found.fail
    assert {a for _, _, a in found.deviation} == {0} and len(found.deviation) == 2046


def test_ort_backend_rejects_a_must_reject_model(ort) -> None:
    case = ort.case("IsInf", 10, [np.zeros(2, np.float16)], [10])
    answer = ort.run(case.model, [], case.output_dir, load_only=True)
    assert answer["status"] == "error" and "Type Error" in answer["message"], answer
