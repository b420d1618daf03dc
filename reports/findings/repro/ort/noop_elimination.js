// onnxruntime-node (or -web: pass its name): ORT's NoopElimination pass
// (graph optimization level basic and up) removes Add(x, c), Sub(x, c),
// Mul(x, c) and Div(x, c) when the constant c "is" 0 (Add, Sub) or 1 (Mul,
// Div), and the node sits between two other nodes. Two ways that changes
// the answer:
//  (1) x + (+0) is not x when x is -0 (IEEE: -0 + +0 = +0), nor is
//      x - (-0): float, float16 and double lose the +0;
//  (2) a double c is tested after narrowing to float, so any |c| below
//      float's smallest subnormal counts as 0, and 1 + 2^-40 as 1: the node
//      goes, and x + 5e-324, x * (1 + 2^-40) come back as x.
// "want" is the arithmetic done here in JS (float64, Math.fround); "opt
// off" is the same model with graphOptimizationLevel 'disabled'. Found by
// `onnxcts fuzz --backend ort` ("fail graph Abs-13 Add-14 Where-16 double
// on subnormal", "fail graph Round-11 Sign-13 Sub-14 double on normal").
//   NODE_PATH=harness/workers/ort/node_modules node noop_elimination.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, tensor, model, hex} = require('./onnx_model.js');

const T = {  // name: [ONNX code, JS tensor type, array, bits view, hex width]
  float16: [10, 'float16', Uint16Array, Uint16Array, 4],
  float: [1, 'float32', Float32Array, Uint32Array, 8],
  double: [11, 'float64', Float64Array, BigUint64Array, 16],
};
// y = wrap(op(wrap(x), c)), c a scalar initializer holding the bits `c`
async function run(t, op, wrap, cBits, xBits, level) {
  const [code, jsType, Arr, Bits, w] = T[t];
  const c = tensor('c', code, [], new Uint8Array(Bits.of(cBits).buffer));
  const m = model([node(wrap, ['x'], ['a']), node(op, ['a', 'c'], ['b']), node(wrap, ['b'], ['y'])],
      [valueInfo('x', code, [xBits.length])], [valueInfo('y', code, [xBits.length])], [c], 21);
  const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4, graphOptimizationLevel: level});
  const y = (await s.run({x: new ort.Tensor(jsType, new Arr(Bits.from(xBits).buffer), [xBits.length])})).y.data;
  return [...new Bits(y.buffer, y.byteOffset, y.length)].map((v) => hex(v, w));
}
const f32 = (v) => new Uint32Array(Float32Array.of(v).buffer)[0];
const f64 = (v) => new BigUint64Array(Float64Array.of(v).buffer)[0];
const cases = [
  // [dtype, op, wrap, c bits, c shown, x bits, want bits]
  ['float', 'Add', 'Neg', f32(0), '+0', f32(0), f32(-(-0 + 0))],
  ['float', 'Sub', 'Neg', f32(-0), '-0', f32(0), f32(-(-0 - -0))],
  ['float16', 'Add', 'Neg', 0x0000, '+0', 0x0000, 0x8000],
  ['double', 'Add', 'Neg', f64(0), '+0', f64(0), f64(-(-0 + 0))],
  ['double', 'Add', 'Abs', 1n, '5e-324', f64(0), f64(0 + 5e-324)],
  ['double', 'Sub', 'Abs', f64(1e-300), '1e-300', f64(0), f64(Math.abs(0 - 1e-300))],
  ['double', 'Mul', 'Abs', f64(1 + 2 ** -40), '1+2^-40', f64(3), f64(3 * (1 + 2 ** -40))],
  ['double', 'Div', 'Abs', f64(1 + 2 ** -40), '1+2^-40', f64(3), f64(3 / (1 + 2 ** -40))],
];
(async () => {
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  for (const [t, op, wrap, cBits, cShown, x, want] of cases) {
    const w = T[t][4];
    const [got] = await run(t, op, wrap, cBits, [x], 'all');
    const [off] = await run(t, op, wrap, cBits, [x], 'disabled');
    console.log(`${t.padEnd(7)} ${wrap}(${op}(${wrap}(x), ${cShown})) x=${hex(x, w)}: ` +
        `got ${got}, opt off ${off}, want ${hex(want, w)}` + (got === hex(want, w) ? '' : '  <- differs'));
  }
})();
