# tract loads and runs ONNX models that break the operators' type or
# attribute constraints (a conformant backend refuses them): IsInf-10 on
# float16, IsNaN-13 with an unknown attribute, IsNaN-20 with its output
# declared float. onnx.checker's verdict on each model is printed beside tract's.
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
NP = {TP.FLOAT: (np.float32, np.uint32), TP.FLOAT16: (np.float16, np.uint16), TP.BOOL: (np.bool_, np.uint8)}
cases = [  # what, op, opset, input type, output type, attributes, input bits
    ("IsInf-10 on float16 (float16 only from IsInf-20)", "IsInf", 10, TP.FLOAT16, TP.BOOL, [], [0x7C00, 0x3C00]),
    ("IsInf-20 with detect_negative a FLOAT attribute", "IsInf", 20, TP.FLOAT, TP.BOOL,
     [helper.make_attribute("detect_negative", 1.0)], [0xFF800000, 0x7F800000]),
    ("IsNaN-13 with an unknown attribute detect_positive", "IsNaN", 13, TP.FLOAT, TP.BOOL,
     [helper.make_attribute("detect_positive", 1)], [0x7FC00000, 0]),
    ("IsNaN-20 with its output declared float", "IsNaN", 20, TP.FLOAT, TP.FLOAT, [], [0x7FC00000, 0]),
    ("Sign-13 on bool (not in Sign's types)", "Sign", 13, TP.BOOL, TP.BOOL, [], [1, 0]),
]
print("tract", tract.version())
for what, op, opset, tin, tout, attrs, bits in cases:
    node = helper.make_node(op, ["x"], ["y"])
    node.attribute.extend(attrs)
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", tin, [len(bits)])],
                          [helper.make_tensor_value_info("y", tout, [len(bits)])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    try:
        onnx.checker.check_model(model, full_check=True)
        checker = "onnx.checker: valid"
    except Exception as e:
        checker = "onnx.checker: INVALID (" + str(e).splitlines()[0][:70] + ")"
    path = os.path.join(tmp, f"{op}{opset}.onnx")
    onnx.save(model, path)
    print(f"{what}\n  {checker}")
    dt, ut = NP[tin]
    try:
        runnable = tract.onnx().load(path).into_model().into_runnable()
        out = runnable.run([np.array(bits, ut).view(dt)])[0]
        arr = out.to_numpy()
        shown = arr.astype(int).tolist() if arr.dtype == np.bool_ else arr.tolist()
        print(f"  tract: ran, {[hex(b) for b in bits]} -> {shown} (output {out.datum_type().name})")
    except tract.TractError as e:
        print("  tract: refused:", " | ".join(l.strip() for l in str(e).split("Stack backtrace")[0].strip().splitlines() if l.strip())[:150])
