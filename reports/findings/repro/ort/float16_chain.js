// onnxruntime-node (or -web: pass its name): a float16 value passed from
// one node to the next is not rounded to float16 in between. Reciprocal
// then Mul, x * (1/x): each node alone answers as the spec says (1/x
// rounded to float16, then the product rounded to float16); the two-node
// graph answers x times the float32 reciprocal, rounded once. Found by
// `onnxcts fuzz --backend ort` ("fail graph Mul-14 Reciprocal-13 float16
// on normal"); the Python API's reproducer is ../ort-python/float16_chain.py.
//   NODE_PATH=harness/workers/ort/node_modules node float16_chain.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model, hex} = require('./onnx_model.js');

const FLOAT16 = 10;
const X = Uint16Array.of(0x0db8, 0x4402, 0x6ffe);

async function run(nodes, inputs, feeds) {
  const s = await ort.InferenceSession.create(
      model(nodes, inputs.map((n) => valueInfo(n, FLOAT16, [3])),
          [valueInfo('y', FLOAT16, [3])], [], 21), {logSeverityLevel: 4});
  const out = {};
  for (const [k, v] of Object.entries(feeds)) out[k] = new ort.Tensor('float16', v, [3]);
  return (await s.run(out)).y.data;
}

(async () => {
  const show = (a) => [...a].map((v) => hex(v, 4)).join(' ');
  const r = await run([node('Reciprocal', ['x'], ['y'])], ['x'], {x: X});
  const alone = await run([node('Mul', ['r', 'x'], ['y'])], ['r', 'x'], {r, x: X});
  const chain = await run([node('Reciprocal', ['x'], ['r']), node('Mul', ['r', 'x'], ['y'])],
      ['x'], {x: X});
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  console.log('x               ', show(X));
  console.log('Reciprocal alone', show(r));
  console.log('Mul alone on it ', show(alone));
  console.log('the graph       ', show(chain), show(chain) === show(alone) ? '' : '<- differs');
})();
