"""The Python worker library of onnxcts (docs/worker-protocol.md).

One library for every Python backend: the protocol loop (`protocol`),
bit-exact tensor I/O for every dtype of the table (`tensors`, `dtypes`) and
the interface an adapter implements (`adapter`). A backend is one adapter
file in `../adapters/`; `../worker.py` starts any of them.
"""
