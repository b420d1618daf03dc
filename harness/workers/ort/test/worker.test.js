// Runs the ORT worker as a child process over protocol 1, on real ONNX
// Runtime (onnxruntime-node and onnxruntime-web, each in its own describe),
// and asserts what ORT 1.30 answers for IsNaN, IsInf and Sign on every float
// dtype, against DESIGN.md's semantics (test/semantics.js).
'use strict';

const {describe, it, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const {execFileSync} = require('node:child_process');
const sem = require('./semantics');
const h = require('./helpers');

const CODES = {
  float: 1, float16: 10, double: 11, bfloat16: 16, float8e4m3fn: 17,
  float8e4m3fnuz: 18, float8e5m2: 19, float8e5m2fnuz: 20,
};
const WIDTH = {1: 4, 10: 2, 11: 8, 16: 2, 17: 1, 18: 1, 19: 1, 20: 1};
const FLOAT8 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2',
                'float8e5m2fnuz'];
const ALL = ['float', 'double', 'float16', 'bfloat16', ...FLOAT8];

// The type constraints of the operator specs (DESIGN.md, Semantics).
const ALLOWED = {
  'IsNaN/9': ['float16', 'float', 'double'],
  'IsNaN/13': ['float16', 'float', 'double', 'bfloat16'],
  'IsNaN/20': ALL,
  'IsInf/10': ['float', 'double'],
  'IsInf/20': ALL,
  'Sign/9': ['float16', 'float', 'double'],
  'Sign/13': ['float16', 'float', 'double', 'bfloat16'],
};

// Where ORT 1.30 lacks a kernel for a valid model.
const ORT_GAPS = {'IsNaN/13/bfloat16': /Could not find an implementation/};

// What ORT 1.30 returns where it departs from the reference (all in Sign of
// a NaN, where the spec is silent): the value it gives, or undefined.
function ortDeviation(op, code, x) {
  if (op !== 'Sign' || !sem.isNaN(code, x)) return undefined;
  if (code === 10 || code === 16) return 0n;  // float16, bfloat16 NaN -> +0
  if (code === 11) return x & ~(1n << 63n);   // double NaN loses its sign
  return undefined;
}

function reference(op, code, x) {
  if (op === 'IsNaN') return sem.isNaN(code, x) ? 1n : 0n;
  if (op === 'IsInf') return sem.infSign(code, x) !== 0 ? 1n : 0n;
  return sem.sign(code, x);
}

// Compares an ok answer's output with the reference; returns counts.
function compare(dir, op, code) {
  const x = h.readPb(path.join(dir, 'input_0.pb'));
  const y = h.readPb(path.join(dir, 'out', 'output_0.pb'));
  const outCode = op === 'Sign' ? code : 9;
  assert.equal(y.code, outCode, `${dir}: output data_type`);
  assert.deepEqual(y.dims, x.dims, `${dir}: output dims`);
  const xs = h.elements(x.raw, WIDTH[code]);
  const ys = h.elements(y.raw, outCode === 9 ? 1 : WIDTH[code]);
  assert.equal(ys.length, xs.length);
  const counts = {match: 0, deviation: 0, wrong: []};
  xs.forEach((xi, i) => {
    const dev = ortDeviation(op, code, xi);
    if (dev !== undefined && ys[i] === dev) ++counts.deviation;
    else if (ys[i] === reference(op, code, xi)) ++counts.match;
    else counts.wrong.push(`0x${xi.toString(16)} -> 0x${ys[i].toString(16)}`);
  });
  return counts;
}

function workerTests(runtime) {
  const {packageName, name} = h.RUNTIMES[runtime];
  let root;
  let client;
  before(() => {
    root = h.tempDir();
    client = new h.Client(h.workerArgv(runtime));
  });
  after(async () => {
    await client.close();
    fs.rmSync(root, {recursive: true, force: true});
  });

  it(`says hello with ${name} and the installed version`, async () => {
    const answer = await client.request({method: 'hello', protocol: 1});
    const installed = h.installedVersion(packageName);
    assert.equal(answer.protocol, 1);
    assert.equal(answer.name, name);
    assert.equal(answer.version, installed);
    assert.equal(answer.version, '1.30.0');  // package.json pins it
    assert.equal(typeof answer.adapter, 'string');
  });

  describe('IsNaN, IsInf, Sign on every opset and float dtype', () => {
    const specs = [];
    for (const key of Object.keys(ALLOWED)) {
      for (const dtype of ALL) specs.push([...key.split('/'), dtype]);
    }
    let dirs;
    before(() => (dirs = h.makeCases(root, specs)));

    specs.forEach(([op, opset, dtype], k) => {
      const key = `${op}/${opset}`;
      const code = CODES[dtype];
      const valid = ALLOWED[key].includes(dtype);
      const gap = ORT_GAPS[`${key}/${dtype}`];
      const expect = !valid ? 'error' : gap ? 'not_supported' : 'ok';
      it(`${op}-${opset} ${dtype}: ${expect}`, async () => {
        const answer = await client.request(h.runRequest(dirs[k]));
        assert.equal(answer.status, expect, JSON.stringify(answer));
        if (!valid) {
          assert.match(answer.message, /Type Error: Type 'tensor\(/);
          return;
        }
        if (gap) return assert.match(answer.message, gap);
        const narrow = code === 16 || code >= 17;
        assert.equal(Array.isArray(answer.adapter_steps), narrow);
        if (narrow) {
          assert.match(answer.adapter_steps.join('\n'), /inlined/);
          assert.equal(/widened/.test(answer.adapter_steps.join('\n')),
                       op === 'Sign');
        }
        const c = compare(dirs[k], op, code);
        assert.deepEqual(c.wrong, []);
        // The deviations listed in ortDeviation really happen, so this test
        // notices when a new ORT changes them.
        const deviates = op === 'Sign' && [10, 11, 16].includes(code);
        assert.equal(c.deviation > 0, deviates, `deviations: ${c.deviation}`);
      });
    });
  });

  it('honours detect_positive and detect_negative of IsInf', async () => {
    const cases = [
      [['IsInf', 20, 'float8e5m2', 'detect_negative=0', 'bits=7c,fc,00,7d'],
       [1, 0, 0, 0]],
      [['IsInf', 20, 'float8e5m2', 'detect_positive=0', 'bits=7c,fc,00,7d'],
       [0, 1, 0, 0]],
      [['IsInf', 10, 'float', 'detect_negative=0', 'bits=7f800000,ff800000'],
       [1, 0]],
    ];
    const dirs = h.makeCases(root, cases.map((c) => c[0]));
    for (const [k, [, want]] of cases.entries()) {
      const answer = await client.request(h.runRequest(dirs[k]));
      assert.equal(answer.status, 'ok', JSON.stringify(answer));
      const y = h.readPb(path.join(dirs[k], 'out', 'output_0.pb'));
      assert.deepEqual([...y.raw], want);
    }
  });

  describe('narrow-float route is bit-faithful or refused', () => {
    it('returns every bfloat16 and float8 pattern unchanged', async () => {
      const specs = [['Identity', 13, 'bfloat16'],
        ['Identity', 21, 'float8e4m3fn'], ['Identity', 21, 'float8e4m3fnuz'],
        ['Identity', 21, 'float8e5m2fnuz'],
        ['Identity', 21, 'float8e5m2', 'bits=00,80,01,3c,bc,7b,7c,fc']];
      const dirs = h.makeCases(root, specs);
      for (const dir of dirs) {
        const answer = await client.request(h.runRequest(dir));
        assert.equal(answer.status, 'ok', JSON.stringify(answer));
        assert.match(answer.adapter_steps.join('\n'), /widened/);
        const x = h.readPb(path.join(dir, 'input_0.pb'));
        const y = h.readPb(path.join(dir, 'out', 'output_0.pb'));
        assert.equal(y.code, x.code);
        assert.deepEqual(Buffer.from(y.raw), Buffer.from(x.raw), dir);
      }
    });

    it('refuses float8e5m2 NaNs, which ORT\'s Cast merges', async () => {
      const dir = h.makeCase(root, 'Identity', 21, 'float8e5m2');
      const answer = await client.request(h.runRequest(dir));
      assert.equal(answer.status, 'not_supported');
      assert.match(answer.message, /0x7d, 0x7e, 0x7f of float8e5m2/);
      assert.equal(fs.existsSync(path.join(dir, 'out', 'output_0.pb')), false);
    });
  });

  // The dtypes from code 21 on are carried (io_bits.test.js), but ORT 1.30
  // has no Identity for any of them: its refusal names the dtype.
  it('answers not_supported naming a dtype ORT has no kernel for', async () => {
    for (const [code, name] of [[21, 'uint4'], [22, 'int4'], [23, 'float4e2m1'],
      [24, 'float8e8m0'], [25, 'uint2'], [26, 'int2']]) {
      const dir = h.tempDir();
      h.writeModel(path.join(dir, 'model.onnx'), 'Identity', 25, code, code, [3]);
      const answer = await client.request(h.runRequest(dir));
      assert.equal(answer.status, 'not_supported', JSON.stringify(answer));
      assert.match(answer.message, new RegExp(
          `Identity\\(25\\).*initializers include ${name}\\)$`));
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('refuses a model with a dtype outside the ONNX table, naming it', async () => {
    const dir = h.tempDir();
    h.writeModel(path.join(dir, 'model.onnx'), 'Identity', 25, 99, 99, [3]);
    const answer = await client.request(h.runRequest(dir));
    assert.equal(answer.status, 'not_supported', JSON.stringify(answer));
    assert.match(answer.message, /'x' has dtype 99, which onnxruntime/);
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('writes outputs that Debian\'s onnx reads back the same', async () => {
    const dir = h.makeCase(root, 'Sign', 13, 'float16', 'bits=3c00,bc00,0');
    assert.equal((await client.request(h.runRequest(dir))).status, 'ok');
    const script = 'import onnx,sys; t=onnx.load_tensor(sys.argv[1]); ' +
        'print(t.data_type, list(t.dims), t.raw_data.hex())';
    const out = execFileSync(h.PYTHON, ['-c', script,
      path.join(dir, 'out', 'output_0.pb')]).toString().trim();
    assert.equal(out, '10 [3] 003c00bc0000');
  });

  // Valid models that ORT refuses in its own words (lib/refusals.js).
  describe('refusals in ORT\'s words are not_supported', () => {
    const f32 = (dims) => ({code: 1, dims, raw: Buffer.alloc(
        4 * dims.reduce((a, b) => a * b, 1))});
    const u8 = (dims, bytes) => ({code: 2, dims, raw: Buffer.from(bytes)});
    const cases = {
      // GRU-14 allows layout=1 (batch first); ORT's kernel does not.
      'GRU with layout=1': [/Batchwise recurrent operations .* are not supported/,
        'GRU', 14, [{name: 'X', ...f32([1, 2, 3])}, {name: 'W', ...f32([1, 12, 3])},
          {name: 'R', ...f32([1, 12, 4])}],
        [{name: 'Y', code: 1, dims: [1, 2, 1, 4]},
          {name: 'Y_h', code: 1, dims: [1, 1, 4]}], {hidden_size: 4, layout: 1}],
      // ConvInteger-10 allows a zero point per output channel.
      'ConvInteger with a per-channel zero point': [
        /Non per-tensor quantization is not supported/, 'ConvInteger', 10,
        [{name: 'x', ...u8([1, 1, 3, 3], Array(9).fill(1))},
          {name: 'w', ...u8([2, 1, 2, 2], Array(8).fill(1))},
          {name: 'x_zero_point', ...u8([], [0])},
          {name: 'w_zero_point', ...u8([2], [1, 2])}],
        [{name: 'y', code: 6, dims: [1, 2, 2, 2]}]],
      // Stamped with an opset newer than ORT's released ones.
      'a model of ai.onnx 27': [/Opset 27 is under development/, 'Identity', 27,
        [{name: 'x', ...f32([3])}], [{name: 'y', code: 1, dims: [3]}]],
    };
    for (const [what, [words, ...spec]] of Object.entries(cases)) {
      it(what, async () => {
        const dir = path.join(root, what.replace(/\W+/g, '_'));
        const answer = await client.request(h.writeNodeCase(dir, ...spec));
        assert.equal(answer.status, 'not_supported', JSON.stringify(answer));
        assert.match(answer.message, words);
      });
    }
  });
}

function protocolTests(runtime) {
  let root;
  before(() => (root = h.tempDir()));
  after(() => fs.rmSync(root, {recursive: true, force: true}));

  it('answers pipelined requests in order', async () => {
    const client = new h.Client(h.workerArgv(runtime));
    const dirs = h.makeCases(root, [['IsNaN', 9, 'float'],
      ['Sign', 9, 'bfloat16'], ['IsInf', 20, 'float8e4m3fn']]);
    const requests = dirs.map(h.runRequest);
    requests.forEach((r) => client.send(r));
    const answers = [];
    for (const r of requests) answers.push(await client.next());
    assert.deepEqual(answers.map((a) => a.id), requests.map((r) => r.id));
    assert.deepEqual(answers.map((a) => a.status), ['ok', 'error', 'ok']);
    assert.equal(await client.close(), 0);
  });

  it('answers bad requests with error and goes on', async () => {
    const client = new h.Client(h.workerArgv(runtime));
    const dir = h.makeCase(root, 'IsNaN', 9, 'double');
    const model = path.join(dir, 'model.onnx');
    const input = path.join(dir, 'input_0.pb');
    const out = path.join(root, 'out');
    client.sendLine('this is not json');
    let a = await client.next();
    assert.equal(a.id, null);
    assert.equal(a.status, 'error');
    assert.match(a.message, /unreadable request/);
    const bad = [
      [{method: 'frobnicate', id: 'x1'}, /unknown method frobnicate/],
      [{method: 'run', id: 2, model: 'm.onnx', inputs: [], output_dir: out},
       /model: not an absolute path/],
      [{method: 'run', id: 3, model: path.join(root, 'nope.onnx'),
        inputs: [input], output_dir: out}, /nope\.onnx: unreadable model/],
      [{method: 'run', id: 4, model, inputs: [path.join(root, 'gone.pb')],
        output_dir: out}, /gone\.pb/],
      [{method: 'run', id: 5, model, inputs: [], output_dir: out},
       /0 input files for a model with 1 graph inputs/],
    ];
    for (const [req, message] of bad) {
      a = await client.request(req);
      assert.equal(a.id, req.id);
      assert.equal(a.status, 'error');
      assert.match(a.message, message);
    }
    a = await client.request({method: 'run', id: 6, model, inputs: [input],
                              output_dir: out});
    assert.equal(a.status, 'ok');
    assert.ok(fs.existsSync(path.join(out, 'output_0.pb')));
    client.send({method: 'shutdown'});
    assert.equal(await client.exited, 0);
    assert.equal(client.lines.length, 0);
  });

  it('checks a model alone with load_only', async () => {
    const client = new h.Client(h.workerArgv(runtime));
    const [good, reject] = h.makeCases(root, [['IsInf', 10, 'double'],
      ['IsInf', 10, 'float16']]);
    const ask = (dir, id) => client.request({method: 'run', id, load_only: true,
      model: path.join(dir, 'model.onnx')});
    assert.deepEqual(await ask(good, 1), {id: 1, status: 'ok'});
    const a = await ask(reject, 2);
    assert.equal(a.status, 'error');
    assert.match(a.message, /tensor\(float16\)/);
    assert.equal(await client.close(), 0);
  });
}

for (const runtime of Object.keys(h.RUNTIMES)) {
  describe(`ORT worker, --runtime ${runtime}`, () => workerTests(runtime));
  describe(`ORT worker protocol, --runtime ${runtime}`,
           () => protocolTests(runtime));
}

// The line framing of lib/lines.js, read from a file in small reads so that
// lines and characters come split across them.
describe('request lines', () => {
  const {LineReader} = require('../lib/lines');

  async function linesOf(text, chunk) {
    const root = h.tempDir();
    const file = path.join(root, 'in');
    fs.writeFileSync(file, text);
    const fd = fs.openSync(file, 'r');
    const reader = new LineReader(fd, chunk);
    const lines = [];
    for (let l; (l = await reader.next()) !== null;) lines.push(l);
    fs.closeSync(fd);
    fs.rmSync(root, {recursive: true, force: true});
    return lines;
  }

  it('splits lines however the reads cut them', async () => {
    const text = '{"a":1}\n\n{"path":"/tmp/d\u00e9j\u00e0/\u6a21\u578b"}\nlast';
    for (const chunk of [1, 2, 3, 7, 1 << 16]) {
      assert.deepEqual(await linesOf(text, chunk),
                       ['{"a":1}', '', '{"path":"/tmp/déjà/模型"}', 'last'],
                       `reads of ${chunk} bytes`);
    }
  });

  it('ends without a line on empty input', async () => {
    assert.deepEqual(await linesOf('', 4), []);
    assert.deepEqual(await linesOf('x\n', 4), ['x']);
  });

  // A parent may hand over a pipe it had set non-blocking: reads then fail
  // with EAGAIN until the request comes, and the worker waits for it.
  it('reads requests from a non-blocking stdin', () => {
    const script = [
      'import json, os, subprocess, sys, time',
      'r, w = os.pipe()',
      'os.set_blocking(r, False)',
      'p = subprocess.Popen(sys.argv[1:], stdin=r, stdout=subprocess.PIPE)',
      'os.close(r)',
      'time.sleep(0.5)',
      'os.write(w, b\'{"method":"hello","protocol":1}\\n\')',
      'answer = json.loads(p.stdout.readline())',
      'os.close(w)',
      'print(answer["protocol"], p.wait())',
    ].join('\n');
    const out = execFileSync(h.PYTHON, ['-c', script, ...h.workerArgv('node')])
        .toString().trim();
    assert.equal(out, '1 0');
  });
});

// ORT's words, quoted from reports/published/ort.json and ort-web.json.
// The packed 4- and 2-bit types in the worker's library: sizes, the
// int32_data form onnx.helper.make_tensor writes, slot checks, and the
// narrowing that packs the adapter's answer.
describe('packed dtypes in the library', () => {
  const {storageBytes} = require('../lib/onnx_proto');
  const {readTensor} = require('../lib/tensor');
  const {memoryRequestProblem} = require('../lib/memory');
  const {Narrower} = require('../lib/adapter');

  function writeTensorFile(fields) {
    const dir = h.tempDir();
    const file = path.join(dir, 't.pb');
    const T = h.onnxType('TensorProto');
    fs.writeFileSync(file, T.encode(T.create(fields)).finish());
    return {dir, file};
  }

  it('sizes packed tensors as onnx.proto packs them', () => {
    assert.equal(storageBytes(22, 5), 3);
    assert.equal(storageBytes(21, 4), 2);
    assert.equal(storageBytes(26, 5), 2);
    assert.equal(storageBytes(25, 0), 0);
    assert.equal(storageBytes(24, 5), 5);
    assert.equal(storageBytes(1, 5), 20);
  });

  it('reads int4 from raw_data and from int32_data, one byte a value', () => {
    for (const fields of [{raw_data: Buffer.from([0x98, 0x0f, 0x07])},
      {int32_data: [0x98, 0x0f, 0x07]}]) {
      const {dir, file} = writeTensorFile(
          {name: 'x', dims: [5], data_type: 22, ...fields});
      const t = readTensor(file);
      assert.equal(Buffer.from(t.bytes).toString('hex'), '980f07');
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('refuses packed data of the wrong size, saying what it needs', () => {
    const {dir, file} = writeTensorFile(
        {name: 'x', dims: [5], data_type: 26, raw_data: Buffer.alloc(1)});
    assert.throws(() => readTensor(file), /raw_data has 1 bytes, dims x int2 need 2/);
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('checks an int4 input slot against ceil(count / 2) bytes', () => {
    const req = (bytes) => ({memory_bytes: 64, outputs: [],
      inputs: [{offset: 0, bytes, dtype: 22, dims: [5]}]});
    assert.equal(memoryRequestProblem(req(3)), '');
    assert.match(memoryRequestProblem(req(5)),
                 /inputs\[0\]\.bytes: 5, but dims \[5\] of int4 take 3/);
  });

  it('narrows floats back to packed int2, last byte padded with 0', () => {
    // ORT's Cast(int2 -> float) of patterns 0, 1, 2, 3 is 0, 1, -2, -1.
    const narrower = new Narrower(26, Float32Array.of(0, 1, -2, -1));
    const out = narrower.narrow(Float32Array.of(-1, 0, 1, -2, 1));
    assert.equal(Buffer.from(out).toString('hex'), '9301');
  });
});

describe('ORT refusal phrases', () => {
  const {statusOf} = require('../lib/refusals');
  const web = 'Can\'t create a session. ERROR_CODE: 1, ERROR_MESSAGE: ' +
      '/mnt/azure_nvme_temp/_work/1/s/onnxruntime/';
  const cases = [
    ['/onnxruntime_src/onnxruntime/core/graph/model_load_utils.h:56 void ' +
     'onnxruntime::model_load_utils::ValidateOpsetForDomain(...) ONNX ' +
     'Runtime only *guarantees* support for models stamped with official ' +
     'released onnx opset versions. Opset 27 is under development and ' +
     'support for this is limited. The operator schemas and or other ' +
     'functionality may change before next ONNX release and in this case ' +
     'ONNX Runtime will not guarantee backward compatibility. Current ' +
     'official support for domain ai.onnx is till opset 26.', 'not_supported'],
    [web + 'core/providers/cpu/rnn/deep_cpu_gru.h:57 onnxruntime::' +
     'DeepCpuGruOp::DeepCpuGruOp(const OpKernelInfo &) layout_ == 0 was ' +
     'false. Batchwise recurrent operations (layout == 1) are not ' +
     'supported. If you need support create a github issue with ' +
     'justification.', 'not_supported'],
    ['failed to call OrtRun(). ERROR_CODE: 1, ERROR_MESSAGE: /mnt/azure_nvme' +
     '_temp/_work/1/s/onnxruntime/core/providers/cpu/quantization/' +
     'conv_integer.cc:52 virtual Status onnxruntime::ConvInteger::Compute(' +
     'OpKernelContext *) const IsScalarOr1ElementVector(W_Zero_Point) was ' +
     'false. Non per-tensor quantization is not supported now.',
     'not_supported'],
    ['Could not find an implementation for IsNaN(13) node with name \'\'',
     'not_supported'],
    ['unsupported data type: 16', 'not_supported'],
    // Verdicts on the model and failures of ORT stay errors.
    [web + '[ShapeInferenceError] Can\'t merge shape info. Both inferred ' +
     'and declared dimension have values but they differ. Inferred=1 ' +
     'Declared=4 Dimension=0', 'error'],
    ['Non-zero status code returned while running Attention node. ' +
     'Name:\'\' Status Message: ... inconsistent total_sequence_length ' +
     '(between attn_mask and past_key and past_value)', 'error'],
    ['Type Error: Type \'tensor(float16)\' of input parameter (x) of ' +
     'operator (IsInf) in node () is invalid.', 'error'],
    // A path does not decide.
    ['Load model from /suites/not_supported_ops/model.onnx failed: bad',
     'error'],
  ];
  for (const [message, status] of cases) {
    it(`${status}: ${message.slice(-60)}`, () => {
      assert.equal(statusOf(message), status);
    });
  }
});

describe('ORT worker command line', () => {
  it('drives onnxruntime-node without --runtime', async () => {
    const client = new h.Client();
    const answer = await client.request({method: 'hello', protocol: 1});
    assert.equal(answer.name, 'onnxruntime');
    assert.equal(answer.version, h.installedVersion('onnxruntime-node'));
    assert.equal(await client.close(), 0);
  });

  it('takes --runtime=web as well as --runtime web', async () => {
    const client = new h.Client([process.execPath, h.WORKER,
      '--runtime=web']);
    const answer = await client.request({method: 'hello', protocol: 1});
    assert.equal(answer.name, 'onnxruntime-web');
    assert.equal(await client.close(), 0);
  });

  it('runs onnxruntime-web with the network taken away', async () => {
    // onnxruntime-web must read its .wasm and .mjs from node_modules: a
    // preload makes every way out to the network throw.
    const root = h.tempDir();
    const deny = path.join(root, 'deny_network.js');
    fs.writeFileSync(deny, `
      const no = (what) => () => { throw new Error('network use: ' + what); };
      globalThis.fetch = no('fetch');
      for (const m of ['net', 'tls', 'http', 'https', 'dns']) {
        for (const f of ['connect', 'createConnection', 'request', 'get',
                         'lookup']) {
          if (typeof require(m)[f] === 'function') {
            require(m)[f] = no(m + '.' + f);
          }
        }
      }`);
    const dir = h.makeCase(root, 'Sign', 13, 'bfloat16');
    const client = new h.Client([process.execPath, '--require', deny,
      h.WORKER, '--runtime', 'web']);
    assert.equal((await client.request({method: 'hello', protocol: 1})).name,
                 'onnxruntime-web');
    const answer = await client.request(h.runRequest(dir));
    assert.equal(answer.status, 'ok', JSON.stringify(answer));
    assert.equal(await client.close(), 0);
    assert.doesNotMatch(client.stderr, /network use/);
    fs.rmSync(root, {recursive: true, force: true});
  });

  it('exits 2 before hello on an unknown runtime', async () => {
    const client = new h.Client(h.workerArgv('webgpu'));
    client.send({method: 'hello', protocol: 1});
    assert.equal(await client.exited, 2);
    assert.equal(client.lines.length, 0);
    assert.match(client.stderr, /unknown runtime 'webgpu'/);
    assert.match(client.stderr, /usage: worker\.js \[--runtime node\|web\]/);
  });
});
