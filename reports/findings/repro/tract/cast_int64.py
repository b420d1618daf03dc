# tract: Cast to int64 makes tract's TDim (its symbolic-dimension type), and
# the values go through 32 bits: int64 -> int64 keeps the low 32 bits
# (2^62+5 -> 5), uint32 -> int64 sign-extends, float -> int64 saturates at
# the int32 range (2^33 -> 2147483647). Converting the TDim to I64 (the
# only way to get it out) keeps what the Cast made.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as T
import tract


def cast_to_int64(src, fact, x):
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=T.INT64)], "g",
                          [helper.make_tensor_value_info("x", src, [len(x)])],
                          [helper.make_tensor_value_info("y", T.INT64, [len(x)])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)
    model = tract.onnx().load(path)
    model.set_input_fact(0, f"{len(x)},{fact}")
    typed = model.into_model()
    fact_out = str(typed.output_fact(0))
    out = typed.into_runnable().run([x])[0]
    return fact_out, out.convert_to(tract.DatumType.I64).to_numpy().tolist()


print("tract", tract.version())
for src, fact, x in ((T.INT64, "i64", np.array([2**62 + 5, -2**40, 2**31, 7], np.int64)),
                     (T.UINT32, "u32", np.array([0xFFFFFFFF, 0x80000000, 7], np.uint32)),
                     (T.FLOAT, "f32", np.array([2.0**33, -1e10, 3.5], np.float32))):
    fact_out, got = cast_to_int64(src, fact, x)
    print(f"Cast-13 {T.DataType.Name(src).lower()} -> int64 (output fact {fact_out}): {x.tolist()} -> {got}"
          f"   want {[int(v) for v in x.astype(np.float64)] if src == T.FLOAT else x.astype(np.int64).tolist()}")
