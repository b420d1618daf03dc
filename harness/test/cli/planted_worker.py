#!/usr/bin/env python3
"""A worker with planted defects, for testing `onnxcts fuzz` end to end.

    onnxcts fuzz --backend "command:build/venv/bin/python harness/test/cli/planted_worker.py"

(any Python with numpy, ml_dtypes and onnx will do; fuzz_planted_test.py
is its test.)

It runs everything through ONNX's reference evaluator, as the onnx-reference
backend does (adapters/onnx_reference.py, which it subclasses), except for
five planted defects, one of each kind of finding the fuzzer keeps. Each is
listed with the signature it should produce (fuzz/fuzz_loop.cc):

a. A single-node wrong answer: Abs of float16 keeps the sign of a zero, so
   Abs(-0) is -0.
       fail Abs-13 float16 on zero
b. A graph-only wrong answer: every float32 value that one node computes and
   another node reads, unless it is also a graph output, has its subnormals
   flushed to a zero of the same sign (load() puts a node of the private
   domain "planted" between the two). A node run alone has no such value, so
   only a graph of two or more nodes shows it.
       fail graph <op versions of the reproducer> <dtypes> on <classes>
       (e.g. fail graph LeakyRelu-16 Neg-13 float on subnormal; one
       signature per set of ops, so 1,500 graphs keep several)
c. A crash: the worker dies of SIGSEGV when a Sign node's input is int16 of
   rank 3 or more.
       crash Sign
d. A hang: the worker sleeps for HANG_SECONDS when a Sum node has three or
   more float64 inputs, all of rank 3 or more.
       timeout Sum
e. A refusal of a valid model: Refusal("error") when a Clip node's input has
   a dimension of 0.
       error Clip on an empty input

c, d and e look at the values the evaluator computed (so they see a node's
input whatever made it), after it ran the model: a backend may crash, hang
or give up as late as it likes. c's and d's signatures end in " on an empty
input" instead when an input of the reproducer has a 0 dimension.

The triggers of c and d are narrow on purpose: each comes up in about 2 of
1000 generated graphs (a and e in about 2 and 8), so 1,500 graphs find
them, yet seldom enough that the worker's restarts, and the timeouts every
hang costs (the graph, then its Sum alone, and the simplifier's runs when
the signature is new), stay a small part of the run.
"""
from __future__ import annotations

import os
import pathlib
import signal
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]
                       / "workers" / "python"))

import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402
from onnx.reference.op_run import OpRun  # noqa: E402
from onnx.reference.ops.op_abs import Abs as EvaluatorAbs  # noqa: E402

from adapters.onnx_reference import Backend as OnnxReference  # noqa: E402
from onnxcts_worker.adapter import Refusal  # noqa: E402
from onnxcts_worker.memory import SharedMemory  # noqa: E402
from onnxcts_worker.protocol import answers_channel, serve  # noqa: E402

DOMAIN = "planted"
# Far beyond any --timeout a test gives; the harness kills the worker's
# process group at its timeout, so nothing is left sleeping.
HANG_SECONDS = 600
TINY32 = np.finfo(np.float32).tiny


class Abs(EvaluatorAbs):
    """(a) The evaluator's Abs, but a float16 zero keeps its sign."""

    op_domain = ""

    def _run(self, x: np.ndarray) -> tuple[np.ndarray]:  # type: ignore[override]
        (y,) = super()._run(x)
        if x.dtype == np.float16:
            y = np.where(x == 0, x, y)
        return (y,)


class Flush(OpRun):
    """(b) Passes a value on, a float32 one with its subnormals flushed."""

    op_domain = DOMAIN

    def _run(self, x: np.ndarray) -> tuple[np.ndarray]:  # type: ignore[override]
        if x.dtype != np.float32:
            return (x,)
        return (np.where(np.abs(x) < TINY32, np.copysign(np.float32(0), x), x),)


def with_flushes(model: onnx.ModelProto) -> onnx.ModelProto:
    """A copy of `model` in which each value a node computes and another
    reads, and the graph does not output, passes through a Flush (which
    leaves all but float32 alone: the evaluator knows the dtype, this
    rewrite need not)."""
    graph = model.graph
    read = {name for node in graph.node for name in node.input}
    outputs = {o.name for o in graph.output}
    names = read | outputs | {n for node in graph.node for n in node.output}
    copy = onnx.ModelProto()
    copy.CopyFrom(model)
    del copy.graph.node[:]
    for node in graph.node:
        made = copy.graph.node.add()
        made.CopyFrom(node)
        if node.op_type == "Constant":  # a constant is no computed value
            continue
        for k, name in enumerate(node.output):
            if name not in read or name in outputs:
                continue
            fresh = name + ".unflushed"
            while fresh in names:
                fresh += "_"
            names.add(fresh)
            made.output[k] = fresh
            copy.graph.node.append(helper.make_node(
                "Flush", [fresh], [name], domain=DOMAIN))
    copy.opset_import.append(helper.make_opsetid(DOMAIN, 1))
    return copy


def planted_failure(node: onnx.NodeProto, inputs: list[Any]) -> None:
    """Crashes, hangs or refuses as (c), (d) and (e) say, for one node whose
    inputs the evaluator computed as `inputs` (None where absent)."""
    arrays = [x for x in inputs if isinstance(x, np.ndarray)]
    if not arrays or node.domain not in ("", "ai.onnx"):
        return
    x = arrays[0]
    if node.op_type == "Sign" and x.dtype == np.int16 and x.ndim >= 3:
        os.kill(os.getpid(), signal.SIGSEGV)
    if (node.op_type == "Sum" and len(arrays) >= 3
            and x.dtype == np.float64 and min(a.ndim for a in arrays) >= 3):
        time.sleep(HANG_SECONDS)
    if node.op_type == "Clip" and 0 in x.shape:
        raise Refusal("error", f"planted: Clip '{node.name}' refuses an empty "
                      f"input of shape {list(x.shape)}")


class PlantedEvaluator:
    """ONNX's evaluator with (a) and (b) in the model it runs, and (c), (d)
    and (e) checked on the values it computed, once it has run."""

    def __init__(self, model: onnx.ModelProto) -> None:
        self.nodes = list(model.graph.node)
        self.outputs = [o.name for o in model.graph.output]
        self.evaluator = ReferenceEvaluator(with_flushes(model),
                                            new_ops=[Abs, Flush])

    def run(self, names: None, feeds: dict[str, np.ndarray]) -> list[Any]:
        values = self.evaluator.run(names, feeds, intermediate=True)
        for node in self.nodes:
            planted_failure(node, [values.get(name) for name in node.input])
        return [values[name] for name in self.outputs]


class Backend(OnnxReference):
    name = "planted"

    def evaluator(self, model: onnx.ModelProto) -> PlantedEvaluator:  # type: ignore[override]
        return PlantedEvaluator(model)


def main() -> int:
    memory = SharedMemory.inherited()  # fd 3, before anything opens a file
    answers = answers_channel()
    serve(Backend({}), answers, memory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
