// onnxruntime-node (or -web: pass its name) on Mod, PRelu and LeakyRelu,
// with the package's own API and onnx_model.js's encoder (plus a FLOAT
// attribute, written here, for LeakyRelu's alpha):
//  (1) Mod-13 fmod=1 on int64 / uint64: the answer of fmod() on the two
//      operands converted to double, not the exact remainder.
//  (2) Mod-13 with a zero divisor: the run is refused (fmod 0 and 1).
//  (3) Mod-13 MIN % -1 (fmod=0 and fmod=1), each in a child process.
//  (4) PRelu and LeakyRelu where the answer is a -0 taken from the x < 0
//      branch: the opset 16 function body's Where gives +0 (Where itself
//      shown with a -0 in X).
//  (5) LeakyRelu on float16, every negative finite pattern: which rounding
//      of x * alpha the kernel gives.
//   NODE_PATH=harness/workers/ort/node_modules node mod_prelu_leakyrelu.js [package]
// Expected answers: BigInt for the integers (BigInt % truncates, so its
// remainder has the dividend's sign, as C fmod); IEEE products in double
// for PRelu / LeakyRelu (exact: a float16 or float32 times a float32 has at
// most 35 significant bits), rounded once to the tensor's type.
'use strict';
const {spawnSync} = require('child_process');
const pkg = process.argv[2] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;
const {fld, str, valueInfo, node, model, hex} = require('./onnx_model.js');

// NodeProto with one FLOAT attribute: AttributeProto{name=1, f=2 (fixed32), type=20 (FLOAT=1)}.
const nodeF = (op, ins, outs, name, v) => {
  const f = Buffer.alloc(4); f.writeFloatLE(v);
  const attr = fld(1, str(name)).concat([0x15, ...f], fld(20, 1));
  return ins.flatMap((i) => fld(1, str(i))).concat(outs.flatMap((o) => fld(2, str(o))),
      fld(4, str(op)), fld(5, attr));
};
const T = {  // name: [ONNX code, JS tensor type, array type]
  int8: [3, 'int8', Int8Array], int16: [5, 'int16', Int16Array], int32: [6, 'int32', Int32Array],
  int64: [7, 'int64', BigInt64Array], uint8: [2, 'uint8', Uint8Array], uint16: [4, 'uint16', Uint16Array],
  uint32: [12, 'uint32', Uint32Array], uint64: [13, 'uint64', BigUint64Array],
  float: [1, 'float32', Float32Array], double: [11, 'float64', Float64Array], float16: [10, 'float16', Uint16Array],
};
const session = (nodes, names, types, opset) => ort.InferenceSession.create(model(nodes,
    names.map((n, k) => valueInfo(n, T[types[k]][0], [-1])), [valueInfo('y', T[types[0]][0], [-1])], [], opset),
    {logSeverityLevel: 4});
const feeds = (names, types, arrays) => Object.fromEntries(names.map((n, k) =>
    [n, new ort.Tensor(T[types[k]][1], T[types[k]][2].from(arrays[k]), [arrays[k].length])]));
async function run(op, opset, types, arrays, ints = {}) {
  const names = arrays.map((_, k) => `x${k}`);
  const s = await session([node(op, names, ['y'], ints)], names, types, opset);
  return (await s.run(feeds(names, types, arrays))).y.data;
}
const msg = (e) => e.message.split('Status Message: ').pop().split('\n')[0].slice(0, 100);
const bitsOf = (data, Bits) => [...new Bits(data.buffer, data.byteOffset, data.length)];

// float16 <-> double, round to nearest even (the double is exact on entry).
const halfToDouble = (h) => {
  const s = h & 0x8000 ? -1 : 1, e = (h >> 10) & 31, m = h & 1023;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (e ? (1024 + m) * 2 ** (e - 25) : m * 2 ** -24);
};
const rne = (v) => { const f = Math.floor(v), d = v - f; return d > 0.5 || (d === 0.5 && f % 2) ? f + 1 : f; };
const doubleToHalf = (d) => {
  if (Number.isNaN(d)) return 0x7e00;
  const sign = d < 0 || Object.is(d, -0) ? 0x8000 : 0, a = Math.abs(d);
  if (a >= 65520) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | rne(a * 2 ** 24);  // subnormal (may round up to 0x0400)
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1; else if (2 ** (e + 1) <= a) e += 1;
  const m = rne((a / 2 ** e - 1) * 1024);  // may be 1024: carries into the exponent
  return sign | (((e + 15) << 10) + m);
};

(async () => {
  console.log(`${pkg} ${ort.env.versions.web || ort.env.versions.node}`);
  if (process.argv[3] === 'child') {  // part (3): one MIN % -1
    const [dt, fmod] = [process.argv[4], +process.argv[5]];
    const min = T[dt][2] === BigInt64Array ? -(2n ** 63n) : -(2 ** (8 * T[dt][2].BYTES_PER_ELEMENT - 1));
    const conv = typeof min === 'bigint' ? BigInt : Number;
    try {
      const y = await run('Mod', 13, [dt, dt], [[min, conv(7)], [conv(-1), conv(-1)]], {fmod});
      console.log(`ran: [${[...y]}]`);
    } catch (e) { console.log(`refused: ${msg(e)}`); }
    return;
  }

  console.log('(1) Mod-13 fmod=1 on 64-bit integers');
  const M63 = 2n ** 63n - 1n, U64 = 2n ** 64n - 1n, P53 = 2n ** 53n + 1n;
  for (const [dt, a, b] of [['int64', [M63, P53, -P53, -(2n ** 63n), 1000000007n], [7n, 2n, 2n, 1000000007n, 7n]],
                            ['uint64', [U64, P53, U64 - 1n, 12345n], [7n, 2n, 2n ** 32n + 1n, 7n]]]) {
    const y = await run('Mod', 13, [dt, dt], [a, b], {fmod: 1});
    const want = a.map((x, k) => x % b[k]);
    const viaDouble = a.map((x, k) => BigInt(Number(x) % Number(b[k])));  // JS % on doubles is fmod
    console.log(`  ${dt} [${a}] fmod [${b}]\n    -> [${[...y]}]\n    want [${want}]; fmod in double gives [${viaDouble}]`);
  }
  const i32 = await run('Mod', 13, ['int32', 'int32'], [[2147483647, -2147483648, -7], [7, 7, 2]], {fmod: 1});
  console.log(`  int32 [2147483647,-2147483648,-7] fmod [7,7,2] -> [${[...i32]}]  want [1,-2,-1] (exact in double)`);

  console.log('(2) Mod-13 with a zero in the divisor');
  for (const dt of ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']) {
    const conv = T[dt][2] === BigInt64Array || T[dt][2] === BigUint64Array ? BigInt : Number;
    const line = [];
    for (const fmod of [0, 1]) {
      try {
        line.push(`fmod=${fmod} ran: [${[...await run('Mod', 13, [dt, dt], [[7, 9].map(conv), [2, 0].map(conv)], {fmod})]}]`);
      } catch (e) { line.push(`fmod=${fmod} refused: ${msg(e)}`); }
    }
    console.log(`  ${dt} [7, 9] % [2, 0]: ${line.join('; ')}`);
  }

  console.log('(3) Mod-13 [MIN, 7] % [-1, -1], each in a child process (want [0, 0])');
  for (const dt of ['int8', 'int16', 'int32', 'int64']) {
    for (const fmod of [0, 1]) {
      const p = spawnSync(process.execPath, [__filename, pkg, 'child', dt, fmod], {encoding: 'utf8'});
      const status = p.signal ? `killed by ${p.signal}` : `exit ${p.status}`;
      console.log(`  ${dt} fmod=${fmod}: ${status}: ${p.stdout.trim().split('\n').slice(1).join(' ')}`);
    }
  }

  console.log('(4) -0 from the x < 0 branch');
  const NEG = {float16: [0xbc00, 0x8001, 0x8000, 0x0000, 0xc000], float: [-1, -(2 ** -149), -0, 0, -2],
               double: [-1, -(2 ** -1074), -0, 0, -2]};
  const SLOPE = {float16: [0x0000, 0x0001, 0x4000, 0xc000, 0x3800], float: [0, 2 ** -149, 2, -2, 0.5],
                 double: [0, 2 ** -1074, 2, -2, 0.5]};
  const view = {float16: Uint16Array, float: Uint32Array, double: BigUint64Array};
  const width = {float16: 4, float: 8, double: 16};
  const asNum = (dt, v) => dt === 'float16' ? halfToDouble(v) : v;
  const toBits = (dt, v) => dt === 'float16' ? doubleToHalf(v) :
      bitsOf(T[dt][2].of(v), view[dt])[0];
  for (const dt of ['float16', 'float', 'double']) {
    const want = NEG[dt].map((x, k) => {
      const xv = asNum(dt, x), p = xv * asNum(dt, SLOPE[dt][k]);
      return hex(toBits(dt, xv < 0 ? (dt === 'float' ? Math.fround(p) : p) : xv), width[dt]);
    });
    for (const opset of [9, 16]) {
      let got;
      try {
        got = bitsOf(await run('PRelu', opset, [dt, dt], [NEG[dt], SLOPE[dt]]), view[dt]).map((v) => hex(v, width[dt]));
      } catch (e) { got = `refused: ${msg(e)}`; }
      console.log(`  PRelu-${opset} ${dt} x=[${NEG[dt].map((v) => dt === 'float16' ? hex(v, 4) : Object.is(v, -0) ? '-0' : v)}]` +
                  ` slope=[${SLOPE[dt].map((v) => dt === 'float16' ? hex(v, 4) : v)}]\n    -> [${got}]\n    want [${want}]`);
    }
  }
  for (const opset of [6, 16]) {
    const x = [-(2 ** -1074), -1e-320, -0, 3];
    let got;
    try {
      const s = await session([nodeF('LeakyRelu', ['x0'], ['y'], 'alpha', 0.01)], ['x0'], ['double'], opset);
      got = bitsOf((await s.run(feeds(['x0'], ['double'], [x]))).y.data, BigUint64Array).map((v) => hex(v, 16));
    } catch (e) { got = `refused: ${msg(e)}`; }
    const a = Math.fround(0.01);
    console.log(`  LeakyRelu-${opset} double alpha=0.01 x=[${x.map((v) => Object.is(v, -0) ? '-0' : v)}] -> [${got}]` +
                `\n    want [${x.map((v) => hex(bitsOf(Float64Array.of(v < 0 ? v * a : v), BigUint64Array)[0], 16))}]`);
  }
  for (const dt of ['float16', 'float', 'double']) {
    const neg0 = dt === 'float16' ? 0x8000 : -0, one = dt === 'float16' ? 0x3c00 : 1;
    const s = await ort.InferenceSession.create(model([node('Where', ['c', 'a', 'b'], ['y'])],
        [valueInfo('c', 9, [2]), valueInfo('a', T[dt][0], [2]), valueInfo('b', T[dt][0], [2])],
        [valueInfo('y', T[dt][0], [2])], [], 16), {logSeverityLevel: 4});
    const {y} = await s.run({c: new ort.Tensor('bool', Uint8Array.of(1, 0), [2]),
                             a: new ort.Tensor(T[dt][1], T[dt][2].of(neg0, one), [2]),
                             b: new ort.Tensor(T[dt][1], T[dt][2].of(one, neg0), [2])});
    console.log(`  Where-16 ${dt} cond=[true, false] X=[-0, 1] Y=[1, -0] -> [${bitsOf(y.data, view[dt]).map((v) => hex(v, width[dt]))}]` +
                `  want [-0, -0]`);
  }

  console.log('(5) LeakyRelu float16, all 31743 negative finite patterns (0x8001..0xfbff)');
  const xs = Uint16Array.from({length: 0xfc00 - 0x8001}, (_, k) => 0x8001 + k);
  for (const opset of [6, 16]) {
    for (const alpha of [0.01, 0.2, -1.5]) {
      const s = await session([nodeF('LeakyRelu', ['x0'], ['y'], 'alpha', alpha)], ['x0'], ['float16'], opset);
      const y = (await s.run({x0: new ort.Tensor('float16', xs, [xs.length])})).y.data;
      const got = new Uint16Array(y.buffer, y.byteOffset, xs.length);
      const a32 = Math.fround(alpha), a16 = halfToDouble(doubleToHalf(a32));
      let ref = 0, once = 0, viaFloat = 0, ex = '';
      xs.forEach((x, k) => {
        const xv = halfToDouble(x);
        const r = doubleToHalf(xv * a16), o = doubleToHalf(xv * a32), f = doubleToHalf(Math.fround(xv * a32));
        if (got[k] !== r) { ref++; if (!ex) ex = `${hex(x, 4)} -> ${hex(got[k], 4)}, want ${hex(r, 4)}`; }
        if (got[k] !== o) once++;
        if (got[k] !== f) viaFloat++;
      });
      console.log(`  LeakyRelu-${opset} alpha=${alpha}: ${ref} differ from x * alpha rounded to float16 first (the reference)` +
                  `${ex ? ` (e.g. ${ex})` : ''}, ${once} from x * float32 alpha rounded once, ${viaFloat} from it rounded to float then to float16`);
    }
  }
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
