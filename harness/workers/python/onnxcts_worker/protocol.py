"""The worker protocol, version 1 (docs/worker-protocol.md), for any Adapter:
one JSON request per line on stdin, one answer per line on stdout."""
from __future__ import annotations

import collections
import json
import os
import pathlib
import sys
from typing import IO, Any

import onnx

from .adapter import Adapter, Loaded, Refusal
from .dtypes import BY_CODE, name_of
from .tensors import read_tensor, write_tensor
from .trial import trial_run

PROTOCOL = 1
MAX_MESSAGE = 4000
# Sessions kept: the data sets of one case come one after another, and a
# compiler's modules can be large.
CACHED_MODELS = 8


def _message(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + " ..."


def _fed_inputs(graph: onnx.GraphProto) -> list[onnx.ValueInfoProto]:
    initialized = {t.name for t in graph.initializer}
    return [i for i in graph.input if i.name not in initialized]


class Worker:
    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.models: collections.OrderedDict[str, Any] = collections.OrderedDict()

    def hello(self) -> dict[str, Any]:
        answer = {"protocol": PROTOCOL, "name": self.adapter.name,
                  "version": self.adapter.version(),
                  "options": self.adapter.options()}
        if self.adapter.route:
            answer["adapter"] = self.adapter.route
        return answer

    def _build(self, path: str) -> tuple[onnx.ModelProto, Loaded]:
        try:
            model = onnx.ModelProto.FromString(pathlib.Path(path).read_bytes())
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
        answer: dict[str, Any] = {"status": "ok"}
        if loaded.steps:
            answer["adapter_steps"] = list(loaded.steps)
        return answer

    def answer(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return {"id": None, "status": "error", "message": "request is not an object"}
        if request.get("method") == "hello":
            return self.hello()
        answer = {"id": request.get("id")}
        if request.get("method") != "run":
            return {**answer, "status": "error",
                    "message": f"unknown method {request.get('method')}"}
        problem = _request_problem(request)
        if problem:
            return {**answer, "status": "error", "message": f"bad request: {problem}"}
        try:
            return {**answer, **self.run(request)}
        except Refusal as e:
            return {**answer, "status": e.status, "message": _message(e)}
        except Exception as e:  # the backend's own failure, in its words
            return {**answer, "status": self.adapter.classify(e), "message": _message(e)}


def _request_problem(request: dict[str, Any]) -> str:
    """What is wrong with a run request's fields, or ''."""
    def absolute(p: Any) -> bool:
        return isinstance(p, str) and p.startswith("/")
    if not absolute(request.get("model")):
        return "model: not an absolute path"
    if request.get("load_only"):
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
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return answers


def serve(adapter: Adapter, answers: IO[str] | None = None) -> None:
    """Answers requests on stdin until shutdown or end of input, on
    `answers` (default: a fresh answers_channel())."""
    answers = answers or answers_channel()
    worker = Worker(adapter)
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
