// What the worker tests share: a client that speaks the protocol to a
// worker child process (on either runtime), with or without shared memory
// at its file descriptor 3, test cases written by make_case.py or built
// here for any dtype, and .pb reading.
'use strict';

const {spawn, execFileSync} = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const protobuf = require('protobufjs');

const WORKER = path.join(__dirname, '..', 'worker.js');
const MAKE_CASE = path.join(__dirname, '..', '..', 'make_case.py');
const PYTHON = '/usr/bin/python3';

// The runtimes the worker drives (worker.js --runtime) and the npm package
// and hello name of each.
const RUNTIMES = {
  node: {packageName: 'onnxruntime-node', name: 'onnxruntime'},
  web: {packageName: 'onnxruntime-web', name: 'onnxruntime-web'},
};

// The version in an installed package's package.json, read from
// node_modules directly (onnxruntime-web does not export its package.json).
function installedVersion(packageName) {
  const file = path.join(__dirname, '..', 'node_modules', packageName,
                         'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

// The ways a protocol 2 worker reaches its memory (ONNXCTS_ORT_ADDON):
// mapped by the addon ('on'), or with pread and pwrite as without it.
const ADDON_WAYS = ['on', 'off'];

// The worker's command line; with `addon` ('on' or 'off') the worker runs
// with ONNXCTS_ORT_ADDON set to it.
function workerArgv(runtime, addon = null) {
  const argv = [process.execPath, WORKER, '--runtime', runtime];
  return addon ? ['/usr/bin/env', `ONNXCTS_ORT_ADDON=${addon}`, ...argv] :
      argv;
}

// A running worker: send() writes a line, next() resolves to the next
// answer line parsed as JSON. `extraStdio` are the child's descriptors
// from 3 on (spawn's stdio).
class Client {
  constructor(argv = [process.execPath, WORKER], extraStdio = []) {
    this.child = spawn(argv[0], argv.slice(1),
                       {stdio: ['pipe', 'pipe', 'pipe', ...extraStdio]});
    this.stderr = '';
    this.child.stderr.on('data', (d) => (this.stderr += d));
    this.lines = [];
    this.waiting = [];
    readline.createInterface({input: this.child.stdout}).on('line', (l) => {
      const w = this.waiting.shift();
      if (w) w(l);
      else this.lines.push(l);
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => {
      // A worker that dies leaves no answer for whoever still waits.
      this.waiting.splice(0).forEach((w) => w(null));
      resolve(code);
    }));
  }

  sendLine(line) {
    this.child.stdin.write(line + '\n');
  }

  send(obj) {
    this.sendLine(JSON.stringify(obj));
  }

  async next() {
    const line = this.lines.length > 0 ? this.lines.shift() :
        await new Promise((resolve) => this.waiting.push(resolve));
    if (line === null) {
      throw new Error(
          `worker exited without answering; stderr:\n${this.stderr}`);
    }
    return JSON.parse(line);
  }

  async request(obj) {
    this.send(obj);
    return this.next();
  }

  async close() {
    this.child.stdin.end();
    return this.exited;
  }
}

// Execs argv[2:] with a memfd of argv[1] bytes at file descriptor 3, as
// the harness starts a protocol 2 worker (Node.js cannot make a memfd).
const MEMFD_EXEC = [
  'import os, sys',
  'fd = os.memfd_create("onnxcts-worker-test", 0)',  // 0: not close-on-exec
  'os.ftruncate(fd, int(sys.argv[1]))',
  'if fd != 3:',
  '    os.dup2(fd, 3)',
  '    os.close(fd)',
  'os.set_inheritable(3, True)',
  'os.execv(sys.argv[2], sys.argv[2:])',
].join('\n');

// A worker with shared memory of `bytes` at its file descriptor 3: a memfd
// (kind 'memfd'), which the test reaches through /proc/PID/fd/3 once the
// worker runs, or (kind 'file') a deleted temporary file, which the worker
// reads and writes the same way. read() and write() work after hello().
class MemoryClient extends Client {
  constructor(argv, bytes, kind = 'memfd') {
    if (kind === 'memfd') {
      super([PYTHON, '-c', MEMFD_EXEC, String(bytes), ...argv]);
      this.fd = null;
    } else {
      const file = path.join(os.tmpdir(),
                             `onnxcts-worker-memory-${process.pid}-${bytes}`);
      const fd = fs.openSync(file, 'w+');
      fs.unlinkSync(file);
      fs.ftruncateSync(fd, bytes);
      super(argv, [fd]);
      this.fd = fd;
    }
  }

  // Says hello offering `protocols`; returns the answer.
  async hello(protocols = [1, 2]) {
    const answer = await this.request({method: 'hello', protocol: 1,
                                       protocols});
    if (this.fd === null) {
      // The worker (the exec'd process, same pid) holds the memfd now.
      this.fd = fs.openSync(`/proc/${this.child.pid}/fd/3`, 'r+');
    }
    return answer;
  }

  write(offset, bytes) {
    fs.writeSync(this.fd, bytes, 0, bytes.length, offset);
  }

  // Whether the worker has the memory mapped: /proc/PID/maps names it.
  mapsMemory() {
    const target = fs.readlinkSync(`/proc/${this.child.pid}/fd/3`);
    const name = target.replace(/ \(deleted\)$/, '');
    return fs.readFileSync(`/proc/${this.child.pid}/maps`, 'utf8')
        .split('\n').some((line) => line.includes(name));
  }

  // Grows the memory to `bytes`, as the harness may between requests.
  grow(bytes) {
    fs.ftruncateSync(this.fd, bytes);
  }

  read(offset, length) {
    const out = Buffer.alloc(length);
    const n = fs.readSync(this.fd, out, 0, length, offset);
    if (n !== length) throw new Error(`read ${n} of ${length} bytes`);
    return out;
  }

  async close() {
    const code = await super.close();
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
    return code;
  }
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'onnxcts-worker-test-'));
}

function caseDir(root, spec) {
  return path.join(root, spec.join('_').replace(/[=,]/g, '-'));
}

// Writes model.onnx and input_0.pb for each spec ([op, opset, dtype,
// 'attr=int'..., 'bits=hex,...']) into its own folder under `root`, in one
// Python process; returns the folders in order.
function makeCases(root, specs) {
  const lines = specs.map((s) => [caseDir(root, s), ...s].join(' '));
  execFileSync(PYTHON, [MAKE_CASE, '--batch'], {input: lines.join('\n')});
  return specs.map((s) => caseDir(root, s));
}

function makeCase(root, ...spec) {
  return makeCases(root, [spec])[0];
}

// A run request for a folder made by makeCase.
let nextId = 1;
function runRequest(dir) {
  return {
    method: 'run', id: nextId++, model: path.join(dir, 'model.onnx'),
    inputs: [path.join(dir, 'input_0.pb')], output_dir: path.join(dir, 'out'),
  };
}

let onnxRoot = null;
// A message type of the ONNX schema, loaded here rather than through the
// worker's lib, so the tests check the worker with a decoder of their own.
function onnxType(name) {
  if (!onnxRoot) {
    onnxRoot = new protobuf.Root().loadSync(
        fs.existsSync('/usr/include/onnx/onnx-ml.proto') ?
            '/usr/include/onnx/onnx-ml.proto' : '/usr/include/onnx/onnx.proto',
        {keepCase: true});
  }
  return onnxRoot.lookupType(`onnx.${name}`);
}

// Decodes a TensorProto file.
function readPb(file) {
  const t = onnxType('TensorProto').decode(fs.readFileSync(file));
  return {code: t.data_type, dims: t.dims.map(Number), raw: t.raw_data};
}

// Writes model.onnx (one Identity from x to y, both of dtype `code` and
// shape [count], ai.onnx `opset`) and input_0.pb holding `raw` as raw_data
// into `dir`; for dtypes make_case.py does not write (bool, int64, ...).
// Codes go in as integers, so 17-20 work with the ONNX 1.12 schema.
function writeIdentityCase(dir, code, raw, count, opset = 21) {
  const vi = (name) => ({name, type: {tensor_type: {elem_type: code,
    shape: {dim: [{dim_value: count}]}}}});
  const model = onnxType('ModelProto').create({
    ir_version: opset >= 21 ? 10 : 8,
    opset_import: [{domain: '', version: opset}],
    graph: {name: 'identity', input: [vi('x')], output: [vi('y')],
            node: [{op_type: 'Identity', input: ['x'], output: ['y']}]},
  });
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(path.join(dir, 'model.onnx'),
                   onnxType('ModelProto').encode(model).finish());
  fs.writeFileSync(path.join(dir, 'input_0.pb'),
                   onnxType('TensorProto').encode(onnxType('TensorProto')
                       .create({name: 'x', dims: [count], data_type: code,
                                raw_data: raw})).finish());
  return dir;
}

// Writes into `dir` model.onnx, one node `op` at ai.onnx `opset` with INT
// `attributes` ({name: value}) from graph inputs `inputs` ([{name, code,
// dims, raw}], each also written as input_K.pb) to graph outputs `outputs`
// ([{name, code, dims}]); returns the run request for it.
function writeNodeCase(dir, op, opset, inputs, outputs, attributes = {}) {
  const vi = ({name, code, dims}) => ({name, type: {tensor_type: {
    elem_type: code, shape: {dim: dims.map((d) => ({dim_value: d}))}}}});
  const model = onnxType('ModelProto').create({
    ir_version: 8,
    opset_import: [{domain: '', version: opset}],
    graph: {name: op, input: inputs.map(vi), output: outputs.map(vi),
            node: [{op_type: op, input: inputs.map((i) => i.name),
                    output: outputs.map((o) => o.name),
                    attribute: Object.entries(attributes).map(
                        ([name, i]) => ({name, type: 2, i}))}]},
  });
  fs.mkdirSync(path.join(dir, 'out'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'model.onnx'),
                   onnxType('ModelProto').encode(model).finish());
  const files = inputs.map(({name, code, dims, raw}, k) => {
    const file = path.join(dir, `input_${k}.pb`);
    fs.writeFileSync(file, onnxType('TensorProto').encode(
        onnxType('TensorProto').create({name, dims, data_type: code,
                                        raw_data: raw})).finish());
    return file;
  });
  return {method: 'run', id: nextId++, model: path.join(dir, 'model.onnx'),
          inputs: files, output_dir: path.join(dir, 'out')};
}

// Writes `file`: a model of one node `op` from x (dtype code `inCode`) to
// y (`outCode`), both of shape `dims`, at ai.onnx `opset`; returns `file`.
function writeModel(file, op, opset, inCode, outCode, dims) {
  const vi = (name, code) => ({name, type: {tensor_type: {elem_type: code,
    shape: {dim: dims.map((d) => ({dim_value: d}))}}}});
  const model = onnxType('ModelProto').create({
    ir_version: opset >= 21 ? 10 : opset >= 19 ? 9 : 8,
    opset_import: [{domain: '', version: opset}],
    graph: {name: op, input: [vi('x', inCode)], output: [vi('y', outCode)],
            node: [{op_type: op, input: ['x'], output: ['y']}]},
  });
  fs.writeFileSync(file, onnxType('ModelProto').encode(model).finish());
  return file;
}

// Splits little-endian raw bytes into BigInt elements of `width` bytes.
function elements(raw, width) {
  const out = [];
  for (let i = 0; i < raw.length; i += width) {
    let v = 0n;
    for (let b = width - 1; b >= 0; --b) v = (v << 8n) | BigInt(raw[i + b]);
    out.push(v);
  }
  return out;
}

module.exports = {
  Client, MemoryClient, writeModel, tempDir, makeCase, makeCases, runRequest,
  readPb, elements, PYTHON,
  WORKER, RUNTIMES, ADDON_WAYS, installedVersion, workerArgv,
  writeIdentityCase, writeNodeCase, onnxType,
};
