"""What every adapter test uses: a worker driven over protocol 1 (or 2, with
a shared memory), one-node models, input files, DESIGN.md's semantics
written on bit patterns, and a protocol test set an adapter test gets by
subclassing.

The API, kept small and stable:

    with Worker("ort_python", ["optimizations=all"], env=None) as w:
        w.hello()                                  # the hello answer
        case = w.case("Sign", 13, [np.array(...)], [16])   # model + inputs
        answer, outputs = w.run_case(case)         # outputs: list of arrays
        answer = w.run(model, inputs, output_dir, load_only=False)
        answer = w.request({...})                  # any request, one answer
        w.stderr()                                 # what it wrote there
    (WorkerFailed: it died, hung or broke the protocol.)

    memory = Memory(1 << 20)                       # a memfd, mapped here too
    with Worker("ort_python", memory=memory) as w: # ... the worker's fd 3
        w.hello([1, 2])                            # offers protocol 2
        x = memory.put(0, array, code)             # an input slot
        y = memory.slot(4096, nbytes, code, dims)  # an output slot
        answer = w.request(w.memory_request(model, [x], [y]))
        memory.get(y, dtype)                       # the slot's bytes as dtype
    on_fd3(fd, argv)   a command line running argv with fd as its fd 3

    one_node_model(op, opset, input_codes, output_codes, attributes) -> ModelProto
    write_model(path, model);  write_input(path, array, code);  read_output(path)
    bits_of(array)                   its bit patterns as unsigned ints
    all_patterns(code)               every bit pattern of an 8/16-bit dtype
    sample_patterns(code)            all of them, or a stratified sample for wider
    value_class(code, bits)          'nan', '+inf', '-0', '+', ... of one pattern
    expected(op, code, bits, attrs)  DESIGN.md's answer for an array of patterns
    identity_patterns_check(worker, code, expect="ok", reason="")
    patterns_check(worker, code, expect, reason, op="Identity"|"Reshape"|...)
    op_check(worker, op, opset, code, bits=None, attrs=None)
        -> (answer, Mismatches with .fail and .deviation, or None if not ok)
    class TestX(ProtocolChecks): adapter = "..."; options = [...]

Expected values come from DESIGN.md's format table, decoded here by hand,
never from numpy, ml_dtypes or the backend under test.
"""
from __future__ import annotations

import json
import mmap
import os
import pathlib
import queue
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import onnx
import pytest
from onnx import helper

PYTHON_DIR = pathlib.Path(__file__).resolve().parent.parent
WORKER_PY = PYTHON_DIR / "worker.py"
sys.path.insert(0, str(PYTHON_DIR))
from onnxcts_worker.dtypes import PACKED_BITS, name_of, numpy_dtype, pack, unpack  # noqa: E402

ANSWER_TIMEOUT = 60.0   # seconds per answer; a compiler's first load is slow
FLOAT8 = (17, 18, 19, 20)
SMALL_FLOATS = (10, 16, *FLOAT8)   # every pattern fits in one test tensor


class WorkerFailed(AssertionError):
    """The worker died, hung or broke the protocol; carries its stderr."""


# Runs argv[2:] with fd argv[1] moved to fd 3, as the harness starts a
# worker: preexec_fn could not do it safely (subprocess closes fd 3 after it,
# and its own error pipe may be there).
FD3_TRAMPOLINE = ("import os, sys; fd = int(sys.argv[1]); os.dup2(fd, 3); "
                  "fd == 3 or os.close(fd); os.execv(sys.argv[2], sys.argv[2:])")


def on_fd3(fd: int, argv: list[str]) -> list[str]:
    """A command line that runs `argv` with `fd` as its file descriptor 3;
    start it with pass_fds=(fd,)."""
    return [sys.executable, "-c", FD3_TRAMPOLINE, str(fd), *argv]


class Memory:
    """A memfd to give a worker as its fd 3 (protocol 2), mapped here too."""

    def __init__(self, size: int) -> None:
        self.fd = os.memfd_create("onnxcts-test")
        self.resize(size)

    def resize(self, size: int) -> None:
        """Grows (never shrinks) the memory to `size` bytes."""
        os.ftruncate(self.fd, size)
        self.size = size
        self.map = mmap.mmap(self.fd, size)

    def put(self, offset: int, array: np.ndarray, code: int) -> dict[str, Any]:
        """Writes `array`'s bits (viewed as dtype `code`) at `offset`; the
        input slot that says so."""
        raw = np.ascontiguousarray(array).tobytes()
        self.map[offset:offset + len(raw)] = raw
        return {"offset": offset, "bytes": len(raw), "dtype": code,
                "dims": list(np.shape(array))}

    def slot(self, offset: int, nbytes: int, code: int, dims: list[int],
             fill: int = 0xA5) -> dict[str, Any]:
        """An output slot of `nbytes` at `offset`, its bytes set to `fill`
        first so that a write shows."""
        self.map[offset:offset + nbytes] = bytes([fill]) * nbytes
        return {"offset": offset, "bytes": nbytes, "dtype": code, "dims": dims}

    def get(self, slot: dict[str, Any], dtype: Any = np.uint8) -> np.ndarray:
        """A copy of a slot's bytes, viewed as `dtype`."""
        start = slot["offset"]
        return np.frombuffer(self.map[start:start + slot["bytes"]], dtype=dtype).copy()

    def close(self) -> None:
        self.map.close()
        os.close(self.fd)


class Worker:
    """One worker process for `adapter` (a file in adapters/) with
    KEY=VALUE `options` and extra environment `env`, and `memory` as its
    fd 3 when given; a temporary folder holds its cases. `command` replaces
    the library's worker.py (another worker program, same protocol)."""

    def __init__(self, adapter: str, options: list[str] | tuple[str, ...] = (),
                 timeout: float = ANSWER_TIMEOUT,
                 env: dict[str, str] | None = None,
                 memory: Memory | None = None,
                 command: list[str] | None = None) -> None:
        self.timeout = timeout
        self.tmp = tempfile.TemporaryDirectory(prefix=f"onnxcts-{adapter}-")
        self.root = pathlib.Path(self.tmp.name)
        self.next_id = 0
        argv = command or [sys.executable, str(WORKER_PY), adapter, *options]
        if memory is not None:
            argv = on_fd3(memory.fd, argv)
        self.memory = memory
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={**os.environ, **(env or {})},
            pass_fds=(memory.fd,) if memory is not None else ())
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._stderr = bytearray()
        self._readers = [threading.Thread(target=f, daemon=True)
                         for f in (self._read_stdout, self._read_stderr)]
        for reader in self._readers:
            reader.start()

    def _read_stdout(self) -> None:
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(b"")  # end of output

    def _read_stderr(self) -> None:
        for chunk in iter(lambda: self.proc.stderr.read1(65536), b""):
            self._stderr += chunk

    def stderr(self) -> str:
        return self._stderr.decode("utf-8", "replace")

    def stderr_once_it_says(self, text: str, seconds: float = 10.0) -> str:
        """stderr, waited for until it holds text: the reader thread may not
        have taken a line the worker wrote before it answered."""
        deadline = time.monotonic() + seconds
        while text not in self.stderr() and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.stderr()

    def send_line(self, line: str) -> None:
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:  # it exited: read_answer says how
            pass

    def read_answer(self) -> dict[str, Any]:
        """The next answer line, parsed; WorkerFailed on timeout, exit or a
        line that is not a JSON object."""
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise WorkerFailed(f"no answer in {self.timeout} s; stderr:\n"
                               f"{self.stderr()[-3000:]}") from None
        if not line:
            code = self.proc.wait()
            self._readers[1].join(timeout=5)  # all of stderr
            raise WorkerFailed(f"worker exited ({code}) without "
                               f"answering; stderr:\n{self.stderr()[-3000:]}")
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise WorkerFailed(f"answer is not a JSON object: {line[:300]!r}")
        return answer

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        self.send_line(json.dumps(message))
        return self.read_answer()

    def hello(self, protocols: list[int] | None = None) -> dict[str, Any]:
        """The hello answer; `protocols` offers those versions, as the
        harness does for version 2."""
        message: dict[str, Any] = {"method": "hello", "protocol": 1}
        if protocols is not None:
            message["protocols"] = protocols
        return self.request(message)

    def memory_request(self, model: str | pathlib.Path, inputs: list[dict[str, Any]],
                       outputs: list[dict[str, Any]],
                       memory_bytes: int | None = None) -> dict[str, Any]:
        """A memory-form run request with a fresh id (not sent: request()
        sends it and reads the answer, send_line() only sends)."""
        self.next_id += 1
        size = self.memory.size if memory_bytes is None else memory_bytes
        return {"method": "run", "id": self.next_id, "model": str(model),
                "memory_bytes": size, "inputs": inputs, "outputs": outputs}

    def run(self, model: str | pathlib.Path, inputs: list[str | pathlib.Path],
            output_dir: str | pathlib.Path, load_only: bool = False) -> dict[str, Any]:
        """One run request; checks the answer repeats the id."""
        self.next_id += 1
        message: dict[str, Any] = {
            "method": "run", "id": self.next_id, "model": str(model),
            "inputs": [str(p) for p in inputs], "output_dir": str(output_dir)}
        if load_only:
            message["load_only"] = True
        answer = self.request(message)
        if answer.get("id") != self.next_id:
            raise WorkerFailed(f"answer {answer} to request id {self.next_id}")
        return answer

    def case(self, op: str, opset: int, inputs: list[np.ndarray],
             input_codes: list[int], output_codes: list[int] | None = None,
             attributes: dict[str, Any] | None = None,
             initializers: list[onnx.TensorProto] | None = None,
             output_shapes: list[list[int | None]] | None = None) -> "Case":
        """A folder with a one-node model and its input files. Output codes
        default to the op's usual rule: bool for IsNaN/IsInf, else input 0's;
        initializers join the node's inputs after the fed ones."""
        if output_codes is None:
            output_codes = [9] if op in ("IsNaN", "IsInf") else [input_codes[0]]
        self.next_id += 1
        folder = self.root / f"case{self.next_id}_{op}{opset}"
        (folder / "out").mkdir(parents=True)
        model = one_node_model(op, opset, input_codes, output_codes, attributes,
                               shapes=[list(a.shape) for a in inputs],
                               initializers=initializers, output_shapes=output_shapes)
        write_model(folder / "model.onnx", model)
        paths = []
        for k, (array, code) in enumerate(zip(inputs, input_codes)):
            paths.append(folder / f"input_{k}.pb")
            write_input(paths[-1], array, code)
        return Case(folder, folder / "model.onnx", paths, folder / "out",
                    output_codes)

    def run_case(self, case: "Case") -> tuple[dict[str, Any], list[np.ndarray] | None]:
        """Runs `case`; the answer and, on ok, the outputs read back (with
        their dtype codes checked against the model)."""
        answer = self.run(case.model, case.inputs, case.output_dir)
        if answer.get("status") != "ok":
            return answer, None
        outputs = []
        for k, code in enumerate(case.output_codes):
            got_code, array = read_output(case.output_dir / f"output_{k}.pb")
            assert got_code == code, (f"output {k} has dtype {name_of(got_code)}, "
                                      f"the model declares {name_of(code)}")
            outputs.append(array)
        return answer, outputs

    def close(self) -> int:
        """Shutdown, then the exit status."""
        if self.proc.poll() is None:
            self.send_line(json.dumps({"method": "shutdown"}))
        try:
            self.proc.stdin.close()
        except OSError:  # it already died
            pass
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.tmp.cleanup()
        return code

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def module_worker(adapter: str, options: tuple[str, ...] = ()) -> Any:
    """A module-scoped pytest fixture: one worker for every test of a file,
    whose clean exit is checked at the end."""
    @pytest.fixture(scope="module")
    def worker() -> Any:
        w = Worker(adapter, list(options))
        yield w
        assert w.close() == 0
    return worker


def refused_at_start(adapter: str, options: list[str]) -> str:
    """The stderr of a worker that `options` must stop before hello, with
    exit status 2 (a usage error)."""
    with Worker(adapter, options) as w:
        with pytest.raises(WorkerFailed):
            w.hello()
        assert w.proc.wait(timeout=30) == 2
        for reader in w._readers:  # they end at the pipes' end, all read
            reader.join(timeout=30)
        return w.stderr()


# Patterns every float32 and int64 op check includes: zeros, subnormals,
# the normal edges, infinities and NaNs with payloads; the int64 edges.
F32_SPECIALS = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF,
                0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x7F7FFFFF,
                0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7F800001, 0xFF800001,
                0x7FC00000, 0xFFC00000, 0x7FC12345, 0x7FFFFFFF, 0xFFFFFFFF]
I64_SPECIALS = [v & (2**64 - 1) for v in (-2**63, -2**63 + 1, -2, -1, 0, 1, 2, 2**63 - 1)]


@dataclass
class Case:
    folder: pathlib.Path
    model: pathlib.Path
    inputs: list[pathlib.Path]
    output_dir: pathlib.Path
    output_codes: list[int]


# --- models and tensor files ---------------------------------------------

def ir_version_for(opset: int) -> int:
    """The oldest IR version that carries `opset`: backends lag ONNX's newest."""
    return helper.find_min_ir_version_for([helper.make_opsetid("", opset)])


def one_node_model(op: str, opset: int, input_codes: list[int],
                   output_codes: list[int], attributes: dict[str, Any] | None = None,
                   shapes: list[list[int]] | None = None,
                   initializers: list[onnx.TensorProto] | None = None,
                   output_shapes: list[list[int | None]] | None = None) -> onnx.ModelProto:
    """A model of one `op` node, inputs x0.. and outputs y0..; an
    initializer's name joins the node's inputs after the fed ones. Output
    shapes default to input 0's (elementwise ops); onnx.checker, which some
    backends run, wants a shape on every graph output."""
    shapes = shapes or [[None]] * len(input_codes)
    initializers = initializers or []
    output_shapes = output_shapes or [shapes[0]] * len(output_codes)
    fed = [helper.make_tensor_value_info(f"x{k}", code, shape)
           for k, (code, shape) in enumerate(zip(input_codes, shapes))]
    outs = [helper.make_tensor_value_info(f"y{k}", code, shape)
            for k, (code, shape) in enumerate(zip(output_codes, output_shapes))]
    node = helper.make_node(op, [v.name for v in fed] + [t.name for t in initializers],
                            [v.name for v in outs], **(attributes or {}))
    graph = helper.make_graph([node], f"{op.lower()}_{opset}", fed, outs,
                              initializer=initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                             ir_version=ir_version_for(opset),
                             producer_name="onnxcts-test")


def write_model(path: pathlib.Path, model: onnx.ModelProto) -> pathlib.Path:
    path.write_bytes(model.SerializeToString())
    return path


def write_input(path: pathlib.Path, array: np.ndarray, code: int) -> pathlib.Path:
    """`array`'s bits, viewed as dtype `code`, as a TensorProto in raw_data."""
    dtype = numpy_dtype(code)
    array = np.asarray(array)
    if array.dtype != dtype:
        if array.dtype.itemsize != dtype.itemsize:
            raise ValueError(f"{array.dtype} array for {name_of(code)}")
        array = array.view(dtype)  # unsigned bit patterns: same bits
    tensor = onnx.TensorProto(name=path.stem, data_type=code, dims=list(array.shape))
    tensor.raw_data = pack(array, code)  # packed for the 4- and 2-bit codes
    path.write_bytes(tensor.SerializeToString())
    return path


def read_output(path: pathlib.Path) -> tuple[int, np.ndarray]:
    """An output file's dtype code and elements (raw_data only, as the
    protocol requires)."""
    tensor = onnx.TensorProto.FromString(pathlib.Path(path).read_bytes())
    assert tensor.HasField("raw_data"), f"{path}: no raw_data"
    dims = [int(d) for d in tensor.dims]
    if tensor.data_type in PACKED_BITS:
        array = unpack(tensor.raw_data, tensor.data_type, int(np.prod(dims)))
        return tensor.data_type, array.reshape(dims)
    dtype = numpy_dtype(tensor.data_type)
    array = np.frombuffer(tensor.raw_data, dtype=dtype)
    return tensor.data_type, array.reshape(dims)


def bits_of(array: np.ndarray) -> np.ndarray:
    """An array's bit patterns as unsigned integers of its width."""
    array = np.asarray(array)
    if array.dtype == np.bool_:
        return array.view(np.uint8)
    for code, bits in PACKED_BITS.items():  # the element is the low bits
        if array.dtype == numpy_dtype(code):
            return array.view(np.uint8) & np.uint8((1 << bits) - 1)
    return array.view(f"<u{array.dtype.itemsize}")


# --- DESIGN.md's semantics, on bit patterns --------------------------------

@dataclass(frozen=True)
class Format:
    width: int      # bytes
    exp: int        # exponent bits
    mant: int       # mantissa bits
    bias: int
    kind: str       # "ieee": inf and NaN at the top exponent; "fn": NaN only
                    # at all-ones; "fnuz": 0x80 is the NaN, no -0


FORMATS = {
    1: Format(4, 8, 23, 127, "ieee"), 11: Format(8, 11, 52, 1023, "ieee"),
    10: Format(2, 5, 10, 15, "ieee"), 16: Format(2, 8, 7, 127, "ieee"),
    17: Format(1, 4, 3, 7, "fn"), 18: Format(1, 4, 3, 8, "fnuz"),
    19: Format(1, 5, 2, 15, "ieee"), 20: Format(1, 5, 2, 16, "fnuz"),
}
INTS = {2: (8, False), 3: (8, True), 4: (16, False), 5: (16, True),
        6: (32, True), 7: (64, True), 12: (32, False), 13: (64, False)}


def value_class(code: int, bits: int) -> str:
    """'nan', '+inf', '-inf', '+0', '-0', '+' or '-' for one pattern."""
    f = FORMATS[code]
    top = 8 * f.width - 1
    sign, exp = bits >> top, (bits >> f.mant) & ((1 << f.exp) - 1)
    mant = bits & ((1 << f.mant) - 1)
    if f.kind == "fnuz":
        if bits == 1 << top:
            return "nan"
    elif f.kind == "fn":
        if exp == (1 << f.exp) - 1 and mant == (1 << f.mant) - 1:
            return "nan"
    elif exp == (1 << f.exp) - 1:
        return "nan" if mant else ("-inf" if sign else "+inf")
    if exp == 0 and mant == 0:
        return "-0" if sign else "+0"
    return "-" if sign else "+"


def one_bits(code: int) -> int:
    """The pattern of 1.0: exponent field = bias, mantissa 0."""
    f = FORMATS[code]
    return f.bias << f.mant


def expected(op: str, code: int, bits: np.ndarray,
             attrs: dict[str, Any] | None = None) -> np.ndarray:
    """DESIGN.md's output patterns for IsNaN, IsInf, Sign on input patterns
    `bits` of dtype `code` (bools as 0/1, Sign as patterns of `code`)."""
    attrs = attrs or {}
    flat = [int(b) for b in np.asarray(bits).ravel()]
    if code in INTS:
        assert op == "Sign", f"{op} on an integer dtype"
        size, signed = INTS[code]
        def sign(b: int) -> int:
            v = b - (1 << size) if signed and b >> (size - 1) else b
            return (1 if v > 0 else 0 if v == 0 else -1) & ((1 << size) - 1)
        out = [sign(b) for b in flat]
    elif op == "IsNaN":
        out = [int(value_class(code, b) == "nan") for b in flat]
    elif op == "IsInf":
        want = {"+inf"} if attrs.get("detect_positive", 1) else set()
        want |= {"-inf"} if attrs.get("detect_negative", 1) else set()
        out = [int(value_class(code, b) in want) for b in flat]
    elif op == "Sign":
        sign_bit = 1 << (8 * FORMATS[code].width - 1)
        def sign(b: int) -> int:
            kind = value_class(code, b)
            if kind == "nan":
                return b
            if kind in ("+0", "-0"):
                return 0
            return one_bits(code) | (sign_bit if kind in ("-", "-inf") else 0)
        out = [sign(b) for b in flat]
    else:
        raise ValueError(f"no semantics for {op}")
    width = 1 if op in ("IsNaN", "IsInf") else (INTS[code][0] // 8 if code in INTS
                                                else FORMATS[code].width)
    return np.array(out, dtype=f"<u{width}").reshape(np.shape(bits))


@dataclass
class Mismatches:
    """Per DESIGN.md's Comparison: `fail` and `deviation` hold (input bits,
    expected bits, actual bits) triples; NaN matches any NaN."""
    fail: list[tuple[int, int, int]] = field(default_factory=list)
    deviation: list[tuple[int, int, int]] = field(default_factory=list)

    def text(self, code: int, limit: int = 8) -> str:
        width = 2 * (FORMATS[code].width if code in FORMATS else 1)
        def show(rows: list[tuple[int, int, int]]) -> str:
            return ", ".join(f"0x{i:0{width}X}->0x{a:0{width}X} (want 0x{e:0{width}X})"
                             for i, e, a in rows[:limit]) + (" ..." if len(rows) > limit else "")
        return f"fail {len(self.fail)}: {show(self.fail)}; deviation {len(self.deviation)}: {show(self.deviation)}"


def compare(op: str, code: int, inputs: np.ndarray, want: np.ndarray,
            got: np.ndarray) -> Mismatches:
    """Sorts mismatches into fails and deviations: for Sign on floats a
    difference where the input is a NaN or a zero is a deviation (the spec is
    silent there), and any NaN output matches a NaN expected."""
    result = Mismatches()
    float_out = op == "Sign" and code in FORMATS
    for i, e, a in zip(inputs.ravel().tolist(), want.ravel().tolist(),
                       got.ravel().tolist()):
        if e == a:
            continue
        if float_out and value_class(code, e) == "nan" == value_class(code, a):
            continue
        silent = float_out and value_class(code, i) in ("nan", "+0", "-0")
        (result.deviation if silent else result.fail).append((i, e, a))
    return result


# --- checks ---------------------------------------------------------------

def all_patterns(code: int) -> np.ndarray:
    """Every bit pattern of a 1- or 2-byte dtype, ascending, as that dtype
    (of a 4- or 2-bit one, its 16 or 4 patterns)."""
    if code in PACKED_BITS:
        return np.arange(1 << PACKED_BITS[code], dtype=np.uint8).view(numpy_dtype(code))
    width = numpy_dtype(code).itemsize
    assert width in (1, 2), f"{name_of(code)} has {2 ** (8 * width)} patterns"
    return np.arange(1 << (8 * width), dtype=f"<u{width}").view(numpy_dtype(code))


def packed_cast_check(worker: Worker, packed: int, other: int, to_packed: bool,
                      opset: int = 25) -> tuple[dict[str, Any], np.ndarray | None, np.ndarray]:
    """Cast between every pattern of a 4- or 2-bit dtype `packed` and the
    same values in dtype `other` (exact in both), one way or the other; the
    answer, the output's bits (None unless ok) and the bits wanted. The
    values are odd in count and have differing neighbours, so that an
    adapter that passes or reads one element per byte, or packs in the
    wrong order, gets other bits."""
    values = np.concatenate([all_patterns(packed), all_patterns(packed)[::-1][:-1]])
    wide = values.astype(numpy_dtype(other))
    x, src, dst, want = (wide, other, packed, values) if to_packed \
        else (values, packed, other, wide)
    answer, outputs = worker.run_case(
        worker.case("Cast", opset, [x], [src], [dst], {"to": dst}))
    got = None if outputs is None else bits_of(outputs[0])
    return answer, got, bits_of(want)


def sample_patterns(code: int) -> np.ndarray:
    """all_patterns for 1- and 2-byte dtypes. For float and double: every
    exponent with both signs and mantissas 0, 1, the quiet bit, the quiet
    bit + 1, all ones (so every zero, subnormal edge, inf, quiet and
    signalling NaN). For wide ints: 0, 1, 2, -1, min, max and neighbours."""
    dtype = numpy_dtype(code)
    if dtype.itemsize <= 2 and dtype != np.bool_:
        return all_patterns(code)
    width = 8 * dtype.itemsize
    if code in FORMATS:
        f = FORMATS[code]
        quiet = 1 << (f.mant - 1)
        mantissas = [0, 1, quiet - 1, quiet, quiet + 1, (1 << f.mant) - 1]
        bits = [(s << (width - 1)) | (e << f.mant) | m for s in (0, 1)
                for e in range(1 << f.exp) for m in mantissas]
    elif code in INTS:
        top = 1 << (width - 1)
        bits = [0, 1, 2, (1 << width) - 1, (1 << width) - 2, top, top - 1, top + 1,
                12345, (1 << width) - 12345]
    else:
        raise ValueError(f"no patterns for {name_of(code)}")
    return np.array(bits, dtype=f"<u{dtype.itemsize}").view(dtype)


# Ops whose output is their input's bits, for a backend without Identity on a
# dtype: op -> (opset where the float8 types join, extra initializers for n
# elements, output shape for n elements).
PASSTHROUGH: dict[str, tuple[int, Any, Any]] = {
    "Identity": (19, lambda n: [], lambda n: [n]),
    "Reshape": (19, lambda n: [helper.make_tensor("shape", onnx.TensorProto.INT64,
                                                  [1], [n])], lambda n: [n]),
    "Flatten": (21, lambda n: [], lambda n: [n, 1]),    # same bytes, 2-D
    "Transpose": (21, lambda n: [], lambda n: [n]),     # 1-D: nothing to permute
}


def names_dtype(message: str, code: int) -> bool:
    """Whether a message names dtype `code` (any case, '_' optional)."""
    flat = message.lower().replace("_", "").replace(" ", "")
    return name_of(code).replace("_", "") in flat


def patterns_check(worker: Worker, code: int, expect: str = "ok", reason: str = "",
                   op: str = "Identity", opset: int | None = None) -> dict[str, Any]:
    """Feeds every pattern of dtype `code` through a pass-through `op`
    (PASSTHROUGH) and asserts either (expect="ok") that the output bytes are
    the input bytes, NaN payloads and signed zeros included, or
    (expect="not_supported") that the worker says so naming the dtype.
    `reason` says why the caller expects that; the answer is returned."""
    patterns = all_patterns(code)
    first_opset, extra, out_shape = PASSTHROUGH[op]
    opset = opset or first_opset
    answer, outputs = worker.run_case(worker.case(
        op, opset, [patterns], [code], initializers=extra(patterns.size),
        output_shapes=[out_shape(patterns.size)]))
    why = f" ({reason})" if reason else ""
    if expect == "not_supported":
        assert answer["status"] == "not_supported", f"{name_of(code)}{why}: {answer}"
        assert names_dtype(answer.get("message", ""), code), \
            f"not_supported message does not name {name_of(code)}: {answer}"
        return answer
    assert expect == "ok", f"expect {expect!r}"
    assert answer["status"] == "ok", f"{op} on {name_of(code)}{why}: {answer}"
    got = bits_of(outputs[0]).ravel()
    want = bits_of(patterns)
    bad = np.flatnonzero(got != want) if got.size == want.size else None
    assert bad is not None, f"{got.size} elements back for {want.size}"
    assert bad.size == 0, (f"{op} changed {bad.size} {name_of(code)} patterns, e.g. "
                           + ", ".join(f"0x{int(want[i]):X}->0x{int(got[i]):X}"
                                       for i in bad[:8]))
    return answer


def identity_patterns_check(worker: Worker, code: int, expect: str = "ok",
                            reason: str = "") -> dict[str, Any]:
    """patterns_check with Identity (the usual case)."""
    return patterns_check(worker, code, expect, reason, "Identity")


def op_check(worker: Worker, op: str, opset: int, code: int,
             bits: np.ndarray | None = None,
             attrs: dict[str, Any] | None = None) -> tuple[dict[str, Any], Mismatches | None]:
    """Runs IsNaN/IsInf/Sign on patterns `bits` (default: sample_patterns)
    and compares with `expected`; the answer and, on ok, the mismatches
    sorted into fail and deviation."""
    if bits is None:
        inputs = sample_patterns(code)
    else:
        width = numpy_dtype(code).itemsize
        inputs = np.asarray(bits, dtype=f"<u{width}").view(numpy_dtype(code))
    answer, outputs = worker.run_case(worker.case(op, opset, [inputs], [code],
                                                  attributes=attrs))
    if outputs is None:
        return answer, None
    in_bits = bits_of(inputs)
    got = bits_of(outputs[0])
    assert got.shape == in_bits.shape, f"shape {got.shape} for {in_bits.shape}"
    return answer, compare(op, code, in_bits, expected(op, code, in_bits, attrs), got)


# --- the protocol test set ------------------------------------------------

def assert_conformant(worker: Worker, op: str, opset: int, code: int,
                      bits: np.ndarray | None = None, attrs: dict | None = None) -> None:
    """op_check, which must find no failure and no deviation."""
    answer, mismatches = op_check(worker, op, opset, code, bits, attrs)
    assert answer["status"] == "ok", answer
    assert not mismatches.fail and not mismatches.deviation, \
        f"{op}-{opset} {name_of(code)} {attrs or ''}: {mismatches.text(code)}"


class ProtocolChecks:
    """Protocol tests any adapter gets by subclassing (pytest collects the
    subclass when its name starts with Test):

        class TestProtocol(worker_check.ProtocolChecks):
            adapter = "ort_python"
            options = ["optimizations=all"]

    must_reject_statuses: what load_only on a must-reject model (IsInf-10
    on float16) may answer; a backend known to run it sets ("ok",) and says
    so in a comment, as a finding."""

    adapter = ""
    options: list[str] = []
    must_reject_statuses: tuple[str, ...] = ("error", "not_supported")
    worker: Worker

    @classmethod
    def setup_class(cls) -> None:
        cls.worker = Worker(cls.adapter, cls.options)

    @classmethod
    def teardown_class(cls) -> None:
        assert cls.worker.close() == 0

    def test_hello(self) -> None:
        answer = self.worker.hello()
        assert answer["protocol"] == 1
        assert isinstance(answer["name"], str) and answer["name"]
        version = answer["version"]
        assert isinstance(version, str) and version[:1].isdigit(), \
            f"version {version!r} is not a real version"
        assert isinstance(answer.get("options"), dict)
        assert "id" not in answer

    def test_float_identity_runs(self) -> None:
        x = np.array([1.5, -0.0, np.inf], dtype=np.float32)
        answer, outputs = self.worker.run_case(self.worker.case("Identity", 13, [x], [1]))
        assert answer["status"] == "ok", answer
        assert bits_of(outputs[0]).tolist() == bits_of(x).tolist()

    def test_unreadable_model_is_an_error_naming_it(self) -> None:
        case_ = self.worker.case("Identity", 13, [np.zeros(2, np.float32)], [1])
        case_.model.write_bytes(b"\x08\x07 this is not a model \xff\xff")
        answer = self.worker.run(case_.model, case_.inputs, case_.output_dir)
        assert answer["status"] == "error", answer
        assert str(case_.model) in answer["message"], answer

    def test_missing_model_is_an_error_naming_it(self) -> None:
        missing = self.worker.root / "no_such_model.onnx"
        answer = self.worker.run(missing, [], self.worker.root)
        assert answer["status"] == "error", answer
        assert str(missing) in answer["message"], answer

    def test_missing_input_is_an_error_naming_it(self) -> None:
        case_ = self.worker.case("Identity", 13, [np.zeros(2, np.float32)], [1])
        case_.inputs[0].unlink()
        answer = self.worker.run(case_.model, case_.inputs, case_.output_dir)
        assert answer["status"] == "error", answer
        assert str(case_.inputs[0]) in answer["message"], answer
        assert not any(case_.output_dir.iterdir())

    def test_wrong_input_count_is_an_error(self) -> None:
        case_ = self.worker.case("Identity", 13, [np.zeros(2, np.float32)], [1])
        answer = self.worker.run(case_.model, case_.inputs * 2, case_.output_dir)
        assert answer["status"] == "error", answer

    def test_load_only_on_a_must_reject_model(self) -> None:
        # IsInf-10 allows float and double only: float16 is outside.
        case_ = self.worker.case("IsInf", 10, [np.zeros(2, np.float16)], [10])
        answer = self.worker.run(case_.model, [], case_.output_dir, load_only=True)
        assert answer["status"] in self.must_reject_statuses, answer
        assert not any(case_.output_dir.iterdir())

    def test_load_only_on_a_valid_model(self) -> None:
        case_ = self.worker.case("IsNaN", 9, [np.zeros(2, np.float32)], [1])
        answer = self.worker.run(case_.model, [], case_.output_dir, load_only=True)
        assert answer["status"] == "ok", answer
        assert not any(case_.output_dir.iterdir())

    def test_unknown_method_then_still_answers(self) -> None:
        answer = self.worker.request({"method": "frobnicate", "id": 99999})
        assert answer["status"] == "error" and answer["id"] == 99999
        assert self.worker.hello()["protocol"] == 1
