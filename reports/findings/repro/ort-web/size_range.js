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

const {fld, str, valueInfo, node, tensor, model} = require('../ort/onnx_model.js');
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
