"""The worker protocol, versions 1 and 2 (docs/worker-protocol.md), for any
Adapter: one JSON request per line on stdin, one answer per line on stdout,
in order. Tensors travel as files (version 1) or, in a version 2 session,
also in the memory the harness shares on fd 3 (`memory`); requests queued on
stdin (version 2's pipelining) are simply read one line at a time."""
from __future__ import annotations

import collections
import fcntl
import json
import os
import pathlib
import sys
import time
from typing import IO, Any, NoReturn

import numpy as np
import onnx

from .adapter import Adapter, Loaded, Refusal
from .dtypes import BY_CODE, name_of
from .memory import SharedMemory, parse_slots
from .tensors import onnx_code, read_tensor, write_tensor
from .trial import trial_run

MEMORY_PROTOCOL = 2
MAX_MESSAGE = 4000
# Sessions kept: the data sets of one case come one after another, and a
# compiler's modules can be large.
CACHED_MODELS = 8


def _message(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + " ..."


def _out_of_memory(error: MemoryError) -> NoReturn:
    """Ends the worker: a backend that failed an allocation may be left in
    any state, and an `error` answer would blame the model. The harness
    records a crash (out of memory, under its --worker-memory cap) and
    starts a fresh worker for the next request. os._exit, as unwinding and
    atexit handlers might want the memory there is none of."""
    sys.stderr.write(f"onnxcts worker: MemoryError while serving a request: "
                     f"{_message(error)}\n")
    sys.stderr.flush()
    os._exit(4)


def _fed_inputs(graph: onnx.GraphProto) -> list[onnx.ValueInfoProto]:
    initialized = {t.name for t in graph.initializer}
    return [i for i in graph.input if i.name not in initialized]


class Worker:
    """Answers requests for one adapter; `memory` is the harness's shared
    memory, without which it speaks version 1 only."""

    def __init__(self, adapter: Adapter, memory: SharedMemory | None = None) -> None:
        self.adapter = adapter
        self.memory = memory
        self.protocol = 1
        self.models: collections.OrderedDict[str, Any] = collections.OrderedDict()

    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        offered = request.get("protocols")
        self.protocol = 1
        if self.memory is not None and isinstance(offered, list) and any(
                type(p) is int and p == MEMORY_PROTOCOL for p in offered):
            self.protocol = MEMORY_PROTOCOL
        answer = {"protocol": self.protocol, "name": self.adapter.name,
                  "version": self.adapter.version(),
                  "options": self.adapter.options()}
        if self.adapter.route:
            answer["adapter"] = self.adapter.route
        return answer

    def _build(self, path: str) -> tuple[onnx.ModelProto, Loaded]:
        try:
            model = onnx.ModelProto.FromString(pathlib.Path(path).read_bytes())
        except MemoryError:
            raise
        except Exception as e:  # unreadable file or not a ModelProto
            raise Refusal("error", f"{path}: unreadable model: {e}") from e
        for value in list(model.graph.input) + list(model.graph.output):
            code = value.type.tensor_type.elem_type
            if code not in BY_CODE:
                raise Refusal("not_supported", f"{path}: '{value.name}' has "
                              f"{name_of(code)}, outside the dtype table")
        return model, self.adapter.load(model, path)

    def load(self, path: str) -> tuple[onnx.ModelProto, Loaded]:
        """The model at `path` and what the adapter built for it, cached
        (a refusal too, so every data set of a case gets the same answer)."""
        if path not in self.models:
            try:
                self.models[path] = self._build(path)
            except MemoryError:
                raise  # not the model's answer: see _out_of_memory
            except Exception as e:  # the answer for every run of this model
                self.models[path] = e
            if len(self.models) > CACHED_MODELS:
                self.models.popitem(last=False)
        self.models.move_to_end(path)
        built = self.models[path]
        if isinstance(built, BaseException):
            raise built
        return built

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        model, loaded = self.load(request["model"])
        fed = _fed_inputs(model.graph)
        if request.get("load_only"):
            if self.adapter.trial_for_load_only:
                trial_run(self.adapter, loaded, fed)
            return {"status": "ok"}
        if "memory_bytes" in request:
            return self.run_in_memory(request, model, loaded, fed)
        paths = request["inputs"]
        if len(paths) != len(fed):
            raise Refusal("error", f"{len(paths)} input files for "
                          f"{len(fed)} graph inputs")
        arrays = {info.name: read_tensor(p, info.type.tensor_type.elem_type)
                  for info, p in zip(fed, paths)}
        outputs = self.adapter.run(loaded, arrays)
        out_dir = pathlib.Path(request["output_dir"])
        names = [o.name for o in model.graph.output]
        for k, array in enumerate(outputs):
            name = names[k] if k < len(names) else f"output_{k}"
            write_tensor(out_dir / f"output_{k}.pb", name, array)
        return _ok(loaded)

    def run_in_memory(self, request: dict[str, Any], model: onnx.ModelProto,
                      loaded: Loaded, fed: list[onnx.ValueInfoProto]) -> dict[str, Any]:
        """A memory-form run: inputs are views of their slots, outputs are
        written into theirs when they fit, and the answer says what the
        backend returned (dtype, dims) and how long each stage took."""
        if self.protocol != MEMORY_PROTOCOL:
            raise Refusal("error", "bad request: memory_bytes: the memory form "
                          "needs protocol 2, which hello did not agree")
        start = time.perf_counter()
        ins, outs = parse_slots(request, "inputs"), parse_slots(request, "outputs")
        if len(ins) != len(fed):
            raise Refusal("error", f"bad request: inputs: {len(ins)} slots for "
                          f"{len(fed)} graph inputs")
        if len(outs) != len(model.graph.output):
            raise Refusal("error", f"bad request: outputs: {len(outs)} slots for "
                          f"{len(model.graph.output)} graph outputs")
        for k, (info, slot) in enumerate(zip(fed, ins)):
            code = info.type.tensor_type.elem_type
            if slot.dtype != code:
                raise Refusal("error", f"bad request: inputs[{k}].dtype: "
                              f"{slot.dtype}, the model wants {code} ({name_of(code)})")
        memory = self.memory
        memory.ensure(request["memory_bytes"])
        arrays = {info.name: memory.input(slot) for info, slot in zip(fed, ins)}
        places = [memory.output_view(slot) for slot in outs]
        read = time.perf_counter()
        results = self.adapter.run_into(loaded, arrays, places)
        del arrays  # the harness reuses their memory once this is answered
        ran = time.perf_counter()
        if len(results) != len(outs):
            raise Refusal("error", f"the backend returned {len(results)} outputs "
                          f"for {len(outs)}")
        shapes = []
        for k, (result, place, slot) in enumerate(zip(results, places, outs)):
            name = model.graph.output[k].name
            if result is not place:
                result = np.asarray(result)
                code = onnx_code(result, name)
                memory.write(slot, result, code)
            else:
                code = slot.dtype
            shapes.append({"dtype": code, "dims": [int(d) for d in result.shape]})
        wrote = time.perf_counter()
        return {**_ok(loaded), "outputs": shapes,
                "timings": {"read": round(read - start, 6), "run": round(ran - read, 6),
                            "write": round(wrote - ran, 6)}}

    def answer(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return {"id": None, "status": "error", "message": "request is not an object"}
        if request.get("method") == "hello":
            return self.hello(request)
        answer = {"id": request.get("id")}
        if request.get("method") != "run":
            return {**answer, "status": "error",
                    "message": f"unknown method {request.get('method')}"}
        problem = _request_problem(request)
        if problem:
            return {**answer, "status": "error", "message": f"bad request: {problem}"}
        try:
            return {**answer, **self.run(request)}
        except MemoryError as e:
            _out_of_memory(e)
        except Refusal as e:
            return {**answer, "status": e.status, "message": _message(e)}
        except Exception as e:  # the backend's own failure, in its words
            return {**answer, "status": self.adapter.classify(e), "message": _message(e)}


def _ok(loaded: Loaded) -> dict[str, Any]:
    answer: dict[str, Any] = {"status": "ok"}
    if loaded.steps:
        answer["adapter_steps"] = list(loaded.steps)
    return answer


def _request_problem(request: dict[str, Any]) -> str:
    """What is wrong with a run request's fields, or '' (a memory-form
    request's slots are checked against the model, in run_in_memory)."""
    def absolute(p: Any) -> bool:
        return isinstance(p, str) and p.startswith("/")
    if not absolute(request.get("model")):
        return "model: not an absolute path"
    if request.get("load_only"):
        return ""
    if "memory_bytes" in request:
        size = request["memory_bytes"]
        if type(size) is not int or size < 0:
            return "memory_bytes: not a non-negative integer"
        for field in ("inputs", "outputs"):
            if not isinstance(request.get(field), list):
                return f"{field}: not an array of slots"
        return ""
    inputs = request.get("inputs")
    if not isinstance(inputs, list) or not all(absolute(p) for p in inputs):
        return "inputs: not an array of absolute paths"
    if not absolute(request.get("output_dir")):
        return "output_dir: not an absolute path"
    return ""


def answers_channel() -> IO[str]:
    """A private copy of stdout for answers. fd 1 itself then goes to stderr,
    so a native library that prints cannot break the protocol. Call it
    before the backend is imported: some print when they load."""
    # Above fd 3, where the harness's shared memory is (or would be).
    answers = os.fdopen(fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 4), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return answers


_INHERITED = object()


def serve(adapter: Adapter, answers: IO[str] | None = None,
          memory: SharedMemory | None | object = _INHERITED) -> None:
    """Answers requests on stdin until shutdown or end of input, on
    `answers` (default: a fresh answers_channel()), with the shared memory
    `memory` (default: SharedMemory.inherited(), which must then run before
    anything takes a free fd 3, answers_channel() included)."""
    if memory is _INHERITED:
        memory = SharedMemory.inherited()
    answers = answers or answers_channel()
    worker = Worker(adapter, memory)
    # One line at a time, answered before the next is read: requests the
    # harness pipelines simply wait in the pipe.
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            request = e
        if isinstance(request, dict) and request.get("method") == "shutdown":
            break
        if isinstance(request, ValueError):
            answer = {"id": None, "status": "error",
                      "message": f"unreadable request: {request}"}
        else:
            answer = worker.answer(request)
        answers.write(json.dumps(answer) + "\n")
        answers.flush()
