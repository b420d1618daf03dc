"""TVM: a Clip-6 node with no input (a must-reject model: Clip's `input` is
required) kills the process with SIGSEGV inside from_onnx. The Relax ONNX
frontend only warns about the node ("has input size 0 not in range"),
then `Clip._impl_v1` calls topi.maximum(None, -inf) on the missing input,
and TOPI dereferences the None in C++ (shown alone in part 2). Clip-11
and Clip-13 without inputs fail with a Python error instead (their
converter returns the missing input itself). Each conversion runs in a
child process so this script finishes.
    cd reports/findings/repro/tvm && ../../../../build/venv/bin/python clip6_missing_input.py"""
import signal, subprocess, sys

if len(sys.argv) > 1:  # child
    from onnx import helper, TensorProto as TP
    if sys.argv[1] == "topi":
        from tvm import topi
        print("topi.maximum(None, -inf) ->", topi.maximum(None, float("-inf")), flush=True)
        sys.exit(0)
    from tvm.relax.frontend.onnx import from_onnx
    opset = int(sys.argv[1])
    g = helper.make_graph([helper.make_node("Clip", [], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TP.FLOAT, [4])],
                          [helper.make_tensor_value_info("y", TP.FLOAT, [4])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    try:
        from_onnx(m)
        print("converted", flush=True)
    except Exception as e:
        print(f"refused: {type(e).__name__}: {str(e).strip().splitlines()[-1][:90]}", flush=True)
    sys.exit(0)

import tvm
print("tvm", tvm.__version__)
for what, arg in [("(1) from_onnx, Clip-6 with no input", "6"), ("(1) from_onnx, Clip-11 with no input", "11"),
                  ("(1) from_onnx, Clip-13 with no input", "13"), ("(2) topi.maximum(None, -inf) alone", "topi")]:
    p = subprocess.run([sys.executable, __file__, arg], capture_output=True, text=True)
    how = f"exit {p.returncode}" if p.returncode >= 0 else f"killed by {signal.Signals(-p.returncode).name}"
    warn = [l.split("UserWarning: ")[-1].strip() for l in p.stderr.splitlines() if "input size 0" in l]
    said = p.stdout.strip() or "(nothing)"
    print(f"  {what}: {said} -> {how}" + (f"\n      frontend warning: {warn[0]}" if warn else ""))
