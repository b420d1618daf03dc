# OpenVINO CPU on Abs, Neg, Max, Min, Equal, Less, Greater, LessOrEqual,
# GreaterOrEqual, the bitwise ops (BitwiseAnd, Or, Xor, Not), Floor and
# Round: every input is
# fed, and every output read, as raw bits (so nothing but OpenVINO touches a
# value). Each line shows the inputs, OpenVINO's answer and the expected one
# (numpy's, exact). Inputs are graph inputs ("run") or initializers that
# OpenVINO folds when it compiles ("folded").
#   1. double runs in float32: inf -> FLT_MAX, tiny values -> 0, and huge
#      finite doubles compare equal to inf;
#   2. int64 runs as its low 32 bits read as int32; uint32 and uint64
#      compare and take Abs as signed; the bitwise ops keep 32 bits of
#      int64 and uint64, and of a folded uint32 (saturated to 0x7fffffff);
#   3. Max and Min drop a NaN in input A when run, in input B when folded;
#   4. folding flushes float subnormals to +0 and loses the sign of zero;
#   5. Abs and Neg of int8 -128 give 127 (numpy wraps to -128; the spec does
#      not say: a deviation);
#   6. Relu of a NaN is 0 (numpy's maximum keeps the NaN).
# Standalone: onnx.helper builds the models, OpenVINO's own API runs them.
import os
import tempfile

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto as TP
from onnx import helper

CONFIGS = {"default": {}, "f32+accuracy": {"INFERENCE_PRECISION_HINT": "f32",
                                           "EXECUTION_MODE_HINT": "ACCURACY"}}
# ONNX type: (OpenVINO type, carrier of its bits, numpy type or None)
TYPES = {TP.DOUBLE: (ov.Type.f64, np.uint64, np.float64),
         TP.FLOAT: (ov.Type.f32, np.uint32, np.float32),
         TP.FLOAT16: (ov.Type.f16, np.uint16, np.float16),
         TP.BFLOAT16: (ov.Type.bf16, np.uint16, None),
         TP.INT64: (ov.Type.i64, np.uint64, np.int64),
         TP.UINT64: (ov.Type.u64, np.uint64, np.uint64),
         TP.UINT32: (ov.Type.u32, np.uint32, np.uint32),
         TP.INT8: (ov.Type.i8, np.uint8, np.int8),
         TP.INT32: (ov.Type.i32, np.uint32, np.int32),
         TP.BOOL: (ov.Type.boolean, np.uint8, np.bool_)}
BOOL_OUT = {"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual"}
core = ov.Core()
tmp = tempfile.mkdtemp()


def run(op, opset, t, inputs, folded, config):
    """OpenVINO's answer, as bits, to `op` over `inputs` (lists of bits)."""
    ov_type, carrier, _ = TYPES[t]
    n = len(inputs[0])
    names = [f"x{i}" for i in range(len(inputs))]
    out_t = TP.BOOL if op in BOOL_OUT else t
    arrays = [np.array(bits, carrier) for bits in inputs]
    inits = [helper.make_tensor(name, t, [n], a.tobytes(), raw=True)
             for name, a in zip(names, arrays)] if folded else []
    graph_in = [] if folded else [helper.make_tensor_value_info(m, t, [n]) for m in names]
    g = helper.make_graph([helper.make_node(op, names, ["y"])], "g", graph_in,
                          [helper.make_tensor_value_info("y", out_t, [n])], inits)
    path = os.path.join(tmp, "m.onnx")
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), path)
    request = core.compile_model(core.read_model(path), "CPU", config).create_infer_request()
    for i, a in enumerate([] if folded else arrays):
        request.set_input_tensor(i, ov.Tensor(a, [n], ov_type))
    request.infer()
    out = np.array(request.get_output_tensor().data).reshape(-1)
    return out.view(f"u{out.itemsize}").tolist()


def want(op, t, inputs):
    """numpy's answer as bits (bfloat16 through float32, exactly)."""
    _, carrier, np_type = TYPES[t]
    if np_type is None:  # bfloat16: the top half of a float32
        xs = [(np.array(b, np.uint32) << 16).view(np.float32) for b in inputs]
    else:
        xs = [np.array(b, carrier).view(np_type) for b in inputs]
    f = {"Abs": np.abs, "Neg": np.negative, "Max": np.maximum, "Min": np.minimum,
         "Equal": np.equal, "Less": np.less, "Greater": np.greater,
         "LessOrEqual": np.less_equal, "GreaterOrEqual": np.greater_equal,
         "BitwiseAnd": np.bitwise_and, "BitwiseOr": np.bitwise_or,
         "BitwiseXor": np.bitwise_xor, "BitwiseNot": np.invert,
         "Floor": np.floor, "Ceil": np.ceil, "Round": np.round,
         "Relu": lambda x: np.where(np.isnan(x) | (x > 0), x, np.zeros_like(x))}[op]
    with np.errstate(over="ignore"):
        y = f(*xs)
    if op in BOOL_OUT:
        return y.astype(np.uint8).tolist()
    if np_type is None:
        return (y.view(np.uint32) >> 16).tolist()
    return y.astype(np_type).view(carrier).tolist()


def hexes(bits, t):
    width = np.dtype(TYPES[t][1]).itemsize * 2
    return "[" + ", ".join(f"{b:#0{width + 2}x}" for b in bits) + "]"


INF, BIG, TINY = 0x7FF0000000000000, 0x7FEFFFFFFFFFFFFF, 0x0000000000000001
NAN32, ONE32, SUB32 = 0x7FC00000, 0x3F800000, 0x00000001
CASES = [  # family, op, opset, type, inputs, folded
    (1, "Abs", 13, TP.DOUBLE, [[INF, 0xFFF0000000000000, TINY]], False),
    (1, "Max", 13, TP.DOUBLE, [[INF, TINY], [INF, 0x8000000000000000]], False),
    (1, "Equal", 13, TP.DOUBLE, [[INF, TINY], [BIG, 0]], False),
    (1, "Less", 13, TP.DOUBLE, [[BIG, TINY], [INF, 0x0000000000000002]], False),
    (1, "GreaterOrEqual", 16, TP.DOUBLE, [[BIG, TINY], [INF, 0x0000000000000002]], False),
    (1, "Floor", 13, TP.DOUBLE, [[INF, 0x403FFFFFFFFFFFFF, 0x8000000000000001]], False),
    (1, "Round", 22, TP.DOUBLE, [[0x41930414D2A0A5F7, 0x0010000000000000]], False),
    (6, "Relu", 14, TP.FLOAT, [[NAN32, 0xFFC00001, 0xBF800000, ONE32]], False),
    (6, "Relu", 14, TP.FLOAT16, [[0x7E00, 0xFE01, 0x3C00]], False),
    (2, "Relu", 14, TP.INT32, [[2**31 - 1, 2**24 + 1, 2**32 - 5]], False),
    (2, "Relu", 14, TP.INT64, [[2**63 - 1, 2**63 + 1]], False),
    (2, "Abs", 13, TP.INT64, [[2**63 - 1, 2**31, 2**32 + 5]], False),
    (2, "Max", 13, TP.INT64, [[2**63 - 1, 2**32, 2**64 - 2**31], [2**63 - 1, 1, 5]], False),
    (2, "Equal", 13, TP.INT64, [[2**63 - 1, 2**32 + 5], [2**64 - 1, 5]], False),
    (2, "Greater", 13, TP.INT64, [[2**63 - 1, 2**32], [2**63, 1]], False),
    (2, "Abs", 13, TP.UINT32, [[2**32 - 1, 2**31]], False),
    (2, "Max", 13, TP.UINT32, [[2**32 - 1, 2**31], [1, 3]], False),
    (2, "Less", 13, TP.UINT64, [[2**64 - 1, 2**32 + 1], [1, 2]], False),
    (2, "Equal", 13, TP.UINT64, [[2**64 - 1, 2**32 + 7], [2**33 - 1, 7]], False),
    (2, "LessOrEqual", 16, TP.UINT32, [[2**32 - 1, 2**31], [1, 3]], False),
    (2, "BitwiseAnd", 18, TP.INT64, [[2**63 - 1, 2**32 + 5], [2**63 - 1, 2**32 + 5]], False),
    (2, "BitwiseOr", 18, TP.UINT64, [[2**64 - 1, 1], [1, 2**33 - 1]], True),
    (2, "BitwiseXor", 18, TP.UINT32, [[2**32 - 1, 2**31], [1, 1]], True),
    (2, "BitwiseXor", 18, TP.UINT32, [[2**32 - 1, 2**31], [1, 1]], False),
    (2, "BitwiseNot", 18, TP.UINT64, [[2**31, 2**32 - 1]], False),
    (3, "Max", 13, TP.FLOAT, [[NAN32, ONE32], [ONE32, NAN32]], False),
    (3, "Max", 13, TP.FLOAT, [[NAN32, ONE32], [ONE32, NAN32]], True),
    (3, "Min", 13, TP.FLOAT16, [[0x7E00, 0x3C00], [0x3C00, 0x7E00]], False),
    (3, "Max", 13, TP.BFLOAT16, [[0x7FC0, 0x3F80], [0x3F80, 0x7FC0]], False),
    (4, "Abs", 13, TP.FLOAT, [[SUB32, 0x80000002, 0x80000000]], True),
    (4, "Neg", 13, TP.FLOAT, [[SUB32, 0x00000000, ONE32]], True),
    (4, "Max", 13, TP.FLOAT, [[SUB32, 0x80000000], [0xFF800000, 0x80000000]], True),
    (5, "Abs", 13, TP.INT8, [[0x80, 0x81]], False),
    (5, "Neg", 13, TP.INT8, [[0x80, 0x7F]], False),
]

print("openvino", ov.get_version())
for name, config in CONFIGS.items():
    print(f"[{name}]")
    for family, op, opset, t, inputs, folded in CASES:
        how = "folded" if folded else "run"
        args = ", ".join(hexes(b, t) for b in inputs)
        try:
            got = hexes(run(op, opset, t, inputs, folded, config), TP.BOOL if op in BOOL_OUT else t)
        except Exception as e:  # a refusal is an answer too
            got = "error: " + str(e).splitlines()[0][:80]
        expected = hexes(want(op, t, inputs), TP.BOOL if op in BOOL_OUT else t)
        mark = "" if got == expected else "   <- differs"
        print(f"  {family}. {op}-{opset} {TP.DataType.Name(t).lower()} ({how}) {args}\n"
              f"       -> {got}  want {expected}{mark}")
