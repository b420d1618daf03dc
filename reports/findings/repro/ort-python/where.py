"""onnxruntime (Python wheel) on Where, with ORT's own API and onnx.helper.
"want" is np.where's answer: Where selects bits, so any other bits differ
("<- differs where the spec is silent" where only a NaN's payload does).

(1) cond [True, False], X [-0, 1], Y [2, -0], one shape: the -0 taken from
    X comes back +0 (float, double, float16; Where-9 and -16). ORT's CPU
    Where fills X_sel = cond ? X : +0 and Y_sel = cond ? +0 : Y, then merges
    them with x != 0 ? x : y, and -0 == +0, so Y_sel's +0 wins;
(2) the suite's broadcast, cond [2,1,1], X [2,1], Y [1,2] -> [2,2,2]: the
    row of X's -0 comes back +0, Y's -0 is kept;
(3) a scalar Y against a wider X loses its -0 too; no suite case has it;
(4) float16: ORT has no float16 Where and wraps the float kernel in Casts
    (the session profile names the nodes run); the Cast back to float16
    turns a NaN with a payload into 0x7e00 / 0xfe00 past the last full
    block of 8 elements.

    build/venv/bin/python reports/findings/repro/ort-python/where.py
"""
import json, os, tempfile
import numpy as np, onnxruntime as ort
from onnx import helper, TensorProto as TP

NP = {TP.FLOAT16: np.float16, TP.FLOAT: np.float32, TP.DOUBLE: np.float64}
NAME = {TP.FLOAT16: "float16", TP.FLOAT: "float", TP.DOUBLE: "double"}


def where(opset, t, c, x, y, profile=False):
    ins = [helper.make_tensor_value_info("c", TP.BOOL, c.shape), helper.make_tensor_value_info("x", t, x.shape),
           helper.make_tensor_value_info("y", t, y.shape)]
    out = np.broadcast_shapes(c.shape, x.shape, y.shape)
    g = helper.make_graph([helper.make_node("Where", ["c", "x", "y"], ["z"])], "g", ins,
                          [helper.make_tensor_value_info("z", t, out)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)
    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    so.log_severity_level = 4
    if profile:
        so.enable_profiling = True
        so.profile_file_prefix = os.path.join(tempfile.mkdtemp(), "p")
    s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
    z = s.run(None, {"c": c, "x": x, "y": y})[0]
    nodes = ""
    if profile:
        f = s.end_profiling()
        ev = json.load(open(f))
        os.remove(f)
        nodes = " (nodes run: " + ", ".join(f"{e['args']['op_name']} {e['name'][:-len('_kernel_time')]}" for e in ev
                                            if e.get("cat") == "Node" and e["name"].endswith("_kernel_time")) + ")"
    return z, nodes


def bits(a):
    a = np.atleast_1d(a)
    return [int(v) for v in a.ravel().view(f"u{a.itemsize}")]


def show(label, opset, t, c, x, y, profile=False):
    w = 2 * np.dtype(NP[t]).itemsize
    c = np.array(c, bool)
    x = np.array(x, f"u{w // 2}").view(NP[t])  # x and y given as bit patterns
    y = np.array(y, f"u{w // 2}").view(NP[t])
    z, nodes = where(opset, t, c, x, y, profile)
    want = np.where(c, x, y)
    got, exp = bits(z), bits(want)
    nan = np.isnan(z.ravel()) & np.isnan(want.ravel())
    diff = [i for i, (a, b) in enumerate(zip(got, exp)) if a != b]
    mark = (f"   <- differs at {diff}" if any(not nan[i] for i in diff) else
            f"   <- differs where the spec is silent at {diff}" if diff else "")
    h = lambda v: "[" + ", ".join(f"0x{u:0{w}x}" for u in v) + "]"
    print(f"  Where-{opset} {NAME[t]}{' ' + label if label else ''}{nodes}\n    -> {h(got)}\n"
          f"    np.where {h(exp)}{mark}")


NEG0 = {TP.FLOAT16: 0x8000, TP.FLOAT: 0x80000000, TP.DOUBLE: 0x8000000000000000}
ONE = {TP.FLOAT16: 0x3c00, TP.FLOAT: 0x3f800000, TP.DOUBLE: 0x3ff0000000000000}
TWO = {TP.FLOAT16: 0x4000, TP.FLOAT: 0x40000000, TP.DOUBLE: 0x4000000000000000}

print("onnxruntime", ort.__version__)
print("(1) cond=[True, False] X=[-0, 1] Y=[2, -0], one shape [2]")
for t in (TP.FLOAT, TP.DOUBLE, TP.FLOAT16):
    for op in (9, 16):
        show("", op, t, [True, False], [NEG0[t], ONE[t]], [TWO[t], NEG0[t]])
print("(2) the suite's broadcast: cond [2,1,1]=[True, False], X [2,1]=[-0, 1], Y [1,2]=[2, -0] -> [2,2,2]")
for t in (TP.FLOAT, TP.DOUBLE, TP.FLOAT16):
    show("", 16, t, [[[True]], [[False]]], [[NEG0[t]], [ONE[t]]], [[TWO[t], NEG0[t]]])
print("(3) a scalar Y against a wider X: cond=False X=[1, 2] Y=-0 (scalars have shape [])")
show("", 16, TP.FLOAT, False, [ONE[TP.FLOAT], TWO[TP.FLOAT]], NEG0[TP.FLOAT])

print("(4) float16 NaNs with a payload: 0xfffe, 0x7e01")
show("one shape [2]: cond=[True, False] X=[0x7e01, 1] Y=[2, 0xfffe]", 16, TP.FLOAT16, [True, False],
     [0x7e01, 0x3c00], [0x4000, 0xfffe], profile=True)
c10 = np.arange(10) % 2 == 0
show("one shape [10]: cond=[True, False, ...] X=[0x7e01, 0x7e02, ...] Y=[0xfffe, 0xfffd, ...]", 16, TP.FLOAT16,
     c10, 0x7e01 + np.arange(10), 0xfffe - np.arange(10))
show("broadcast as (2): X [2,1]=[0x7e01, 1] Y [1,2]=[2, 0xfffe]", 16, TP.FLOAT16, [[[True]], [[False]]],
     [[0x7e01], [0x3c00]], [[0x4000, 0xfffe]])
