// onnxruntime-node (or -web: pass its name) on Max and Min of +0 and -0,
// with nothing but the package's own API and a hand-written protobuf
// encoder (onnx_model.js). The spec does not say which zero a tie gives;
// onnxcts's reference gives the first input. Each pair fills N = 37
// elements (vectorized loops and their scalar tails), with both inputs of
// N elements, or one of them of a single element broadcast to the other.
// The answers are shown as runs of the zero given: "-36 +1" is 36 times -0
// then once +0.
//   NODE_PATH=harness/workers/ort/node_modules node max_min_zeros.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model} = require('./onnx_model.js');

const N = 37;
// name, ONNX code, JS tensor type, [+0, -0], the view of the output's bits
const TYPES = [
  ['float', 1, 'float32', Float32Array.of(0, -0), Uint32Array],
  ['double', 11, 'float64', Float64Array.of(0, -0), BigUint64Array],
  ['float16', 10, 'float16', Uint16Array.of(0x0000, 0x8000), Uint16Array],
];
const SHAPES = [['same shape', N, N], ['b broadcast', N, 1], ['a broadcast', 1, N]];

const filled = (zeros, k, n) => new zeros.constructor(n).fill(zeros[k]);
// The sign of each answer (+, -, or ? for a nonzero), as runs.
function runs(bits) {
  const width = BigInt(bits.BYTES_PER_ELEMENT * 8 - 1);
  const signs = [...bits].map((v) => (BigInt(v) & ((1n << width) - 1n)) !== 0n ? '?' :
                                     BigInt(v) >> width ? '-' : '+');
  return signs.join('').match(/(.)\1*/g).map((r) => r[0] + r.length).join(' ');
}

async function answer(op, opset, type, na, nb, first) {
  const [, code, jsType, zeros, Bits] = type;
  const n = Math.max(na, nb);
  const s = await ort.InferenceSession.create(model([node(op, ['a', 'b'], ['y'])],
      [valueInfo('a', code, [na]), valueInfo('b', code, [nb])], [valueInfo('y', code, [n])],
      [], opset), {logSeverityLevel: 3});
  const {y} = await s.run({a: new ort.Tensor(jsType, filled(zeros, first, na), [na]),
                           b: new ort.Tensor(jsType, filled(zeros, 1 - first, nb), [nb])});
  return runs(new Bits(y.data.buffer, y.data.byteOffset, n));
}

(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  for (const type of TYPES) {
    for (const opset of [6, 8, 13]) {
      for (const [shape, na, nb] of SHAPES.slice(0, opset < 8 ? 1 : 3)) {
        const line = [];
        for (const op of ['Max', 'Min']) {
          try {
            line.push(`${op}(+0,-0) ${await answer(op, opset, type, na, nb, 0)}, ` +
                      `${op}(-0,+0) ${await answer(op, opset, type, na, nb, 1)}`);
          } catch (e) {
            line.push(`${op}: ${e.message.split('\n')[0].slice(0, 60)}`);
          }
        }
        console.log(`${pkg} ${version} ${type[0]} opset ${opset}, ${shape}: ${line.join('; ')}`);
      }
    }
  }
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
