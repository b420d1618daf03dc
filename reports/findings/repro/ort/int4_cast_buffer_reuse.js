// onnxruntime-node 1.30.0 (or -web: pass its name): an int4 or uint4 value
// computed in the graph (by Cast or QuantizeLinear, not an initializer),
// cast to a one-byte type (int8, uint8, bool, the float8 types) whose
// result another node reads, comes out wrong: zeros here, other bytes in
// the fuzzer's graphs. Each node alone is right, and so is the same Cast
// when its output is a graph output, or when the target is two bytes wide
// or more; graph optimizations disabled change nothing. This fits the
// result being written into the int4 value's own buffer, which holds n/2
// bytes for n elements (a memory planner that sizes both as one byte per
// element). The Python wheel 1.30.0 does the same; 1.31.1 and 1.32.0 are
// right (../ort-python/int4_cast_buffer_reuse.py). Found by `onnxcts fuzz
// --backend ort` ("fail graph Cast-21 QuantizeLinear-21 float8e4m3fn on
// normal" and 4 more), where the worker's widening Cast to float reads the
// float8 result.
//   NODE_PATH=harness/workers/ort/node_modules node int4_cast_buffer_reuse.js [package]
'use strict';
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, tensor, model} = require('./onnx_model.js');

const INT8 = 3, UINT8 = 2, INT16 = 5, FLOAT16 = 10, INT4 = 22, UINT4 = 21;
const JS = {[INT8]: ['int8', Int8Array], [UINT8]: ['uint8', Uint8Array], [INT16]: ['int16', Int16Array]};
const X = [0, 1, 2, 3, 4, 5, 6, 7];
// y = Add(c, c), c = Cast(to=wide)(q), q of type narrow computed from x
async function run(narrow, wide, viaQuantize, cIsOutput, level) {
  const q = viaQuantize ? node('QuantizeLinear', ['x', 's', 'z'], ['q']) : node('Cast', ['x'], ['q'], {to: narrow});
  const inits = viaQuantize ? [tensor('s', FLOAT16, [], [0x00, 0x3c]), tensor('z', narrow, [], [0])] : [];
  const outs = [valueInfo('y', wide, [8])].concat(cIsOutput ? [valueInfo('c', wide, [8])] : []);
  const m = model([q, node('Cast', ['q'], ['c'], {to: wide}), node('Add', ['c', 'c'], ['y'])],
      [valueInfo('x', viaQuantize ? FLOAT16 : INT8, [8])], outs, inits, 21);
  const s = await ort.InferenceSession.create(m, {logSeverityLevel: 4, graphOptimizationLevel: level});
  const x = viaQuantize ? new ort.Tensor('float16', Uint16Array.from([0x0000, 0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700]), [8]) :
    new ort.Tensor('int8', Int8Array.from(X), [8]);
  return `[${(await s.run({x})).y.data}]`;
}
(async () => {
  console.log(pkg, ort.env.versions ? JSON.stringify(ort.env.versions) : '');
  const want = `[${X.map((v) => 2 * v)}]`;
  for (const [label, narrow, wide, viaQ, cOut] of [
    ['Cast(int8 x, to=uint4), then Cast to uint8', UINT4, UINT8, false, false],
    ['Cast(int8 x, to=int4), then Cast to int8', INT4, INT8, false, false],
    ['QuantizeLinear(float16 x, 1, uint4 0), then Cast to uint8', UINT4, UINT8, true, false],
    ['Cast(int8 x, to=uint4), then Cast to uint8, also a graph output', UINT4, UINT8, false, true],
    ['Cast(int8 x, to=uint4), then Cast to int16', UINT4, INT16, false, false],
  ]) {
    for (const level of ['all', 'disabled']) {
      const got = await run(narrow, wide, viaQ, cOut, level);
      console.log(`${label}, doubled by Add (opt ${level}): ${got}` + (got === want ? '' : `  <- differs, want ${want}`));
    }
  }
})();
