// Where the spec leaves Cast's answer open and ORT answers otherwise than
// the reference (deviations): float to a fixed-point type out of range or
// NaN ("undefined if OOR"), float to int4 of values with a fraction, and
// negative values to float8e8m0 ("undefined"). onnxruntime-node answers as
// x86's truncating conversion does (0x80000000 "integer indefinite", then
// the low bits); onnxruntime-web as WebAssembly's saturating one.
//   NODE_PATH=harness/workers/ort/node_modules node cast_to_int_deviations.js [package]
'use strict';
const {castModel, castNode, model, valueInfo, runtime, run, f32bits, hex} =
    require('./cast_common.js');
const {tensor} = require('./onnx_model.js');

(async () => {
  const {ort, label} = runtime();
  const xs = [NaN, Infinity, -Infinity, 1e10, -1e10, -1];
  const x = new Uint8Array(Float32Array.from(xs).buffer);
  const show = (data) => [...data].map((v) => String(v));
  for (const [to, name] of [[6, 'int32'], [3, 'int8'], [2, 'uint8'], [12, 'uint32']]) {
    const y = await run(ort, castModel(1, to, x, xs.length, 13));
    console.log(`${label} Cast-13 float [${xs}] -> ${name}: [${show(y.data)}] (all but int32's -1 undefined by the spec)`);
  }
  // float -> int4, then int4 -> int8 to read it (exact).
  const fr = [0.5, 1.5, 2.5, -0.5, -2.5, 100];
  const toInt8 = model([castNode('x', 'c', 22), castNode('c', 'y', 3)], [], [valueInfo('y', 3, [fr.length])],
      [tensor('x', 1, [fr.length], new Uint8Array(Float32Array.from(fr).buffer))], 21);
  const y4 = await run(ort, toInt8);
  console.log(`${label} Cast-21 float [${fr}] -> int4: [${[...y4.data]}] (reference, ties to even: [0,2,2,0,-2,4]; onnx.reference truncates: [0,1,2,0,-2,4])`);
  // negative -> float8e8m0, read through an exact Cast to float.
  const neg = [-1, -0.5, -Infinity];
  const ye = await run(ort, castModel(1, 24, new Uint8Array(Float32Array.from(neg).buffer), neg.length, 25, {}, true));
  console.log(`${label} Cast-25 float [${neg}] -> float8e8m0: [${f32bits(ye.data).map((b) => hex((b >>> 23) & 0xff, 2))}] (reference: 0xff, NaN)`);
  // float8e4m3fn NaN (0x7f, 0xff) -> int16.
  const y8 = await run(ort, castModel(17, 5, Uint8Array.of(0x7f, 0xff), 2, 19));
  console.log(`${label} Cast-19 float8e4m3fn [0x7f, 0xff] (NaN) -> int16: [${[...y8.data]}] (reference: 0)`);
})();
