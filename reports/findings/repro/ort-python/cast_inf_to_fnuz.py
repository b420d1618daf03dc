# ONNX Runtime (Python API, CPU EP): Cast-19/21/23 with saturate=1 (the
# default) of +-inf to float8e4m3fnuz / float8e5m2fnuz gives +-FLT_MAX
# (0x7f / 0xff). The Cast-19..23 table says NaN (0x80) for the fnuz types;
# Cast-24 changed the rule to +-FLT_MAX, which ORT applies to every opset.
# Inputs and outputs are bound as raw bits (ORT has no numpy float8 fnuz).
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T

from cast_common import cast



print("onnxruntime", ort.__version__)
inf = [0x7F800000, 0xFF800000]  # float +inf, -inf
for opset in (19, 21, 23, 24):
    for dst in (T.FLOAT8E4M3FNUZ, T.FLOAT8E5M2FNUZ):
        got = cast(opset, T.FLOAT, dst, inf, np.uint32)
        want = "0x80 0x80 (NaN)" if opset < 24 else "0x7f 0xff (+-FLT_MAX)"
        print(f"Cast-{opset} float -> {T.DataType.Name(dst).lower()} saturate=1: "
              f"+inf, -inf -> {' '.join(f'0x{b:02x}' for b in got)}   spec: {want}")
