# OpenVINO CPU: the answers that depend on the host's CPU. On an AVX-512 host
# with AVX512_BF16 (onnxcts host class avx512_bf16), as an onnxcts run there
# found (issue 23), not this script's host unless it is one:
#   1. the default configuration compiles with INFERENCE_PRECISION_HINT=bf16
#      (f32 on an AVX2-only CPU), so float models run in bfloat16;
#   2. Abs-13 and Neg-13 on bfloat16 flush every subnormal to zero
#      (0x0001 -> 0x0000, want 0x0001), in both configurations;
#   3. with f32 asked for, Greater(+inf, NaN) and Greater(x, -NaN) are true
#      on float, float16 and bfloat16 (want false: NaN is unordered).
# The script prints the host's CPU features and its onnxcts host class, the
# precision each configuration reads back, and OpenVINO's answer to each
# probe with the expected one (numpy's, exact), bits in and bits out.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os
import tempfile

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
# ONNX type: (OpenVINO type, carrier of its bits)
TYPES = {TP.FLOAT: (ov.Type.f32, np.uint32), TP.FLOAT16: (ov.Type.f16, np.uint16),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16)}
# onnxcts' host classes (harness/src/report/environment.cc), first match wins.
CLASSES = [("amx", {"amx_bf16", "amx_fp16"}), ("avx512_bf16", {"avx512_bf16"}),
           ("avx512", {"avx512f"}), ("avx2", {"avx2"}), ("sse", {"sse2"})]
core = ov.Core()
tmp = tempfile.mkdtemp()


def cpu_flags():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def run(op, t, inputs, config):
    """OpenVINO's answer, as bits, to `op`-13 over graph inputs of bits."""
    ov_type, carrier = TYPES[t]
    n = len(inputs[0])
    names = [f"x{i}" for i in range(len(inputs))]
    out_t = TP.BOOL if op == "Greater" else t
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g",
                          [helper.make_tensor_value_info(m, t, [n]) for m in names],
                          [helper.make_tensor_value_info("y", out_t, [n])])
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
    arrays = [np.array(bits, carrier) for bits in inputs]
    for i, a in enumerate(arrays):
        request.set_input_tensor(i, ov.Tensor(a, [n], ov_type))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(f"u{out.itemsize}").tolist()


def want(op, t, inputs):
    """numpy's answer as bits (bfloat16 through float32, exactly)."""
    if t == TP.BFLOAT16:
        xs = [(np.array(b, np.uint32) << 16).view(np.float32) for b in inputs]
    else:
        xs = [np.array(b, TYPES[t][1]).view(np.float32 if t == TP.FLOAT else np.float16)
              for b in inputs]
    y = {"Abs": np.abs, "Neg": np.negative, "Greater": np.greater}[op](*xs)
    if op == "Greater":
        return y.astype(np.uint8).tolist()
    if t == TP.BFLOAT16:
        return (y.view(np.uint32) >> 16).tolist()
    return y.view(TYPES[t][1]).tolist()


def hexes(bits, width):
    return "[" + ", ".join(f"{b:#0{width + 2}x}" for b in bits) + "]"


# bfloat16 subnormals (the smallest and largest of each sign) and a normal.
BF16_SUB = [0x0001, 0x007F, 0x8001, 0x807F, 0x3F80]
# Greater(a, b): +inf vs NaN, 1 vs -NaN, +inf vs -NaN, NaN vs 1, and 2 > 1.
GREATER = {
    TP.FLOAT: [[0x7F800000, 0x3F800000, 0x7F800000, 0x7FC00000, 0x40000000],
               [0x7FC00000, 0xFFC00000, 0xFFC00000, 0x3F800000, 0x3F800000]],
    TP.FLOAT16: [[0x7C00, 0x3C00, 0x7C00, 0x7E00, 0x4000],
                 [0x7E00, 0xFE00, 0xFE00, 0x3C00, 0x3C00]],
    TP.BFLOAT16: [[0x7F80, 0x3F80, 0x7F80, 0x7FC0, 0x4000],
                  [0x7FC0, 0xFFC0, 0xFFC0, 0x3F80, 0x3F80]],
}
CASES = [("Abs", TP.BFLOAT16, [BF16_SUB]), ("Neg", TP.BFLOAT16, [BF16_SUB])]
CASES += [("Greater", t, inputs) for t, inputs in GREATER.items()]

flags = cpu_flags()
shown = ["avx2", "fma", "avx512f", "avx512_bf16", "avx512_fp16", "amx_bf16", "amx_fp16"]
print("openvino", ov.get_version(), "|", core.get_property("CPU", "FULL_DEVICE_NAME"))
print("cpu features:", " ".join(f for f in shown if f in flags) or "none of " + ", ".join(shown))
print("onnxcts host class:", next((c for c, fs in CLASSES if flags & fs), "unknown"))
for name, config in {**CONFIGS, "bf16 asked for": {"INFERENCE_PRECISION_HINT": "bf16"}}.items():
    x = ov.opset13.parameter([1], ov.Type.f32)
    compiled = core.compile_model(ov.Model([ov.opset13.relu(x)], [x], "probe"), "CPU", config)
    print(f"[{name}] reads back INFERENCE_PRECISION_HINT="
          f"{compiled.get_property('INFERENCE_PRECISION_HINT').to_string()}")
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for op, t, inputs in CASES:
        width = 2 if op == "Greater" else np.dtype(TYPES[t][1]).itemsize * 2
        args = ", ".join(hexes(b, np.dtype(TYPES[t][1]).itemsize * 2) for b in inputs)
        got = hexes(run(op, t, inputs, config), width)
        expected = hexes(want(op, t, inputs), width)
        mark = "" if got == expected else "   <- differs"
        print(f"  {op}-13 {TP.DataType.Name(t).lower()} {args}\n"
              f"       -> {got}  want {expected}{mark}")
