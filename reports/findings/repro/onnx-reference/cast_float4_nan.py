# onnx.reference (1.22): Cast of a NaN to float4e2m1 gives -0 (0x8) for a
# positive NaN and +0 (0x0) for a negative one; ONNX's float4 page
# (docs/docsgen/source/technical/float4.md, "Cast") says NaN -> 6 (0x7).
# The evaluator's answer is ml_dtypes' (printed for comparison), and ONNX's
# own node test data (test_cast_float_to_float4e2m1) holds its 0x8.
import ml_dtypes
from cast_common import T, cast, np

for src, x in ((T.FLOAT, np.array([np.nan, -np.nan, np.inf, 7.0], np.float32)),
               (T.FLOAT16, np.array([np.nan, -np.nan, np.inf, 7.0], np.float16)),
               (T.DOUBLE, np.array([np.nan, -np.nan, np.inf, 7.0], np.float64))):
    print(f"Cast-23 {T.DataType.Name(src).lower()} -> float4e2m1: NaN -NaN inf 7 ->",
          cast(23, src, T.FLOAT4E2M1, x), "  want 0x07 0x07 0x07 0x07;  ml_dtypes:",
          " ".join(f"0x{b & 0xF:02x}" for b in x.astype(ml_dtypes.float4_e2m1fn).view(np.uint8)))
