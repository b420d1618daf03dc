// onnxruntime-node (or -web: pass its name) on Sign-13, with nothing but the
// package's own API and a hand-written protobuf encoder (onnx_model.js).
//   NODE_PATH=harness/workers/ort/node_modules node sign.js [onnxruntime-node|onnxruntime-web]
// 1. int64: positive values in [2^31, 2^32) come back -1, except in the
//    last element of these 7, which Eigen's loop does alone after three
//    2-lane packets (the bug is in the vectorized path; onnxruntime-web's
//    WebAssembly build is right everywhere).
// 2. float16 NaN inputs (fed as raw bits in a Uint16Array) give +0.
// 3. bfloat16 (which the JS API cannot carry): the inputs are an initializer,
//    Sign's output is Cast to float, an exact widening: NaN inputs give +0.
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const QUIET = {logSeverityLevel: 3};  // no constant-folding warnings on stderr

const {valueInfo, node, tensor, model, hex} = require('./onnx_model.js');

(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  {
    const x = BigInt64Array.of(2n ** 31n, 2n ** 31n + 1n, 2n ** 32n - 1n, 2n ** 32n,
                               -1n, 0n, 2n ** 31n);
    const s = await ort.InferenceSession.create(model([node('Sign', ['x'], ['y'])],
        [valueInfo('x', 7, [x.length])], [valueInfo('y', 7, [x.length])]), QUIET);
    const {y} = await s.run({x: new ort.Tensor('int64', x, [x.length])});
    console.log(`${pkg} ${version} Sign-13 int64 [${x.join(', ')}]\n  -> [${y.data.join(', ')}]`);
  }
  {
    const x = Uint16Array.of(0x7e00, 0x7c01, 0xfe00, 0xfc01, 0x7fff, 0x8000);
    const s = await ort.InferenceSession.create(model([node('Sign', ['x'], ['y'])],
        [valueInfo('x', 10, [x.length])], [valueInfo('y', 10, [x.length])]), QUIET);
    const {y} = await s.run({x: new ort.Tensor('float16', x, [x.length])});
    const out = new Uint16Array(y.data.buffer, y.data.byteOffset, x.length);
    console.log(`${pkg} ${version} Sign-13 float16: ` +
                [...x].map((b, i) => `${hex(b, 4)}->${hex(out[i], 4)}`).join(', '));
  }
  {
    const x = Uint16Array.of(0x7fc0, 0x7f81, 0xffc0, 0xff81, 0x7fff, 0x3f80);
    const raw = new Uint8Array(x.buffer);
    const s = await ort.InferenceSession.create(model(
        [node('Sign', ['x'], ['s']), node('Cast', ['s'], ['y'], {to: 1})],
        [], [valueInfo('y', 1, [x.length])], [tensor('x', 16, [x.length], raw)]), QUIET);
    const {y} = await s.run({});
    const out = new Uint32Array(y.data.buffer, y.data.byteOffset, x.length);
    console.log(`${pkg} ${version} Sign-13 bfloat16 (output Cast to float): ` +
                [...x].map((b, i) => `${hex(b, 4)}->${hex(out[i], 8)}`).join(', '));
  }
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
