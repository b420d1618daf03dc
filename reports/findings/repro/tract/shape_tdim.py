# tract: the outputs of ONNX Shape and Size come back as tract's symbolic
# dimension type TDim, which the Python bindings' Tensor.to_numpy() refuses
# ("Unsupported DatumType in the public API TDim"). Tensor.convert_to(I64)
# first gives the int64 the ONNX model declares, and the right values.
# (This is about the binding's API, not a wrong result: see the page.)
# Standalone: onnx (files of ONNX's node tests) and tract's own Python API.
import glob
import numpy as np
import onnx
from onnx import numpy_helper
import tract

D = "/usr/share/libonnx-testdata/data/node"
def load(f):
    t = onnx.TensorProto(); t.ParseFromString(open(f, "rb").read())
    return np.array(numpy_helper.to_array(t))
print("tract", tract.version())
for case in ("test_shape", "test_shape_start_1_end_negative_1", "test_size"):
    x = load(f"{D}/{case}/test_data_set_0/input_0.pb")
    want = load(f"{D}/{case}/test_data_set_0/output_0.pb")
    model = onnx.load(f"{D}/{case}/model.onnx")
    declared = onnx.TensorProto.DataType.Name(model.graph.output[0].type.tensor_type.elem_type)
    inference = tract.onnx().load(f"{D}/{case}/model.onnx")
    inference.set_input_fact(0, ",".join(str(d) for d in x.shape) + ",f32")
    typed = inference.into_model()
    print(f"{case}: output declared {declared}, tract's output fact {typed.output_fact(0)}")
    (y,) = typed.into_runnable().run([x])
    try:
        print("  to_numpy():", y.to_numpy())
    except tract.TractError as e:
        print("  to_numpy(): TractError:", str(e).splitlines()[0])
    z = y.convert_to(tract.DatumType.I64).to_numpy()
    print(f"  convert_to(DatumType.I64).to_numpy(): {z.tolist()} {z.dtype}; expected {want.tolist()} {want.dtype}")
