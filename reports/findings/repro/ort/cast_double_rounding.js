// Cast from a wide integer to bfloat16 or float8e8m0 rounds twice: first to
// float (round to nearest even), then to the target, so a value just below
// a midpoint (or, for round_mode "down", just below a power of two) that
// float rounds onto it goes the wrong way. The right answers are those of
// one rounding of the exact integer.
//   NODE_PATH=harness/workers/ort/node_modules node cast_double_rounding.js [package]
'use strict';
const {castModel, runtime, run, f32bits, hex} = require('./cast_common.js');

const le = (v, bytes) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; ++i) out[i] = Number((BigInt(v) >> BigInt(8 * i)) & 255n);
  return out;
};

(async () => {
  const {ort, label} = runtime();
  // [from code, name, bytes, value, to, to name, opset, attrs, want bits]
  const cases = [
    [12, 'uint32', 4, 0xff7fffffn, 16, 'bfloat16', 13, {}, 0x4f7f],
    [13, 'uint64', 8, 0xff7fffffffffffffn, 16, 'bfloat16', 13, {}, 0x5f7f],
    [6, 'int32', 4, 0x01ffffffn, 24, 'float8e8m0', 25, {roundMode: 'down'}, 0x97],
    [7, 'int64', 8, 0x7fffffffffffffffn, 24, 'float8e8m0', 25, {roundMode: 'down'}, 0xbd],
    [12, 'uint32', 4, 0xbfffffffn, 24, 'float8e8m0', 25, {roundMode: 'nearest'}, 0x9e],
    // Not in the generated suite: double -> bfloat16, 1 + 2^-8 + 2^-32
    // (just above the midpoint of 0x3f80 and 0x3f81).
    [11, 'double', 8, 0x3ff0100000100000n, 16, 'bfloat16', 13, {}, 0x3f81],
  ];
  for (const [from, fname, bytes, v, to, tname, opset, attrs, want] of cases) {
    const y = await run(ort, castModel(from, to, le(v, bytes), 1, opset, attrs, true));
    // The output went through an exact Cast to float: bfloat16 is its top
    // half, float8e8m0 2^(e-127) its exponent field.
    const f = f32bits(y.data)[0];
    const got = to === 16 ? f >>> 16 : (f >>> 23) & 0xff;
    const mode = attrs.roundMode ? ` round_mode=${attrs.roundMode}` : '';
    console.log(`${label} Cast-${opset} ${fname} ${hex(v, 2 * bytes)} -> ${tname}${mode}: ` +
        `got ${hex(got, to === 16 ? 4 : 2)}, want ${hex(want, to === 16 ? 4 : 2)}` +
        (got === want ? '' : '  <- differs'));
  }
})();
