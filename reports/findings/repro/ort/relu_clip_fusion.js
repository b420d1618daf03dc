// onnxruntime-node (or -web: pass its name): Relu followed by Clip whose
// `min` is a constant (an initializer or a Constant node) of a type other
// than float and float16 is refused at session creation: ORT's FuseReluClip
// rewrite (level basic and up) only knows those two ("Unexpected data type
// for Clip 'min' input of 11", of 6, ...). Relu-14 and Clip-13 both take
// double, int8, int16, int32 and int64, and each node alone runs; with
// graph optimizations disabled the graph runs too. Found by `onnxcts fuzz
// --backend ort` ("error Clip Relu on a scalar input").
//   NODE_PATH=harness/workers/ort/node_modules node relu_clip_fusion.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, tensor, model} = require('./onnx_model.js');

const T = {  // name: [ONNX code, JS tensor type, array type]
  float: [1, 'float32', Float32Array],
  double: [11, 'float64', Float64Array],
  int32: [6, 'int32', Int32Array],
  int8: [3, 'int8', Int8Array],
};
const X = [-2, 3, 9];
// y = Clip(Relu(x), min=-1, max=6), min and max scalar initializers
async function run(t, level) {
  const [code, jsType, Arr] = T[t];
  const init = (name, v) => tensor(name, code, [], new Uint8Array(Arr.of(v).buffer));
  const m = model([node('Relu', ['x'], ['r']), node('Clip', ['r', 'lo', 'hi'], ['y'])],
      [valueInfo('x', code, [3])], [valueInfo('y', code, [3])], [init('lo', -1), init('hi', 6)], 21);
  try {
    const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4, graphOptimizationLevel: level});
    return `[${(await s.run({x: new ort.Tensor(jsType, Arr.from(X), [3])})).y.data}]`;
  } catch (e) {
    return 'refused: ' + e.message.replace(/^.*\) const /s, '').trim();
  }
}
(async () => {
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  for (const t of Object.keys(T)) {
    console.log(`${t.padEnd(6)} Clip(Relu(x), -1, 6) x=[${X}]: default ${await run(t, 'all')}; ` +
                `optimizations disabled ${await run(t, 'disabled')}`);
  }
})();
