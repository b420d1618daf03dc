# onnx.reference (1.22): Casts the evaluator refuses with a TypeError: it
# calls numpy's astype, and ml_dtypes has no cast between two of its
# sub-byte integer types, nor from float8e8m0 to the 4- and 2-bit types or
# (with saturate=0) to the other float8 types.
from cast_common import T, NP, bits, cast, np

for src, dst, attrs in ((T.INT4, T.UINT4, {}), (T.UINT4, T.INT4, {}), (T.INT2, T.UINT2, {}),
                        (T.INT4, T.INT2, {}), (T.FLOAT8E8M0, T.INT4, {}),
                        (T.FLOAT8E8M0, T.FLOAT4E2M1, {}), (T.FLOAT8E8M0, T.FLOAT8E4M3FN, {"saturate": 0})):
    x = bits([1, 0], NP[src])
    print(f"Cast-25 {T.DataType.Name(src).lower()} -> {T.DataType.Name(dst).lower()} {attrs or ''}:",
          cast(25, src, dst, x, **attrs))
