"""The interface a backend adapter implements (one file per backend in
../adapters/, a class named `Backend`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import onnx

STATUSES = ("not_supported", "error")


class Refusal(Exception):
    """An answer other than ok: Refusal("not_supported", why) when the
    backend cannot run something (no kernel, no route for a dtype),
    Refusal("error", why) when it judged the model invalid or failed."""

    def __init__(self, status: str, message: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"status {status!r} is not one of {STATUSES}")
        super().__init__(message)
        self.status = status


@dataclass
class Loaded:
    """What an adapter built for one model: the backend's session or
    compiled module, and every rewrite it made to get there (adapter_steps)."""

    handle: Any
    steps: list[str] = field(default_factory=list)


class Adapter:
    """One backend. Subclasses set `name` and implement version, load and
    run (and may implement run_into); the library does everything else."""

    name = ""
    # Free text for hello: how this adapter bends models or data, if at all.
    route = ""
    # Whether a load_only request (a must-reject model, which comes with no
    # data) also runs the model once on ones, for a backend that finds a
    # missing kernel only when it evaluates (see trial.py).
    trial_for_load_only = False

    def __init__(self, options: dict[str, str]) -> None:
        self._options = self.check_options(options)

    # Options the adapter accepts, with their defaults.
    known_options: dict[str, str] = {}

    def check_options(self, options: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(options) - set(self.known_options))
        if unknown:
            raise ValueError(f"{self.name}: unknown option(s) {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(self.known_options)) or 'none'}")
        return {**self.known_options, **options}

    def options(self) -> dict[str, str]:
        """The effective options, recorded in hello and so in the report."""
        return dict(self._options)

    def option(self, key: str) -> str:
        return self._options[key]

    def version(self) -> str:
        raise NotImplementedError

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        """Builds what runs `model` (read from `path`); raises Refusal, or
        lets the backend's own exception escape (see classify)."""
        raise NotImplementedError

    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        """Runs with inputs keyed by graph input name (arrays of the exact
        dtype); returns the outputs in graph-output order, each an array
        whose dtype is that output's ONNX type.

        The inputs are read-only, and under protocol 2 they are views of
        memory the harness shares with the worker and fills with the next
        request's tensors once this one is answered: keep none of them, and
        let nothing read them, after the call returns (copy what must
        stay). The outputs returned may borrow the inputs' or the backend's
        memory; the library is done with them before the next run."""
        raise NotImplementedError

    def run_into(self, loaded: Loaded, inputs: dict[str, np.ndarray],
                 places: list[np.ndarray | None]) -> list[np.ndarray]:
        """run() for a protocol 2 request: `places[k]`, unless None, is a
        writable array in the shared memory of the dtype and shape the
        harness expects for output k. A backend that can write output k
        there directly does, and returns `places[k]` itself for it (the
        library then copies nothing); any other array it returns is
        copied into the memory as run()'s are, or not at all when larger
        than the slot, so the place must then hold nothing it wrote."""
        return self.run(loaded, inputs)

    def classify(self, error: BaseException) -> str:
        """"not_supported" or "error" for an exception the backend raised."""
        return "error"
