// onnxruntime-node (or -web: pass its name): the float16 chain of
// float16_chain.js (a float16 value passed between nodes is not rounded to
// float16) seen through a node whose output is not float16: a comparison,
// or a Cast to another type. Each line runs the first node alone, the
// second alone on what the first gave, and the two-node graph. Found by
// `onnxcts fuzz --backend ort` ("fail graph LessOrEqual-16 Reciprocal-13
// bool on true", "fail graph CastLike-21 PRelu-16 uint32 on int_positive",
// "fail graph Add-14 Cast-21 PRelu-16 float on zero", "fail graph Add-14
// CastLike-21 Greater-13 bool on false").
//   NODE_PATH=harness/workers/ort/node_modules node float16_chain_seen.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model, hex} = require('./onnx_model.js');

const F16 = 10, FLOAT = 1, UINT32 = 12, BOOL = 9, INT64 = 7;
const JS = {[F16]: 'float16', [FLOAT]: 'float32', [UINT32]: 'uint32', [BOOL]: 'bool', [INT64]: 'int64'};
const show = (code, d) => code === F16 ? hex(d[0], 4) : code === FLOAT ?
    hex(new Uint32Array(Float32Array.of(d[0]).buffer)[0], 8) : String(d[0]);
// one model: nodes, inputs {name: [code, data]}, output name and code
async function run(nodes, inputs, out, outCode) {
  const m = model(nodes, Object.entries(inputs).map(([n, [c]]) => valueInfo(n, c, [1])),
      [valueInfo(out, outCode, [1])], [], 21);
  const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4});
  const feeds = {};
  for (const [n, [c, d]] of Object.entries(inputs)) feeds[n] = new ort.Tensor(JS[c], d, [1]);
  return (await s.run(feeds))[out].data;
}
const f16 = (bits) => [F16, Uint16Array.of(bits)];
const cases = [
  ['LessOrEqual(c, Reciprocal(x)), x=0x8a7c c=0xecef', node('Reciprocal', ['x'], ['t']),
    node('LessOrEqual', ['c', 't'], ['y']), {x: f16(0x8a7c)}, {c: f16(0xecef)}, BOOL],
  ['Cast(PRelu(x, x), to=uint32), x=0xda58', node('PRelu', ['x', 'x'], ['t']),
    node('Cast', ['t'], ['y'], {to: UINT32}), {x: f16(0xda58)}, {}, UINT32],
  ['Cast(LeakyRelu(x), to=float), x=0x8002', node('LeakyRelu', ['x'], ['t']),
    node('Cast', ['t'], ['y'], {to: FLOAT}), {x: f16(0x8002)}, {}, FLOAT],
  ['Greater(Add(Cast(x, to=float16), d), e), x=INT64_MIN d=+inf e=0',
    node('Cast', ['x'], ['t'], {to: F16}), node('Greater', ['a', 'e'], ['y']),
    {x: [INT64, BigInt64Array.of(-(2n ** 63n))]}, {d: f16(0x7c00), e: f16(0)}, BOOL,
    node('Add', ['t', 'd'], ['a'])],
];
(async () => {
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  for (const [label, first, second, ins1, ins2, outCode, middle] of cases) {
    const t = await run([first], ins1, 't', F16);
    let mid = t;
    if (middle) mid = await run([middle], {t: [F16, t], d: ins2.d}, 'a', F16);
    const feed2 = middle ? {a: [F16, mid], e: ins2.e} : {t: [F16, t], ...ins2};
    const alone = await run([second], feed2, 'y', outCode);
    const graph = await run([first, ...(middle ? [middle] : []), second], {...ins1, ...ins2}, 'y', outCode);
    const a = show(outCode, alone), g = show(outCode, graph);
    console.log(`${label}: first alone ${hex(t[0], 4)}${middle ? `, Add alone ${hex(mid[0], 4)}` : ''}, ` +
        `last alone on that ${a}, the graph ${g}` + (a === g ? '' : '  <- differs'));
  }
})();
