# OpenVINO CPU: Cast of a negative NaN to float4e2m1 gives -6 (0xf); ONNX's
# float4 page says NaN -> 6 (0x7), as OpenVINO gives for a positive NaN.
import numpy as np
from cast_common import T, cast, hexes, ov, width
import openvino as ov_  # noqa: F401


def cast_f4(src, bits):
    # float4e2m1 output: packed, element 0 in the low nibble
    import os, tempfile, onnx
    from onnx import helper
    from cast_common import core, OV, UINT
    x = np.array(bits, UINT[width(src)])
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=T.FLOAT4E2M1)], "g",
                          [helper.make_tensor_value_info("x", src, [x.size])],
                          [helper.make_tensor_value_info("y", T.FLOAT4E2M1, [x.size])])
    path = os.path.join(tempfile.mkdtemp(), "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 23)]), path)
    r = core.compile_model(core.read_model(path), "CPU").create_infer_request()
    r.set_input_tensor(ov.Tensor(x, [x.size], OV[src]))
    r.infer()
    packed = np.array(r.get_output_tensor().data, copy=True).reshape(-1).view(np.uint8)
    return [(int(packed[k // 2]) >> (4 * (k % 2))) & 0xF for k in range(x.size)]


print("openvino", ov.get_version())
for src, bits in ((T.FLOAT, [0xFFC00000, 0x7FC00000, 0xFF800000]),
                  (T.FLOAT16, [0xFE00, 0x7E00, 0xFC00]),
                  (T.BFLOAT16, [0xFFC0, 0x7FC0, 0xFF80])):
    print(f"Cast-23 {T.DataType.Name(src).lower()} -> float4e2m1: -NaN +NaN -inf ->",
          hexes(cast_f4(src, bits), 1)[:], "  want 0x07 0x07 0x0f")
