# tract: QuantizeLinear-21 and DequantizeLinear-23 ignore `output_dtype`.
# Without a zero point, QuantizeLinear's output is `output_dtype` when
# given (uint8 otherwise), and DequantizeLinear's is `output_dtype` when
# given (the scale's type otherwise); tract makes uint8 and float.
import os, tempfile
import numpy as np
from onnx import helper, TensorProto as T
import onnx
import tract


def run(op, opset, x_type, x, out_type, fact):
    scale = helper.make_tensor("s", T.FLOAT, [], [2.0])
    node = helper.make_node(op, ["x", "s"], ["y"], output_dtype=out_type)
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", x_type, [len(x)])],
                          [helper.make_tensor_value_info("y", out_type, [len(x)])], [scale])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    model = tract.onnx().load(path)
    model.set_input_fact(0, f"{len(x)},{fact}")
    typed = model.into_model()
    fact = str(typed.output_fact(0))
    out = typed.into_runnable().run([x])[0].to_numpy()
    return fact, out


print("tract", tract.version())
fact, out = run("QuantizeLinear", 21, T.FLOAT, np.array([-3.0, 4.0], np.float32), T.INT8, "f32")
print(f"QuantizeLinear-21 output_dtype=int8, x=[-3, 4] / 2: output fact {fact}, "
      f"{out.dtype} {out.tolist()}   want int8 [-2, 2]")
fact, out = run("DequantizeLinear", 23, T.INT8, np.array([-3, 4], np.int8), T.FLOAT16, "i8")
print(f"DequantizeLinear-23 output_dtype=float16, x=[-3, 4] * 2: output fact {fact}, "
      f"{out.dtype} {out.tolist()}   want float16 [-6.0, 8.0]")
