"""The TVM adapter (adapters/tvm.py) over the worker protocol, on exact bits.

Each test pins what TVM 0.27 (apache-tvm 0.27.0.post1) really does, found
by running it: where TVM departs from ONNX the test says so and asserts the
departure, so an upgrade that fixes or changes it shows up here.
"""
from __future__ import annotations


import numpy as np
import pytest

import worker_check as wc

# scripts/setup installs every backend: a missing one fails here, never skips.
import tvm  # noqa: E402,F401

ADAPTER = "tvm"
F32_SPECIALS = wc.F32_SPECIALS
I64_SPECIALS = wc.I64_SPECIALS


worker = wc.module_worker(ADAPTER)


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER
    # Finding: TVM's ONNX frontend checks no type constraints; it compiles
    # and runs IsInf-10 on float16.
    must_reject_statuses = ("ok",)


def test_hello_names_tvm_and_its_options(worker):
    answer = worker.hello()
    assert answer["name"] == "tvm"
    assert answer["version"].startswith("0.27")
    assert answer["options"] == {"target": "llvm", "threads": "1"}


def test_unknown_option_stops_the_worker():
    assert "unknown option" in wc.refused_at_start(ADAPTER, ["precision=f16"])


@pytest.mark.parametrize("code", wc.SMALL_FLOATS, ids=wc.name_of)
def test_identity_keeps_every_pattern(worker, code):
    # float16, bfloat16 and the four float8 types go through TVM's
    # tensor I/O bit for bit, NaN payloads and -0 included.
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer


def test_float32_identity_keeps_specials(worker):
    x = np.array(F32_SPECIALS, dtype="<u4").view(np.float32)
    answer, outputs = worker.run_case(worker.case("Identity", 21, [x], [1]))
    assert answer["status"] == "ok", answer
    assert wc.bits_of(outputs[0]).tolist() == F32_SPECIALS


@pytest.mark.parametrize("code", [1, 10])
def test_isnan_is_exact_on_float32_and_float16(worker, code):
    bits = F32_SPECIALS if code == 1 else None
    answer, mm = wc.op_check(worker, "IsNaN", 20, code, bits)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)


@pytest.mark.parametrize("code", [16, *wc.FLOAT8], ids=wc.name_of)
def test_isnan_has_no_kernel_for_bfloat16_and_float8(worker, code):
    answer, _ = wc.op_check(worker, "IsNaN", 20, code)
    assert answer["status"] == "not_supported", answer
    assert "not supported for isnan" in answer["message"]
    assert wc.names_dtype(answer["message"], code), answer


@pytest.mark.parametrize("code", [16, 17, 19], ids=wc.name_of)
def test_isinf_has_no_kernel_for_bfloat16_and_float8(worker, code):
    answer, _ = wc.op_check(worker, "IsInf", 20, code)
    assert answer["status"] == "not_supported", answer
    assert "not supported for finiteness ops" in answer["message"]


def test_isinf_float16_with_default_attributes_is_exact(worker):
    answer, mm = wc.op_check(worker, "IsInf", 20, 10)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(10)


@pytest.mark.parametrize("attrs, wrongly_true", [
    ({"detect_negative": 0}, 0xFF800000),
    ({"detect_positive": 0}, 0x7F800000),
])
def test_isinf_ignores_detect_attributes(worker, attrs, wrongly_true):
    # Finding: the Relax frontend's IsInf converter drops detect_positive and
    # detect_negative, so the infinity the model excludes is still reported.
    answer, mm = wc.op_check(worker, "IsInf", 20, 1, F32_SPECIALS, attrs)
    assert answer["status"] == "ok", answer
    assert mm.fail == [(wrongly_true, 0, 1)], mm.text(1)


def test_sign_int64_is_exact(worker):
    answer, mm = wc.op_check(worker, "Sign", 13, 7, I64_SPECIALS)
    assert answer["status"] == "ok", answer
    assert not mm.fail and not mm.deviation


@pytest.mark.parametrize("code", [1, 10, 16], ids=wc.name_of)
def test_sign_floats_exact_but_nan_gives_zero(worker, code):
    # Sign(NaN) is 0 in TVM (the spec is silent on NaN: a deviation); every
    # other pattern, subnormals and -0 -> +0 included, is exact.
    bits = F32_SPECIALS if code == 1 else None
    answer, mm = wc.op_check(worker, "Sign", 13, code, bits)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)
    assert mm.deviation, "TVM's Sign(NaN) = 0 changed"
    for i, _, a in mm.deviation:
        assert wc.value_class(code, i) == "nan" and a == 0, mm.text(code)


def test_must_reject_sign9_bfloat16_runs(worker):
    # Finding: Sign-9 does not allow bfloat16, yet TVM loads it.
    case = worker.case("Sign", 9, [np.zeros(2, wc.numpy_dtype(16))], [16])
    answer = worker.run(case.model, [], case.output_dir, load_only=True)
    assert answer["status"] == "ok", answer
