// onnxruntime-node (or -web: pass its name) on Max-13 and Min-13 of two
// int64 inputs, with nothing but the package's own API and a hand-written
// protobuf encoder (onnx_model.js).
//   NODE_PATH=harness/workers/ort/node_modules node max_min_int64.js [package]
// Pairs of negative values whose high 32 bits are equal and whose low 32
// bits differ in their top bit come back with the wrong input, as if the
// low halves were compared as signed 32-bit numbers. The expected answers
// are BigInt comparisons, exact on int64.
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model} = require('./onnx_model.js');

const a = BigInt64Array.of(-(2n ** 31n) - 1n, -(2n ** 31n) - 1n, -(2n ** 31n) - 1n, -(2n ** 33n), 5n);
const b = BigInt64Array.of(-(2n ** 29n) - 1n, -(2n ** 27n) - 1n, -1n, -(2n ** 31n) - 1n, -(2n ** 40n));
const pick = {Max: (x, y) => (x >= y ? x : y), Min: (x, y) => (x <= y ? x : y)};

(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  console.log(`${pkg} ${version}\n  a=[${a.join(', ')}]\n  b=[${b.join(', ')}]`);
  for (const op of ['Max', 'Min']) {
    const s = await ort.InferenceSession.create(model([node(op, ['a', 'b'], ['y'])],
        [valueInfo('a', 7, [a.length]), valueInfo('b', 7, [b.length])],
        [valueInfo('y', 7, [a.length])]));
    const {y} = await s.run({a: new ort.Tensor('int64', a, [a.length]),
                             b: new ort.Tensor('int64', b, [b.length])});
    const want = [...a].map((x, i) => pick[op](x, b[i]));
    const differ = want.flatMap((w, i) => (w === y.data[i] ? [] : [i]));
    console.log(`${op}-13: want [${want.join(', ')}]\n  got    [${y.data.join(', ')}]` +
                `\n  differ at [${differ.join(', ')}]`);
  }
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
