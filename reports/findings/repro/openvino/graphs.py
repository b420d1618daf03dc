# OpenVINO CPU on small graphs whose every node, run alone, gives the
# spec's answer, while the graph does not. Every tensor goes in and comes
# out as raw bits (hex); "want" is the spec's answer, worked out beside
# each probe (numpy / ml_dtypes, one rounding per node). A line ends
# "<- differs" where OpenVINO's bits are not the wanted ones.
#   1. float16 and bfloat16 values between nodes kept in float32: a chain
#      answers as if computed in float32 and rounded once at the end
#      (float16: the whole model runs in f32 between Converts; bfloat16:
#      the fused Snippets subgraph keeps its intermediates in f32);
#   2. uint16 and uint32 held as int32 between nodes: a uint16 BitwiseNot
#      runs on a zero-extended int32 and its upper 16 bits, all ones, reach
#      the next node (Cast, Less, Max, DequantizeLinear); a uint32 result
#      >= 2^31 reaches a Cast as a negative int32;
#   3. IsInf fused into the Eltwise node of the op before it detects no
#      infinity (shown on a bfloat16 constant through Ceil, the one case
#      the default configuration fuses; SNIPPETS_MODE=DISABLE fuses any);
#   4. a rank-1 Abs whose input is computed from constants is removed;
#   5. a fused subgraph that has an output with zero elements leaves its
#      other outputs unwritten (the bits differ from run to run);
#   6. a scalar uint4 / int4 DequantizeLinear constant gives the zero of
#      the wrong sign when the model also holds a QuantizeLinear (the low
#      precision transformations then run; LP_TRANSFORMS_MODE=NO: right);
#      with a negative scale the zero is +0 in every configuration;
#   7. (a known cause, not graph-only) int8 Neg(Sub(a, b)) with a a
#      constant: the Neg is moved into the Sub, which negates a, and
#      -(-128) saturates to 127 as in the single-node Sub of -128.
# SNIPPETS_MODE and LP_TRANSFORMS_MODE are CPU plugin keys that
# SUPPORTED_PROPERTIES does not list; compile_model takes them (an unknown
# key is refused: "Unsupported property").
# Each part runs the default configuration and, where it says so,
# f32+accuracy (INFERENCE_PRECISION_HINT=f32, EXECUTION_MODE_HINT=ACCURACY).
# "layers" is the executed graph (compiled_model.get_runtime_model():
# layer type, the original layers it holds, output precision).
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
#   build/venv/bin/python reports/findings/repro/openvino/graphs.py [PART...]
import os
import platform
import re
import sys
import tempfile

import ml_dtypes
import numpy as np
import onnx
import openvino as ov
import openvino.opset13 as ops
from onnx import TensorProto as TP
from onnx import helper

F32ACC = {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY"}
TYPES = {TP.FLOAT: (ov.Type.f32, np.uint32), TP.FLOAT16: (ov.Type.f16, np.uint16),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16), TP.BOOL: (ov.Type.boolean, np.uint8),
         TP.UINT16: (ov.Type.u16, np.uint16), TP.UINT32: (ov.Type.u32, np.uint32),
         TP.INT64: (ov.Type.i64, np.uint64), TP.UINT8: (ov.Type.u8, np.uint8),
         TP.INT16: (ov.Type.i16, np.uint16), TP.INT8: (ov.Type.i8, np.uint8),
         TP.UINT4: (ov.Type.u4, None),
         TP.INT4: (ov.Type.i4, None)}
BY_OV = {v[0]: k for k, v in TYPES.items()}
core = ov.Core()
tmp = tempfile.mkdtemp()


def raw(t, bits):
    carrier = TYPES[t][1]
    if carrier is None:  # 4 bits, element 0 in the low nibble
        v = [b & 0xF for b in bits] + [0] * (len(bits) % 2)
        return np.array([v[i] | (v[i + 1] << 4) for i in range(0, len(v), 2)], np.uint8)
    return np.array(bits, carrier)


def const(name, t, shape, bits):
    return helper.make_tensor(name, t, shape, raw(t, bits).tobytes(), raw=True)


def hexes(t, a):
    width = {np.uint8: 2, np.uint16: 4, np.uint32: 8, np.uint64: 16}[TYPES[t][1]]
    return "[" + ", ".join("0x%0*x" % (width, int(v)) for v in a) + "]"


def compile_onnx(nodes, inputs, outputs, inits=(), config=None, opset=21):
    g = helper.make_graph(nodes, "g",
                          [helper.make_tensor_value_info(n, t, s) for n, t, s in inputs],
                          [helper.make_tensor_value_info(n, t, None) for n, t in outputs],
                          list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(m, path)
    return core.compile_model(core.read_model(path), "CPU", config or {})


def infer(compiled, feeds):
    """feeds: {name: (onnx type, shape, bits)}; a declared-empty input the
    ONNX frontend turned into a constant has no port and is skipped.
    Returns each output as (onnx type, shape, uint carrier array)."""
    req = compiled.create_infer_request()
    keep = []
    for name, (t, shape, bits) in feeds.items():
        ports = [p for p in compiled.inputs if name in p.get_names()]
        if not ports:
            continue
        a = raw(t, bits)
        keep.append(a)
        req.set_tensor(ports[0], ov.Tensor(a, list(shape), TYPES[t][0]))
    req.infer()
    out = []
    for i in range(len(compiled.outputs)):
        tensor = req.get_output_tensor(i)
        t = BY_OV[tensor.element_type]
        data = np.array(tensor.data, copy=True).reshape(-1).view(np.uint8)
        if TYPES[t][1] is None:
            n = int(np.prod(list(tensor.shape)))
            vals = np.array([(int(data[k // 2]) >> (4 * (k % 2))) & 0xF for k in range(n)],
                            np.uint8)
        else:
            vals = data.view(TYPES[t][1])
        out.append((t, list(tensor.shape), vals))
    return out


def layers(compiled):
    names = []
    for op in compiled.get_runtime_model().get_ordered_ops():
        rt = op.get_rt_info()
        kind = rt["layerType"].astype(str)
        if kind in ("Input", "Output", "Const"):
            continue
        names.append("%s(%s: %s)" % (kind, rt["originalLayersNames"].astype(str),
                                     rt["outputPrecisions"].astype(str)))
    return ", ".join(names)


def show(label, got, want, t):
    mark = "" if list(got) == list(want) else "   <- differs"
    print("     %-30s %s%s" % (label, hexes(t, got), mark))
    if mark:
        print("     %-30s %s" % ("want", hexes(t, want)))


def f16(bits):
    return np.array(bits, np.uint16).view(np.float16).astype(np.float32)


def bf16(bits):
    return np.array(bits, np.uint16).view(ml_dtypes.bfloat16).astype(np.float32)


def to_f16(x):
    return np.asarray(x, np.float32).astype(np.float16).view(np.uint16)


def to_bf16(x):
    return np.asarray(x, np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)


def part1():
    print("1. float16 and bfloat16 values between nodes kept in float32")
    for t, x, dec, enc in ((TP.FLOAT16, [0x0DB8, 0x4402, 0x6FFE], f16, to_f16),
                           (TP.BFLOAT16, [0x2F45, 0x3F81, 0x4049], bf16, to_bf16)):
        name = onnx.TensorProto.DataType.Name(t).lower()
        print("  y = Mul(Reciprocal(x), x), %s x %s" % (name, hexes(t, x)))
        r_alone = infer(compile_onnx([helper.make_node("Reciprocal", ["x"], ["r"])],
                                     [("x", t, [3])], [("r", t)]), {"x": (t, [3], x)})[0][2]
        m_alone = infer(compile_onnx([helper.make_node("Mul", ["r", "x"], ["y"])],
                                     [("r", t, [3]), ("x", t, [3])], [("y", t)]),
                        {"r": (t, [3], r_alone), "x": (t, [3], x)})[0][2]
        want = enc(dec(enc(1 / dec(x))) * dec(x))  # each node rounded to the type
        in_f32 = enc((np.float32(1) / dec(x)) * dec(x))  # one rounding at the end
        show("Reciprocal alone", r_alone, enc(1 / dec(x)), t)
        show("Mul alone on that", m_alone, want, t)
        for cname, cfg in (("default", {}), ("f32+accuracy", F32ACC)):
            c = compile_onnx([helper.make_node("Reciprocal", ["x"], ["r"]),
                              helper.make_node("Mul", ["r", "x"], ["y"])],
                             [("x", t, [3])], [("y", t)], config=cfg)
            show("the graph [%s]" % cname, infer(c, {"x": (t, [3], x)})[0][2], want, t)
        show("x * (1/x) in float32, once", in_f32, in_f32, t)
        print("     layers [default]: " + layers(c))
        cfg = {"SNIPPETS_MODE": "DISABLE"}
        c = compile_onnx([helper.make_node("Reciprocal", ["x"], ["r"]),
                          helper.make_node("Mul", ["r", "x"], ["y"])],
                         [("x", t, [3])], [("y", t)], config=cfg)
        show("the graph [SNIPPETS_MODE=DISABLE]", infer(c, {"x": (t, [3], x)})[0][2], want, t)
        print("     layers [SNIPPETS_MODE=DISABLE]: " + layers(c))
    t = TP.FLOAT16
    x = [0x8002, 0x3C00]
    print("  y = IsInf(Reciprocal(x)), float16 x %s (1/x = -8388608: -inf in float16)" % hexes(t, x))
    r_alone = infer(compile_onnx([helper.make_node("Reciprocal", ["x"], ["r"])],
                                 [("x", t, [2])], [("r", t)]), {"x": (t, [2], x)})[0][2]
    i_alone = infer(compile_onnx([helper.make_node("IsInf", ["r"], ["y"])],
                                 [("r", t, [2])], [("y", TP.BOOL)]), {"r": (t, [2], r_alone)})[0][2]
    show("Reciprocal alone", r_alone, [0xFC00, 0x3C00], t)
    show("IsInf alone on that", i_alone, [1, 0], TP.BOOL)
    c = compile_onnx([helper.make_node("Reciprocal", ["x"], ["r"]),
                      helper.make_node("IsInf", ["r"], ["y"])],
                     [("x", t, [2])], [("y", TP.BOOL)])
    show("the graph", infer(c, {"x": (t, [2], x)})[0][2], [1, 0], TP.BOOL)
    x = [0xFFFFFFFFFFF80000, 5]  # int64 -524288 -> float16 -inf
    print("  y = Reciprocal(Cast(x, to=float16)), int64 x [-524288, 5]")
    c_alone = infer(compile_onnx([helper.make_node("Cast", ["x"], ["c"], to=TP.FLOAT16)],
                                 [("x", TP.INT64, [2])], [("c", TP.FLOAT16)]),
                    {"x": (TP.INT64, [2], x)})[0][2]
    show("Cast alone", c_alone, [0xFC00, 0x4500], TP.FLOAT16)
    c = compile_onnx([helper.make_node("Cast", ["x"], ["c"], to=TP.FLOAT16),
                      helper.make_node("Reciprocal", ["c"], ["y"])],
                     [("x", TP.INT64, [2])], [("y", TP.FLOAT16)])
    show("the graph", infer(c, {"x": (TP.INT64, [2], x)})[0][2], [0x8000, 0x3266], TP.FLOAT16)


def part2():
    print("2. uint16 and uint32 held as int32 between nodes")
    t = TP.UINT16
    x = [0x0000, 0xFBFF, 0x22BC, 0xFFFE]
    n_alone = infer(compile_onnx([helper.make_node("BitwiseNot", ["x"], ["n"])],
                                 [("x", t, [4])], [("n", t)]), {"x": (t, [4], x)})[0][2]
    print("  uint16 x %s" % hexes(t, x))
    show("BitwiseNot(x) alone", n_alone, [0xFFFF, 0x0400, 0xDD43, 0x0001], t)
    want = np.array(n_alone, np.float32).view(np.uint32)
    c_alone = infer(compile_onnx([helper.make_node("Cast", ["n"], ["y"], to=TP.FLOAT)],
                                 [("n", t, [4])], [("y", TP.FLOAT)]), {"n": (t, [4], n_alone)})[0][2]
    show("Cast(that, float) alone", c_alone, want, TP.FLOAT)
    for cname, cfg in (("default", {}), ("f32+accuracy", F32ACC)):
        c = compile_onnx([helper.make_node("BitwiseNot", ["x"], ["n"]),
                          helper.make_node("Cast", ["n"], ["y"], to=TP.FLOAT)],
                         [("x", t, [4])], [("y", TP.FLOAT)], config=cfg)
        got = infer(c, {"x": (t, [4], x)})[0][2]
        show("Cast(BitwiseNot(x)) [%s]" % cname, got, want, TP.FLOAT)
    print("     as floats: %s, want %s" % (got.view(np.float32).tolist(), want.view(np.float32).tolist()))
    print("     layers: " + layers(c))
    two = const("k", t, [], [2])
    c = compile_onnx([helper.make_node("BitwiseNot", ["x"], ["n"]),
                      helper.make_node("Less", ["n", "k"], ["y"])],
                     [("x", t, [4])], [("y", TP.BOOL)], [two])
    show("Less(BitwiseNot(x), 2)", infer(c, {"x": (t, [4], x)})[0][2], [0, 0, 0, 1], TP.BOOL)
    c = compile_onnx([helper.make_node("BitwiseNot", ["x"], ["n"]),
                      helper.make_node("Max", ["n", "k"], ["y"])],
                     [("x", t, [4])], [("y", t)], [two])
    show("Max(BitwiseNot(x), 2)", infer(c, {"x": (t, [4], x)})[0][2],
         [0xFFFF, 0x0400, 0xDD43, 0x0002], t)
    c = compile_onnx([helper.make_node("BitwiseNot", ["x"], ["n"]),
                      helper.make_node("DequantizeLinear", ["n", "s", "z"], ["y"])],
                     [("x", t, [4])], [("y", TP.FLOAT16)],
                     [const("s", TP.FLOAT16, [], [0x4200]), const("z", t, [], [1])])
    # (n - 1) * 3 in float16: 196602 -> inf, 3069, 169926 -> inf, 0
    show("DequantizeLinear(BitwiseNot(x), 3, 1)", infer(c, {"x": (t, [4], x)})[0][2],
         [0x7C00, 0x69FE, 0x7C00, 0x0000], TP.FLOAT16)
    t = TP.UINT32
    a, b = [0x80000000, 0xFFFFFFFF, 7], [0, 0, 1]
    print("  uint32 a %s, b %s" % (hexes(t, a), hexes(t, b)))
    s_alone = infer(compile_onnx([helper.make_node("Add", ["a", "b"], ["s"])],
                                 [("a", t, [3]), ("b", t, [3])], [("s", t)]),
                    {"a": (t, [3], a), "b": (t, [3], b)})[0][2]
    show("Add(a, b) alone", s_alone, [0x80000000, 0xFFFFFFFF, 8], t)
    want = np.array([2147483648.0, 4294967295.0, 8.0], np.float32).view(np.uint32)
    c_alone = infer(compile_onnx([helper.make_node("Cast", ["s"], ["y"], to=TP.FLOAT)],
                                 [("s", t, [3])], [("y", TP.FLOAT)]), {"s": (t, [3], s_alone)})[0][2]
    show("Cast(that, float) alone", c_alone, want, TP.FLOAT)
    c = compile_onnx([helper.make_node("Add", ["a", "b"], ["s"]),
                      helper.make_node("Cast", ["s"], ["y"], to=TP.FLOAT)],
                     [("a", t, [3]), ("b", t, [3])], [("y", TP.FLOAT)])
    show("Cast(Add(a, b), float)", infer(c, {"a": (t, [3], a), "b": (t, [3], b)})[0][2], want, TP.FLOAT)
    print("     layers: " + layers(c))


def part3():
    print("3. IsInf fused after another op detects no infinity")
    t = TP.BFLOAT16
    x = [0xFF80, 0x7F80, 0x3FC0]
    k = const("c", t, [3], x)
    print("  bfloat16 constant c %s" % hexes(t, x))
    ceil = infer(compile_onnx([helper.make_node("Ceil", ["c"], ["y"])], [], [("y", t)], [k]), {})[0][2]
    show("Ceil(c) alone", ceil, [0xFF80, 0x7F80, 0x4000], t)
    isinf = infer(compile_onnx([helper.make_node("IsInf", ["c"], ["y"])], [], [("y", TP.BOOL)], [k]), {})[0][2]
    show("IsInf(c) alone", isinf, [1, 1, 0], TP.BOOL)
    for cname, cfg in (("default", {}), ("f32+accuracy", F32ACC)):
        c = compile_onnx([helper.make_node("Ceil", ["c"], ["v"]), helper.make_node("IsInf", ["v"], ["y"])],
                         [], [("y", TP.BOOL)], [k], config=cfg)
        show("IsInf(Ceil(c)) [%s]" % cname, infer(c, {})[0][2], [1, 1, 0], TP.BOOL)
    print("     layers: " + layers(c))
    c = compile_onnx([helper.make_node("Ceil", ["x"], ["v"]), helper.make_node("IsInf", ["v"], ["y"])],
                     [("x", t, [3])], [("y", TP.BOOL)])
    show("IsInf(Ceil(x)), x an input", infer(c, {"x": (t, [3], x)})[0][2], [1, 1, 0], TP.BOOL)
    print("     layers: " + layers(c))
    x = [0xFF800000, 0x7F800000, 0x3FC00000, 0x7FC00000]
    print("  float x %s, SNIPPETS_MODE=DISABLE (every chain fused into one Eltwise node)" % hexes(TP.FLOAT, x))
    for first in ("Abs", "Ceil", "Identity"):
        for last, want in (("IsInf", [1, 1, 0, 0]), ("IsNaN", [0, 0, 0, 1])):
            c = compile_onnx([helper.make_node(first, ["x"], ["v"]), helper.make_node(last, ["v"], ["y"])],
                             [("x", TP.FLOAT, [4])], [("y", TP.BOOL)], config={"SNIPPETS_MODE": "DISABLE"})
            show("%s(%s(x))" % (last, first), infer(c, {"x": (TP.FLOAT, [4], x)})[0][2], want, TP.BOOL)
    c = compile_onnx([helper.make_node("IsInf", ["x"], ["y"])], [("x", TP.FLOAT, [4])], [("y", TP.BOOL)],
                     config={"SNIPPETS_MODE": "DISABLE"})
    show("IsInf(x) alone", infer(c, {"x": (TP.FLOAT, [4], x)})[0][2], [1, 1, 0, 0], TP.BOOL)


def part4():
    print("4. Abs of a value computed from constants is removed")
    t = TP.FLOAT
    x = [0xFF800000, 0x6A89C860]
    k = const("c", t, [2], x)
    want = np.sqrt(np.abs(np.float32(1) / np.array(x, np.uint32).view(np.float32))).view(np.uint32)
    print("  float constant c %s" % hexes(t, x))
    for cname, cfg in (("default", {}), ("f32+accuracy", F32ACC)):
        c = compile_onnx([helper.make_node("Reciprocal", ["c"], ["r"]), helper.make_node("Abs", ["r"], ["a"]),
                          helper.make_node("Sqrt", ["a"], ["y"])], [], [("y", t)], [k], config=cfg)
        show("Sqrt(Abs(Reciprocal(c))) [%s]" % cname, infer(c, {})[0][2], want, t)
    for shape in ([2], [1, 2], [2, 1]):
        v = [0x40400000, 0xC0800000]
        c = compile_onnx([helper.make_node("Neg", ["c"], ["n"]), helper.make_node("Abs", ["n"], ["y"])],
                         [], [("y", t)], [const("c", t, shape, v)])
        show("Abs(Neg(c)), c %s %s" % (shape, hexes(t, v)), infer(c, {})[0][2], [0x40400000, 0x40800000], t)
    c = compile_onnx([helper.make_node("Neg", ["c"], ["n"]), helper.make_node("Abs", ["n"], ["a"]),
                      helper.make_node("Add", ["a", "x"], ["y"])], [("x", t, [2])], [("y", t)],
                     [const("c", t, [2], [0x40400000, 0xC0800000])])
    show("Add(Abs(Neg(c)), x = 0)", infer(c, {"x": (t, [2], [0, 0])})[0][2], [0x40400000, 0x40800000], t)
    print("     layers: " + layers(c))
    print("  the same with OpenVINO's opset API (no ONNX): abs(op(constant [3, -4, -0]))")
    for name in ("negative", "floor", "sign", "abs"):
        model = ov.Model([ops.abs(getattr(ops, name)(ops.constant(np.array([3.0, -4.0, -0.0], np.float32))))], [])
        req = core.compile_model(model, "CPU").create_infer_request()
        req.infer()
        got = req.get_output_tensor(0).data
        want = np.abs(getattr(np, {"negative": "negative", "floor": "floor", "sign": "sign", "abs": "abs"}[name])(
            np.array([3.0, -4.0, -0.0], np.float32)))
        mark = "" if np.array_equal(got.view(np.uint32), want.view(np.uint32)) else "   <- differs"
        print("     abs(%s(c)) %-20s want %s%s" % (name, got.tolist(), want.tolist(), mark))


def part5():
    print("5. a fused subgraph with an empty output leaves its other outputs unwritten")
    for t, one in ((TP.FLOAT16, 0x3C00), (TP.FLOAT, 0x3F800000)):
        name = onnx.TensorProto.DataType.Name(t).lower()
        for eshape in ([0], [2]):
            c = compile_onnx([helper.make_node("Abs", ["x"], ["y"]), helper.make_node("Add", ["e", "x"], ["w"])],
                             [("x", t, []), ("e", t, eshape)], [("y", t), ("w", t)])
            runs = []
            for _ in range(4):
                outs = infer(c, {"x": (t, [], [one]), "e": (t, eshape, [one] * eshape[0])})
                runs.append(hexes(t, outs[0][2]))
            ok = all(r == hexes(t, [one]) for r in runs)
            print("     %-7s x = 1 (scalar), e %s: y = Abs(x) in 4 runs %s%s"
                  % (name, eshape, " ".join(runs), "" if ok else "   <- differs (want %s)" % hexes(t, [one])))
        print("     layers (e [0]): " + layers(compile_onnx(
            [helper.make_node("Abs", ["x"], ["y"]), helper.make_node("Add", ["e", "x"], ["w"])],
            [("x", t, []), ("e", t, [0])], [("y", t), ("w", t)])))


def part6():
    print("6. DequantizeLinear of a scalar 4-bit constant next to a QuantizeLinear")
    for xt in (TP.UINT4, TP.INT4):
        for scale, want in ((0x4040, 0x0000), (0xC040, 0x8000)):
            for with_q in (False, True):
                for cfg in ([{}, {"LP_TRANSFORMS_MODE": "NO"}] if with_q else [{}]):
                    nodes = [helper.make_node("DequantizeLinear", ["x", "s", "z"], ["y"])]
                    inputs, outputs = [("z", xt, [])], [("y", TP.BFLOAT16)]
                    inits = [const("x", xt, [], [1]), const("s", TP.BFLOAT16, [], [scale])]
                    feeds = {"z": (xt, [], [1])}
                    if with_q:
                        nodes.append(helper.make_node("QuantizeLinear", ["q", "qs"], ["qy"],
                                                      output_dtype=TP.UINT8))
                        inputs.append(("q", TP.FLOAT16, []))
                        outputs.append(("qy", TP.UINT8))
                        inits.append(const("qs", TP.FLOAT16, [], [0x4200]))
                        feeds["q"] = (TP.FLOAT16, [], [0x3C00])
                    c = compile_onnx(nodes, inputs, outputs, inits, config=cfg)
                    label = "(x=1 - zp=1) * %s%s%s" % (
                        "3" if scale == 0x4040 else "-3",
                        ", with a QuantizeLinear" if with_q else "",
                        ", LP_TRANSFORMS_MODE=NO" if cfg else "")
                    show("%s %s" % (onnx.TensorProto.DataType.Name(xt).lower(), label),
                         infer(c, feeds)[0][2], [want], TP.BFLOAT16)
    print("     layers (uint4, scale 3, with a QuantizeLinear): " + layers(compile_onnx(
        [helper.make_node("DequantizeLinear", ["x", "s", "z"], ["y"]),
         helper.make_node("QuantizeLinear", ["q", "qs"], ["qy"], output_dtype=TP.UINT8)],
        [("z", TP.UINT4, []), ("q", TP.FLOAT16, [])], [("y", TP.BFLOAT16), ("qy", TP.UINT8)],
        [const("x", TP.UINT4, [], [1]), const("s", TP.BFLOAT16, [], [0x4040]),
         const("qs", TP.FLOAT16, [], [0x4200])])))


def part7():
    print("7. int8 Neg(Sub(a, b)), a a constant (known: int8 -(-128) saturates)")
    t = TP.INT8
    a, b = [0x80, 0x80, 0x17], [0xFF, 0x80, 0x06]
    for first_const in (False, True):
        nodes = [helper.make_node("Sub", ["a", "b"], ["v"]), helper.make_node("Neg", ["v"], ["y"])]
        if first_const:
            c = compile_onnx(nodes, [("b", t, [3])], [("y", t)], [const("a", t, [3], a)])
            feeds = {"b": (t, [3], b)}
        else:
            c = compile_onnx(nodes, [("a", t, [3]), ("b", t, [3])], [("y", t)])
            feeds = {"a": (t, [3], a), "b": (t, [3], b)}
        # a - b: -127, 0, 17 (no overflow); Neg: 127, 0, -17
        show("Neg(Sub(a, b)), a %s" % ("a constant" if first_const else "an input"),
             infer(c, feeds)[0][2], [0x7F, 0x00, 0xEF], t)
        print("     layers: " + layers(c))


def main():
    flags = ""
    try:
        flags = open("/proc/cpuinfo").read()
    except OSError:
        pass
    feats = [f for f in ("avx2", "avx512f", "avx512_bf16", "avx512_fp16", "amx_bf16")
             if re.search(r"\b%s\b" % f, flags)]
    print("openvino %s | %s | %s" % (ov.get_version(), platform.machine(),
                                     core.get_property("CPU", "FULL_DEVICE_NAME")))
    print("cpu features: %s | INFERENCE_PRECISION_HINT default %s"
          % (" ".join(feats), core.get_property("CPU", "INFERENCE_PRECISION_HINT")))
    parts = [int(a) for a in sys.argv[1:]] or [1, 2, 3, 4, 5, 6, 7]
    for p in parts:
        globals()["part%d" % p]()


if __name__ == "__main__":
    main()
