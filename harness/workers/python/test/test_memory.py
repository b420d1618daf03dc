"""onnxcts_worker.memory and the memory form of run, in process: slots
checked field by field, inputs as read-only views of the mapping (no copy),
outputs written once, in the dtype the adapter returned, or not at all."""
from __future__ import annotations

import pathlib

import numpy as np
import onnx
import pytest

import worker_check as wc
from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.memory import SharedMemory, Slot, parse_slots
from onnxcts_worker.protocol import Worker

SIZE = 1 << 16
HELLO_2 = {"method": "hello", "protocol": 1, "protocols": [1, 2]}


@pytest.fixture
def memory() -> wc.Memory:
    m = wc.Memory(SIZE)
    yield m
    m.close()


def slots_request(inputs: list, outputs: list, size: int = SIZE) -> dict:
    return {"memory_bytes": size, "inputs": inputs, "outputs": outputs}


# --- slots ----------------------------------------------------------------------

def test_slots_parse_into_their_fields() -> None:
    request = slots_request([{"offset": 8, "bytes": 12, "dtype": 1, "dims": [3, 1]}],
                            [{"offset": 64, "bytes": 5, "dtype": 9, "dims": [3]}])
    assert parse_slots(request, "inputs") == [Slot(8, 12, 1, (3, 1))]
    # An output's bytes are its room: more than the dims need is fine.
    assert parse_slots(request, "outputs") == [Slot(64, 5, 9, (3,))]


@pytest.mark.parametrize("slot,words", [
    ("x", "inputs[0]: not a slot object"),
    ({"bytes": 4, "dtype": 1, "dims": [1]}, "inputs[0].offset"),
    ({"offset": True, "bytes": 4, "dtype": 1, "dims": [1]}, "inputs[0].offset"),
    ({"offset": 0, "bytes": 4.0, "dtype": 1, "dims": [1]}, "inputs[0].bytes"),
    ({"offset": 0, "bytes": 4, "dtype": 8, "dims": [1]}, "inputs[0].dtype"),  # string
    ({"offset": 0, "bytes": 4, "dtype": "1", "dims": [1]}, "inputs[0].dtype"),
    ({"offset": 0, "bytes": 4, "dtype": 1, "dims": 1}, "inputs[0].dims"),
    ({"offset": 0, "bytes": 4, "dtype": 1, "dims": [1, -1]}, "inputs[0].dims"),
    ({"offset": SIZE - 2, "bytes": 4, "dtype": 1, "dims": [1]}, "inputs[0].offset + bytes"),
    ({"offset": 0, "bytes": 8, "dtype": 1, "dims": [1]}, "inputs[0].bytes"),
    ({"offset": 0, "bytes": 1 << 70, "dtype": 1, "dims": [1 << 68]}, "inputs[0].offset + bytes"),
])
def test_a_bad_input_slot_is_refused_naming_the_field(slot, words: str) -> None:
    with pytest.raises(Refusal) as refusal:
        parse_slots(slots_request([slot], []), "inputs")
    assert refusal.value.status == "error" and words in str(refusal.value)


# --- the mapping ------------------------------------------------------------------

def test_an_input_is_a_read_only_view_of_the_memory(memory: wc.Memory) -> None:
    shared = SharedMemory(memory.fd)
    shared.ensure(SIZE)
    memory.put(128, np.array([1.5, -2.0], np.float32), 1)
    x = shared.input(Slot(128, 8, 1, (2, 1)))
    assert x.dtype == np.float32 and x.shape == (2, 1) and not x.flags.writeable
    assert x.ravel().tolist() == [1.5, -2.0]
    memory.put(128, np.array([7.0], np.float32), 1)   # the harness rewrites it
    assert x.ravel().tolist() == [7.0, -2.0], "the input was copied"


def test_a_misaligned_input_is_copied_aligned(memory: wc.Memory) -> None:
    shared = SharedMemory(memory.fd)
    shared.ensure(SIZE)
    memory.put(3, np.array([0x7F800001], np.uint32), 1)
    x = shared.input(Slot(3, 4, 1, (1,)))
    assert x.flags.aligned and not x.flags.writeable
    assert wc.bits_of(x).tolist() == [0x7F800001]


def test_the_memory_is_mapped_again_when_it_grows(memory: wc.Memory) -> None:
    shared = SharedMemory(memory.fd)
    shared.ensure(SIZE)
    small = shared.input(Slot(0, 4, 6, (1,)))    # keeps the first mapping alive
    memory.resize(4 * SIZE)
    memory.put(3 * SIZE, np.array([42], np.int32), 6)
    shared.ensure(4 * SIZE)
    assert shared.input(Slot(3 * SIZE, 4, 6, (1,))).tolist() == [42]
    assert small.tolist() == [0]
    with pytest.raises(Refusal, match="memory_bytes"):
        shared.ensure(8 * SIZE)                   # more than the memfd holds


def test_writes_fit_or_do_nothing(memory: wc.Memory) -> None:
    shared = SharedMemory(memory.fd)
    shared.ensure(SIZE)
    y = memory.slot(256, 8, 6, [2])
    big_endian = np.array([1, -2], dtype=">i4")
    shared.write(Slot(256, 8, 6, (2,)), big_endian, 6)
    assert memory.get(y, "<i4").tolist() == [1, -2]
    memory.slot(256, 8, 6, [2])
    shared.write(Slot(256, 8, 6, (2,)), np.zeros(3, np.int32), 6)
    assert (memory.get(y) == 0xA5).all()


# --- the memory form of run -------------------------------------------------------

class Recorder(Adapter):
    """Returns whatever `make(inputs, places)` builds; keeps what it got."""
    name = "recorder"

    def __init__(self, make) -> None:
        super().__init__({})
        self.make = make

    def version(self) -> str:
        return "0"

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        return Loaded(None)

    def run_into(self, loaded, inputs, places):
        self.inputs, self.places = inputs, places
        return self.make(inputs, places)


@pytest.fixture
def model(tmp_path: pathlib.Path) -> str:
    """Identity on 4 floats."""
    return str(wc.write_model(tmp_path / "m.onnx", wc.one_node_model(
        "Identity", 13, [1], [1], shapes=[[4]])))


def memory_run(memory: wc.Memory, model: str, make, hello: dict = HELLO_2) -> tuple:
    adapter = Recorder(make)
    worker = Worker(adapter, SharedMemory(memory.fd))
    worker.answer(hello)
    x = memory.put(0, np.array([1.0, -0.0, np.inf, np.nan], np.float32), 1)
    y = memory.slot(64, 16, 1, [4])
    answer = worker.answer({"method": "run", "id": 5, "model": model,
                            "memory_bytes": SIZE, "inputs": [x], "outputs": [y]})
    return answer, adapter, y


def test_the_adapter_gets_views_and_places(memory: wc.Memory, model: str) -> None:
    answer, adapter, y = memory_run(memory, model, lambda i, p: [i["x0"]])
    assert answer["status"] == "ok" and answer["id"] == 5, answer
    assert answer["outputs"] == [{"dtype": 1, "dims": [4]}]
    assert sorted(answer["timings"]) == ["read", "run", "write"]
    x = adapter.inputs["x0"]
    assert x.dtype == np.float32 and x.shape == (4,) and not x.flags.writeable
    place = adapter.places[0]
    assert place.dtype == np.float32 and place.shape == (4,) and place.flags.writeable
    assert wc.bits_of(memory.get(y, np.float32)).tolist() == \
        [0x3F800000, 0x80000000, 0x7F800000, 0x7FC00000]


def test_an_output_written_in_its_place_is_not_copied(memory: wc.Memory, model: str) -> None:
    def make(inputs, places):
        places[0][...] = np.float32(3.0)
        return [places[0]]
    answer, _, y = memory_run(memory, model, make)
    assert answer["outputs"] == [{"dtype": 1, "dims": [4]}], answer
    assert memory.get(y, np.float32).tolist() == [3.0] * 4


@pytest.mark.parametrize("result,code,bits", [
    # Same size, other dtype: written as it came, and said so.
    (np.array([1, 2, 3, 4], np.int32), 6, [1, 2, 3, 4]),
    # Big-endian: written little-endian.
    (np.array([1, 2, 3, 4], ">u4"), 12, [1, 2, 3, 4]),
    # Twice the size (double for float): nothing written.
    (np.zeros(4, np.float64), 11, None),
    # More elements than the slot has room for: nothing written.
    (np.zeros(5, np.float32), 1, None),
])
def test_an_output_keeps_the_dtype_the_backend_returned(memory: wc.Memory, model: str,
                                                        result, code, bits) -> None:
    answer, _, y = memory_run(memory, model, lambda i, p: [result])
    assert answer["status"] == "ok", answer
    assert answer["outputs"] == [{"dtype": code, "dims": list(result.shape)}]
    got = memory.get(y, "<u4")
    assert got.tolist() == (bits if bits is not None else [0xA5A5A5A5] * 4)


def test_an_output_outside_the_table_is_an_error(memory: wc.Memory, model: str) -> None:
    answer, _, y = memory_run(memory, model, lambda i, p: [np.zeros(2, np.complex64)])
    assert answer["status"] == "error" and "complex64" in answer["message"], answer
    assert (memory.get(y) == 0xA5).all()


def test_the_memory_form_needs_protocol_2(memory: wc.Memory, model: str) -> None:
    answer, _, _ = memory_run(memory, model, lambda i, p: [i["x0"]],
                              hello={"method": "hello", "protocol": 1})
    assert answer["status"] == "error" and "protocol 2" in answer["message"], answer


@pytest.mark.parametrize("change,words", [
    ({"memory_bytes": -1}, "memory_bytes"),
    ({"memory_bytes": "big"}, "memory_bytes"),
    ({"inputs": {}}, "inputs"),
    ({"outputs": None}, "outputs"),
    ({"inputs": []}, "inputs: 0 slots for 1 graph inputs"),
    ({"outputs": []}, "outputs: 0 slots for 1 graph outputs"),
])
def test_a_bad_memory_request_is_an_error(memory: wc.Memory, model: str, change: dict,
                                          words: str) -> None:
    worker = Worker(Recorder(lambda i, p: [i["x0"]]), SharedMemory(memory.fd))
    assert worker.answer(HELLO_2)["protocol"] == 2
    request = {"method": "run", "id": 8, "model": model, "memory_bytes": SIZE,
               "inputs": [memory.put(0, np.zeros(4, np.float32), 1)],
               "outputs": [memory.slot(64, 16, 1, [4])], **change}
    answer = worker.answer(request)
    assert answer["status"] == "error" and words in answer["message"], answer
    assert answer["id"] == 8


def test_load_only_needs_no_slots(memory: wc.Memory, model: str) -> None:
    worker = Worker(Recorder(lambda i, p: []), SharedMemory(memory.fd))
    worker.answer(HELLO_2)
    answer = worker.answer({"method": "run", "id": 9, "model": model,
                            "memory_bytes": SIZE, "inputs": [], "outputs": [],
                            "load_only": True})
    assert answer == {"id": 9, "status": "ok"}


def test_hello_agrees_2_only_with_memory_and_an_offer(memory: wc.Memory) -> None:
    with_memory = Worker(Recorder(None), SharedMemory(memory.fd))
    assert with_memory.answer(HELLO_2)["protocol"] == 2
    assert with_memory.answer({"method": "hello", "protocol": 1})["protocol"] == 1
    assert with_memory.answer({**HELLO_2, "protocols": "2"})["protocol"] == 1
    assert Worker(Recorder(None)).answer(HELLO_2)["protocol"] == 1


# --- packed dtypes --------------------------------------------------------------

# Five elements of each packed code, by hand as onnx.proto packs them:
# int4 [1, 2, 3, 4, 5] -> 0x21 0x43 0x05; uint2 [1, 2, 3, 0, 1] -> 0x39 0x01.
PACKED_CASES = [(22, [1, 2, 3, 4, 5], bytes([0x21, 0x43, 0x05])),
                (21, [15, 0, 8, 7, 1], bytes([0x0F, 0x78, 0x01])),
                (23, [7, 15, 1, 9, 0], bytes([0xF7, 0x91, 0x00])),
                (25, [1, 2, 3, 0, 1], bytes([0x39, 0x01])),
                (26, [3, 2, 1, 0, 3], bytes([0x1B, 0x03]))]


@pytest.mark.parametrize("code,bits,packed", PACKED_CASES)
def test_a_packed_slot_reads_and_writes_as_onnx_packs(memory: wc.Memory, code: int,
                                                      bits: list, packed: bytes) -> None:
    shared = SharedMemory(memory.fd)
    shared.ensure(SIZE)
    memory.map[256:256 + len(packed)] = packed
    request = slots_request([{"offset": 256, "bytes": len(packed), "dtype": code,
                              "dims": [5]}], [])
    slot = parse_slots(request, "inputs")[0]
    x = shared.input(slot)
    assert x.shape == (5,) and not x.flags.writeable
    assert wc.bits_of(x).tolist() == bits
    assert shared.output_view(slot) is None  # no numpy view has ONNX's layout
    out = memory.slot(512, len(packed), code, [5])
    shared.write(Slot(512, len(packed), code, (5,)), x, code)
    assert memory.get(out).tobytes() == packed


def test_a_packed_slot_of_unpacked_size_is_refused() -> None:
    with pytest.raises(Refusal, match=r"inputs\[0\].bytes"):
        parse_slots(slots_request([{"offset": 0, "bytes": 5, "dtype": 22,
                                    "dims": [5]}], []), "inputs")
