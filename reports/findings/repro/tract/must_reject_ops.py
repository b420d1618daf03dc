# tract runs models that break Abs / Neg / Max / Min / Equal / Less /
# Greater's (and And / Or / BitwiseAnd's) type constraints or carry an unknown attribute (a conformant
# backend refuses them): one model per kind of the onnxcts must-reject cases
# it runs, plus two it does refuse, for contrast. No onnx.checker: the
# models go to tract as built.
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
NP = {TP.FLOAT: np.float32, TP.INT32: np.int32, TP.UINT8: np.uint8, TP.UINT16: np.uint16, TP.BOOL: np.bool_}
CASES = [  # what is wrong, op, opset, input type, number of inputs, output type, attributes, values
    ("Equal-7 on float (Equal-7: bool, int32, int64)", "Equal", 7, TP.FLOAT, 2, TP.BOOL, {}, [1, 2]),
    ("Greater-7 on int32 (Greater-7: float types only)", "Greater", 7, TP.INT32, 2, TP.BOOL, {}, [1, 2]),
    ("Less-7 on int32 (Less-7: float types only)", "Less", 7, TP.INT32, 2, TP.BOOL, {}, [1, 2]),
    ("Max-8 on int32 (integers from Max-12)", "Max", 8, TP.INT32, 2, TP.INT32, {}, [1, 2]),
    ("Min-13 on bool, one input (no bool in any version)", "Min", 13, TP.BOOL, 1, TP.BOOL, {}, [1, 0]),
    ("Neg-6 on uint8 (signed types only)", "Neg", 6, TP.UINT8, 1, TP.UINT8, {}, [1, 200]),
    ("Equal-13 with its output declared float", "Equal", 13, TP.FLOAT, 2, TP.FLOAT, {}, [1, 2]),
    ("Max-13 with its output declared uint8", "Max", 13, TP.FLOAT, 2, TP.UINT8, {}, [1, 2]),
    ("Abs-13 with an unknown attribute", "Abs", 13, TP.FLOAT, 1, TP.FLOAT, {"onnxcts_unknown": 1}, [-1, 2]),
    ("And-7 on int32 (bool only)", "And", 7, TP.INT32, 2, TP.INT32, {}, [6, 3]),
    ("BitwiseAnd-18 on bool (integers only)", "BitwiseAnd", 18, TP.BOOL, 2, TP.BOOL, {}, [1, 0]),
    ("Xor-7 with an unknown attribute", "Xor", 7, TP.BOOL, 2, TP.BOOL, {"onnxcts_unknown": 1}, [1, 0]),
    ("Xor-7 on int32 (refused, for contrast)", "Xor", 7, TP.INT32, 2, TP.INT32, {}, [6, 3]),
    ("Neg-13 on uint16 (refused, for contrast)", "Neg", 13, TP.UINT16, 1, TP.UINT16, {}, [1, 200]),
    ("Max-8 on bool, two inputs (refused, for contrast)", "Max", 8, TP.BOOL, 2, TP.BOOL, {}, [1, 0]),
]
print("tract", tract.version())
for what, op, opset, tin, n, tout, attrs, values in CASES:
    names = ["x", "x1"][:n]
    g = helper.make_graph([helper.make_node(op, names, ["y"], **attrs)], "g",
                          [helper.make_tensor_value_info(nm, tin, [2]) for nm in names],
                          [helper.make_tensor_value_info("y", tout, [2])])
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    xs = [np.array(values, NP[tin]), np.array(values[::-1], NP[tin])][:n]
    try:
        out = tract.onnx().load(path).into_model().into_runnable().run(xs)[0]
        arr = out.to_numpy()
        shown = arr.astype(int).tolist() if arr.dtype == np.bool_ else arr.tolist()
        print(f"{what}: RAN, {op}({', '.join(str(x.tolist()) for x in xs)}) -> {shown} ({out.datum_type().name})")
    except tract.TractError as e:
        print(f"{what}: refused: " + " | ".join(l.strip() for l in str(e).split("Stack backtrace")[0].strip().splitlines() if l.strip())[:110])
