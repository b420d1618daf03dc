"""The Python worker library itself (onnxcts_worker): bit-exact tensor files
for every dtype of the table, whichever field carries the elements; the
protocol's answers to malformed requests; stdout kept for answers only."""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import onnx
import pytest

import worker_check as wc
from onnx import helper, numpy_helper
from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import BY_CODE, PACKED_BITS, numpy_dtype
from onnxcts_worker.protocol import Worker
from onnxcts_worker.tensors import read_tensor, write_tensor

# Special patterns for the wide types, besides random ones: zeros, infs,
# quiet and signalling NaNs with payloads, subnormals, extremes.
WIDE_SPECIALS = {
    1: [0, 0x80000000, 0x7F800000, 0xFF800000, 0x7F800001, 0xFF800001, 0x7FBFFFFF,
        0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF, 0x7F7FFFFF],
    11: [0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF0000000000001,
         0x7FF7FFFFFFFFFFFF, 0xFFF8000000000001, 1, 0x800FFFFFFFFFFFFF],
}


def patterns(code: int) -> np.ndarray:
    """Every pattern of a 1/2-byte dtype; specials and random bits for wider
    ones; 0 and 1 for bool. As the dtype itself."""
    dtype = numpy_dtype(code)
    if dtype == np.bool_:
        return np.array([0, 1, 1, 0], dtype=np.uint8).view(np.bool_)
    if code in PACKED_BITS:  # every pattern and one more: an odd count
        return np.concatenate([wc.all_patterns(code), wc.all_patterns(code)[1:2]])
    if dtype.itemsize <= 2:
        return wc.all_patterns(code)
    width = 8 * dtype.itemsize
    rng = np.random.default_rng(code)
    bits = [int(b) for b in rng.integers(0, 1 << 63, 200, dtype=np.uint64)]
    bits = [b & ((1 << width) - 1) for b in bits] + [0, (1 << width) - 1,
                                                     1 << (width - 1)]
    bits += WIDE_SPECIALS.get(code, [])
    return np.array(bits, dtype=f"<u{dtype.itemsize}").view(dtype)


# --- tensor files -----------------------------------------------------------

@pytest.mark.parametrize("code", sorted(BY_CODE))
def test_write_then_read_is_bit_exact(tmp_path: pathlib.Path, code: int) -> None:
    array = patterns(code).reshape(-1, 1)
    path = tmp_path / "t.pb"
    write_tensor(path, "y", array)
    proto = onnx.TensorProto.FromString(path.read_bytes())
    assert proto.data_type == code and list(proto.dims) == list(array.shape)
    if code in PACKED_BITS:  # onnx 1.22's own packing is the reference
        assert proto.raw_data == numpy_helper.from_array(array).raw_data
    else:
        assert proto.raw_data == wc.bits_of(array).astype(
            f"<u{array.dtype.itemsize}").tobytes()
    back = read_tensor(str(path), code)
    assert back.dtype == array.dtype and back.shape == array.shape
    assert wc.bits_of(back).tolist() == wc.bits_of(array).tolist()


def test_write_keeps_a_scalar_and_a_big_endian_array(tmp_path: pathlib.Path) -> None:
    write_tensor(tmp_path / "s.pb", "s", np.array(0x7F800001, np.uint32).view(np.float32))
    proto = onnx.TensorProto.FromString((tmp_path / "s.pb").read_bytes())
    assert list(proto.dims) == [] and proto.raw_data == bytes.fromhex("0100807f")
    write_tensor(tmp_path / "b.pb", "b", np.array([1, 2], dtype=">i4"))
    back = read_tensor(str(tmp_path / "b.pb"), 6)
    assert back.tolist() == [1, 2]


def test_write_refuses_a_dtype_outside_the_table(tmp_path: pathlib.Path) -> None:
    with pytest.raises(Refusal, match="complex128"):
        write_tensor(tmp_path / "c.pb", "c", np.zeros(2, np.complex128))


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def typed_field_tensor(code: int, field: int, wire: int, elements: bytes,
                       width: int, count: int) -> bytes:
    """A TensorProto's bytes with the elements in typed field `field`, packed
    (wire 2) or one by one (wire 5 or 1), written by hand: through Python
    floats a signalling NaN would come out quiet."""
    head = onnx.TensorProto(data_type=code, dims=[count], name="x").SerializeToString()
    if wire == 2:
        return head + varint(field << 3 | 2) + varint(len(elements)) + elements
    key = varint(field << 3 | wire)
    return head + b"".join(key + elements[i:i + width]
                           for i in range(0, len(elements), width))


@pytest.mark.parametrize("code,field,wire", [(1, 4, 2), (1, 4, 5), (11, 10, 2), (11, 10, 1)])
def test_float_data_keeps_signalling_nans(tmp_path: pathlib.Path, code: int,
                                          field: int, wire: int) -> None:
    width = numpy_dtype(code).itemsize
    bits = np.array(WIDE_SPECIALS[code], dtype=f"<u{width}")
    path = tmp_path / "f.pb"
    path.write_bytes(typed_field_tensor(code, field, wire, bits.tobytes(), width, bits.size))
    assert onnx.TensorProto.FromString(path.read_bytes()).dims == [bits.size]
    back = read_tensor(str(path), code)
    assert back.dtype == numpy_dtype(code)
    assert wc.bits_of(back).tolist() == bits.tolist()


@pytest.mark.parametrize("code", [10, 16, 17, 18, 19, 20, 2, 3, 4, 5, 6, 9])
def test_int32_data_carries_narrow_types(tmp_path: pathlib.Path, code: int) -> None:
    array = patterns(code)
    width = array.dtype.itemsize
    bits = wc.bits_of(array).astype(np.int64)
    if code in (3, 5, 6):  # signed ints go in as their values
        values = array.astype(np.int64).tolist()
    else:                  # floats and unsigned: their bit patterns
        values = bits.tolist()
    tensor = onnx.TensorProto(data_type=code, dims=[array.size], int32_data=values)
    (tmp_path / "i.pb").write_bytes(tensor.SerializeToString())
    back = read_tensor(str(tmp_path / "i.pb"), code)
    assert back.dtype == numpy_dtype(code)
    assert wc.bits_of(back).tolist() == wc.bits_of(array).tolist(), width


@pytest.mark.parametrize("code,field", [(7, "int64_data"), (12, "uint64_data"),
                                        (13, "uint64_data")])
def test_64_bit_fields(tmp_path: pathlib.Path, code: int, field: str) -> None:
    array = patterns(code)
    tensor = onnx.TensorProto(data_type=code, dims=[array.size])
    getattr(tensor, field).extend(array.tolist())
    (tmp_path / "w.pb").write_bytes(tensor.SerializeToString())
    assert read_tensor(str(tmp_path / "w.pb"), code).tolist() == array.tolist()


def bad_file(tmp_path: pathlib.Path, data: bytes) -> str:
    path = tmp_path / "bad.pb"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("make,words", [
    (lambda: b"\xff\xff\xff", "unreadable"),
    (lambda: onnx.TensorProto(data_type=10, dims=[2], raw_data=b"\0" * 4).SerializeToString(),
     "data_type 10"),
    (lambda: onnx.TensorProto(data_type=1, dims=[3], raw_data=b"\0" * 8).SerializeToString(),
     "2 elements"),
    (lambda: onnx.TensorProto(data_type=1, dims=[3], raw_data=b"\0" * 7).SerializeToString(),
     "elements"),
    (lambda: onnx.TensorProto(data_type=1, dims=[-1], raw_data=b"").SerializeToString(),
     "dims"),
    (lambda: onnx.TensorProto(data_type=1, dims=[1 << 40, 1 << 40]).SerializeToString(),
     "dims"),
    (lambda: onnx.TensorProto(data_type=1, dims=[1], data_location=1).SerializeToString(),
     "external"),
    (lambda: typed_field_tensor(1, 4, 2, b"\0" * 4, 4, 1)[:-2], "unreadable"),
    (lambda: typed_field_tensor(1, 4, 5, b"\0" * 8, 4, 3), "2 elements"),
])
def test_malformed_tensor_files_are_errors_naming_the_file(tmp_path, make, words) -> None:
    path = bad_file(tmp_path, make())
    with pytest.raises(Refusal) as refusal:
        read_tensor(path, 1)
    assert refusal.value.status == "error"
    assert path in str(refusal.value) and words in str(refusal.value)


# --- protocol answers, in process -------------------------------------------

class CopyAdapter(Adapter):
    """Identity for any graph: outputs are the inputs, in order."""
    name = "copy"
    known_options = {"mode": "plain"}
    loads = 0

    def version(self) -> str:
        return "1.0"

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        CopyAdapter.loads += 1
        if model.graph.node and model.graph.node[0].op_type == "IsInf":
            raise Refusal("not_supported", "no IsInf here")
        if model.graph.node and model.graph.node[0].op_type == "Sign":
            raise NotImplementedError("Sign is not implemented")
        return Loaded(None, ["step one"] if self.option("mode") == "steps" else [])

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        return list(inputs.values())

    def classify(self, error: BaseException) -> str:
        return "not_supported" if isinstance(error, NotImplementedError) else "error"


def identity_case(tmp_path: pathlib.Path, op: str = "Identity") -> tuple[str, str, str]:
    x = np.array([1.0, -0.0], np.float32)
    model = wc.one_node_model(op, 13, [1], [9 if op == "IsInf" else 1], shapes=[[2]])
    wc.write_model(tmp_path / "m.onnx", model)
    wc.write_input(tmp_path / "x.pb", x, 1)
    (tmp_path / "out").mkdir()
    return str(tmp_path / "m.onnx"), str(tmp_path / "x.pb"), str(tmp_path / "out")


def run_request(model: str, inputs: list[str], out: str, **extra) -> dict:
    return {"method": "run", "id": 7, "model": model, "inputs": inputs,
            "output_dir": out, **extra}


def test_hello_carries_name_version_options() -> None:
    answer = Worker(CopyAdapter({"mode": "steps"})).answer({"method": "hello", "protocol": 1})
    assert answer == {"protocol": 1, "name": "copy", "version": "1.0",
                      "options": {"mode": "steps"}}


def test_unknown_option_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="unknown option.*colour"):
        CopyAdapter({"colour": "red"})


def test_ok_run_writes_outputs_and_steps(tmp_path: pathlib.Path) -> None:
    model, x, out = identity_case(tmp_path)
    worker = Worker(CopyAdapter({"mode": "steps"}))
    answer = worker.answer(run_request(model, [x], out))
    assert answer == {"id": 7, "status": "ok", "adapter_steps": ["step one"]}
    code, y = wc.read_output(pathlib.Path(out) / "output_0.pb")
    assert code == 1 and wc.bits_of(y).tolist() == [0x3F800000, 0x80000000]
    assert onnx.TensorProto.FromString((pathlib.Path(out) / "output_0.pb")
                                       .read_bytes()).name == "y0"


def test_a_model_is_loaded_once_and_a_refusal_remembered(tmp_path: pathlib.Path) -> None:
    model, x, out = identity_case(tmp_path, "IsInf")
    worker, before = Worker(CopyAdapter({})), CopyAdapter.loads
    for _ in range(3):
        answer = worker.answer(run_request(model, [x], out))
        assert answer == {"id": 7, "status": "not_supported", "message": "no IsInf here"}
    assert CopyAdapter.loads == before + 1


def test_backend_exceptions_go_through_classify(tmp_path: pathlib.Path) -> None:
    model, x, out = identity_case(tmp_path, "Sign")
    answer = Worker(CopyAdapter({})).answer(run_request(model, [x], out))
    assert answer == {"id": 7, "status": "not_supported",
                      "message": "Sign is not implemented"}


@pytest.mark.parametrize("request_,words", [
    ([1, 2], "not an object"),
    ("run", "not an object"),
    ({"id": 3}, "unknown method"),
    ({"method": "fly", "id": 3}, "unknown method fly"),
    ({"method": "run", "id": 3, "model": "m.onnx", "inputs": [], "output_dir": "/t"},
     "model"),
    ({"method": "run", "id": 3, "model": "/m.onnx", "inputs": "x", "output_dir": "/t"},
     "inputs"),
    ({"method": "run", "id": 3, "model": "/m.onnx", "inputs": ["x.pb"], "output_dir": "/t"},
     "inputs"),
    ({"method": "run", "id": 3, "model": "/m.onnx", "inputs": [], "output_dir": 5},
     "output_dir"),
    ({"method": "run", "id": 3, "model": "/no/such/m.onnx", "inputs": [], "output_dir": "/t"},
     "/no/such/m.onnx"),
])
def test_malformed_requests_get_an_error(request_, words) -> None:
    answer = Worker(CopyAdapter({})).answer(request_)
    assert answer["status"] == "error" and words in answer["message"], answer
    assert answer["id"] == (request_.get("id") if isinstance(request_, dict) else None)


def test_a_model_outside_the_dtype_table_is_not_supported(tmp_path: pathlib.Path) -> None:
    model = wc.one_node_model("Identity", 13, [8], [8], shapes=[[1]])  # string
    wc.write_model(tmp_path / "s.onnx", model)
    answer = Worker(CopyAdapter({})).answer(run_request(str(tmp_path / "s.onnx"), [], "/t"))
    assert answer["status"] == "not_supported" and "dtype code 8" in answer["message"]


def test_input_file_of_the_wrong_dtype_is_an_error(tmp_path: pathlib.Path) -> None:
    model, x, out = identity_case(tmp_path)
    wc.write_input(pathlib.Path(x), np.zeros(2, np.float16), 10)
    answer = Worker(CopyAdapter({})).answer(run_request(model, [x], out))
    assert answer["status"] == "error" and x in answer["message"]
    assert "data_type 10" in answer["message"]


# --- the worker process: framing and stdout ---------------------------------

def worker_process(args: list[str], lines: list[bytes],
                   env: dict[str, str] | None = None) -> tuple[int, list[bytes], str]:
    proc = subprocess.run([sys.executable, str(wc.WORKER_PY), *args],
                          input=b"".join(lines), capture_output=True, timeout=60,
                          env={**os.environ, **(env or {})})
    return proc.returncode, proc.stdout.splitlines(), proc.stderr.decode()


def test_framing_of_odd_lines_then_shutdown() -> None:
    hello = b'{"method":"hello","protocol":1}\n'
    code, out, err = worker_process(["onnx_reference"], [
        hello, b"not json\n", b"\n", b"   \n", b"\xff\xfe{\n", b"[]\n", hello,
        b'{"method":"shutdown"}\n', hello])
    answers = [json.loads(line) for line in out]
    assert code == 0, err
    assert [a.get("status", "hello") for a in answers] == [
        "hello", "error", "error", "error", "hello"]
    assert all(a["id"] is None for a in answers[1:4])


def test_end_of_input_exits_zero() -> None:
    code, out, err = worker_process(["onnx_reference"], [])
    assert (code, out) == (0, []), err


def test_bad_adapter_or_option_exits_before_hello() -> None:
    code, out, err = worker_process(["no_such_adapter"], [b'{"method":"hello"}\n'])
    assert code == 3 and out == [] and "no_such_adapter" in err
    code, out, err = worker_process(["onnx_reference", "colour=red"], [])
    assert code == 2 and out == [] and "colour" in err
    code, out, err = worker_process(["onnx_reference", "novalue"], [])
    assert code == 2 and out == [] and "KEY=VALUE" in err


NOISY_ADAPTER = textwrap.dedent('''
    import os, sys
    sys.path.insert(0, sys.argv[1])
    from onnxcts_worker.adapter import Adapter, Loaded
    from onnxcts_worker.protocol import serve

    class Noisy(Adapter):
        name = "noisy"
        def version(self):
            os.write(1, b"version banner\\n")
            return "0.1"
        def load(self, model, path):
            os.write(1, b"loading\\n"); print("print in load")
            return Loaded(None)
        def run(self, loaded, inputs):
            os.write(1, b"running\\n"); print("print in run", flush=True)
            return list(inputs.values())

    serve(Noisy({}))
    os.write(1, b"after serve\\n")
''')

NOISY_BACKEND = textwrap.dedent('''
    import os
    os.write(1, b"banner at import\\n")
    print("print at import")
    import onnx.backend.base
    __version__ = "0.2"

    class Rep(onnx.backend.base.BackendRep):
        def run(self, inputs, **kwargs):
            os.write(1, b"noise in run\\n")
            return list(inputs)

    class Noisy(onnx.backend.base.Backend):
        @classmethod
        def prepare(cls, model, device="CPU", **kwargs):
            os.write(1, b"noise in prepare\\n")
            return Rep()
''')


def noisy_session(tmp_path: pathlib.Path) -> list[bytes]:
    model, x, out = identity_case(tmp_path)
    return [b'{"method":"hello","protocol":1}\n',
            json.dumps(run_request(model, [x], out)).encode() + b"\n",
            json.dumps(run_request(model, [x], out)).encode() + b"\n"]


def check_only_answers(out: list[bytes], err: str, tmp_path: pathlib.Path) -> None:
    answers = [json.loads(line) for line in out]  # every line is an answer
    assert len(answers) == 3 and answers[0]["protocol"] == 1, out
    assert [a["status"] for a in answers[1:]] == ["ok", "ok"], answers
    assert (tmp_path / "out" / "output_0.pb").exists()
    assert "noise" in err or "loading" in err, err


def test_an_adapter_writing_to_fd_1_does_not_break_the_protocol(tmp_path) -> None:
    script = tmp_path / "noisy.py"
    script.write_text(NOISY_ADAPTER)
    proc = subprocess.run([sys.executable, str(script), str(wc.PYTHON_DIR)],
                          input=b"".join(noisy_session(tmp_path)),
                          capture_output=True, timeout=60)
    check_only_answers(proc.stdout.splitlines(), proc.stderr.decode(), tmp_path)
    assert "version banner" in proc.stderr.decode()


def test_a_backend_printing_when_imported_does_not_break_the_protocol(tmp_path) -> None:
    (tmp_path / "noisy_backend.py").write_text(NOISY_BACKEND)
    code, out, err = worker_process(["onnx_backend", "class=noisy_backend:Noisy"],
                                    noisy_session(tmp_path),
                                    env={"PYTHONPATH": str(tmp_path)})
    assert code == 0, err
    check_only_answers(out, err, tmp_path)
    assert "banner at import" in err and "print at import" in err


HUNGRY_ADAPTER = textwrap.dedent('''
    import sys
    sys.path.insert(0, sys.argv[1])
    from onnxcts_worker.adapter import Adapter, Loaded
    from onnxcts_worker.protocol import serve

    class Hungry(Adapter):
        """Runs out of memory at the stage sys.argv[2] names."""
        name = "hungry"
        trial_for_load_only = True
        def version(self):
            return "0.1"
        def load(self, model, path):
            if sys.argv[2] == "load":
                raise MemoryError("no room for the session")
            return Loaded(None)
        def run(self, loaded, inputs):
            raise MemoryError("no room for the outputs")
        def classify(self, error):
            return "not_supported"  # would hide the MemoryError, if asked

    serve(Hungry({}))
''')


@pytest.mark.parametrize("stage,load_only,words", [
    ("load", False, "no room for the session"),
    ("run", False, "no room for the outputs"),
    ("run", True, "no room for the outputs"),  # the load_only trial's run
])
def test_memory_error_ends_the_worker_instead_of_an_answer(
        tmp_path: pathlib.Path, stage: str, load_only: bool, words: str) -> None:
    # Answered as `error`, it would blame the model; the harness must see
    # the worker die, to record a crash (out of memory) and restart it.
    script = tmp_path / "hungry.py"
    script.write_text(HUNGRY_ADAPTER)
    model, x, out = identity_case(tmp_path)
    run = run_request(model, [x], out, **({"load_only": True} if load_only else {}))
    proc = subprocess.run(
        [sys.executable, str(script), str(wc.PYTHON_DIR), stage],
        input=b'{"method":"hello","protocol":1}\n' + json.dumps(run).encode() +
        b"\n" + json.dumps(run).encode() + b"\n",
        capture_output=True, timeout=60)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a.get("protocol") for a in answers] == [1], answers  # hello only
    assert proc.returncode != 0
    err = proc.stderr.decode()
    assert "MemoryError" in err and words in err, err


# --- packed dtypes (4- and 2-bit) --------------------------------------------

@pytest.mark.parametrize("code", sorted(PACKED_BITS))
@pytest.mark.parametrize("raw", [True, False])
def test_packed_tensors_onnx_writes_read_bit_exact(tmp_path: pathlib.Path,
                                                   code: int, raw: bool) -> None:
    """What onnx 1.22's own helpers write (from_array's raw_data, make_tensor's
    int32_data of one packed byte each), odd counts included."""
    array = patterns(code)
    for count in (array.size, array.size - 1, 1):
        x = array[:count]
        tensor = numpy_helper.from_array(x, "x") if raw else helper.make_tensor(
            "x", code, [count], x.astype(np.float32).tolist())
        path = tmp_path / "p.pb"
        path.write_bytes(tensor.SerializeToString())
        back = read_tensor(str(path), code)
        assert back.dtype == numpy_dtype(code)
        assert wc.bits_of(back).tolist() == wc.bits_of(x).tolist()


@pytest.mark.parametrize("field", ["raw_data", "int32_data"])
def test_packed_payload_of_the_wrong_size_is_refused(tmp_path: pathlib.Path,
                                                     field: str) -> None:
    tensor = onnx.TensorProto(data_type=22, dims=[5], name="x")  # takes 3 bytes
    if field == "raw_data":
        tensor.raw_data = bytes(5)
    else:
        tensor.int32_data.extend([0, 0])
    path = tmp_path / "bad.pb"
    path.write_bytes(tensor.SerializeToString())
    with pytest.raises(Refusal) as refusal:
        read_tensor(str(path), 22)
    assert refusal.value.status == "error"
    assert str(path) in str(refusal.value) and field in str(refusal.value)
