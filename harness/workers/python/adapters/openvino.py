"""OpenVINO's CPU plugin through its Python API (openvino).

Every dtype OpenVINO has goes in and out as itself, with no Cast and no
rewrite: an input's bits (an unsigned view of the same width) become an
`ov.Tensor` of the ov.Type of the input's ONNX dtype, and an output's bytes
are copied out of the plugin's tensor (`Tensor.data` is a float16 view for
bfloat16 and a uint8 view for the float8 types: only the bytes are used).
int4, uint4 and float4e2m1 are packed, as in ONNX (element 0 in the low
bits of byte 0): they go in and come out packed (`dtypes.pack`,
`dtypes.unpack`). OpenVINO has no float8e4m3fnuz, float8e5m2fnuz or int2
element type, and its ONNX frontend reads no uint2 (ov.Type.u2 exists, but a
model with a uint2 tensor fails to load: "Unsupported type"): a model with
one of these as a graph input, output or initializer is not_supported,
naming it.

Options (both recorded in hello, with the effective properties read back
from a compiled model):
  precision  INFERENCE_PRECISION_HINT: empty (the plugin's default, what
             users get: f32 on an AVX2 CPU, bf16 with AMX / AVX512-BF16,
             f16 on ARM), f32, bf16 or f16.
  mode       EXECUTION_MODE_HINT: performance (the default) or accuracy.
`openvino?precision=f32&mode=accuracy` is the exact-f32 configuration.
"""
from __future__ import annotations

import numpy as np
import onnx
import openvino as ov
import openvino.opset13 as ops

from onnxcts_worker.adapter import Adapter, Loaded, Refusal
from onnxcts_worker.dtypes import PACKED_BITS, name_of, numpy_dtype, pack, storage_bytes, unpack
from onnxcts_worker.refusals import phrases, status_of
from onnxcts_worker.tensors import c_order

DEVICE = "CPU"
PRECISIONS = ("", "f32", "bf16", "f16")
MODES = ("performance", "accuracy")

# ONNX dtype code -> OpenVINO element type; the codes missing are in LACKS.
OV_TYPES: dict[int, ov.Type] = {
    1: ov.Type.f32, 2: ov.Type.u8, 3: ov.Type.i8, 4: ov.Type.u16,
    5: ov.Type.i16, 6: ov.Type.i32, 7: ov.Type.i64, 9: ov.Type.boolean,
    10: ov.Type.f16, 11: ov.Type.f64, 12: ov.Type.u32, 13: ov.Type.u64,
    16: ov.Type.bf16, 17: ov.Type.f8e4m3, 19: ov.Type.f8e5m2,
    21: ov.Type.u4, 22: ov.Type.i4, 23: ov.Type.f4e2m1, 24: ov.Type.f8e8m0,
}
LACKS: dict[int, str] = {
    18: "OpenVINO has no such element type",
    20: "OpenVINO has no such element type",
    26: "OpenVINO has no such element type",
    25: "OpenVINO's ONNX frontend does not read it (\"Unsupported type\"; "
        "ov.Type.u2 exists)",
}
# OpenVINO's words for "no kernel, no conversion rule, no such type", as
# opposed to a validation failure ("Check 'is_supported_et' failed"); see
# onnxcts_worker/refusals.py. The last two are quoted from
# reports/published/openvino.json:
NOT_SUPPORTED = phrases(
    "unsupported", "not supported", "no conversion rule", "not implemented",
    # "Unexpected: CPU plug-in doesn't support Unsqueeze operation with
    # dynamic rank." (Unsqueeze-13 and ReduceSum-13 with axes as an input)
    "doesn't support",
    # "GridSample is only supported for 4D input tensors. Got rank: 5"
    "is only supported for",
)


def onnx_code(ov_type: ov.Type) -> int | None:
    for code, t in OV_TYPES.items():
        if t == ov_type:
            return code
    return None


def elem_code(value: onnx.ValueInfoProto) -> int:
    return value.type.tensor_type.elem_type


def ov_tensor(array: np.ndarray, code: int) -> tuple[ov.Tensor, np.ndarray]:
    """An ov.Tensor of dtype `code` over `array`'s bits (made contiguous;
    packed for the 4- and 2-bit dtypes), and the bits' array: the tensor
    borrows its memory, keep it alive."""
    shape = list(array.shape)
    if code in PACKED_BITS:
        bits = np.frombuffer(pack(array, code), np.uint8).copy()
    else:
        bits = c_order(array).view(f"<u{array.dtype.itemsize}")
    return ov.Tensor(bits, shape, OV_TYPES[code]), bits


def tensor_bits(tensor: ov.Tensor, what: str) -> np.ndarray:
    """A copy of an output tensor's elements as the numpy dtype of the
    element type OpenVINO says it holds (not the one the model declares: a
    difference there is the backend's, and the harness sees it)."""
    code = onnx_code(tensor.element_type)
    if code is None:
        raise Refusal("error", f"{what}: OpenVINO returned element type "
                      f"{tensor.element_type.to_string()}, outside the dtype table")
    dtype, shape = numpy_dtype(code), [int(d) for d in tensor.shape]
    count = int(np.prod(shape, dtype=np.int64))
    raw = np.array(tensor.data, copy=True).reshape(-1).view(np.uint8)
    if raw.size != storage_bytes(code, count):  # packed for 4 and 2 bits
        raise Refusal("error", f"{what}: {tensor.element_type.to_string()} "
                      f"shape {shape} holds {raw.size} bytes")
    if code in PACKED_BITS:
        return unpack(raw, code, count).reshape(shape)
    return raw.view(dtype).reshape(shape)


def port_for(ports: list, name: str, index: int, count: int):
    """The compiled model's port named `name`, else the one at `index` when
    the model kept all `count` ports, else None (OpenVINO's ONNX frontend
    turns an input declared with zero elements into a constant)."""
    named = [p for p in ports if name in p.get_names()]
    if len(named) == 1:
        return named[0]
    return ports[index] if len(ports) == count else None



class Backend(Adapter):
    name = "openvino"
    # The CPU plugin compiles IsNaN on float8 and fails only at inference.
    trial_for_load_only = True
    known_options = {"precision": "", "mode": "performance"}
    route = ("no rewrites: each input is an ov.Tensor of its ONNX dtype's "
             "ov.Type over the input file's raw bits; outputs' raw bytes are "
             "copied back")

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        if self.option("precision") not in PRECISIONS:
            raise ValueError(f"precision={self.option('precision')}: one of "
                             f"{', '.join(p or 'empty' for p in PRECISIONS)}")
        if self.option("mode") not in MODES:
            raise ValueError(f"mode={self.option('mode')}: one of {', '.join(MODES)}")
        self.core = ov.Core()
        self.effective = self.probe()

    def config(self) -> dict[str, str]:
        config = {"EXECUTION_MODE_HINT": self.option("mode").upper()}
        if self.option("precision"):
            config["INFERENCE_PRECISION_HINT"] = self.option("precision")
        return config

    def probe(self) -> dict[str, str]:
        """The properties a model compiled with this config really gets: the
        plugin may override a hint (bf16 asked for on a CPU without bf16
        reads back f32), and hello must say what runs."""
        x = ops.parameter([1], ov.Type.f32)
        compiled = self.core.compile_model(ov.Model([ops.relu(x)], [x], "probe"),
                                           DEVICE, self.config())
        precision = compiled.get_property("INFERENCE_PRECISION_HINT")
        return {
            "device": DEVICE,
            "INFERENCE_PRECISION_HINT": precision.to_string(),
            "EXECUTION_MODE_HINT": compiled.get_property("EXECUTION_MODE_HINT").name,
            "CPU_DENORMALS_OPTIMIZATION": str(self.core.get_property(
                DEVICE, "CPU_DENORMALS_OPTIMIZATION")),
            "FULL_DEVICE_NAME": self.core.get_property(DEVICE, "FULL_DEVICE_NAME"),
        }

    def options(self) -> dict[str, str]:
        return {**super().options(), **self.effective}

    def version(self) -> str:
        return ov.get_version()

    def load(self, model: onnx.ModelProto, path: str) -> Loaded:
        initialized = {t.name for t in model.graph.initializer}
        fed = [v for v in model.graph.input if v.name not in initialized]
        # The ONNX frontend refuses a LACKS dtype anywhere ("Unsupported
        # type", no name): say which tensor and which dtype.
        typed = [("input", v.name, elem_code(v)) for v in fed]
        typed += [("output", v.name, elem_code(v)) for v in model.graph.output]
        typed += [("initializer", t.name, t.data_type) for t in model.graph.initializer]
        for kind, name, code in typed:
            if code not in OV_TYPES:
                raise Refusal("not_supported", f"{kind} '{name}' is {name_of(code)}: "
                              f"{LACKS.get(code, 'OpenVINO has no such element type')}")
        compiled = self.core.compile_model(self.core.read_model(path), DEVICE,
                                           self.config())
        inputs = [(v.name, elem_code(v), port_for(compiled.inputs, v.name, k, len(fed)))
                  for k, v in enumerate(fed)]
        outputs = [(v.name, port_for(compiled.outputs, v.name, k, len(model.graph.output)))
                   for k, v in enumerate(model.graph.output)]
        for name, port in outputs:
            if port is None:
                raise Refusal("error", f"the compiled model has no output '{name}'")
        for name, code, port in inputs:
            if port is not None and port.get_element_type() != OV_TYPES[code]:
                raise Refusal("error", f"input '{name}' is {name_of(code)}, OpenVINO "
                              f"made it {port.get_element_type().to_string()}")
        loaded = Loaded((compiled.create_infer_request(), inputs, outputs))
        return loaded


    def run(self, loaded: Loaded, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
        request, input_ports, output_ports = loaded.handle
        kept = []  # the tensors borrow these arrays until infer returns
        for name, code, port in input_ports:
            if port is None:
                if inputs[name].size:
                    raise Refusal("error", f"OpenVINO dropped input '{name}', "
                                  f"which has {inputs[name].size} elements")
                continue  # a declared-empty input, folded into a constant
            tensor, bits = ov_tensor(inputs[name], code)
            kept.append(bits)
            request.set_tensor(port, tensor)
        request.infer()
        return [tensor_bits(request.get_tensor(port), f"output '{name}'")
                for name, port in output_ports]

    def classify(self, error: BaseException) -> str:
        return status_of(str(error), NOT_SUPPORTED)
