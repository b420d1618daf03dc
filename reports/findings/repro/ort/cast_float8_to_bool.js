// Cast float8 -> bool decides on the bit pattern, not the value: -0 of
// float8e4m3fn and float8e5m2 (0x80) gives true, where "+/- 0.0 to False";
// float8e8m0 0x00 (2^-127: e8m0 has no zero) gives false, where it is
// nonzero, so true. Other dtypes' -0 (float, float16, bfloat16) give false.
//   NODE_PATH=harness/workers/ort/node_modules node cast_float8_to_bool.js [package]
'use strict';
const {castModel, runtime, run, hex} = require('./cast_common.js');

(async () => {
  const {ort, label} = runtime();
  const cases = [
    [17, 'float8e4m3fn', 19, [0x80, 0x00, 0x38]],
    [19, 'float8e5m2', 19, [0x80, 0x00, 0x3c]],
    [24, 'float8e8m0', 24, [0x00, 0x7f, 0xff]],
    [16, 'bfloat16', 13, [0x8000, 0x0000, 0x3f80]],
  ];
  const want = {17: [0, 0, 1], 19: [0, 0, 1], 24: [1, 1, 1], 16: [0, 0, 1]};
  for (const [code, name, opset, bits] of cases) {
    const raw = code === 16 ? new Uint8Array(Uint16Array.from(bits).buffer) : Uint8Array.from(bits);
    const y = await run(ort, castModel(code, 9, raw, bits.length, opset));
    console.log(`${label} Cast-${opset} ${name} -> bool ` +
        `[${bits.map((b) => hex(b, code === 16 ? 4 : 2))}]: got [${[...y.data].map(Number)}], want [${want[code]}]`);
  }
})();
