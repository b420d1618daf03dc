// onnxruntime-node (or -web: pass its name) on Where, with the package's own
// API and onnx_model.js's encoder. Where selects bits: "want" is the bits of
// the element the condition picks, which is what numpy's np.where gives. A
// line ends "<- differs" for a failure, "<- differs where the spec is
// silent" where only a NaN's payload differs (a deviation).
//  (1) cond [true, false], X [-0, 1], Y [2, -0], one shape: the -0 taken
//      from X comes back +0 (float, double, float16; Where-9 and -16). ORT's
//      CPU Where fills X_sel = cond ? X : +0 and Y_sel = cond ? +0 : Y, then
//      merges them with x != 0 ? x : y, and -0 == +0, so Y_sel's +0 wins.
//  (2) the suite's broadcast: cond [2,1,1], X [2,1], Y [1,2] -> [2,2,2]:
//      the row of X's -0 comes back +0; Y's -0 is kept (the merge copies
//      Y_sel's row where X_sel's element is zero).
//  (3) a scalar Y against a wider X loses its -0 too (the merge copies
//      X_sel's +0s where Y_sel's scalar is zero); no suite case has it.
//  (4) float16: ORT has no float16 Where and wraps the float kernel in Casts
//      (the profile's InsertedPrecisionFreeCast nodes). The Cast back to
//      float16 turns a NaN with a payload into 0x7e00 / 0xfe00 in its scalar
//      code: natively past the last full block of 8 elements, in
//      WebAssembly everywhere.
//   NODE_PATH=harness/workers/ort/node_modules node where.js [package]
'use strict';
const fs = require('fs'), os = require('os'), path = require('path');
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model, hex} = require('./onnx_model.js');

const T = {  // name: [ONNX code, JS tensor type, array type, bits view, hex width, is a NaN]
  float16: [10, 'float16', Uint16Array, Uint16Array, 4, (v) => (v & 0x7fff) > 0x7c00],
  float: [1, 'float32', Float32Array, Uint32Array, 8, (v) => (v & 0x7fffffff) > 0x7f800000],
  double: [11, 'float64', Float64Array, BigUint64Array, 16, (v) => (v & 0x7fffffffffffffffn) > 0x7ff0000000000000n],
};
const size = (d) => d.reduce((a, b) => a * b, 1);
const whereModel = (opset, code, dims) => model([node('Where', ['c', 'x', 'y'], ['z'])],
    [valueInfo('c', 9, dims[0]), valueInfo('x', code, dims[1]), valueInfo('y', code, dims[2])],
    [valueInfo('z', code, dims[3])], [], opset);
// want: numpy's broadcast of c, x, y to the output's dims, then the bits of x or y
function select(c, x, y, dims) {
  const out = dims[3], at = (v, d, i) => {  // element of v (dims d) at output index i
    let k = 0, stride = 1, rest = i;
    for (let a = out.length - 1; a >= 0; --a) {
      const j = rest % out[a]; rest = Math.floor(rest / out[a]);
      const da = d[a - (out.length - d.length)];
      if (da !== undefined) { k += (da === 1 ? 0 : j) * stride; stride *= da; }
    }
    return v[k];
  };
  return [...Array(size(out))].map((_, i) => (at(c, dims[0], i) ? at(x, dims[1], i) : at(y, dims[2], i)));
}
async function where(opset, t, c, x, y, dims, profile = false) {
  const [code, jsType, Arr, Bits] = T[t];
  const lines = [], prefix = path.join(os.tmpdir(), `where_js_${process.pid}`);
  const s = await ort.InferenceSession.create(whereModel(opset, code, dims),
      {logSeverityLevel: 4, ...(profile ? {enableProfiling: true, profileFilePrefix: prefix} : {})});
  const z = (await s.run({c: new ort.Tensor('bool', Uint8Array.from(c), dims[0]),
    x: new ort.Tensor(jsType, new Arr(Bits.from(x).buffer), dims[1]),
    y: new ort.Tensor(jsType, new Arr(Bits.from(y).buffer), dims[2])})).z.data;
  let nodes = '';
  if (profile) {  // onnxruntime-web writes the profile to fd 1, onnxruntime-node to a file
    const writeSync = fs.writeSync;
    fs.writeSync = (fd, text, ...rest) => (fd === 1 ? lines.push(String(text)) : writeSync(fd, text, ...rest));
    try { s.endProfiling(); } finally { fs.writeSync = writeSync; }
    for (const f of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(path.basename(prefix)))) {
      lines.push(fs.readFileSync(path.join(os.tmpdir(), f), 'utf8'));
      fs.unlinkSync(path.join(os.tmpdir(), f));
    }
    nodes = ` (nodes run: ${[...lines.join('\n').matchAll(/"name" *: *"(\w+)_kernel_time"/g)].map((m) => m[1]).join(', ')})`;
  }
  return [[...new Bits(z.buffer, z.byteOffset, z.length)], nodes];
}
async function show(label, opset, t, c, x, y, dims, profile = false) {
  const [, , , , w, isNaN] = T[t];
  try {
    const [got, nodes] = await where(opset, t, c, x, y, dims, profile);
    const want = select(c, x, y, dims);
    const diff = got.flatMap((g, i) => (g === want[i] ? [] : [i]));
    // another NaN for a NaN: a deviation (onnxcts: the spec is silent on payloads)
    const hard = diff.filter((i) => !(isNaN(got[i]) && isNaN(want[i])));
    console.log(`  Where-${opset} ${t}${label ? ' ' + label : ''}${nodes}\n    -> [${got.map((v) => hex(v, w)).join(', ')}]\n` +
                `    want [${want.map((v) => hex(v, w)).join(', ')}]` +
                (hard.length ? `   <- differs at [${diff.join(', ')}]` :
                 diff.length ? `   <- differs where the spec is silent at [${diff.join(', ')}]` : ''));
  } catch (e) { console.log(`  Where-${opset} ${t}${label ? ' ' + label : ''}\n    -> refused: ${e.message.split('\n')[0].slice(0, 150)}`); }
}

const NEG0 = {float16: 0x8000, float: 0x80000000, double: 0x8000000000000000n};
const TWO = {float16: 0x4000, float: 0x40000000, double: 0x4000000000000000n};
const ONE = {float16: 0x3c00, float: 0x3f800000, double: 0x3ff0000000000000n};

(async () => {
  console.log(`${pkg} ${ort.env.versions.web || ort.env.versions.node}`);
  console.log('(1) cond=[true, false] X=[-0, 1] Y=[2, -0], one shape [2]');
  for (const t of ['float', 'double', 'float16']) {
    for (const op of [9, 16]) {
      await show('', op, t, [1, 0], [NEG0[t], ONE[t]], [TWO[t], NEG0[t]], [[2], [2], [2], [2]]);
    }
  }
  console.log('(2) the suite\'s broadcast: cond [2,1,1]=[true, false], X [2,1]=[-0, 1], Y [1,2]=[2, -0] -> [2,2,2]');
  for (const t of ['float', 'double', 'float16']) {
    await show('', 16, t, [1, 0], [NEG0[t], ONE[t]], [TWO[t], NEG0[t]], [[2, 1, 1], [2, 1], [1, 2], [2, 2, 2]]);
  }
  console.log('(3) a scalar Y against a wider X: cond=false X=[1, 2] Y=-0 (scalars have shape [])');
  await show('', 16, 'float', [0], [ONE.float, TWO.float], [NEG0.float], [[], [2], [], [2]]);

  console.log('(4) float16 NaNs with a payload: 0xfffe, 0x7e01');
  await show('one shape [2]: cond=[true, false] X=[0x7e01, 1] Y=[2, 0xfffe]', 16, 'float16', [1, 0], [0x7e01, 0x3c00],
      [0x4000, 0xfffe], [[2], [2], [2], [2]], true);
  const n = 10, c10 = [...Array(n)].map((_, i) => i % 2 === 0), x10 = c10.map((_, i) => 0x7e01 + i),
      y10 = c10.map((_, i) => 0xfffe - i);
  await show('one shape [10]: cond=[true, false, ...] X=[0x7e01, 0x7e02, ...] Y=[0xfffe, 0xfffd, ...]', 16, 'float16',
      c10, x10, y10, [[n], [n], [n], [n]]);
  await show('broadcast as (2): X [2,1]=[0x7e01, 1] Y [1,2]=[2, 0xfffe]', 16, 'float16', [1, 0], [0x7e01, 0x3c00],
      [0x4000, 0xfffe], [[2, 1, 1], [2, 1], [1, 2], [2, 2, 2]]);
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
