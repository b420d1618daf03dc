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

const {valueInfo, node, tensor, model} = require('./onnx_model.js');

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
