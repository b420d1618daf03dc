# OpenVINO's ONNX frontend: a Max (or Min) node with no inputs, which every
# version of the spec refuses (Max takes one input or more), is not refused:
# reading the model kills the process with a segmentation fault.
# Standalone: onnx.helper builds the model, OpenVINO's own API reads it.
# Each op runs in a child process, so the crash is seen and reported.
import os, subprocess, sys, tempfile
import onnx
from onnx import helper, TensorProto as TP
import openvino as ov


def read(op: str, opset: int) -> None:
    y = helper.make_tensor_value_info("y", TP.FLOAT, [4])
    g = helper.make_graph([helper.make_node(op, [], ["y"])], "g", [], [y])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(m, path)
    model = ov.Core().read_model(path)
    print("read_model returned", model)


if len(sys.argv) == 3:
    read(sys.argv[1], int(sys.argv[2]))
    sys.exit(0)
print("openvino", ov.get_version())
for op, opset in [("Max", 13), ("Min", 13), ("Max", 6)]:
    p = subprocess.run([sys.executable, __file__, op, str(opset)],
                       capture_output=True, text=True)
    last = (p.stdout + p.stderr).strip().splitlines()[-1:] or [""]
    print(f"{op}-{opset} with no inputs: exit {p.returncode}; {last[0][:120]}")
