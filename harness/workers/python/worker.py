#!/usr/bin/env python3
"""Starts an onnxcts worker for one backend adapter.

    worker.py ADAPTER [KEY=VALUE ...]

ADAPTER names a file in adapters/ (ort_python, openvino, tract, ...); the
KEY=VALUE pairs are its options (`openvino precision=f32`), which the hello
answer and so the report record. A backend that cannot start exits non-zero
with the reason on stderr, before hello.
"""
from __future__ import annotations

import importlib
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from onnxcts_worker.memory import SharedMemory  # noqa: E402
from onnxcts_worker.protocol import answers_channel, serve  # noqa: E402

EXIT_USAGE, EXIT_UNAVAILABLE = 2, 3


def parse_options(words: list[str]) -> dict[str, str]:
    options = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ValueError(f"option '{word}' is not KEY=VALUE")
        options[key] = value
    return options


def main(argv: list[str]) -> int:
    if len(argv) < 2 or not argv[1].isidentifier():
        print(__doc__, file=sys.stderr)
        return EXIT_USAGE
    try:
        options = parse_options(argv[2:])
    except ValueError as e:
        print(f"worker: {e}", file=sys.stderr)
        return EXIT_USAGE
    memory = SharedMemory.inherited()  # fd 3, before anything opens a file
    answers = answers_channel()  # before the backend loads: some print
    try:
        module = importlib.import_module(f"adapters.{argv[1]}")
        adapter = module.Backend(options)
    except ValueError as e:
        print(f"worker: {e}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as e:  # the backend's package is missing or broken
        print(f"worker: backend '{argv[1]}' cannot start: "
              f"{type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    serve(adapter, answers, memory)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
