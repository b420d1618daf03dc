# OpenVINO CPU: Tile-13 on a 4-D (or higher) tensor with the repeats fed at run
# time (a graph input, as in ONNX's test_tile) returns wrong data, apparently
# uninitialised memory, for some repeats, e.g. (2,2,2,2) or (1,2,2,2); the
# output shape is right. The same repeats as an initializer give the right answer.
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto as TP
import openvino as ov

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}}
core = ov.Core()
tmp = tempfile.mkdtemp()

def tile(shape, reps, repeats_as_input, config):
    x = np.arange(1, np.prod(shape) + 1, dtype=np.float32).reshape(shape)
    r = np.array(reps, np.int64)
    inputs = [helper.make_tensor_value_info("x", TP.FLOAT, list(shape))]
    if repeats_as_input:
        inputs.append(helper.make_tensor_value_info("r", TP.INT64, [len(reps)]))
    g = helper.make_graph([helper.make_node("Tile", ["x", "r"], ["y"])], "g", inputs,
                          [helper.make_tensor_value_info("y", TP.FLOAT, None)],
                          initializer=[] if repeats_as_input else [numpy_helper.from_array(r, "r")])
    path = os.path.join(tmp, "tile.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
    compiled = core.compile_model(core.read_model(path), "CPU", config)
    y = np.array(list(compiled([x, r] if repeats_as_input else [x]).values())[0])
    want = np.tile(x, reps)
    if y.shape != want.shape:
        return f"shape {list(y.shape)} want {list(want.shape)}"
    bad = int((y != want).sum())
    return "right" if not bad else f"{bad} of {y.size} wrong, first {y.reshape(-1)[:4].tolist()} want {want.reshape(-1)[:4].tolist()}"

print("openvino", ov.get_version())
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for shape, reps in (((2, 3, 4, 5), (7, 6, 4, 2)), ((2, 3, 4, 5), (2, 2, 2, 2)), ((2, 3, 4, 5), (1, 2, 2, 2)),
                        ((2, 3, 4, 5), (2, 2, 2, 1)), ((2, 3, 4), (2, 2, 2))):
        print(f"  x {shape} repeats {reps}: repeats an input: {tile(shape, reps, True, config)}")
        print(f"  {' ' * len(str(shape) + str(reps))}             an initializer: {tile(shape, reps, False, config)}")
