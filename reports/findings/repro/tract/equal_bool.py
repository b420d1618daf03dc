# tract: Equal on bool (allowed by Equal-7, 11, 13 and 19) loads, then fails
# when run: "Bool is not a number". With the inputs as initializers tract
# evaluates the node eagerly and fails at analysis with the same cause.
# Equal on int32 runs, for comparison.
# Standalone: onnx.helper builds the models, tract's own Python API runs them.
import os, tempfile
import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto as TP
import tract

tmp = tempfile.mkdtemp()
a = np.array([True, True, False, False])
b = np.array([True, False, True, False])

def words(e):
    return " | ".join(l.strip() for l in str(e).split("Stack backtrace")[0].strip().splitlines() if l.strip())

def attempt(what, opset, elem, x, y, initializers):
    inputs = [] if initializers else [helper.make_tensor_value_info(n, elem, [4]) for n in ("a", "b")]
    inits = [numpy_helper.from_array(x, "a"), numpy_helper.from_array(y, "b")] if initializers else []
    g = helper.make_graph([helper.make_node("Equal", ["a", "b"], ["y"])], "g", inputs,
                          [helper.make_tensor_value_info("y", TP.BOOL, [4])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    step = "load"
    try:
        inference = tract.onnx().load(path)
        step = "into_model (analysis)"
        model = inference.into_model()
        step = "run"
        out = model.into_runnable().run([] if initializers else [x, y])[0].to_numpy()
        print(f"Equal-{opset} {what}: {out.astype(int).tolist()}")
    except tract.TractError as e:
        print(f"Equal-{opset} {what}: {step} failed: {words(e)}")

print("tract", tract.version())
for opset in (7, 11, 13, 19):
    attempt("bool [1,1,0,0] == [1,0,1,0]", opset, TP.BOOL, a, b, False)
attempt("bool, inputs as initializers", 19, TP.BOOL, a, b, True)
attempt("int32 [1,1,0,0] == [1,0,1,0]", 19, TP.INT32, a.astype(np.int32), b.astype(np.int32), False)
