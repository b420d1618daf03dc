"""The trial run of a load_only request: whether a model would run.

Some backends accept a model at load and refuse it only when they evaluate
(a kernel they lack). A must-reject model comes with no data, so the trial
feeds ones of the declared dtypes and shapes: ones, not zeros, since a
backend may divide by an input (Div, Mod, Range) and a zero would crash it
on a model that never sees one. Only a refusal for lack of support counts;
any other failure is left to real data, which the trial does not have.
"""
from __future__ import annotations

import numpy as np
import onnx

from .adapter import Adapter, Loaded
from .dtypes import numpy_dtype

# The largest inputs a trial allocates; a model whose inputs are larger is
# judged by its load alone.
TRIAL_BYTES = 64 << 20


def trial_inputs(fed: list[onnx.ValueInfoProto]) -> dict[str, np.ndarray] | None:
    """Ones of the declared dtypes and shapes (unknown dims 1), or None when
    they would be too large to be worth a trial."""
    arrays, total = {}, 0
    for value in fed:
        dims = [d.dim_value if d.HasField("dim_value") and d.dim_value >= 0 else 1
                for d in value.type.tensor_type.shape.dim]
        dtype = numpy_dtype(value.type.tensor_type.elem_type)
        total += int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
        if total > TRIAL_BYTES:
            return None
        arrays[value.name] = np.ones(dims, dtype=dtype)
    return arrays


def trial_run(adapter: Adapter, loaded: Loaded, fed: list[onnx.ValueInfoProto]) -> None:
    """Runs the model once on ones; re-raises only a not_supported failure."""
    inputs = trial_inputs(fed)
    if inputs is None:
        return
    try:
        adapter.run(loaded, inputs)
    except MemoryError:
        raise  # the worker's end, not the trial's verdict
    except Exception as e:  # the backend's own words decide
        if adapter.classify(e) == "not_supported":
            raise
