// onnxruntime-node (or -web: pass its name): IsNaN on bfloat16 at opsets 13,
// 19 and 20. IsNaN-13 allows bfloat16, but no CPU kernel is registered for
// it before opset 20. The bfloat16 values are an initializer (the JS API
// cannot carry bfloat16); the output is bool.
//   NODE_PATH=harness/workers/ort/node_modules node isnan13_bf16.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const QUIET = {logSeverityLevel: 3};  // no constant-folding warnings on stderr

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
(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  const x = Uint16Array.of(0x7fc0, 0xff81, 0x7f80, 0x3f80);
  for (const opset of [13, 19, 20]) {
    try {
      const s = await ort.InferenceSession.create(model([node('IsNaN', ['x'], ['y'])], [],
          [valueInfo('y', 9, [x.length])], [tensor('x', 16, [x.length], new Uint8Array(x.buffer))],
          opset), QUIET);
      const {y} = await s.run({});
      console.log(`${pkg} ${version} IsNaN-${opset} bfloat16 [0x7fc0, 0xff81, 0x7f80, 0x3f80] -> [${[...y.data]}]`);
    } catch (e) {
      console.log(`${pkg} ${version} IsNaN-${opset} bfloat16: ${e.message.split('\n')[0]}`);
    }
  }
})();
