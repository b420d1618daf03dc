"""The OpenVINO adapter (adapters/openvino.py), in both configurations:
the default (what users get) and the exact-f32 one (precision=f32
mode=accuracy). Expected values come from worker_check, which decodes
DESIGN.md's format table by hand.

    /tmp/explore/bin/python -m pytest -q test/test_adapter_openvino.py
"""
from __future__ import annotations

import numpy as np
import onnx
import pytest

import worker_check as wc

# scripts/setup installs every backend: a missing one fails here, never skips.
import openvino  # noqa: E402,F401

CONFIGS = {"default": [], "f32_accuracy": ["precision=f32", "mode=accuracy"]}

# float32 patterns worth a look: zeros, subnormals, normals, the largest
# finite, infinities, quiet and signalling NaNs with payloads, both signs.
F32 = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000,
       0x3F800000, 0xBF800000, 0x3FC00001, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000,
       0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FA00123,
       0xFFBFFFFF, 0x7FFFFFFF]
# float64 patterns the CPU plugin gets wrong: it runs double in float32.
F64_INF = [0x7FF0000000000000, 0xFFF0000000000000, 0x3FF0000000000000]
F64_TINY = [0x0000000000000001, 0x8000000000000001, 0x3690000000000000]
INT32 = [0, 1, -1, 2, -2, 2**31 - 1, -2**31, -2**31 + 1, 2**24 + 1]
INT64 = [0, 1, -1, 2**31 - 1, 2**31, -2**31 - 1, 2**32, -2**32, 2**63 - 1, -2**63]
UINT32 = [0, 1, 2**31 - 1, 2**31, 2**32 - 1]
ISINF_ATTRS = [{"detect_positive": p, "detect_negative": n} for p in (1, 0) for n in (1, 0)]


def unsigned(values: list[int], bits: int) -> np.ndarray:
    return np.array([v & ((1 << bits) - 1) for v in values], dtype=f"<u{bits // 8}")


@pytest.fixture(scope="module", params=list(CONFIGS))
def worker(request: pytest.FixtureRequest):
    with wc.Worker("openvino", CONFIGS[request.param]) as w:
        w.config = request.param
        yield w


# --- hello ------------------------------------------------------------------

def test_hello_records_the_effective_properties(worker: wc.Worker) -> None:
    answer = worker.hello()
    assert answer["name"] == "openvino"
    assert answer["version"].startswith("2026."), answer["version"]
    options = answer["options"]
    assert options["device"] == "CPU"
    if worker.config == "f32_accuracy":
        assert options["INFERENCE_PRECISION_HINT"] == "f32"
        assert options["EXECUTION_MODE_HINT"] == "ACCURACY"
    else:
        # The plugin's own choice, read back: f32 on AVX2, bf16/f16 elsewhere.
        assert options["INFERENCE_PRECISION_HINT"] in ("f32", "bf16", "f16")
        assert options["EXECUTION_MODE_HINT"] == "PERFORMANCE"


def test_unknown_option_value_stops_the_worker() -> None:
    with wc.Worker("openvino", ["mode=fastest"]) as w:
        with pytest.raises((wc.WorkerFailed, OSError)):
            w.hello()


# --- every pattern of the small floats, in and out --------------------------

@pytest.mark.parametrize("code", [10, 16, 17, 19], ids=wc.name_of)
def test_identity_is_bit_exact(worker: wc.Worker, code: int) -> None:
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer, answer


@pytest.mark.parametrize("code", [18, 20, 26, 25], ids=wc.name_of)
def test_fnuz_int2_uint2_are_not_supported(worker: wc.Worker, code: int) -> None:
    wc.identity_patterns_check(worker, code, "not_supported",
                               "no ov.Type for fnuz float8 and int2; the ONNX "
                               "frontend refuses uint2 without naming it")


@pytest.mark.parametrize("code", [21, 22, 23, 24], ids=wc.name_of)
def test_packed_and_e8m0_identity_is_bit_exact(worker: wc.Worker, code: int) -> None:
    # OpenVINO has u4, i4, f4e2m1 (packed as ONNX packs them) and f8e8m0;
    # the adapter once refused them all as types it lacked.
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer, answer


@pytest.mark.parametrize("packed", [21, 22], ids=wc.name_of)
@pytest.mark.parametrize("other", [3, 1], ids=wc.name_of)
@pytest.mark.parametrize("to_packed", [False, True])
def test_cast_carries_packed_dtypes(worker: wc.Worker, packed: int, other: int,
                                    to_packed: bool) -> None:
    answer, got, want = wc.packed_cast_check(worker, packed, other, to_packed)
    assert answer["status"] == "ok", answer
    assert got.tolist() == want.tolist()


# --- semantics --------------------------------------------------------------

@pytest.mark.parametrize("code", [10, 16], ids=wc.name_of)
def test_isnan_isinf_on_every_pattern(worker: wc.Worker, code: int) -> None:
    wc.assert_conformant(worker, "IsNaN", 20, code)
    for attrs in ISINF_ATTRS:
        wc.assert_conformant(worker, "IsInf", 20, code, attrs=attrs)


def test_isnan_isinf_float32(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "IsNaN", 20, 1, F32)
    for attrs in ISINF_ATTRS:
        wc.assert_conformant(worker, "IsInf", 20, 1, F32, attrs)


@pytest.mark.parametrize("code", [10, 16], ids=wc.name_of)
def test_sign_on_every_pattern(worker: wc.Worker, code: int) -> None:
    # float16 NaNs come back quieted (0x7C01 -> 0x7E01): still NaNs, a match.
    wc.assert_conformant(worker, "Sign", 13, code)


def test_sign_float32_keeps_nans_and_subnormals(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "Sign", 13, 1, F32)


@pytest.mark.parametrize("opset", [9, 13])
def test_sign_small_ints(worker: wc.Worker, opset: int) -> None:
    wc.assert_conformant(worker, "Sign", opset, 3)   # every int8
    wc.assert_conformant(worker, "Sign", opset, 6, unsigned(INT32, 32))


@pytest.mark.parametrize("code", [17, 19], ids=wc.name_of)
def test_isnan_on_float8_has_no_kernel(worker: wc.Worker, code: int) -> None:
    # The CPU plugin: "unsupported src_prc: f8e4m3" (jit_uni_eltwise_generic).
    answer, _ = wc.op_check(worker, "IsNaN", 20, code)
    assert answer["status"] == "not_supported", answer


# --- known departures (OpenVINO 2026.4.1, CPU plugin): strict xfails, so a
# release that fixes one turns the test red and the finding gets re-checked.

@pytest.mark.xfail(strict=True, reason="CPU plugin runs double as float32, saturating: "
                   "IsInf(+-inf) is false for double")
def test_isinf_float64(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "IsInf", 20, 11, F64_INF)


@pytest.mark.xfail(strict=True, reason="CPU plugin runs double as float32: Sign of a "
                   "double below float32's range is 0")
def test_sign_float64_tiny(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "Sign", 13, 11, F64_TINY)


@pytest.mark.xfail(strict=True, reason="CPU plugin runs int64 as int32: Sign(2**31) = -1, "
                   "Sign(2**32) = 0")
def test_sign_int64(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "Sign", 13, 7, unsigned(INT64, 64))


@pytest.mark.xfail(strict=True, reason="CPU plugin's Sign reads uint32 as int32: "
                   "Sign(2**31) = 0xFFFFFFFF")
def test_sign_uint32(worker: wc.Worker) -> None:
    wc.assert_conformant(worker, "Sign", 13, 12, unsigned(UINT32, 32))


# --- the protocol, per configuration ------------------------------------------
# must_reject_statuses ("ok",) is a finding: OpenVINO does not check ONNX type
# constraints, so IsInf-10 on float16 (outside IsInf-10's types) loads and runs.

class TestProtocolDefault(wc.ProtocolChecks):
    adapter = "openvino"
    options = CONFIGS["default"]
    must_reject_statuses = ("ok",)


class TestProtocolF32Accuracy(wc.ProtocolChecks):
    adapter = "openvino"
    options = CONFIGS["f32_accuracy"]
    must_reject_statuses = ("ok",)


def test_unsqueeze_with_axes_fed_is_not_supported(worker) -> None:
    # Valid (Unsqueeze-13 takes axes as an input); the CPU plugin refuses
    # the dynamic rank in its own words: "CPU plug-in doesn't support
    # Unsqueeze operation with dynamic rank".
    case = worker.case("Unsqueeze", 13, [np.ones([2, 3], np.float32),
                                         np.array([0], np.int64)], [1, 7],
                       output_shapes=[[1, 2, 3]])
    answer, _ = worker.run_case(case)
    assert answer["status"] == "not_supported", answer
    assert "doesn't support Unsqueeze" in answer["message"], answer


@pytest.mark.parametrize("code", [18, 20, 25], ids=wc.name_of)
def test_initializer_without_ov_type_is_not_supported_naming_it(
        worker: wc.Worker, code: int) -> None:
    # y = Cast(c) with c an initializer of `code`: the ONNX frontend says
    # only "Unsupported type"; the adapter names the tensor and the dtype.
    init = onnx.TensorProto(name="c", data_type=code, dims=[2])
    init.raw_data = wc.pack(np.zeros(2, wc.numpy_dtype(code)), code)
    graph = onnx.helper.make_graph(
        [onnx.helper.make_node("Cast", ["c"], ["y"], to=1)], "cast_initializer", [],
        [onnx.helper.make_tensor_value_info("y", 1, [2])], initializer=[init])
    model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", 25)],
                                   ir_version=wc.ir_version_for(25))
    case = worker.case("Identity", 25, [np.zeros(2, np.float32)], [1])
    wc.write_model(case.model, model)  # in place of the Identity; no inputs
    answer = worker.run(case.model, [], case.output_dir)
    assert answer["status"] == "not_supported", answer
    assert wc.names_dtype(answer["message"], code), answer
