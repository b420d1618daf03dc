"""ONNX Runtime's throughput through its Python API, as ort_bench.js
measures it through onnxruntime-node: for each op, dtype and size asked, a
one-node model whose input is a graph input, run on random bit patterns
into a preallocated output (IO binding) on one intra-op thread. Prints JSON;
scripts/bench shows it beside our kernels. Runs in the venv that has
onnxruntime (scripts/setup):

    echo '{"cases": [["Sign", "float"]], "sizes": [4194304],
           "repetitions": 5}' | build/venv/bin/python reference/bench/ort_python_bench.py

Answers {"version": "1.31.1", "results": {"Sign/float/4194304": R, ...}},
where R is {"rate": elements per second (median of the repetitions)} or
{"status": "no kernel" | "no numpy type", "message": ...}.
"""
from __future__ import annotations

import json
import statistics
import sys
import time

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

# The op version each model imports, as in ort_bench.js.
OPSETS = {"IsInf": 20, "IsNaN": 20, "Sign": 13, "Add": 14}
# Ops of two inputs of one shape, as the pair sweeps feed them.
BINARY = {"Add"}
PREDICATES = {"IsInf", "IsNaN"}  # their output is bool
IR_VERSION = 9  # what opset 20 needs
ELEMENTS_PER_SAMPLE = 4096  # small sizes: time many runs together
WARM_UP_RUNS = 3


def input_names(op: str) -> list[str]:
    return ["x", "x1"] if op in BINARY else ["x"]


def model_bytes(op: str, code: int, n: int) -> bytes:
    out = TensorProto.BOOL if op in PREDICATES else code
    names = input_names(op)
    graph = helper.make_graph(
        [helper.make_node(op, names, ["y"])], f"bench_{op}",
        [helper.make_tensor_value_info(x, code, [n]) for x in names],
        [helper.make_tensor_value_info("y", out, [n])])
    model = helper.make_model(graph, ir_version=IR_VERSION,
                              opset_imports=[helper.make_opsetid("", OPSETS[op])])
    return model.SerializeToString()


def measure(op: str, dtype: str, n: int, repetitions: int) -> dict:
    code = getattr(TensorProto, dtype.upper())
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    try:
        session = ort.InferenceSession(model_bytes(op, code, n), options,
                                       providers=["CPUExecutionProvider"])
    except Exception as e:  # ORT raises its own types, one per status code
        return {"status": "no kernel", "message": str(e)}
    try:
        np_type = helper.tensor_dtype_to_np_dtype(code)
    except KeyError:
        np_type = None
    if np_type is None or np_type.kind == "V":  # bfloat16, float8: no numpy type
        return {"status": "no numpy type",
                "message": f"numpy has no type for {dtype}"}
    # Random bits from a fixed seed: every value class turns up.
    rng = np.random.default_rng(20261129)
    binding = session.io_binding()
    for name in input_names(op):
        bits = rng.integers(0, 256, size=n * np_type.itemsize, dtype=np.uint8)
        binding.bind_cpu_input(name, bits.view(np_type))
    y = np.empty(n, dtype=np.bool_ if op in PREDICATES else np_type)
    binding.bind_output("y", "cpu", 0, y.dtype, list(y.shape),
                        y.ctypes.data)
    loops = max(1, ELEMENTS_PER_SAMPLE // n)
    for _ in range(WARM_UP_RUNS):
        session.run_with_iobinding(binding)
    rates = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(loops):
            session.run_with_iobinding(binding)
        rates.append(n * loops / (time.perf_counter() - start))
    return {"rate": statistics.median(rates)}


def main() -> None:
    request = json.load(sys.stdin)
    results = {}
    for op, dtype in request["cases"]:
        for n in request["sizes"]:
            results[f"{op}/{dtype}/{n}"] = measure(
                op, dtype, n, request.get("repetitions", 5))
    json.dump({"version": ort.__version__, "results": results}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
