# OpenVINO's ONNX frontend on Clip-11/12/13 over a dtype it has an element
# type for but no numeric_limits entry (float8e4m3fn, float8e5m2,
# float8e8m0, float4e2m1, int4, uint4): reading the model kills the process
# with SIGSEGV. Clip-11 and later are converted to Minimum(max,
# Maximum(min, x)); a bound left out is filled in with the type's lowest()
# or max() constant, and for these types the frontend's helpers return a
# null pointer (`get_constant_lowest_of_type` has no case for them, and
# `get_constant_max_of_type` gets no tensor), which the Maximum / Minimum
# constructor dereferences. None of these types is allowed by any Clip
# version (the models are must-reject cases), so the right answer is a
# refusal. Clip-6 takes its bounds as attributes (a Clamp, no constants):
# the frontend reads those models, and the CPU plugin refuses them
# ("unsupported src_prc") or, for int4 / uint4, compiles them.
# Each model is read in a child process (read_model, then compile_model in
# the default and in the f32+accuracy configuration) so this script
# finishes; a line says how far the child got and how it ended.
#   build/venv/bin/python reports/findings/repro/openvino/clip_reject_crash.py
import os
import signal
import subprocess
import sys
import tempfile

import onnx
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}

if len(sys.argv) == 4:  # child: read (and compile) one Clip model
    import openvino as ov
    t, opset, bounds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    names = ["x"] + [n for n in ("lo", "hi") if n in bounds.split(",")]
    if names == ["x", "hi"]:
        names = ["x", "", "hi"]
    ins = [helper.make_tensor_value_info("x", t, [4])] + [helper.make_tensor_value_info(n, t, []) for n in names[1:] if n]
    g = helper.make_graph([helper.make_node("Clip", names, ["y"])], "g", ins, [helper.make_tensor_value_info("y", t, [4])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    core = ov.Core()
    print("read_model:", end=" ", flush=True)
    m = core.read_model(path)
    print("ok", [op.get_type_name() for op in m.get_ordered_ops()], flush=True)
    for name, cfg in CONFIGS.items():
        try:
            core.compile_model(m, "CPU", cfg)
            print(f"compile_model [{name}]: compiled", flush=True)
        except Exception as e:
            print(f"compile_model [{name}]: refused:", str(e).strip().splitlines()[-1][:70], flush=True)
    sys.exit(0)

import openvino as ov
print("openvino", ov.get_version())
TYPES = [TP.FLOAT8E4M3FN, TP.FLOAT8E5M2, TP.FLOAT8E8M0, TP.FLOAT4E2M1, TP.INT4, TP.UINT4]
for t in TYPES:
    for opset, bounds in ((6, "none"), (11, "none"), (12, "none"), (13, "none"), (13, "lo"), (13, "hi"), (13, "lo,hi")):
        p = subprocess.run([sys.executable, __file__, str(t), str(opset), bounds], capture_output=True, text=True)
        how = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by {signal.Signals(-p.returncode).name}"
        if p.returncode > 0:
            how += ": " + (p.stderr.strip().splitlines() or [""])[-1][:80]
        said = " / ".join(p.stdout.strip().splitlines())
        label = {"none": "no bounds", "lo": "min", "hi": "max", "lo,hi": "min and max"}[bounds]
        print(f"  Clip-{opset} {TP.DataType.Name(t).lower()}, {label}: {said or '(nothing)'} -> {how}")
