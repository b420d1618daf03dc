// Runs the ORT worker as a child process over protocol 2 (docs/worker-
// protocol.md, "Version 2"), on both runtimes and both ways to the memory
// (mapped by the addon, or pread and pwrite as without it): the hello that
// agrees on it, run requests whose tensors live in shared memory at file
// descriptor 3 (a memfd, as the harness gives one; a plain file in one
// test), pipelined requests, slot checks, and the bfloat16 route. Every
// output is checked bit for bit against expectations computed here from the
// input bits. Also the addon itself.
'use strict';

const {describe, it, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const {execFileSync} = require('node:child_process');
const sem = require('./semantics');
const h = require('./helpers');
const {loadAddon} = require('../lib/addon');

const FLOAT = 1;
const BOOL = 9;
const FLOAT16 = 10;
const BFLOAT16 = 16;
const ALL16 = 65536;  // patterns of a 16-bit dtype
const MIB = 1 << 20;
const MEMORY_BYTES = 2 * MIB;
const FILL = 0xA5;    // what output slots hold before a run

// Every pattern of a 16-bit dtype, little-endian.
function every16() {
  const out = Buffer.alloc(2 * ALL16);
  for (let p = 0; p < ALL16; ++p) out.writeUInt16LE(p, 2 * p);
  return out;
}

// float specials for Sign: signed zeros, infinities, quiet and signalling
// NaNs of both signs with payloads, denormals, ones and extremes.
const FLOAT_SPECIALS = [
  0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000,
  0x7F800001, 0xFF800001, 0x7FA5A5A5, 0xFFC12345, 0x7FFFFFFF, 0xFFFFFFFF,
  0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x3F800000,
  0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x40490FDB,
];

function floatBytes(words) {
  const out = Buffer.alloc(4 * words.length);
  words.forEach((w, i) => out.writeUInt32LE(w >>> 0, 4 * i));
  return out;
}

// Applies `f` (BigInt pattern -> BigInt result) to each element of `raw`
// and packs the results at `outWidth` bytes each.
function expected(raw, width, outWidth, f) {
  const xs = h.elements(raw, width);
  const out = Buffer.alloc(xs.length * outWidth);
  xs.forEach((x, i) => out.writeUIntLE(Number(f(x)), i * outWidth, outWidth));
  return out;
}

const isNaNBits = (code) => (x) => (sem.isNaN(code, x) ? 1n : 0n);

const slot = (offset, bytes, dtype, dims) => ({offset, bytes, dtype, dims});

// Which bytes of `got` differ from `want`, for a failure message.
function firstDifference(got, want) {
  for (let i = 0; i < Math.max(got.length, want.length); ++i) {
    if (got[i] !== want[i]) return `byte ${i}: ${got[i]} != ${want[i]}`;
  }
  return 'none';
}

function assertBytes(got, want, what) {
  assert.equal(Buffer.compare(got, want), 0,
               `${what}: first difference at ${firstDifference(got, want)}`);
}

function v2Tests(runtime, addon) {
  let root;
  let client;
  let hello;
  let id = 1;
  const models = {};

  // A memory request for `model`, with `memory_bytes` the current size.
  const request = (model, inputs, outputs, memoryBytes = MEMORY_BYTES) => ({
    method: 'run', id: id++, model, memory_bytes: memoryBytes, inputs,
    outputs,
  });

  before(async () => {
    root = h.tempDir();
    const m = (name, ...spec) =>
      (models[name] = h.writeModel(path.join(root, `${name}.onnx`), ...spec));
    m('isnanF16', 'IsNaN', 20, FLOAT16, BOOL, [ALL16]);
    m('signF', 'Sign', 13, FLOAT, FLOAT, [FLOAT_SPECIALS.length]);
    m('identityBf16', 'Identity', 13, BFLOAT16, BFLOAT16, [ALL16]);
    m('isnanBf16', 'IsNaN', 20, BFLOAT16, BOOL, [ALL16]);
    client = new h.MemoryClient(h.workerArgv(runtime, addon), MEMORY_BYTES);
    hello = await client.hello([1, 2]);
  });
  after(async () => {
    assert.equal(await client.close(), 0, client.stderr);
    fs.rmSync(root, {recursive: true, force: true});
  });

  // Writes `input` at `inAt`, fills `outBytes` at `outAt`, and returns the
  // request for a one-input, one-output model.
  function prepare(model, input, inCode, outAt, outBytes, outCode, dims,
                   inAt = 0) {
    client.write(inAt, input);
    client.write(outAt, Buffer.alloc(outBytes, FILL));
    return request(model, [slot(inAt, input.length, inCode, dims)],
                   [slot(outAt, outBytes, outCode, dims)]);
  }

  it('answers protocol 2 to a hello that offers it', () => {
    assert.equal(hello.protocol, 2);
    assert.equal(hello.name, h.RUNTIMES[runtime].name);
    assert.equal(hello.version, '1.30.0');
  });

  it(`${addon === 'on' ? 'maps' : 'does not map'} the memory`, async () => {
    const req = prepare(models.isnanF16, every16(), FLOAT16, MIB, ALL16, BOOL,
                        [ALL16]);
    assert.equal((await client.request(req)).status, 'ok');
    assert.equal(client.mapsMemory(), addon === 'on');
  });

  it('IsNaN-20 float16 gives the bits expected on every pattern', async () => {
    const x = every16();
    const req = prepare(models.isnanF16, x, FLOAT16, MIB, ALL16, BOOL,
                        [ALL16]);
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.equal(answer.id, req.id);
    assert.deepEqual(answer.outputs, [{dtype: BOOL, dims: [ALL16]}]);
    assert.equal(answer.adapter_steps, undefined);
    for (const k of ['read', 'run', 'write']) {
      assert.ok(answer.timings[k] >= 0, `timings.${k}`);
    }
    const want = expected(x, 2, 1, isNaNBits(FLOAT16));
    assert.equal(want.reduce((a, b) => a + b, 0), 2 * 1023);  // the NaNs
    assertBytes(client.read(MIB, ALL16), want, 'IsNaN output');
  });

  it('Sign-13 float keeps the exact bits of specials', async () => {
    const x = floatBytes(FLOAT_SPECIALS);
    const n = FLOAT_SPECIALS.length;
    const req = prepare(models.signF, x, FLOAT, 4096, 4 * n, FLOAT, [n]);
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.deepEqual(answer.outputs, [{dtype: FLOAT, dims: [n]}]);
    const y = client.read(4096, 4 * n);
    const want = expected(x, 4, 4, (p) => sem.sign(FLOAT, p));
    assertBytes(y, want, 'Sign output');
    // NaN payloads and signs survive: 0xFFC12345 comes back as it went in.
    assert.equal(y.readUInt32LE(4 * FLOAT_SPECIALS.indexOf(0xFFC12345)),
                 0xFFC12345);
  });

  it('answers pipelined requests in order, from one buffered write',
     async () => {
       const x16 = every16();
       const xf = floatBytes(FLOAT_SPECIALS);
       const n = FLOAT_SPECIALS.length;
       const reqs = [
         prepare(models.isnanF16, x16, FLOAT16, 3 * 65536, ALL16, BOOL,
                 [ALL16], 0),
         prepare(models.signF, xf, FLOAT, 5 * 65536, 4 * n, FLOAT, [n],
                 4 * 65536),
         prepare(models.isnanF16, x16, FLOAT16, 8 * 65536, ALL16, BOOL,
                 [ALL16], 6 * 65536),
       ];
       // All three lines in one write: the worker finds them buffered.
       client.child.stdin.write(reqs.map((r) => JSON.stringify(r) + '\n')
           .join(''));
       const answers = [];
       for (let k = 0; k < reqs.length; ++k) answers.push(await client.next());
       assert.deepEqual(answers.map((a) => a.id), reqs.map((r) => r.id));
       assert.deepEqual(answers.map((a) => a.status), ['ok', 'ok', 'ok']);
       const isnan = expected(x16, 2, 1, isNaNBits(FLOAT16));
       assertBytes(client.read(3 * 65536, ALL16), isnan, 'first');
       assertBytes(client.read(5 * 65536, 4 * n),
                   expected(xf, 4, 4, (p) => sem.sign(FLOAT, p)), 'second');
       assertBytes(client.read(8 * 65536, ALL16), isnan, 'third');
     });

  it('writes nothing into a slot too small, and says the real dims',
     async () => {
       client.write(MIB, Buffer.alloc(ALL16, FILL));
       const req = prepare(models.isnanF16, every16(), FLOAT16, MIB, 100,
                           BOOL, [ALL16]);
       const answer = await client.request(req);
       assert.equal(answer.status, 'ok', JSON.stringify(answer));
       assert.deepEqual(answer.outputs, [{dtype: BOOL, dims: [ALL16]}]);
       assertBytes(client.read(MIB, 100 + 64), Buffer.alloc(100 + 64, FILL),
                   'output slot and beyond');
     });

  it('says the dims ORT returned when the slot expects others', async () => {
    // The slot has room but expects [2, 32768]: ORT returns [65536], which
    // the worker writes and reports, for the harness to judge.
    const req = prepare(models.isnanF16, every16(), FLOAT16, MIB, ALL16,
                        BOOL, [ALL16]);
    req.outputs[0].dims = [2, ALL16 / 2];
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.deepEqual(answer.outputs, [{dtype: BOOL, dims: [ALL16]}]);
    assertBytes(client.read(MIB, ALL16),
                expected(every16(), 2, 1, isNaNBits(FLOAT16)), 'output');
  });

  it('answers error naming the field of a bad slot, and goes on',
     async () => {
       const model = models.isnanF16;
       const x = slot(0, 2 * ALL16, FLOAT16, [ALL16]);
       const y = slot(MIB, ALL16, BOOL, [ALL16]);
       const bad = [
         [[{...x, offset: MEMORY_BYTES}], [y], /^inputs\[0\]\.offset: /],
         [[x], [{...y, offset: MEMORY_BYTES - 10}], /^outputs\[0\]\.offset/],
         [[{...x, offset: -1}], [y], /^inputs\[0\]\.offset: -1 is not/],
         [[{...x, bytes: 100}], [y], /^inputs\[0\]\.bytes: 100, but dims/],
         [[x], [{...y, dtype: 99}], /^outputs\[0\]\.dtype: 99 is not/],
         [[{...x, dims: [-1]}], [y], /^inputs\[0\]\.dims: \[-1\]/],
         [[x, x], [y], /^inputs: 2 slots for a model with 1 graph inputs/],
         [[{...x, dtype: FLOAT, bytes: 4 * ALL16}], [y],
          /^inputs\[0\]\.dtype: float, but input 'x' is float16/],
         [[x], 'nope', /^outputs: not an array of slots/],
       ];
       client.write(MIB, Buffer.alloc(ALL16, FILL));
       for (const [inputs, outputs, message] of bad) {
         const req = request(model, inputs, outputs);
         const answer = await client.request(req);
         assert.equal(answer.id, req.id);
         assert.equal(answer.status, 'error', JSON.stringify(answer));
         assert.match(answer.message, message);
       }
       // memory_bytes larger than the memory is: named too.
       let answer = await client.request(
           request(model, [x], [y], 2 * MEMORY_BYTES));
       assert.equal(answer.status, 'error');
       assert.match(answer.message, /^memory_bytes: 4194304, but the memory/);
       answer = await client.request({...request(model, [x], [y]),
                                      memory_bytes: 'big'});
       assert.match(answer.message, /^memory_bytes: "big" is not/);
       assertBytes(client.read(MIB, ALL16), Buffer.alloc(ALL16, FILL),
                   'no error wrote anything');
       client.write(0, every16());
       answer = await client.request(request(model, [x], [y]));
       assert.equal(answer.status, 'ok', JSON.stringify(answer));
     });

  it('follows the memory as it grows', async () => {
    const size = 2 * MEMORY_BYTES;
    client.grow(size);
    const at = MEMORY_BYTES + 4096;
    client.write(at, every16());
    const req = request(models.isnanF16,
                        [slot(at, 2 * ALL16, FLOAT16, [ALL16])],
                        [slot(size - ALL16, ALL16, BOOL, [ALL16])], size);
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assertBytes(client.read(size - ALL16, ALL16),
                expected(every16(), 2, 1, isNaNBits(FLOAT16)), 'output');
  });

  it('runs bfloat16 through the rewrite, bit for bit', async () => {
    const x = every16();
    let req = prepare(models.identityBf16, x, BFLOAT16, MIB, 2 * ALL16,
                      BFLOAT16, [ALL16]);
    let answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.deepEqual(answer.outputs, [{dtype: BFLOAT16, dims: [ALL16]}]);
    const steps = answer.adapter_steps.join('\n');
    assert.match(steps, /input 'x' \(bfloat16\) inlined/);
    assert.match(steps, /output 'y' \(bfloat16\) widened/);
    assertBytes(client.read(MIB, 2 * ALL16), x, 'Identity bfloat16');

    req = prepare(models.isnanBf16, x, BFLOAT16, MIB, ALL16, BOOL, [ALL16]);
    answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.match(answer.adapter_steps.join('\n'), /inlined/);
    assertBytes(client.read(MIB, ALL16),
                expected(x, 2, 1, isNaNBits(BFLOAT16)), 'IsNaN bfloat16');
  });

  it('carries packed int4 slots, bit for bit', async () => {
    // Cast-25 int4 -> int4 (ORT 1.30 has no Identity for int4) of every
    // pattern and one more: 17 elements, 9 bytes, the last half used.
    const x = Buffer.from('1032547698badcfe01', 'hex');
    const model = h.writeNodeCase(path.join(root, 'int4'), 'Cast', 25,
        [{name: 'x', code: 22, dims: [17], raw: x}],
        [{name: 'y', code: 22, dims: [17]}], {to: 22}).model;
    const req = prepare(model, x, 22, MIB, 9, 22, [17]);
    const answer = await client.request(req);
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.deepEqual(answer.outputs, [{dtype: 22, dims: [17]}]);
    assert.match(answer.adapter_steps.join('\n'), /output 'y' \(int4\) widened/);
    assertBytes(client.read(MIB, 9), x, 'Cast int4');
  });

  it('still answers file-form requests', async () => {
    const dir = h.makeCase(root, 'Sign', 13, 'float16', 'bits=3c00,bc00,0');
    const answer = await client.request(h.runRequest(dir));
    assert.deepEqual(Object.keys(answer).sort(), ['id', 'status']);
    assert.equal(answer.status, 'ok');
    const y = h.readPb(path.join(dir, 'out', 'output_0.pb'));
    assert.deepEqual([y.code, y.dims, Buffer.from(y.raw).toString('hex')],
                     [FLOAT16, [3], '003c00bc0000']);
  });
}

function helloTests(runtime, addon) {
  let root;
  before(() => (root = h.tempDir()));
  after(() => fs.rmSync(root, {recursive: true, force: true}));

  it('answers 1 to a hello without protocols, memory or not', async () => {
    const client = new h.MemoryClient(h.workerArgv(runtime, addon), MIB);
    const answer = await client.request({method: 'hello', protocol: 1});
    assert.equal(answer.protocol, 1);
    assert.equal(await client.close(), 0);
  });

  it('answers 1 when offered 2 without memory, and refuses memory requests',
     async () => {
       // Node.js's own epoll descriptor is then at 3: not memory.
       const client = new h.Client(h.workerArgv(runtime, addon));
       const answer = await client.request({method: 'hello', protocol: 1,
                                            protocols: [1, 2]});
       assert.equal(answer.protocol, 1);
       assert.match(client.stderr, /file descriptor 3 is not shared memory/);
       const model = h.writeModel(path.join(root, 'm.onnx'), 'IsNaN', 20,
                                  FLOAT16, BOOL, [ALL16]);
       const a = await client.request({
         method: 'run', id: 1, model, memory_bytes: MIB,
         inputs: [slot(0, 2 * ALL16, FLOAT16, [ALL16])],
         outputs: [slot(2 * ALL16, ALL16, BOOL, [ALL16])]});
       assert.equal(a.status, 'error');
       assert.match(a.message, /protocol 2 was not agreed/);
       assert.equal(await client.close(), 0);
     });

  it('reads and writes a plain file at descriptor 3 too', async () => {
    const client = new h.MemoryClient(h.workerArgv(runtime, addon), MIB, 'file');
    assert.equal((await client.hello()).protocol, 2);
    const model = h.writeModel(path.join(root, 'm.onnx'), 'IsNaN', 20,
                               FLOAT16, BOOL, [ALL16]);
    client.write(0, every16());
    const a = await client.request({
      method: 'run', id: 1, model, memory_bytes: MIB,
      inputs: [slot(0, 2 * ALL16, FLOAT16, [ALL16])],
      outputs: [slot(2 * ALL16, ALL16, BOOL, [ALL16])]});
    assert.equal(a.status, 'ok', JSON.stringify(a));
    assertBytes(client.read(2 * ALL16, ALL16),
                expected(every16(), 2, 1, isNaNBits(FLOAT16)), 'output');
    assert.equal(await client.close(), 0);
  });
}

// Whether session.run(feeds, fetches) writes into the fetched tensors, seen
// in a process of its own per runtime (both in one process would share
// onnxruntime-common's backend registry).
const PREALLOCATION_PROBE = `
  const {loadRuntime} = require(${JSON.stringify(
      path.join(__dirname, '..', 'lib', 'runtime'))});
  const {ort} = loadRuntime(process.argv[1]);
  const model = require('node:fs').readFileSync(process.argv[2]);
  ort.InferenceSession.create(model).then(async (session) => {
    const x = new ort.Tensor('float32', new Float32Array([2, -3, 0, 5]), [4]);
    const y = new Float32Array(4).fill(7);
    const results = await session.run({x}, {y: new ort.Tensor('float32', y,
                                                                [4])});
    console.log(JSON.stringify({fetch: [...y], result: [...results.y.data]}));
  });`;

describe('preallocated outputs (session.run fetches)', () => {
  for (const runtime of Object.keys(h.RUNTIMES)) {
    const {preallocatedOutputs} = require('../lib/runtime').RUNTIMES[runtime];
    it(`${runtime}: ${preallocatedOutputs ? 'filled' : 'left unwritten'}, ` +
       'as lib/runtime.js says', () => {
      const root = h.tempDir();
      const model = h.writeModel(path.join(root, 'sign.onnx'), 'Sign', 13,
                                 FLOAT, FLOAT, [4]);
      const out = JSON.parse(execFileSync(process.execPath,
          ['-e', PREALLOCATION_PROBE, runtime, model]).toString());
      fs.rmSync(root, {recursive: true, force: true});
      const unwritten = [7, 7, 7, 7];
      assert.deepEqual(out.fetch, preallocatedOutputs ? [1, -1, 0, 1] :
                       unwritten);
      // onnxruntime-web hands the unwritten tensor back as the result.
      assert.deepEqual(out.result, out.fetch);
    });
  }
});

describe('the addon (native/shm.c)', () => {
  const {addon, problem} = loadAddon();
  let root;
  before(() => {
    assert.ok(addon, `not built (scripts/setup builds it): ${problem}`);
    root = h.tempDir();
  });
  after(() => fs.rmSync(root, {recursive: true, force: true}));

  it('maps a file shared: what one side writes the other reads', () => {
    const file = path.join(root, 'shared');
    fs.writeFileSync(file, Buffer.alloc(2 * 4096));
    const fd = fs.openSync(file, 'r+');
    const bytes = new Uint8Array(addon.map(fd, 2 * 4096));
    bytes[4097] = 0x5A;
    fs.writeSync(fd, Buffer.from([0xC3]), 0, 1, 10);
    const seen = Buffer.alloc(1);
    fs.readSync(fd, seen, 0, 1, 4097);
    assert.equal(seen[0], 0x5A);
    assert.equal(bytes[10], 0xC3);
    fs.closeSync(fd);
  });

  it('refuses what it cannot map, with the reason', () => {
    const fd = fs.openSync(path.join(root, 'empty'), 'w+');
    assert.throws(() => addon.map(fd, 0), /bytes is not a positive size/);
    assert.throws(() => addon.map(-1, 4096), /fd is not a file descriptor/);
    assert.throws(() => addon.map(fd), /two arguments/);
    fs.closeSync(fd);
    assert.throws(() => addon.map(fd, 4096), /Bad file descriptor/);
  });

  it('release() frees a buffer, so its views are empty', () => {
    const buffer = new ArrayBuffer(1 << 20);
    const view = new Uint8Array(buffer, 16);
    addon.release(buffer);
    assert.equal(buffer.byteLength, 0);
    assert.equal(view.length, 0);
    assert.throws(() => addon.release(view), /one ArrayBuffer/);
  });

  it('is missed with the reason when it is not there', () => {
    const missing = loadAddon(path.join(root, 'shm.node'));
    assert.equal(missing.addon, undefined);
    assert.match(missing.problem, /shm\.node: Cannot find module/);
  });
});

describe('ONNXCTS_ORT_ADDON', () => {
  it('refuses a value other than on and off', async () => {
    const client = new h.Client(['/usr/bin/env', 'ONNXCTS_ORT_ADDON=maybe',
                                 ...h.workerArgv('node')]);
    assert.equal(await client.exited, 2);
    assert.match(client.stderr, /ONNXCTS_ORT_ADDON=maybe: not 'on' or 'off'/);
  });
});

// The copies onnxruntime-node returns beside preallocated outputs: the
// worker frees each, and never the preallocated tensor itself.
describe('dropped output copies', () => {
  const {addon} = loadAddon();
  const {Runner} = require('../lib/runner');
  const {loadRuntime} = require('../lib/runtime');
  const runtime = loadRuntime('node');
  const tensor = (buffer) => new runtime.ort.Tensor(
      'float32', new Float32Array(buffer), [buffer.byteLength / 4]);

  it('frees the copy and hands back the preallocated tensor', async () => {
    const kept = tensor(new ArrayBuffer(64));
    const copy = tensor(new ArrayBuffer(64));
    const session = {run: async () => ({y: copy})};
    const results = await new Runner(runtime, addon)
        .runSession(session, {}, {y: kept});
    assert.equal(results.y, kept);
    assert.equal(copy.data.buffer.byteLength, 0);
    assert.equal(kept.data.buffer.byteLength, 64);
  });

  it('leaves a result over the preallocated buffer alone', async () => {
    const buffer = new ArrayBuffer(64);
    const kept = tensor(buffer);
    const session = {run: async () => ({y: tensor(buffer)})};
    await new Runner(runtime, addon).runSession(session, {}, {y: kept});
    assert.equal(buffer.byteLength, 64);
  });
});

for (const runtime of Object.keys(h.RUNTIMES)) {
  for (const addon of h.ADDON_WAYS) {
    const how = `--runtime ${runtime}, ONNXCTS_ORT_ADDON=${addon}`;
    describe(`ORT worker protocol 2, ${how}`, () => v2Tests(runtime, addon));
    describe(`ORT worker hello, ${how}`, () => helloTests(runtime, addon));
  }
}
