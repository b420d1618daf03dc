"""Models of the seven new ops that break their schema's type constraints
(the ONNX checker with full_check refuses each) and that IREE
(iree-import-onnx + iree-compile) compiles and runs anyway; last, two it
does refuse: an unknown attribute (the importer's onnx checker) and a
float output declared on Equal (a compile error)."""
import numpy as np, ml_dtypes, importlib.metadata
from onnx import TensorProto as TP
from common import one_node, n_inputs, run_n, checker, first_error

print("iree", importlib.metadata.version("iree-base-compiler"))
i8 = np.array([-3, 0, 5, 127], np.int8)
f32 = np.array([1.5, -2.0, 0.0, 3.0], np.float32)
e4 = np.array([0x38, 0xB8, 0x00, 0x40], np.uint8).view(ml_dtypes.float8_e4m3fn)
cases = [
    ("Max-8 on int8 (ints from Max-12)", n_inputs("Max", 8, TP.INT8, TP.INT8, 2, [4]), [i8, i8[::-1].copy()]),
    ("Greater-7 on int8 (ints from Greater-9)", n_inputs("Greater", 7, TP.INT8, TP.BOOL, 2, [4]), [i8, i8[::-1].copy()]),
    ("Equal-7 on float (floats from Equal-11)", n_inputs("Equal", 7, TP.FLOAT, TP.BOOL, 2, [4]), [f32, f32]),
    ("Equal-11 on bfloat16", n_inputs("Equal", 11, TP.BFLOAT16, TP.BOOL, 2, [4]), [f32.astype(ml_dtypes.bfloat16)] * 2),
    ("Min-13 on float8e4m3fn", n_inputs("Min", 13, TP.FLOAT8E4M3FN, TP.FLOAT8E4M3FN, 2, [4]), [e4, e4[::-1].copy()]),
    ("Abs-13 on bool", one_node("Abs", 13, TP.BOOL, TP.BOOL, [4]), [np.array([True, False, True, False])]),
    ("Xor-7 on int8 (bool only)", n_inputs("Xor", 7, TP.INT8, TP.BOOL, 2, [4]), [i8, i8[::-1].copy()]),
    ("BitwiseAnd-18 on bool (integers only)", n_inputs("BitwiseAnd", 18, TP.BOOL, TP.BOOL, 2, [4]),
     [np.array([True, False, True, False]), np.array([True, True, False, False])]),
    ("Neg-13 on uint8", one_node("Neg", 13, TP.UINT8, TP.UINT8, [4]), [np.array([0, 1, 128, 255], np.uint8)]),
    ("Neg-13 float -> uint8 output", one_node("Neg", 13, TP.FLOAT, TP.UINT8, [4]), [f32]),
    ("Max-13 with an unknown attribute", n_inputs("Max", 13, TP.FLOAT, TP.FLOAT, 2, [4], onnxcts_unknown=1), [f32, f32]),
    ("Equal-13 float -> float output", n_inputs("Equal", 13, TP.FLOAT, TP.FLOAT, 2, [4]), [f32, f32]),
]
for what, m, xs in cases:
    print(f"{what}: ONNX checker (full_check): {checker(m)}")
    try:
        y = run_n(m, xs)
        print(f"    IREE ran it: {[x.tolist() for x in xs]} -> {y.tolist()} ({y.dtype})")
    except Exception as e:
        print(f"    IREE refused: {first_error(e)}")
