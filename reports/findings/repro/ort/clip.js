// onnxruntime-node (or -web: pass its name) on Clip, with the package's own
// API and onnx_model.js's encoder:
//  (1) no bound given: from Clip-11 a bound left out is no bound, so ±inf
//      stay ±inf (onnxcts's reference, as numpy's clip); ORT's kernels fill
//      a missing bound with numeric_limits' lowest() / max() and hold ±inf
//      at ±the largest finite value, a deviation. Clip-11 on float16 gives
//      ±inf: ORT has no float16 Clip-11 kernel and wraps the float one in
//      Casts, and ±FLT_MAX becomes ±inf again in the Cast back.
//  (2) Clip-12/13 on int64: values whose high 32 bits equal the bound's
//      are compared on their low halves as signed 32-bit numbers, in the
//      vectorized part of the loop only (the scalar tail is right); without
//      bounds the kernel's INT64_MIN / INT64_MAX meet the same fault.
//  (3) Clip-13 on bfloat16: ORT has no kernel and runs ONNX's function
//      body: without bounds an Identity (right); with a bound Less + Where,
//      and the body's Where is Where-9, which has no bfloat16: the model is
//      refused. The bfloat16 values go in
//      as initializers and come out through a Cast to float, since the JS
//      API cannot carry bfloat16.
//  (4) the kernels ORT lacks: double at 6 and 11, int16 / uint16 at 12 and
//      (with a bound, through the function body's Where) 13.
//  (5) a NaN bound (spec silent): x itself, where onnxcts's reference
//      gives NaN; a NaN x stays NaN.
//   NODE_PATH=harness/workers/ort/node_modules node clip.js [package]
// Expected answers: the spec's (below min -> min, above max -> max; a bound
// left out is no bound), computed in JS. A line ends "<- differs" for a
// failure, "<- differs where the spec is silent" for a deviation.
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, tensor, model, hex} = require('./onnx_model.js');

const T = {  // name: [ONNX code, JS tensor type, array type, hex width]
  float16: [10, 'float16', Uint16Array, 4], float: [1, 'float32', Float32Array, 8],
  double: [11, 'float64', Float64Array, 16], int64: [7, 'int64', BigInt64Array, 16],
  int16: [5, 'int16', Int16Array, 4], uint16: [4, 'uint16', Uint16Array, 4],
};
const msg = (e) => e.message.split('ERROR_MESSAGE: ').pop().split('Status Message: ').pop()
    .split('\n')[0].slice(0, 150);
const bits = (a, w) => {
  const view = (B) => [...new B(a.buffer, a.byteOffset, a.length)];
  const v = a instanceof Float32Array ? view(Uint32Array) : a instanceof Float64Array ? view(BigUint64Array) :
      a instanceof BigInt64Array ? view(BigUint64Array) : a instanceof Int16Array ? view(Uint16Array) : [...a];
  return v.map((x) => hex(x, w));
};

// Clip(x [, min] [, max]) with every present operand a graph input; `bounds`
// is [min or null, max or null].
async function clip(opset, t, x, bounds) {
  const [code, jsType, Arr, w] = T[t];
  const names = ['x', bounds[0] === null ? '' : 'lo', bounds[1] === null ? '' : 'hi'];
  while (names.length > 1 && names[names.length - 1] === '') names.pop();
  const ins = [valueInfo('x', code, [x.length])].concat(names.slice(1).filter((n) => n).map((n) => valueInfo(n, code, [])));
  const s = await ort.InferenceSession.create(model([node('Clip', names, ['y'])], ins,
      [valueInfo('y', code, [x.length])], [], opset), {logSeverityLevel: 4});
  const feeds = {x: new ort.Tensor(jsType, Arr.from(x), [x.length])};
  if (bounds[0] !== null) feeds.lo = new ort.Tensor(jsType, Arr.of(bounds[0]), []);
  if (bounds[1] !== null) feeds.hi = new ort.Tensor(jsType, Arr.of(bounds[1]), []);
  return (await s.run(feeds)).y.data;
}
const show = async (label, opset, t, x, bounds, want, silent = []) => {
  try {
    const y = await clip(opset, t, x, bounds);
    const got = bits(y, T[t][3]), exp = bits(T[t][2].from(want), T[t][3]);
    const diff = got.flatMap((g, i) => (g === exp[i] ? [] : [i]));
    const hard = diff.filter((i) => !silent.includes(i));
    console.log(`  ${label}\n    -> [${got.join(', ')}]\n    want [${exp.join(', ')}]` +
                (hard.length ? `   <- differs at [${diff.join(', ')}]` :
                 diff.length ? `   <- differs where the spec is silent at [${diff.join(', ')}]` : ''));
  } catch (e) { console.log(`  ${label}\n    -> refused: ${msg(e)}`); }
};

(async () => {
  console.log(`${pkg} ${ort.env.versions.web || ort.env.versions.node}`);
  console.log('(1) no bounds: +inf, -inf, 1 (held at ±the largest finite value: a deviation)');
  // float16 bits: +inf 0x7c00, -inf 0xfc00, 1 0x3c00; 65504 = 0x7bff
  for (const op of [11, 12, 13]) {
    await show(`Clip-${op} float16 x=[0x7c00, 0xfc00, 0x3c00]`, op, 'float16', [0x7c00, 0xfc00, 0x3c00], [null, null],
        [0x7c00, 0xfc00, 0x3c00], [0, 1]);
  }
  await show('Clip-11 float x=[inf, -inf, 1]', 11, 'float', [Infinity, -Infinity, 1], [null, null],
      [Infinity, -Infinity, 1], [0, 1]);
  await show('Clip-13 double x=[inf, -inf, 1] min=-2', 13, 'double', [Infinity, -Infinity, 1], [-2, null],
      [Infinity, -2, 1], [0]);

  console.log('(2) int64 a = -2^32 (0xffffffff00000000), b = 2^31 (0x0000000080000000); index 4 is past the last 2-lane packet');
  const a = -(2n ** 32n), b = 2n ** 31n;  // 0xffffffff00000000 and 0x0000000080000000
  for (const op of [12, 13]) {
    const x = [a, b, 5n, a, b];
    const want = x.map((v) => (v < -1n ? -1n : v > 6n ? 6n : v));
    await show(`Clip-${op} int64 x=[${x.join(', ')}] min=-1 max=6`, op, 'int64', x, [-1n, 6n], want);
    await show(`Clip-${op} int64 x=[${x.join(', ')}] min=-1`, op, 'int64', x, [-1n, null],
        x.map((v) => (v < -1n ? -1n : v)));
  }
  // no bounds: the kernel's defaults INT64_MIN / INT64_MAX meet the same fault
  const c = -(2n ** 63n) + 2n ** 31n, d = 2n ** 63n - 1n - 2n ** 31n;  // 0x8000000080000000, 0x7fffffff7fffffff
  await show(`Clip-13 int64 x=[${[c, d, 5n, c, d].join(', ')}] (no bounds)`, 13, 'int64', [c, d, 5n, c, d],
      [null, null], [c, d, 5n, c, d]);

  console.log('(3) bfloat16 (initializers in, Cast to float out)');
  const bf = (vals) => Buffer.from(Uint16Array.from(vals).buffer);
  for (const withMin of [false, true]) {
    const inits = [tensor('x', 16, [3], bf([0x7f80, 0xff80, 0x3f80]))];
    if (withMin) inits.push(tensor('lo', 16, [], bf([0xbf80])));
    const m = model([node('Clip', withMin ? ['x', 'lo'] : ['x'], ['c']), node('Cast', ['c'], ['y'], {to: 1})],
        [], [valueInfo('y', 1, [3])], inits, 13);
    const label = `Clip-13 bfloat16 x=[0x7f80, 0xff80, 0x3f80]${withMin ? ' min=0xbf80' : ''}`;
    try {
      const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4});
      const y = (await s.run({})).y.data;
      const got = [...new Uint32Array(y.buffer, y.byteOffset, 3)].map((v) => hex(v >>> 16, 4));
      console.log(`  ${label}\n    -> [${got.join(', ')}]\n    want [0x7f80, ${withMin ? '0xbf80' : '0xff80'}, 0x3f80]`);
    } catch (e) { console.log(`  ${label}\n    -> refused: ${msg(e)}`); }
  }

  console.log('(4) kernels ORT lacks');
  await show('Clip-6 double x=[2, -2]', 6, 'double', [2, -2], [null, null], [2, -2]);
  await show('Clip-11 double x=[2, -2] min=-1', 11, 'double', [2, -2], [-1, null], [2, -1]);
  await show('Clip-12 int16 x=[300, -300] min=-1 max=6', 12, 'int16', [300, -300], [-1, 6], [6, -1]);
  await show('Clip-13 int16 x=[300, -300] min=-1 max=6', 13, 'int16', [300, -300], [-1, 6], [6, -1]);
  await show('Clip-13 uint16 x=[300, 3] min=5', 13, 'uint16', [300, 3], [5, null], [300, 5]);
  await show('Clip-13 int16 x=[300, -300] (no bounds)', 13, 'int16', [300, -300], [null, null], [300, -300]);

  console.log('(5) a NaN min, max 6 (spec silent; onnxcts\'s reference: NaN for every non-NaN x)');
  await show('Clip-13 float x=[1, -5, 7, NaN] min=NaN max=6', 13, 'float', [1, -5, 7, NaN], [NaN, 6], [NaN, NaN, NaN, NaN],
      [0, 1, 2, 3]);
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
