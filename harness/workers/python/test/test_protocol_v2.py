"""Protocol version 2 (docs/worker-protocol.md, "Version 2"): tensors in
the memory shared on fd 3, requests pipelined. The library's worker (with
the onnx_reference and ort_python adapters) and the example worker run as
child processes whose fd 3 is a memfd; every output bit is checked against
numpy, or against the same worker's version 1 (file) answer where the spec
leaves the bits to the backend."""
from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field

import numpy as np
import pytest

import worker_check as wc

EXAMPLE = wc.PYTHON_DIR / "example_worker.py"
WORKERS = {"ort_python": None, "onnx_reference": None, "example": [str(EXAMPLE)]}
LIBRARY = ("ort_python", "onnx_reference")
MEMORY_BYTES = 4 << 20
ALIGN = 64
FILL = 0xA5   # what an output slot holds before the worker writes it


@dataclass
class Session:
    name: str
    worker: wc.Worker
    memory: wc.Memory
    models: dict[str, pathlib.Path] = field(default_factory=dict)

    def model(self, op: str, opset: int, code: int, n: int, tag: str = "") -> pathlib.Path:
        """A one-node model file of `n` elements, written once per session."""
        key = f"{op}{opset}_{code}_{n}{tag}"
        if key not in self.models:
            out = 9 if op in ("IsNaN", "IsInf") else code
            self.models[key] = wc.write_model(
                self.worker.root / f"{key}.onnx",
                wc.one_node_model(op, opset, [code], [out], shapes=[[n]]))
        return self.models[key]


def start(name: str, memory: wc.Memory | None) -> wc.Worker:
    return wc.Worker(name, memory=memory, command=WORKERS[name])


@pytest.fixture(scope="module", params=sorted(WORKERS))
def session(request) -> Session:
    memory = wc.Memory(MEMORY_BYTES)
    worker = start(request.param, memory)
    assert worker.hello([1, 2])["protocol"] == 2
    yield Session(request.param, worker, memory)
    assert worker.close() == 0
    memory.close()


def library_only(s: Session) -> None:
    if s.name not in LIBRARY:
        pytest.skip("the example worker runs float16, float and double only")


def aligned(n: int) -> int:
    return -(-n // ALIGN) * ALIGN


def memory_run(s: Session, model: pathlib.Path, x: np.ndarray, code: int,
               out_code: int, base: int = 0, out_bytes: int | None = None,
               out_dims: list[int] | None = None) -> tuple[dict, dict]:
    """Puts `x` at `base`, an output slot after it (room for x's shape of
    `out_code` unless told), sends one request; the answer and the slot."""
    x_slot = s.memory.put(base, x, code)
    dims = list(x.shape) if out_dims is None else out_dims
    room = int(np.prod(dims)) * wc.numpy_dtype(out_code).itemsize
    y_slot = s.memory.slot(aligned(base + x_slot["bytes"]),
                           room if out_bytes is None else out_bytes, out_code, dims)
    return s.worker.request(s.worker.memory_request(model, [x_slot], [y_slot])), y_slot


def check_ok(answer: dict, code: int, dims: list[int]) -> None:
    assert answer["status"] == "ok", answer
    assert answer["outputs"] == [{"dtype": code, "dims": dims}], answer
    timings = answer["timings"]
    assert sorted(timings) == ["read", "run", "write"], answer
    assert all(isinstance(t, float) and 0 <= t < 60 for t in timings.values()), answer


def patterns(code: int) -> np.ndarray:
    """Every pattern of a 16-bit float; for float, the sample plus random bits."""
    if code != 1:
        return wc.all_patterns(code)
    rng = np.random.default_rng(20)
    bits = np.concatenate([wc.bits_of(wc.sample_patterns(1)),
                           rng.integers(0, 1 << 32, 1 << 16, dtype=np.uint32)])
    return bits.view(np.float32)


def file_run(s: Session, op: str, opset: int, x: np.ndarray, code: int) -> np.ndarray:
    """The same worker's version 1 answer (files), for comparison."""
    answer, outputs = s.worker.run_case(s.worker.case(op, opset, [x], [code]))
    assert answer["status"] == "ok", answer
    return wc.bits_of(outputs[0])


# --- hello --------------------------------------------------------------------

def test_hello_agrees_2_only_when_offered(session: Session) -> None:
    w = session.worker
    assert w.hello()["protocol"] == 1            # no "protocols": version 1
    assert w.hello([1])["protocol"] == 1
    assert w.hello([1, 2])["protocol"] == 2


@pytest.mark.parametrize("name", sorted(WORKERS))
def test_hello_without_fd3_is_1_and_memory_is_refused(name: str, tmp_path) -> None:
    with start(name, None) as w:
        answer = w.hello([1, 2])
        assert answer["protocol"] == 1, answer
        model = wc.write_model(tmp_path / "m.onnx",
                               wc.one_node_model("IsNaN", 20, [10], [9], shapes=[[4]]))
        slot = {"offset": 0, "bytes": 8, "dtype": 10, "dims": [4]}
        out = {"offset": 8, "bytes": 4, "dtype": 9, "dims": [4]}
        w.next_id += 1
        answer = w.request({"method": "run", "id": w.next_id, "model": str(model),
                            "memory_bytes": 64, "inputs": [slot], "outputs": [out]})
        assert answer["status"] == "error" and "memory_bytes" in answer["message"], answer


# --- bits -----------------------------------------------------------------------

@pytest.mark.parametrize("code", [10, 16, 1])
def test_isnan_20_every_bit(session: Session, code: int) -> None:
    if code == 16:
        library_only(session)
    x = patterns(code)
    answer, y = memory_run(session, session.model("IsNaN", 20, code, x.size), x, code, 9)
    check_ok(answer, 9, [x.size])
    with np.errstate(invalid="ignore"):
        want = np.isnan(x).view(np.uint8)
    got = session.memory.get(y)
    assert got.size == x.size and (got == want).all(), \
        f"{np.count_nonzero(got != want)} wrong, e.g. index {np.flatnonzero(got != want)[:8]}"


@pytest.mark.parametrize("code", [10, 16, 1])
def test_sign_13_every_bit(session: Session, code: int) -> None:
    if code == 16:
        library_only(session)
    x = patterns(code)
    answer, y = memory_run(session, session.model("Sign", 13, code, x.size), x, code, code)
    check_ok(answer, code, [x.size])
    got = session.memory.get(y, f"<u{x.dtype.itemsize}")
    with np.errstate(invalid="ignore"):
        want = wc.bits_of(np.sign(x))
        decided = ~np.isnan(x) & (x != 0)   # the spec leaves NaN and zeros open
    bad = np.flatnonzero((got != want) & decided)
    assert bad.size == 0, [(hex(wc.bits_of(x)[i]), hex(got[i])) for i in bad[:8]]
    # Every bit, those included, as the same worker answers over files.
    files = file_run(session, "Sign", 13, x, code)
    assert (got == files).all(), np.flatnonzero(got != files)[:8]


def test_a_scalar_and_an_empty_tensor(session: Session) -> None:
    for x in (np.array(np.nan, np.float16), np.zeros((0, 3), np.float16)):
        model = wc.write_model(session.worker.root / f"shape{x.ndim}.onnx",
                               wc.one_node_model("IsNaN", 20, [10], [9],
                                                 shapes=[list(x.shape)]))
        answer, y = memory_run(session, model, x, 10, 9)
        check_ok(answer, 9, list(x.shape))
        assert session.memory.get(y).tolist() == ([1] if x.ndim == 0 else [])


# --- pipelining ---------------------------------------------------------------

def test_two_requests_in_flight(session: Session) -> None:
    w, memory = session.worker, session.memory
    x = wc.all_patterns(10)
    half = 1 << 20
    requests, slots = [], []
    for k, (op, opset, out) in enumerate([("IsNaN", 20, 9), ("Sign", 13, 10)]):
        x_slot = memory.put(k * half, x[::-1] if k else x, 10)
        y_slot = memory.slot(k * half + 2 * x.size, x.size * (2 if out == 10 else 1),
                             out, [x.size])
        requests.append(w.memory_request(session.model(op, opset, 10, x.size),
                                         [x_slot], [y_slot]))
        slots.append(y_slot)
    for message in requests:            # both sent before either is read
        w.send_line(json.dumps(message))
    answers = [w.read_answer(), w.read_answer()]
    assert [a["id"] for a in answers] == [m["id"] for m in requests]
    check_ok(answers[0], 9, [x.size])
    check_ok(answers[1], 10, [x.size])
    with np.errstate(invalid="ignore"):
        assert (memory.get(slots[0]) == np.isnan(x)).all()
        sign = memory.get(slots[1], "<u2")
        want = wc.bits_of(np.sign(x[::-1]))
        decided = ~np.isnan(x[::-1]) & (x[::-1] != 0)
    assert ((sign == want) | ~decided).all()


# --- slots ----------------------------------------------------------------------

@pytest.mark.parametrize("dims_too", [False, True])
def test_a_slot_too_small_gets_nothing_and_the_real_dims(session: Session,
                                                         dims_too: bool) -> None:
    # Too few bytes for the dims given, or (dims_too) dims and bytes both
    # half of what the model makes: ORT then refuses the place.
    x = wc.all_patterns(10)[:4096]
    model = session.model("IsNaN", 20, 10, x.size, tag=f"small{dims_too}")
    room = x.size // 2 if dims_too else x.size - 1
    dims = [x.size // 2] if dims_too else [x.size]
    session.memory.slot(0, 3 * x.size, 9, [], fill=FILL)  # beyond the slot too
    answer, y = memory_run(session, model, x, 10, 9, out_bytes=room, out_dims=dims)
    assert answer["status"] == "ok", answer
    assert answer["outputs"] == [{"dtype": 9, "dims": [x.size]}], answer
    region = session.memory.get({"offset": y["offset"], "bytes": x.size})
    assert (region == FILL).all(), "the worker wrote into a slot too small"
    # The model still runs into a slot that fits, with the right bits.
    answer, y = memory_run(session, model, x, 10, 9)
    check_ok(answer, 9, [x.size])
    assert (session.memory.get(y) == np.isnan(x)).all()


BAD_SLOTS = [
    # (field named, change to the input slot, to the output slot, memory_bytes);
    # the slots are 8 bytes at 0 and 4 at 64, of MEMORY_BYTES.
    ("inputs[0].offset", {"offset": MEMORY_BYTES - 4}, {}, MEMORY_BYTES),
    ("inputs[0].offset", {"offset": -1}, {}, MEMORY_BYTES),
    ("outputs[0].offset", {}, {"offset": MEMORY_BYTES}, MEMORY_BYTES),
    ("outputs[0].offset + bytes", {}, {"bytes": MEMORY_BYTES}, MEMORY_BYTES),
    ("inputs[0].bytes", {"bytes": 6}, {}, MEMORY_BYTES),
    ("inputs[0].dims", {"dims": [-2, -2]}, {}, MEMORY_BYTES),
    ("outputs[0].dims", {}, {"dims": [-4]}, MEMORY_BYTES),
    ("inputs[0].dtype", {"dtype": 1, "bytes": 16}, {}, MEMORY_BYTES),
    ("inputs[0].dtype", {"dtype": 99}, {}, MEMORY_BYTES),
    ("memory_bytes", {}, {}, 1 << 40),   # more than the memfd holds
]


@pytest.mark.parametrize("where,x_change,y_change,size", BAD_SLOTS)
def test_a_bad_slot_is_an_error_naming_it(session: Session, where: str, x_change: dict,
                                          y_change: dict, size: int) -> None:
    w = session.worker
    model = session.model("IsNaN", 20, 10, 4)
    x_slot = {**session.memory.put(0, np.zeros(4, np.float16), 10), **x_change}
    y_slot = {**session.memory.slot(64, 4, 9, [4]), **y_change}
    answer = w.request(w.memory_request(model, [x_slot], [y_slot], memory_bytes=size))
    assert answer["status"] == "error", answer
    assert where in answer["message"], answer
    assert (session.memory.get({"offset": 64, "bytes": 4}) == FILL).all()
    answer, _ = memory_run(session, model, np.array([np.nan, 1, 0, np.inf], np.float16), 10, 9)
    check_ok(answer, 9, [4])


def test_the_memory_grows(session: Session) -> None:
    memory = session.memory
    size = max(memory.size, MEMORY_BYTES) + (1 << 20)
    memory.resize(size)
    x = wc.all_patterns(10)
    base = size - 3 * x.nbytes   # beyond the size mapped so far
    answer, y = memory_run(session, session.model("IsNaN", 20, 10, x.size), x, 10, 9,
                           base=base)
    check_ok(answer, 9, [x.size])
    with np.errstate(invalid="ignore"):
        assert (memory.get(y) == np.isnan(x)).all()


def test_a_file_request_in_a_version_2_session(session: Session) -> None:
    x = np.array([np.nan, -0.0, 1, -np.inf], np.float16)
    assert file_run(session, "IsNaN", 20, x, 10).tolist() == [1, 0, 0, 0]


# --- every adapter: read-only views of the memory in, outputs back ----------

def other_adapters() -> dict[str, list[str]]:
    """Every Python adapter of the one list of backends
    (harness/workers/backends.json) but the library's two above, once each,
    with its row's options; onnx_backend needs a class to load."""
    with open(wc.PYTHON_DIR.parent / "backends.json") as f:
        rows = json.load(f)["backends"]
    others: dict[str, list[str]] = {}
    for row in rows:
        if row["worker"] != "python" or row["adapter"] in LIBRARY:
            continue
        options = [f"{k}={v}" for k, v in row.get("options", {}).items()]
        others.setdefault(row["adapter"], options)
    others["onnx_backend"] = [
        "class=onnxruntime.backend.backend:OnnxRuntimeBackend"]
    return others


OTHERS = other_adapters()


@pytest.mark.parametrize("adapter", sorted(OTHERS))
def test_every_adapter_takes_views_of_the_memory(adapter: str) -> None:
    """The bits a memory request gets back are the ones files get (each
    backend's semantics are its own test's business)."""
    memory = wc.Memory(1 << 20)
    with wc.Worker(adapter, OTHERS[adapter], memory=memory) as w:
        assert w.hello([1, 2])["protocol"] == 2
        s = Session(adapter, w, memory)
        for op, opset, code in [("IsNaN", 20, 1), ("Identity", 19, 10)]:
            x = patterns(code)[:4096] if code == 1 else patterns(code)
            out = 9 if op == "IsNaN" else code
            answer, y = memory_run(s, s.model(op, opset, code, x.size), x, code, out)
            check_ok(answer, out, [x.size])
            got = memory.get(y, np.uint8 if out == 9 else "<u2")
            assert (got == file_run(s, op, opset, x, code)).all(), f"{adapter} {op}"
            if op == "Identity":
                assert (got == wc.bits_of(x)).all(), f"{adapter} changed float16 bits"
    memory.close()

