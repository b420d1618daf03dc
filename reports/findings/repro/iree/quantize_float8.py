"""IREE: QuantizeLinear-19 of bfloat16 x into float8e4m3fn (saturate=1).
x / 3 rounded to float8e4m3fn as Cast does: 0.0439 / 3 = 0.01465 is 7.5
subnormal steps, a tie to 8 (0x08); -0 stays -0 (0x80); ±inf saturate to
±448 (0x7e, 0xfe). IREE flushes the subnormal result to +0, loses -0's
sign, and gives NaN (0x7f) for both infinities."""
import importlib.metadata
import numpy as np, ml_dtypes
from onnx import helper, TensorProto as TP
import onnx
from common import compile_model

print("iree", importlib.metadata.version("iree-base-compiler"))
s = onnx.numpy_helper.from_array(np.array(3.0, ml_dtypes.bfloat16), "s")
z = onnx.TensorProto(name="z", data_type=TP.FLOAT8E4M3FN, dims=[])
z.raw_data = b"\x00"
g = helper.make_graph([helper.make_node("QuantizeLinear", ["x", "s", "z"], ["y"])], "g",
                      [helper.make_tensor_value_info("x", TP.BFLOAT16, [4])],
                      [helper.make_tensor_value_info("y", TP.FLOAT8E4M3FN, [4])], [s, z])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 19)], ir_version=10)
bits = np.array([0x3D34, 0x8000, 0x7F80, 0xFF80], np.uint16)
x = bits.view(ml_dtypes.bfloat16)
y = np.array(compile_model(m)(x).to_host(), copy=True).view(np.uint8)
print(f"QuantizeLinear-19 bfloat16 {x.astype(np.float32).tolist()} / 3 -> float8e4m3fn: "
      f"{[hex(b) for b in y]}   want ['0x8', '0x80', '0x7e', '0xfe']")
