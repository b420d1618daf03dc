// Proves that the worker's I/O is bit-exact on both runtimes, onnxruntime-web
// (WebAssembly) above all: an Identity model (opset 21, whose type
// constraint takes every dtype here, and which ORT 1.30 implements for all
// of them on both runtimes) is fed every bit pattern of each dtype of 16 bits
// or fewer and a fixed spread of patterns of the wider ones, and its output
// file must hold the input's bytes, byte for byte. float16 is carried by the
// JS API as raw bits (Uint16Array); bfloat16 and float8 go through the
// adapter (inlined input, widened output narrowed back), and where that
// route cannot give the bits back (float8e5m2 NaNs) the answer must be
// not_supported, naming the dtype and the patterns. The dtypes from code 21
// on (packed int4, uint4, int2, uint2, and float8e8m0) go through a Cast to
// the same type (ORT has no Identity for them) and must come back byte for
// byte too; float4e2m1, which ORT cannot Cast, must be refused by name.
'use strict';

const {describe, it, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

// data_type code -> [name, bytes per element, carried by the JS API as is].
const DTYPES = {
  1: ['float', 4, true], 2: ['uint8', 1, true], 3: ['int8', 1, true],
  4: ['uint16', 2, true], 5: ['int16', 2, true], 6: ['int32', 4, true],
  7: ['int64', 8, true], 9: ['bool', 1, true], 10: ['float16', 2, true],
  11: ['double', 8, true], 12: ['uint32', 4, true], 13: ['uint64', 8, true],
  16: ['bfloat16', 2, false], 17: ['float8e4m3fn', 1, false],
  18: ['float8e4m3fnuz', 1, false], 19: ['float8e5m2', 1, false],
  20: ['float8e5m2fnuz', 1, false],
};
const E5M2 = 19;
// float8e5m2's NaNs: exponent 11111, mantissa 01, 10, 11, of either sign.
const E5M2_NANS = [0x7d, 0x7e, 0x7f, 0xfd, 0xfe, 0xff];

// Every pattern of a 1- or 2-byte dtype, little-endian.
function everyPattern(width) {
  const count = 1 << (8 * width);
  const out = Buffer.alloc(count * width);
  for (let p = 0; p < count; ++p) out.writeUIntLE(p, p * width, width);
  return out;
}

// For 4- and 8-byte dtypes: zeros, ones, extremes, each byte alone set,
// float infinities, quiet and signalling NaNs with payloads (of float and
// double alike, whichever the width reads them as), then 4096 patterns
// from a fixed 64-bit LCG.
function spreadPatterns(width) {
  const bits = BigInt(8 * width);
  const mask = (1n << bits) - 1n;
  const values = [0n, 1n, mask, 1n << (bits - 1n), mask >> 1n,
    0x7F800000n, 0xFF800000n, 0x7FC00000n, 0xFFC00000n, 0x7F800001n,
    0xFF800001n, 0x7FA5A5A5n, 0x7FF0000000000000n, 0x7FF0000000000001n,
    0xFFF8000000000000n, 0x7FF4000012345678n, 0xFFFFFFFF7F800001n];
  for (let b = 0n; b < bits; b += 8n) values.push(0xA5n << b);
  let x = 0x0123456789ABCDEFn;
  for (let i = 0; i < 4096; ++i) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    values.push(x);
  }
  const out = Buffer.alloc(values.length * width);
  values.forEach((v, i) => {
    if (width === 4) out.writeUInt32LE(Number(v & mask), i * 4);
    else out.writeBigUInt64LE(v & mask, i * 8);
  });
  return out;
}

function patterns(code) {
  const [, width] = DTYPES[code];
  if (code === 9) return Buffer.from([0, 1, 1, 0]);  // a bool is 0 or 1
  if (code === E5M2) {
    // The patterns the adapter can give back; the NaNs are tested apart.
    return Buffer.from([...everyPattern(1)]
        .filter((p) => !E5M2_NANS.includes(p)));
  }
  return width <= 2 ? everyPattern(width) : spreadPatterns(width);
}

function request(dir, id) {
  return {method: 'run', id, model: path.join(dir, 'model.onnx'),
          inputs: [path.join(dir, 'input_0.pb')],
          output_dir: path.join(dir, 'out')};
}

function ioTests(runtime) {
  let root;
  let client;
  let id = 1;
  before(() => {
    root = h.tempDir();
    client = new h.Client(h.workerArgv(runtime));
  });
  after(async () => {
    assert.equal(await client.close(), 0);
    fs.rmSync(root, {recursive: true, force: true});
  });

  for (const [key, [name, width, direct]] of Object.entries(DTYPES)) {
    const code = Number(key);
    const raw = patterns(code);
    const what = code === E5M2 ? 'every non-NaN pattern' :
        width <= 2 && code !== 9 ? 'every pattern' : 'patterns';
    it(`Identity gives back ${what} of ${name} (${raw.length / width})`,
       async () => {
         const dir = h.writeIdentityCase(path.join(root, name), code, raw,
                                         raw.length / width);
         const answer = await client.request(request(dir, id++));
         assert.equal(answer.status, 'ok', JSON.stringify(answer));
         // Carried types go through untouched; the narrow floats through
         // the adapter, which must say so.
         assert.equal(answer.adapter_steps === undefined, direct,
                      JSON.stringify(answer));
         if (!direct) {
           const steps = answer.adapter_steps.join('\n');
           assert.match(steps, new RegExp(`'x' \\(${name}\\) inlined`));
           assert.match(steps, new RegExp(`'y' \\(${name}\\) widened`));
         }
         const y = h.readPb(path.join(dir, 'out', 'output_0.pb'));
         assert.equal(y.code, code);
         assert.deepEqual(y.dims, [raw.length / width]);
         // Byte for byte; Buffer.compare, as deepEqual on 128 KiB of
         // bytes would only say "not equal" slowly.
         assert.equal(Buffer.compare(Buffer.from(y.raw), raw), 0,
                      `${name}: output bytes differ from the input's`);
       });
  }

  // ORT 1.30's Cast(float8e5m2 -> float) maps the three NaNs of each sign
  // to one float NaN, so the widened output has no inverse there.
  for (const nan of E5M2_NANS) {
    it(`refuses float8e5m2 0x${nan.toString(16)}, naming the dtype`,
       async () => {
         const dir = h.writeIdentityCase(
             path.join(root, `e5m2_${nan.toString(16)}`), E5M2,
             Buffer.from([0x3c, nan]), 2);
         const answer = await client.request(request(dir, id++));
         assert.equal(answer.status, 'not_supported', JSON.stringify(answer));
         const group = nan < 0x80 ? '0x7d, 0x7e, 0x7f' : '0xfd, 0xfe, 0xff';
         assert.match(answer.message, new RegExp(
             `output element 1: .* comes from ${group} of float8e5m2, ` +
             'so its bits cannot be recovered'));
         assert.equal(fs.existsSync(path.join(dir, 'out', 'output_0.pb')),
                      false);
       });
  }
}

// The dtypes from code 21 on that ORT 1.30 has a Cast for: [code, name,
// bits, whether the runtime feeds the input as a tensor of the JS API]. No
// Identity kernel takes them (ORT 1.30), so a Cast to the same type
// (opset 25) carries them through; every pattern, in a tensor of an odd
// count, so the last byte of a packed one is half used (its unused bits 0).
// float8e8m0, int2 and uint2 have no JS name, int4 and uint4 go in as
// packed tensors on onnxruntime-web only (onnxruntime-node refuses them);
// every output goes through the adapter's Cast to float.
const PACKED = [
  [21, 'uint4', 4, {node: false, web: true}],
  [22, 'int4', 4, {node: false, web: true}],
  [24, 'float8e8m0', 8, {node: false, web: false}],
  [25, 'uint2', 2, {node: false, web: false}],
  [26, 'int2', 2, {node: false, web: false}],
];

// Every pattern of a `bits`-wide dtype, then pattern 1 again: count
// 2^bits + 1, packed as onnx.proto packs them.
function everyPacked(bits) {
  const count = 2 ** bits + 1;
  const out = Buffer.alloc(Math.ceil(count * bits / 8));
  for (let i = 0; i < count; ++i) {
    out[(i * bits) >> 3] |= (i % 2 ** bits || 1) << ((i * bits) & 7);
  }
  return {raw: out, count};
}

function packedTests(runtime) {
  let root;
  let client;
  before(() => {
    root = h.tempDir();
    client = new h.Client(h.workerArgv(runtime));
  });
  after(async () => {
    assert.equal(await client.close(), 0);
    fs.rmSync(root, {recursive: true, force: true});
  });

  for (const [code, name, bits, fed] of PACKED) {
    const {raw, count} = everyPacked(bits);
    it(`Cast-25 to ${name} gives back every pattern (${count})`,
       async () => {
         const req = h.writeNodeCase(
             path.join(root, name), 'Cast', 25,
             [{name: 'x', code, dims: [count], raw}],
             [{name: 'y', code, dims: [count]}], {to: code});
         const answer = await client.request(req);
         assert.equal(answer.status, 'ok', JSON.stringify(answer));
         const steps = answer.adapter_steps.join('\n');
         assert.equal(/'x' \(\w+\) inlined/.test(steps), !fed[runtime], steps);
         assert.match(steps, new RegExp(`'y' \\(${name}\\) widened`));
         const y = h.readPb(path.join(req.output_dir, 'output_0.pb'));
         assert.equal(y.code, code);
         assert.deepEqual(y.dims, [count]);
         assert.equal(Buffer.compare(Buffer.from(y.raw), raw), 0,
                      `${name}: ${Buffer.from(y.raw).toString('hex')}, ` +
                      `want ${raw.toString('hex')}`);
       });
  }

  // int4 -> int8 (an output the JS API carries) and float -> int4 (an
  // input it carries): each side alone, checked against values.
  it('Cast-21 int4 to int8 reads the packed input right', async () => {
    const raw = Buffer.from([0x98, 0x0f, 0x07]);  // 8, 9, 15, 0, 7
    const req = h.writeNodeCase(path.join(root, 'int4_int8'), 'Cast', 21,
        [{name: 'x', code: 22, dims: [5], raw}],
        [{name: 'y', code: 3, dims: [5]}], {to: 3});
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    const y = h.readPb(path.join(req.output_dir, 'output_0.pb'));
    assert.deepEqual([...new Int8Array(Buffer.from(y.raw))],
                     [-8, -7, -1, 0, 7]);
  });

  it('Cast-21 float to uint4 writes the packed output right', async () => {
    const x = Float32Array.of(0, 1, 15, 7, 2);
    const req = h.writeNodeCase(path.join(root, 'float_uint4'), 'Cast', 21,
        [{name: 'x', code: 1, dims: [5], raw: Buffer.from(x.buffer)}],
        [{name: 'y', code: 21, dims: [5]}], {to: 21});
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    const y = h.readPb(path.join(req.output_dir, 'output_0.pb'));
    assert.equal(Buffer.from(y.raw).toString('hex'), '107f02');
  });

  // ORT 1.30 has no Cast (nor any kernel) for float4e2m1: refused, named.
  it('refuses float4e2m1, naming it', async () => {
    const req = h.writeNodeCase(path.join(root, 'fp4'), 'Cast', 25,
        [{name: 'x', code: 1, dims: [2], raw: Buffer.alloc(8)}],
        [{name: 'y', code: 23, dims: [2]}], {to: 23});
    const answer = await client.request(req);
    assert.equal(answer.status, 'not_supported', JSON.stringify(answer));
    assert.match(answer.message, /include float4e2m1\)$/);
  });
}

for (const runtime of Object.keys(h.RUNTIMES)) {
  describe(`ORT worker bit-exact I/O, --runtime ${runtime}`,
           () => ioTests(runtime));
  describe(`ORT worker packed and float8e8m0 I/O, --runtime ${runtime}`,
           () => packedTests(runtime));
}
