// Cast of +/-inf to float8e4m3fnuz and float8e5m2fnuz with saturate=1 (the
// default): ORT gives +/-FLT_MAX (0x7f, 0xff) at every opset. The tables of
// Cast-19, -21 and -23 say NaN (0x80, the only NaN of these formats); the
// table of Cast-24 and -25 says FLT_MAX (onnx/onnx#7085, a "spec
// clarification" of onnx/onnx#6220). onnx.reference gives FLT_MAX at every
// opset. The output goes through an exact Cast to float: 0x7f -> 240 or
// 57344, 0x80 -> NaN.
//   NODE_PATH=harness/workers/ort/node_modules node cast_inf_fnuz.js [package]
'use strict';
const {castModel, runtime, run} = require('./cast_common.js');

(async () => {
  const {ort, label} = runtime();
  const x = new Uint8Array(Float32Array.of(Infinity, -Infinity).buffer);
  for (const [to, name] of [[18, 'float8e4m3fnuz'], [20, 'float8e5m2fnuz']]) {
    for (const opset of [19, 21, 23, 24, 25]) {
      const y = await run(ort, castModel(1, to, x, 2, opset, {}, true));
      const table = opset < 24 ? 'NaN, NaN' : 'FLT_MAX, -FLT_MAX';
      console.log(`${label} Cast-${opset} float [inf, -inf] -> ${name}: got [${[...y.data]}], the opset's table says [${table}]`);
    }
  }
})();
