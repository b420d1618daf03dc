# Shared by the cast_*.py reproducers here: one Cast node run by
# onnx.reference.ReferenceEvaluator on numpy / ml_dtypes arrays.
import numpy as np
import ml_dtypes
import onnx
from onnx import helper, TensorProto as T
from onnx.reference import ReferenceEvaluator

NP = {T.FLOAT: np.float32, T.DOUBLE: np.float64, T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16,
      T.UINT32: np.uint32, T.UINT64: np.uint64, T.INT32: np.int32, T.BOOL: np.bool_,
      T.INT4: ml_dtypes.int4, T.UINT4: ml_dtypes.uint4, T.INT2: ml_dtypes.int2, T.UINT2: ml_dtypes.uint2,
      T.FLOAT8E8M0: ml_dtypes.float8_e8m0fnu, T.FLOAT8E4M3FN: ml_dtypes.float8_e4m3fn,
      T.FLOAT4E2M1: ml_dtypes.float4_e2m1fn}


def cast(opset, src, dst, x, **attrs):
    """Cast numpy array x (of src's numpy type); the result's bits, or the error."""
    g = helper.make_graph([helper.make_node("Cast", ["x"], ["y"], to=dst, **attrs)], "g",
                          [helper.make_tensor_value_info("x", src, [len(x)])],
                          [helper.make_tensor_value_info("y", dst, [len(x)])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    try:
        y = ReferenceEvaluator(model).run(None, {"x": x})[0]
    except Exception as e:
        return f"{type(e).__name__}: {e} (cause: {e.__cause__})"
    bits = y.view(f"u{y.dtype.itemsize}").astype(np.uint64)
    if dst in (T.INT4, T.UINT4, T.FLOAT4E2M1):
        bits &= 0xF
    return " ".join(f"0x{int(b):0{2 * y.dtype.itemsize}x}" for b in bits)


def bits(values, dtype):
    return np.array(values, np.uint64).astype(f"u{np.dtype(dtype).itemsize}").view(dtype)


print("onnx", onnx.__version__, "ml_dtypes", ml_dtypes.__version__)
