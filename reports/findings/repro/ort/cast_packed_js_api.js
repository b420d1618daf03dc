// int4, uint4, int2, uint2, float8e8m0 and float4e2m1 through the JS API of
// onnxruntime-node / onnxruntime-web 1.30 (Cast, opset 25; ORT's kernels run
// all of these Casts but the float4e2m1 ones when the values are
// initializers):
//  1. feeding an int4 tensor (onnxruntime-common takes 'int4', packed);
//  2. creating sessions whose graph I/O is int2, uint2 or float8e8m0: the JS
//     layer refuses them, naming ORT's C enum value (24 for uint2, 25 int2,
//     26 float8e8m0: not the ONNX codes 25, 26, 24);
//  3. float4e2m1: no Cast kernel at all;
//  4. LAST, fetching an int4 graph output: onnxruntime-node aborts the
//     process (V8 "ArrayBuffer::New Allocation failed" in OrtValueToNapiValue).
//   NODE_PATH=harness/workers/ort/node_modules node cast_packed_js_api.js [package]
'use strict';
const {castNode, runtime, valueInfo, model} = require('./cast_common.js');

const cast = (from, to) => model([castNode('x', 'y', to)],
    [valueInfo('x', from, [5])], [valueInfo('y', to, [5])], [], 25);
const first = (e) => e.message.split('\n')[0];

(async () => {
  const {ort, label} = runtime();
  const QUIET = {logSeverityLevel: 3};
  // 1. int4 in: [8, 9, 15, 0, 7] packed = [-8, -7, -1, 0, 7].
  try {
    const s = await ort.InferenceSession.create(cast(22, 1), QUIET);
    const {y} = await s.run({x: new ort.Tensor('int4', Uint8Array.of(0x98, 0x0f, 0x07), [5])});
    console.log(`${label} int4 input [0x98,0x0f,0x07] -> float: [${[...y.data]}]`);
  } catch (e) {
    console.log(`${label} int4 input: ${first(e)}`);
  }
  // 2. and 3.
  for (const [from, to, what] of [[25, 1, 'uint2 -> float'], [26, 1, 'int2 -> float'],
    [24, 1, 'float8e8m0 -> float'], [1, 23, 'float -> float4e2m1']]) {
    try {
      await ort.InferenceSession.create(cast(from, to), QUIET);
      console.log(`${label} ${what}: session created`);
    } catch (e) {
      console.log(`${label} ${what}: ${first(e)}`);
    }
  }
  // 4. int4 out.
  const s = await ort.InferenceSession.create(cast(1, 22), QUIET);
  console.log(`${label} float -> int4 output: session created, running`);
  try {
    const {y} = await s.run({x: new ort.Tensor('float32', Float32Array.of(-8, -1, 0, 7, 3), [5])});
    console.log(`${label} float -> int4 output: ${y.type} [${[...y.data]}]`);
  } catch (e) {
    console.log(`${label} float -> int4 output: ${first(e)}`);
  }
})();
