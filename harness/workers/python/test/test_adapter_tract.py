"""The tract adapter (adapters/tract.py). Expected values come from
worker_check, which decodes DESIGN.md's format table by hand.

    /tmp/explore/bin/python -m pytest -q test/test_adapter_tract.py
"""
from __future__ import annotations

import numpy as np
import pytest

import worker_check as wc

# scripts/setup installs every backend: a missing one fails here, never skips.
import tract  # noqa: E402,F401

F32 = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000,
       0x3F800000, 0xBF800000, 0x3FC00001, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000,
       0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FA00123,
       0xFFBFFFFF, 0x7FFFFFFF]
F64 = [0x0000000000000000, 0x8000000000000000, 0x0000000000000001,
       0x8000000000000001, 0x3690000000000000, 0x7FF0000000000000,
       0xFFF0000000000000, 0x7FF8000000000000, 0x7FF0000000000001]
INT32 = [0, 1, -1, 2, -2, 2**31 - 1, -2**31, -2**31 + 1, 2**24 + 1]
INT64 = [0, 1, -1, 2**31 - 1, 2**31, -2**31 - 1, 2**32, -2**32, 2**53 + 1,
         2**63 - 1, -2**63]
UINT64 = [0, 1, 2**31, 2**32, 2**63, 2**64 - 1]
ISINF_ATTRS = [{"detect_positive": p, "detect_negative": n} for p in (1, 0) for n in (1, 0)]


def unsigned(values: list[int], bits: int) -> np.ndarray:
    return np.array([v & ((1 << bits) - 1) for v in values], dtype=f"<u{bits // 8}")


worker = wc.module_worker("tract")


def test_hello(worker: wc.Worker) -> None:
    answer = worker.hello()
    assert answer["name"] == "tract"
    assert answer["version"].startswith("0.23."), answer["version"]


# --- every pattern of the small floats, in and out --------------------------

def test_float16_identity_is_bit_exact(worker: wc.Worker) -> None:
    answer = wc.identity_patterns_check(worker, 10)
    assert "adapter_steps" not in answer, answer


@pytest.mark.parametrize("code", [16, 17, 18, 19, 20], ids=wc.name_of)
def test_no_bfloat16_or_float8(worker: wc.Worker, code: int) -> None:
    # tract's DatumType has none of them: "Unknown DatumType Bfloat16".
    wc.identity_patterns_check(worker, code, "not_supported", "tract has no such DatumType")


@pytest.mark.parametrize("code", [21, 22, 23, 24, 25, 26], ids=wc.name_of)
@pytest.mark.parametrize("into", [False, True])
def test_no_packed_or_e8m0_cast(worker: wc.Worker, code: int, into: bool) -> None:
    # int4/uint4: "Unknown DatumType"; float4e2m1, float8e8m0, uint2, int2:
    # "unknown ONNX TensorProto.DataType (24)", which the adapter once
    # answered as an error, without the dtype's name.
    x = np.zeros(3, np.float32)
    src, dst = (1, code) if into else (code, 1)
    x = x.astype(wc.numpy_dtype(src))
    answer, _ = worker.run_case(worker.case("Cast", 25, [x], [src], [dst], {"to": dst}))
    assert answer["status"] == "not_supported", answer
    assert wc.names_dtype(answer["message"], code), answer


# --- semantics --------------------------------------------------------------

def test_isnan_isinf_float16_every_pattern(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "IsNaN", 20, 10)
    for attrs in ISINF_ATTRS:
        wc.assert_conformant(worker, "IsInf", 20, 10, attrs=attrs)


def test_isnan_isinf_float32(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "IsNaN", 20, 1, F32)
    for attrs in ISINF_ATTRS:
        wc.assert_conformant(worker, "IsInf", 20, 1, F32, attrs)


@pytest.mark.parametrize("opset", [9, 13])
def test_sign_float16_every_pattern(worker: wc.Worker, opset: int) -> None:
    wc.assert_conformant(worker, "Sign", opset, 10)


def test_sign_float32(worker: wc.Worker) -> None:
    # Every NaN comes back as 0x7FC00000 (payload and sign dropped): NaN
    # matches NaN, so that is a pass.
    wc.assert_conformant(worker, "Sign", 13, 1, F32)


def test_sign_float64(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "Sign", 13, 11, unsigned(F64, 64))


@pytest.mark.parametrize("opset", [9, 13])
def test_sign_ints(worker: wc.Worker, opset: int) -> None:
    wc.assert_conformant(worker, "Sign", opset, 3)   # every int8
    wc.assert_conformant(worker, "Sign", opset, 6, unsigned(INT32, 32))
    wc.assert_conformant(worker, "Sign", opset, 7, unsigned(INT64, 64))
    wc.assert_conformant(worker, "Sign", opset, 13, unsigned(UINT64, 64))


@pytest.mark.parametrize("op", ["IsNaN", "IsInf"])
def test_float64_isnan_isinf_have_no_kernel(worker: wc.Worker, op: str) -> None:
    # tract 0.23.9: "Element wise eval in-place not defined" for f64.
    answer, _ = wc.op_check(worker, op, 20, 11, unsigned(F64, 64))
    assert answer["status"] == "not_supported", answer


def test_scalar_and_empty_inputs(worker: wc.Worker) -> None:
    for x in (np.array(-2.0, np.float32), np.zeros([0], np.float32)):
        answer, outputs = worker.run_case(worker.case("Sign", 13, [x], [1]))
        assert answer["status"] == "ok", answer
        assert outputs[0].shape == x.shape
        assert wc.bits_of(outputs[0]).tolist() == wc.expected("Sign", 1, wc.bits_of(x)).tolist()


# --- the protocol -------------------------------------------------------------
# must_reject_statuses ("ok",) is a finding: tract does not check ONNX type
# constraints, so IsInf-10 on float16 (outside IsInf-10's types) loads and runs.

class TestProtocol(wc.ProtocolChecks):
    adapter = "tract"
    must_reject_statuses = ("ok",)
