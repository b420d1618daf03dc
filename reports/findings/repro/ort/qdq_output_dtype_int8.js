// onnxruntime-node (or -web: pass its name): QuantizeLinear-21 with
// output_dtype = 3 (int8) and an int8 y_zero_point, followed by
// DequantizeLinear, is refused at session creation ("[TypeInferenceError]
// output_dtype INT8 does not match y_zero_point type UINT8"), a valid model
// (the spec asks output_dtype and the zero point to agree, and they do).
// ORT's QDQS8ToU8Transformer (level extended and up) rewrites an
// int8 Q/DQ pair to uint8, zero points included, but leaves output_dtype
// at int8. Without the attribute, or at level basic, the graph runs. Found
// by `onnxcts fuzz --backend ort` ("error DequantizeLinear QuantizeLinear
// on a scalar input").
//   NODE_PATH=harness/workers/ort/node_modules node qdq_output_dtype_int8.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, tensor, model} = require('./onnx_model.js');

const FLOAT = 1, INT8 = 3;
const X = Float32Array.of(-0, 7, -400);
// y = DequantizeLinear(QuantizeLinear(x, 3, 1), 3, 1), zero point int8
async function run(attrs, level) {
  const m = model([node('QuantizeLinear', ['x', 's', 'z'], ['q'], attrs),
    node('DequantizeLinear', ['q', 's', 'z'], ['y'])],
  [valueInfo('x', FLOAT, [3])], [valueInfo('y', FLOAT, [3])],
  [tensor('s', FLOAT, [], new Uint8Array(Float32Array.of(3).buffer)), tensor('z', INT8, [], [1])], 21);
  try {
    const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4, graphOptimizationLevel: level});
    return `[${(await s.run({x: new ort.Tensor('float32', X, [3])})).y.data}]`;
  } catch (e) {
    return 'refused: ' + e.message.trim();
  }
}
(async () => {
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  for (const [label, attrs] of [['output_dtype=3', {output_dtype: INT8}], ['no output_dtype', {}]]) {
    for (const level of ['all', 'extended', 'basic']) {
      console.log(`x=[${[...X]}], ${label}, level ${level}: ${await run(attrs, level)}`);
    }
  }
})();
