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
    run; the library does everything else."""

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
        whose dtype is that output's ONNX type."""
        raise NotImplementedError

    def classify(self, error: BaseException) -> str:
        """"not_supported" or "error" for an exception the backend raised."""
        return "error"
