"""The IREE adapter (adapters/iree.py) over the worker protocol, on exact bits.

Each test pins what IREE 3.13 (iree-base-compiler/-runtime 3.13.0, llvm-cpu)
really does, found by running it: where IREE departs from ONNX the test
says so and asserts the departure, so an upgrade that changes it shows here.
A compile takes about a second, so the cases are few and reused.
"""
from __future__ import annotations


import numpy as np
import pytest

import worker_check as wc

# scripts/setup installs every backend: a missing one fails here, never skips.
import iree.compiler  # noqa: E402,F401
import iree.runtime  # noqa: E402,F401

ADAPTER = "iree"
F32_SPECIALS = wc.F32_SPECIALS
I64_SPECIALS = wc.I64_SPECIALS


worker = wc.module_worker(ADAPTER)


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER
    # Finding: iree-import-onnx runs onnx's checker without full_check and
    # iree-compile checks no type constraints: IsInf-10 on float16 compiles.
    must_reject_statuses = ("ok",)


def test_hello_names_iree_and_its_options(worker):
    answer = worker.hello()
    assert answer["name"] == "iree"
    assert answer["version"].startswith("3.13")
    assert answer["options"] == {"target_cpu": "generic", "driver": "local-sync"}


def test_unknown_driver_stops_the_worker():
    assert "driver=cuda" in wc.refused_at_start(ADAPTER, ["driver=cuda"])


@pytest.mark.parametrize("code", wc.SMALL_FLOATS, ids=wc.name_of)
def test_identity_keeps_every_pattern(worker, code):
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer


@pytest.mark.parametrize("code", [1, 10, 16, 18, 19, 20], ids=wc.name_of)
def test_isnan_is_exact(worker, code):
    answer, mm = wc.op_check(worker, "IsNaN", 20, code, F32_SPECIALS if code == 1 else None)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)


def test_isnan_float8e4m3fn_misses_negative_nan(worker):
    # Finding: IREE's f8E4M3FN -> f32 extension maps 0xFF (-NaN) to -480.0,
    # so IsNaN(0xFF) is false; 0x7F (+NaN) is right.
    answer, mm = wc.op_check(worker, "IsNaN", 20, 17)
    assert answer["status"] == "ok", answer
    assert mm.fail == [(0xFF, 1, 0)], mm.text(17)


@pytest.mark.parametrize("attrs", [{}, {"detect_negative": 0}, {"detect_positive": 0}],
                         ids=["both", "pos_only", "neg_only"])
@pytest.mark.parametrize("code", [1, 10, 16], ids=wc.name_of)
def test_isinf_is_exact(worker, code, attrs):
    answer, mm = wc.op_check(worker, "IsInf", 20, code,
                             F32_SPECIALS if code == 1 else None, attrs)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)


@pytest.mark.parametrize("code", [17, 19], ids=wc.name_of)
def test_isinf_float8_does_not_compile(worker, code):
    answer, _ = wc.op_check(worker, "IsInf", 20, code)
    assert answer["status"] == "not_supported", answer
    assert "failed to legalize operation 'math.absf'" in answer["message"], answer


def test_sign_int64_is_exact(worker):
    answer, mm = wc.op_check(worker, "Sign", 13, 7, I64_SPECIALS)
    assert answer["status"] == "ok", answer
    assert not mm.fail and not mm.deviation


def _subnormal(code, bits):
    f = wc.FORMATS[code]
    return (bits >> f.mant) & ((1 << f.exp) - 1) == 0 and bits & ((1 << f.mant) - 1) != 0


def test_sign_float16_exact_but_nan_gives_zero(worker):
    answer, mm = wc.op_check(worker, "Sign", 13, 10)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(10)
    assert len(mm.deviation) == 2046
    assert all(wc.value_class(10, i) == "nan" and a == 0 for i, _, a in mm.deviation)


@pytest.mark.parametrize("code", [1, 16], ids=wc.name_of)
def test_sign_flushes_subnormals_to_zero(worker, code):
    # Finding: IREE's runtime flushes denormals to zero around every
    # dispatch, so Sign of a float32 subnormal (and of a bfloat16 one,
    # computed in float32) is 0 where ONNX says +-1. NaN gives 0 (a
    # deviation: the spec is silent there).
    answer, mm = wc.op_check(worker, "Sign", 13, code, F32_SPECIALS if code == 1 else None)
    assert answer["status"] == "ok", answer
    assert mm.fail, "IREE no longer flushes subnormals"
    for i, _, a in mm.fail:
        assert _subnormal(code, i) and a == 0, mm.text(code)
    if code == 16:
        assert len(mm.fail) == 254, mm.text(code)   # every bfloat16 subnormal
    assert all(wc.value_class(code, i) == "nan" and a == 0 for i, _, a in mm.deviation)


def test_sign_on_a_subnormal_also_flushes_with_local_task():
    with wc.Worker(ADAPTER, ["driver=local-task"]) as w:
        answer, mm = w.run_case(w.case("Sign", 13, [np.array([1, 0x80000001], "<u4")
                                                    .view(np.float32)], [1]))
        assert answer["status"] == "ok", answer
        assert wc.bits_of(mm[0]).tolist() == [0, 0]


@pytest.mark.parametrize("code", [22, 21], ids=wc.name_of)
def test_cast_from_int4_goes_in_packed(worker, code):
    # iree.runtime has no numpy mapping for ml_dtypes' int4/uint4 ("could not
    # map dtype dtype(int4) to element type"); the adapter hands IREE a
    # SINT_4/UINT_4 buffer view over the packed bytes. (An odd count does not
    # compile: "failed to calculate total byte count: 'tensor<31xi4>'".)
    x = np.concatenate([wc.all_patterns(code), wc.all_patterns(code)[::-1]])
    answer, outputs = worker.run_case(worker.case("Cast", 21, [x], [code], [3], {"to": 3}))
    assert answer["status"] == "ok", answer
    assert outputs[0].tolist() == x.astype(np.int8).tolist()


@pytest.mark.parametrize("code", [23, 24, 25, 26], ids=wc.name_of)
def test_dtypes_the_importer_lacks_are_not_supported(worker, code):
    # iree-import-onnx: "Unknown ONNX tensor element type: 24" (was an error).
    x = np.zeros(4, np.float32)
    answer, _ = worker.run_case(worker.case("Cast", 25, [x], [1], [code], {"to": code}))
    assert answer["status"] == "not_supported", answer
    assert wc.names_dtype(answer["message"], code), answer
