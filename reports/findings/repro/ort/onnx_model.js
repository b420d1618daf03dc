// The reproducers' ONNX models, written with a hand-made protobuf encoder
// so that they need nothing but the runtime's own package.
'use strict';

// Protobuf: varint fields (wire type 0) and length-delimited ones (2).
const varint = (n) => {
  const o = [];
  for (n = BigInt.asUintN(64, BigInt(n)); n > 127n; n >>= 7n) o.push(Number(n & 127n) | 128);
  o.push(Number(n));
  return o;
};
const fld = (n, v) => (typeof v === 'number' || typeof v === 'bigint') ?
    [...varint((n << 3) | 0), ...varint(v)] : [...varint((n << 3) | 2), ...varint(v.length), ...v];
const str = (t) => [...Buffer.from(t)];
// ValueInfoProto{name=1, type=2{tensor_type=1{elem_type=1, shape=2{dim=1{dim_value=1}}}}}
const valueInfo = (name, code, dims) => fld(1, str(name)).concat(
    fld(2, fld(1, fld(1, code).concat(fld(2, dims.flatMap((d) => fld(1, fld(1, d))))))));
// NodeProto{input=1, output=2, op_type=4, attribute=5{name=1, i=3, type=20 (INT=2)}}
const node = (op, ins, outs, ints = {}) => ins.flatMap((i) => fld(1, str(i))).concat(
    outs.flatMap((o) => fld(2, str(o))), fld(4, str(op)),
    Object.entries(ints).flatMap(([k, v]) => fld(5, fld(1, str(k)).concat(fld(3, v), fld(20, 2)))));
// TensorProto{dims=1, data_type=2, name=8, raw_data=9}
const tensor = (name, code, dims, raw) => dims.flatMap((d) => fld(1, d)).concat(
    fld(2, code), fld(8, str(name)), fld(9, [...raw]));
// ModelProto{ir_version=1, graph=7{node=1, name=2, initializer=5, input=11, output=12},
//            opset_import=8{version=2}}
const model = (nodes, inputs, outputs, inits = [], opset = 13) => Uint8Array.from(
    fld(1, 8).concat(fld(7, nodes.flatMap((n) => fld(1, n)).concat(fld(2, str('g')),
        inits.flatMap((t) => fld(5, t)), inputs.flatMap((v) => fld(11, v)),
        outputs.flatMap((v) => fld(12, v)))), fld(8, fld(2, opset))));
const hex = (v, w) => '0x' + v.toString(16).padStart(w, '0');

module.exports = {fld, str, valueInfo, node, tensor, model, hex};
