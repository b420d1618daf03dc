// onnxruntime-node (or -web: pass its name) on the cases the arithmetic
// suite gained, with the package's own API and onnx_model.js's encoder:
//  (1) Div-14 int32 / int64 of x = 1..n with MIN at index i by a broadcast
//      [-1], each in a child process (a SIGFPE kills the process):
//      onnxruntime-node dies on int64 and on an int32 MIN in the loop's
//      scalar tail; onnxruntime-web's WebAssembly i32/i64.div_s traps and
//      run() rejects with "divide result unrepresentable".
//  (2) Sum-13 float16 of three inputs: the partial sum is kept in float,
//      rounded once (the reference adds left to right in float16).
//   NODE_PATH=harness/workers/ort/node_modules node sum_div_minus_one.js [package]
// Expected answers: BigInt arithmetic; float16 sums worked out by hand in
// the comments (every value is a short binary fraction, exact in double).
'use strict';
const {spawnSync} = require('child_process');
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {valueInfo, node, model, hex} = require('./onnx_model.js');

const INT = {int32: [6, Int32Array, -(2n ** 31n)], int64: [7, BigInt64Array, -(2n ** 63n)]};
const child = async (dt, n, i) => {
  const [code, Arr, min] = INT[dt];
  const conv = dt === 'int64' ? BigInt : Number;
  const x = Arr.from({length: n}, (_, k) => conv(k + 1)); x[i] = conv(min);
  const s = await ort.InferenceSession.create(model([node('Div', ['a', 'b'], ['y'])],
      [valueInfo('a', code, [n]), valueInfo('b', code, [1])], [valueInfo('y', code, [n])], [], 14));
  try {
    const {y} = await s.run({a: new ort.Tensor(dt, x, [n]), b: new ort.Tensor(dt, Arr.of(conv(-1)), [1])});
    const others = [...y.data].every((v, k) => k === i || BigInt(v) === -BigInt(x[k]));
    console.log(`ran: y[i] = ${y.data[i]}, others right: ${others}`);
  } catch (e) { console.log(`refused: ${e.constructor.name}: ${e.message.slice(0, 90)}`); }
};

(async () => {
  if (process.argv[3] === 'child') return child(process.argv[4], +process.argv[5], +process.argv[6]);
  console.log(`${pkg} ${ort.env.versions.web || ort.env.versions.node}`);
  console.log('(1) Div-14 x / [-1], x = 1..n with MIN at index i; each in a child process');
  for (const [dt, n, i] of [['int32', 99, 48], ['int32', 99, 98], ['int32', 1, 0], ['int64', 101, 52], ['int64', 1, 0]]) {
    const p = spawnSync(process.execPath, [__filename, pkg, 'child', dt, n, i], {encoding: 'utf8'});
    const status = p.signal ? `killed by ${p.signal}` : `exit ${p.status}`;
    console.log(`  ${dt} n=${n} MIN at ${i}: ${status}: ${p.stdout.trim()}   want y[i] = ${INT[dt][2]} (wraps) or any`);
  }
  console.log('(2) Sum-13 float16');
  // 2^-5 + (-127.9375) = -127.90625, a tie in float16 (spacing 1/16 in [64, 128)): -127.875 (0xd7fe, even);
  // -127.875 - 2^-5 = -127.90625 again: 0xd7fe. In float: -127.9375 exactly, rounded once: 0xd7ff.
  const cases = [[[0x2800, 0xd7ff, 0xa800], '0xd7fe', '0xd7ff'], [[0x2800, 0xd7ff], '0xd7fe', '0xd7fe'],
                 [[0x8000, 0x8000, 0x8000], '0x8000', '0x8000']];
  for (const [bits, l2r, wide] of cases) {
    const names = bits.map((_, k) => `x${k}`);
    const s = await ort.InferenceSession.create(model([node('Sum', names, ['y'])],
        names.map((n) => valueInfo(n, 10, [1])), [valueInfo('y', 10, [1])], [], 13));
    const {y} = await s.run(Object.fromEntries(names.map((n, k) => [n, new ort.Tensor('float16', Uint16Array.of(bits[k]), [1])])));
    const got = hex(y.data instanceof Uint16Array ? y.data[0] : new Uint16Array(y.data.buffer)[0], 4);
    console.log(`  Sum(${bits.map((b) => hex(b, 4)).join(', ')}) -> ${got}; left to right in float16 ${l2r}, float partial sums ${wide}`);
  }
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
