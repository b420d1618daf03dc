"""The tinygrad adapter (adapters/tinygrad.py) over the worker protocol, on
exact bits.

Each test pins what tinygrad 0.14.0 (CPU device) really does, found by
running it: where tinygrad departs from ONNX the test says so and asserts
the departure, so an upgrade that changes it shows up here.
"""
from __future__ import annotations


import numpy as np
import pytest

import worker_check as wc

# scripts/setup installs every backend: a missing one fails here, never skips.
import tinygrad  # noqa: E402,F401

ADAPTER = "tinygrad"
F32_SPECIALS = wc.F32_SPECIALS
I64_SPECIALS = wc.I64_SPECIALS


worker = wc.module_worker(ADAPTER)


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER
    # Finding: tinygrad's ONNX runner checks no type constraints; it runs
    # IsInf-10 on float16.
    must_reject_statuses = ("ok",)


def test_hello_names_tinygrad_and_its_options(worker):
    answer = worker.hello()
    assert answer["name"] == "tinygrad"
    assert answer["version"] == "0.14.0" or answer["version"][:1].isdigit()
    assert answer["options"] == {"renderer": "CLANG"}


def test_unknown_renderer_stops_the_worker():
    assert "renderer=CUDA" in wc.refused_at_start(ADAPTER, ["renderer=CUDA"])


def test_float16_identity_keeps_every_pattern_unchanged(worker):
    answer = wc.identity_patterns_check(worker, 10)
    assert "adapter_steps" not in answer


def test_bfloat16_identity_keeps_every_pattern_through_bitcasts(worker):
    answer = wc.identity_patterns_check(worker, 16)
    steps = answer["adapter_steps"]
    assert len(steps) == 2 and all("bitcast" in s and "bfloat16" in s for s in steps)


@pytest.mark.parametrize("code", wc.FLOAT8, ids=wc.name_of)
def test_float8_is_not_supported_naming_the_dtype(worker, code):
    wc.identity_patterns_check(worker, code, expect="not_supported",
                               reason="tinygrad 0.14's ONNX parser lacks codes 17-20")
    answer, _ = wc.op_check(worker, "IsNaN", 20, code)
    assert answer["status"] == "not_supported", answer
    assert "is not a valid OnnxDataType" in answer["message"]


@pytest.mark.parametrize("code", [1, 10, 16], ids=wc.name_of)
def test_isnan_is_exact(worker, code):
    answer, mm = wc.op_check(worker, "IsNaN", 20, code, F32_SPECIALS if code == 1 else None)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)


@pytest.mark.parametrize("attrs", [{}, {"detect_negative": 0}, {"detect_positive": 0}],
                         ids=["both", "pos_only", "neg_only"])
@pytest.mark.parametrize("code", [1, 10, 16], ids=wc.name_of)
def test_isinf_is_exact(worker, code, attrs):
    answer, mm = wc.op_check(worker, "IsInf", 20, code,
                             F32_SPECIALS if code == 1 else None, attrs)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)


def test_sign_int64_is_exact(worker):
    answer, mm = wc.op_check(worker, "Sign", 13, 7, I64_SPECIALS)
    assert answer["status"] == "ok", answer
    assert not mm.fail and not mm.deviation


@pytest.mark.parametrize("code", [1, 10, 16], ids=wc.name_of)
def test_sign_floats_exact_but_nan_gives_one(worker, code):
    # Sign(NaN) is +1 in tinygrad (NaN != 0 and not NaN < 0): a deviation,
    # the spec being silent on NaN. Everything else, -0 -> +0 and
    # subnormals included, is exact.
    answer, mm = wc.op_check(worker, "Sign", 13, code, F32_SPECIALS if code == 1 else None)
    assert answer["status"] == "ok", answer
    assert not mm.fail, mm.text(code)
    one = wc.one_bits(code)
    assert mm.deviation and all(wc.value_class(code, i) == "nan" and a == one
                                for i, _, a in mm.deviation), mm.text(code)


def _subnormal(code, bits):
    f = wc.FORMATS[code]
    return (bits >> f.mant) & ((1 << f.exp) - 1) == 0 and bits & ((1 << f.mant) - 1) != 0


def _started(w):
    """w, or a skip when its renderer cannot start here (exit 3)."""
    try:
        w.hello()
    except wc.WorkerFailed:
        if w.proc.wait(timeout=30) == 3:
            pytest.skip(f"renderer unavailable: {w.stderr()[-300:]}")
        raise
    return w


def test_llvm_renderer_flushes_float16_subnormals_in_sign():
    # Finding: with DEV=CPU:LLVM, Sign of each of the 2046 float16
    # subnormals is 0 (its float16 -> float32 conversion flushes them);
    # bfloat16 through the bitcast route is exact. (Lengths that are not a
    # multiple of 4 fail to compile with Debian's libLLVM-15: not pinned
    # here, since it depends on the system's LLVM.)
    with wc.Worker(ADAPTER, ["renderer=LLVM"]) as w:
        _started(w)
        answer, mm = wc.op_check(w, "Sign", 13, 10)
        assert answer["status"] == "ok", answer
        assert len(mm.fail) == 2046, mm.text(10)
        assert all(_subnormal(10, i) and a == 0 for i, _, a in mm.fail), mm.text(10)
        answer, mm = wc.op_check(w, "Sign", 13, 16)
        assert answer["status"] == "ok", answer
        assert not mm.fail, mm.text(16)
        answer, mm = wc.op_check(w, "IsNaN", 20, 16)
        assert answer["status"] == "ok", answer
        assert not mm.fail, mm.text(16)


def test_x86_renderer_flushes_bfloat16_subnormals_in_sign():
    # Finding: with DEV=CPU:X86 (tinygrad's own x86 backend), Sign of each
    # of the 254 bfloat16 subnormals is 0 (its bfloat16 -> float32
    # conversion flushes them); float16 is exact but for NaN.
    with wc.Worker(ADAPTER, ["renderer=X86"]) as w:
        _started(w)
        answer, mm = wc.op_check(w, "Sign", 13, 16)
        assert answer["status"] == "ok", answer
        assert len(mm.fail) == 254, mm.text(16)
        assert all(_subnormal(16, i) and a == 0 for i, _, a in mm.fail), mm.text(16)
        answer, mm = wc.op_check(w, "Sign", 13, 10)
        assert answer["status"] == "ok", answer
        assert not mm.fail, mm.text(10)
