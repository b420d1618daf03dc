// onnxruntime-web vs onnxruntime-node on Shape -> Size -> Range(0, n, 1),
// the pattern of ONNX's RMSNormalization function body (the 9
// test_rms_normalization_*_expanded node tests). ORT's own data propagation
// for Size multiplies the *values* of its input (the shape [3, 4] -> 12)
// instead of counting them (2), so it expects Range to give 12 elements,
// while ONNX's inference of Range says 2. onnxruntime-node logs a warning
// and falls back to a lenient merge (the result is right); onnxruntime-web
// refuses to create the session. Run once per package (in one process, the
// second package would reuse the first one's registered backend):
//   NODE_PATH=harness/workers/ort/node_modules node size_range.js onnxruntime-web
//   NODE_PATH=harness/workers/ort/node_modules node size_range.js onnxruntime-node
'use strict';
const pkg = process.argv[2] || 'onnxruntime-web';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;

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
const int64 = (v) => new Uint8Array(BigInt64Array.of(v).buffer);

(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  const bytes = model(
      [node('Shape', ['x'], ['s']), node('Size', ['s'], ['n']),
       node('Range', ['zero', 'n', 'one'], ['y'])],
      [valueInfo('x', 1, [3, 4])], [fld(1, str('y')).concat(fld(2, fld(1, fld(1, 7))))],
      [tensor('zero', 7, [], int64(0n)), tensor('one', 7, [], int64(1n))], 23);
  try {
    const s = await ort.InferenceSession.create(bytes);
    const {y} = await s.run({x: new ort.Tensor('float32', new Float32Array(12), [3, 4])});
    console.log(`${pkg} ${version}: ran, y = [${y.data}] (dims [${y.dims}])`);
  } catch (e) {
    console.log(`${pkg} ${version}: ${e.message.split('\n')[0]}`);
  }
})();
