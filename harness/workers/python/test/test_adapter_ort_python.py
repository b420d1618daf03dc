"""adapters/ort_python.py: ONNX Runtime's Python API, bit for bit, against
DESIGN.md's semantics (worker_check.expected)."""
from __future__ import annotations

import numpy as np
import onnx
import pytest

import worker_check as wc

ADAPTER = "ort_python"
FLOATS = (1, 11, *wc.SMALL_FLOATS)
IEEE_NAN_FORMATS = (1, 11, 10, 16)


class TestProtocol(wc.ProtocolChecks):
    adapter = ADAPTER


worker = wc.module_worker(ADAPTER)


def nan_patterns(code: int) -> set[int]:
    return {int(b) for b in wc.bits_of(wc.sample_patterns(code))
            if wc.value_class(code, int(b)) == "nan"}


def test_hello_names_ort_and_its_options(worker) -> None:
    import onnxruntime
    answer = worker.hello()
    assert (answer["name"], answer["version"]) == ("onnxruntime", onnxruntime.__version__)
    assert answer["options"] == {"optimizations": "all"}


@pytest.mark.parametrize("code", wc.SMALL_FLOATS)
def test_identity_keeps_every_pattern(worker, code: int) -> None:
    answer = wc.identity_patterns_check(worker, code)
    assert "adapter_steps" not in answer  # no Cast, no rewrite


@pytest.mark.parametrize("code", [1, 11])
def test_identity_keeps_wide_float_patterns(worker, code: int) -> None:
    x = wc.sample_patterns(code)
    answer, outputs = worker.run_case(worker.case("Identity", 19, [x], [code]))
    assert answer["status"] == "ok", answer
    assert wc.bits_of(outputs[0]).tolist() == wc.bits_of(x).tolist()


@pytest.mark.parametrize("code", FLOATS)
@pytest.mark.parametrize("attrs", [None, {"detect_positive": 0}, {"detect_negative": 0}])
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
    if code in (10, 16):
        # Finding: ORT 1.31 gives +0 for every float16 and bfloat16 NaN
        # (a deviation: the spec is silent on NaN; the reference keeps it).
        assert {i for i, _, _ in found.deviation} == nan_patterns(code)
        assert {a for _, _, a in found.deviation} == {0}
    else:
        assert not found.deviation, found.text(code)


@pytest.mark.parametrize("code", [1, 11])
def test_sign_13_nan_bits(worker, code: int) -> None:
    # Exact NaN bits, beyond "any NaN matches any NaN": float keeps them all;
    # finding: double keeps the payload (signalling too) but clears the sign
    # of a negative NaN (0xFFF0000000000001 -> 0x7FF0000000000001).
    x = wc.sample_patterns(code)
    answer, outputs = worker.run_case(worker.case("Sign", 13, [x], [code]))
    assert answer["status"] == "ok", answer
    got, bits = wc.bits_of(outputs[0]).tolist(), wc.bits_of(x).tolist()
    sign = 1 << 63 if code == 11 else 0
    for b, g in zip(bits, got):
        if wc.value_class(code, b) == "nan":
            assert g == b & ~sign, (hex(b), hex(g))


@pytest.mark.parametrize("code", wc.FLOAT8)
def test_sign_13_on_float8_is_refused(worker, code: int) -> None:
    # A must-reject model: Sign-13 has no float8 types.
    answer, _ = worker.run_case(worker.case("Sign", 13, [wc.all_patterns(code)], [code]))
    assert answer["status"] == "error" and "Type Error" in answer["message"], answer


def test_isnan_13_bfloat16_has_no_kernel(worker) -> None:
    # Valid (IsNaN-13 takes bfloat16), but ORT registers no such kernel.
    answer, _ = worker.run_case(worker.case("IsNaN", 13, [wc.all_patterns(16)], [16]))
    assert answer["status"] == "not_supported", answer
    assert "Could not find an implementation" in answer["message"]


def test_two_bfloat16_outputs_in_graph_order(worker) -> None:
    x = wc.all_patterns(16)
    case = worker.case("Split", 18, [x], [16], [16, 16], {"num_outputs": 2},
                       output_shapes=[[32768], [32768]])
    answer, outputs = worker.run_case(case)
    assert answer["status"] == "ok", answer
    assert wc.bits_of(outputs[0]).tolist() == list(range(32768))
    assert wc.bits_of(outputs[1]).tolist() == list(range(32768, 65536))


@pytest.mark.parametrize("shape", [[], [0], [2, 0, 3], [3, 1, 2]])
def test_shapes_scalar_and_empty(worker, shape) -> None:
    count = int(np.prod(shape, dtype=np.int64))
    x = np.arange(count, dtype=np.uint8).reshape(shape).view(wc.numpy_dtype(19))
    answer, outputs = worker.run_case(worker.case("Identity", 19, [x], [19]))
    assert answer["status"] == "ok", answer
    assert list(outputs[0].shape) == shape
    assert wc.bits_of(outputs[0]).tolist() == wc.bits_of(x).tolist()


def test_optimizations_option_is_recorded_and_runs() -> None:
    with wc.Worker(ADAPTER, ["optimizations=disabled"]) as w:
        assert w.hello()["options"] == {"optimizations": "disabled"}
        answer, found = wc.op_check(w, "IsNaN", 20, 19)
        assert answer["status"] == "ok" and not found.fail


def test_bad_optimizations_value_stops_before_hello() -> None:
    w = wc.Worker(ADAPTER, ["optimizations=fast"])
    with pytest.raises(wc.WorkerFailed, match="optimizations=fast"):
        w.hello()
    assert w.close() == 2


# --- protocol 2: outputs bound to their places in the shared memory ------------

def isnan_loaded(tmp_path, n: int):
    from adapters.ort_python import Backend
    backend = Backend({})
    model = wc.one_node_model("IsNaN", 20, [10], [9], shapes=[[n]])
    path = wc.write_model(tmp_path / f"isnan{n}.onnx", model)
    return backend, backend.load(model, str(path))


def test_run_into_writes_outputs_in_their_places(tmp_path) -> None:
    x = wc.all_patterns(10)
    x.flags.writeable = False  # as the library hands inputs over
    want = wc.expected("IsNaN", 10, wc.bits_of(x)).tolist()
    backend, loaded = isnan_loaded(tmp_path, x.size)
    place = np.zeros(x.size, np.bool_)
    for _ in range(2):
        (out,) = backend.run_into(loaded, {"x0": x}, [place])
        assert out is place and wc.bits_of(place).tolist() == want
        place[:] = False
    # No place, or one of another dtype than the model's: ORT's own buffer.
    for other in (None, np.zeros(x.size, np.uint8)):
        (out,) = backend.run_into(loaded, {"x0": x}, [other])
        assert out is not other and wc.bits_of(out).tolist() == want
    assert loaded.handle.direct


def test_run_into_a_place_of_other_dims_runs_without_it(tmp_path) -> None:
    x = wc.all_patterns(10)
    want = wc.expected("IsNaN", 10, wc.bits_of(x)).tolist()
    backend, loaded = isnan_loaded(tmp_path, x.size)
    wrong = np.ones(x.size // 2, np.bool_)   # ORT refuses it, writes nothing
    (out,) = backend.run_into(loaded, {"x0": x}, [wrong])
    assert out is not wrong and wc.bits_of(out).tolist() == want
    assert wrong.all()
    assert not loaded.handle.direct          # that model no longer tries


# --- refusals: ORT's own words for a lack of support are not_supported ---------

def gru_layout_1(worker):
    # Valid: GRU-14 allows layout=1 (batch first); ORT's CPU kernel does not.
    x, w, r = (np.ones(s, np.float32) for s in ([1, 2, 3], [1, 12, 3], [1, 12, 4]))
    return worker.case("GRU", 14, [x, w, r], [1, 1, 1], [1, 1],
                       {"hidden_size": 4, "layout": 1},
                       output_shapes=[[1, 2, 1, 4], [1, 1, 4]])


def conv_integer_per_channel(worker):
    # Valid: ConvInteger-10 allows a w_zero_point per output channel.
    x, w = np.ones([1, 1, 3, 3], np.uint8), np.ones([2, 1, 2, 2], np.uint8)
    return worker.case("ConvInteger", 10, [x, w, np.array(0, np.uint8),
                                           np.array([1, 2], np.uint8)],
                       [2, 2, 2, 2], [6], output_shapes=[[1, 2, 2, 2]])


def identity_opset_27(worker):
    # Stamped ai.onnx 27, newer than ORT's newest released opset (and than
    # onnx 1.22's, whose helper will not make it: the import is rewritten).
    case = worker.case("Identity", 26, [np.ones(3, np.float32)], [1])
    model = onnx.load(case.model)
    model.opset_import[0].version = 27
    wc.write_model(case.model, model)
    return case


@pytest.mark.parametrize("make,words", [
    (gru_layout_1, "Batchwise recurrent operations (layout == 1) are not supported"),
    (conv_integer_per_channel, "Non per-tensor quantization is not supported"),
    (identity_opset_27, "Opset 27 is under development and support for this is limited"),
])
def test_refusals_are_not_supported(worker, make, words) -> None:
    answer, _ = worker.run_case(make(worker))
    assert answer["status"] == "not_supported", answer
    assert words in answer["message"], answer


@pytest.mark.parametrize("packed", [21, 22, 25, 26])
@pytest.mark.parametrize("other", [3, 1])
@pytest.mark.parametrize("to_packed", [False, True])
def test_cast_carries_packed_dtypes(worker, packed: int, other: int, to_packed: bool) -> None:
    # ORT holds int4/uint4/int2/uint2 packed, two or four to a byte: the
    # adapter packs them going in and unpacks them coming out (it once read
    # "output of tensor(int2) shape [7] holds 2 bytes" as an error).
    answer, got, want = wc.packed_cast_check(worker, packed, other, to_packed)
    assert answer["status"] == "ok", answer
    assert got.tolist() == want.tolist()
