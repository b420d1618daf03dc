"""adapters/onnx_reference.py: onnx.reference.ReferenceEvaluator, bit for
bit, against DESIGN.md's semantics (worker_check.expected)."""
from __future__ import annotations

import numpy as np
import onnx
import pytest

import worker_check as wc

ADAPTER = "onnx_reference"
FLOATS = (1, 11, *wc.SMALL_FLOATS)
# Finding: Sign(-0) is -0 on these (numpy's ufuncs give +0 for float16,
# float and double; ml_dtypes' sign keeps the zero's sign). A deviation.
KEEPS_NEGATIVE_ZERO = {16: 0x8000, 17: 0x80, 19: 0x80}


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER
    # Finding: the evaluator checks no type constraints, so a must-reject
    # model (IsInf-10 on float16) loads and runs.
    must_reject_statuses = ("ok",)


worker = wc.module_worker(ADAPTER)


def test_hello_names_onnx(worker) -> None:
    answer = worker.hello()
    assert (answer["name"], answer["version"]) == ("onnx-reference", onnx.__version__)


@pytest.mark.parametrize("code", wc.SMALL_FLOATS)
def test_identity_keeps_every_pattern(worker, code: int) -> None:
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer  # onnx 1.22 computes on ml_dtypes itself


@pytest.mark.parametrize("code", FLOATS)
@pytest.mark.parametrize("attrs", [None, {"detect_positive": 0}, {"detect_negative": 0},
                                   {"detect_positive": 0, "detect_negative": 0}])
def test_isinf_20(worker, code: int, attrs) -> None:
    wc.assert_conformant(worker, "IsInf", 20, code, attrs=attrs)


@pytest.mark.parametrize("code", FLOATS)
def test_isnan_20(worker, code: int) -> None:
    wc.assert_conformant(worker, "IsNaN", 20, code)


@pytest.mark.parametrize("code", [1, 11, 10, 16, 2, 3, 4, 5, 6, 7, 12, 13])
def test_sign_13(worker, code: int) -> None:
    answer, found = wc.op_check(worker, "Sign", 13, code)
    assert answer["status"] == "ok", answer
    assert not found.fail, found.text(code)
    if code in KEEPS_NEGATIVE_ZERO:
        negative_zero = KEEPS_NEGATIVE_ZERO[code]
        assert found.deviation == [(negative_zero, 0, negative_zero)]
    else:
        assert not found.deviation, found.text(code)


@pytest.mark.parametrize("code", [1, 11, 10, 16])
def test_sign_13_keeps_nan_bits_exactly(worker, code: int) -> None:
    x = wc.sample_patterns(code)
    answer, outputs = worker.run_case(worker.case("Sign", 13, [x], [code]))
    got, bits = wc.bits_of(outputs[0]).tolist(), wc.bits_of(x).tolist()
    nans = [(b, g) for b, g in zip(bits, got) if wc.value_class(code, b) == "nan"]
    assert nans and all(b == g for b, g in nans)


@pytest.mark.parametrize("op,opset,code", [("IsInf", 10, 10), ("IsInf", 10, 17),
                                           ("IsNaN", 13, 19), ("Sign", 13, 17),
                                           ("Sign", 9, 16)])
def test_must_reject_models_run(worker, op: str, opset: int, code: int) -> None:
    # Finding: each is outside its opset's type constraints, and runs.
    # The answers match DESIGN.md's semantics all the same (Sign on float8
    # keeps -0 as above, the only difference).
    answer, found = wc.op_check(worker, op, opset, code)
    assert answer["status"] == "ok", answer
    assert not found.fail, found.text(code)


def test_an_output_of_another_dtype_is_written_as_it_came(worker) -> None:
    # Sign on double declared as float (an invalid model): the evaluator's
    # float64 must reach the harness as double, never narrowed to float.
    x = np.array([-2.5, 0.0, 3.0], np.float64)
    case = worker.case("Sign", 13, [x], [11], [1])
    answer = worker.run(case.model, case.inputs, case.output_dir)
    assert answer["status"] == "ok", answer
    code, y = wc.read_output(case.output_dir / "output_0.pb")
    assert code == 11 and y.tolist() == [-1.0, 0.0, 1.0]
    assert "float64" in worker.stderr_once_it_says("float64")


def test_an_unknown_op_is_not_supported(worker) -> None:
    answer, _ = worker.run_case(worker.case("NoSuchOp", 13, [np.zeros(2, np.float32)], [1]))
    assert answer["status"] == "not_supported", answer
    assert "NoSuchOp" in answer["message"]
