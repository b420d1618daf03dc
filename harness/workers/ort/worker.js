#!/usr/bin/env node
// onnxcts worker (protocols 1 and 2, docs/worker-protocol.md) for ONNX
// Runtime through onnxruntime-node (default) or onnxruntime-web
// (WebAssembly):
//
//     worker.js [--runtime node|web]
//
// Reads one JSON request per line on stdin and writes one JSON answer per
// line on stdout; everything else goes to stderr. Protocol 2 adds run
// requests whose tensors live in the memory at file descriptor 3, which
// the worker maps with its addon (lib/addon.js), or without it reads and
// writes with pread and pwrite. ONNXCTS_ORT_ADDON=off runs as if the addon
// were not built, =on fails to start unless it loads.
'use strict';

// A worker lives for a few seconds of a sweep, in which TurboFan would
// compile the request path (with all it inlines) at a cost of about 0.3 s
// of CPU, more than the optimized code then saves, on the cores that ORT
// and the harness need. A budget 150 times V8's default leaves TurboFan to
// code that runs hot for longer: long loops, long suites.
require('node:v8').setFlagsFromString('--interrupt-budget=10000000');

// stdout carries answers only: send every console printer to stderr before
// any module gets a chance to print.
for (const k of ['log', 'info', 'debug', 'dir', 'table']) {
  console[k] = console.error;
}

const {loadRuntime, RUNTIMES} = require('./lib/runtime');
const {Runner} = require('./lib/runner');
const memory = require('./lib/memory');
const {loadAddon} = require('./lib/addon');
const {LineReader, writeLine} = require('./lib/lines');
const {CopiedMemory} = require('./lib/copied_memory');
const {MappedMemory} = require('./lib/mapped_memory');

// The protocol versions this worker speaks, oldest first.
const PROTOCOLS = [1, 2];

function send(answer) {
  writeLine(JSON.stringify(answer));
}

const USAGE = `usage: worker.js [--runtime ${Object.keys(RUNTIMES).join('|')}]`;

// The runtime named on the command line: 'node' unless --runtime says.
function parseArgs(argv) {
  let runtime = 'node';
  for (let i = 0; i < argv.length; ++i) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    if (flag !== '--runtime') throw new Error(`unknown argument ${argv[i]}`);
    runtime = inline !== undefined ? inline : argv[++i];
    if (!RUNTIMES[runtime]) throw new Error(`unknown runtime '${runtime}'`);
  }
  return runtime;
}

// {addon} or {problem}, as ONNXCTS_ORT_ADDON (`want`) says: 'on', 'off',
// or unset for the addon where it loads. Throws when 'on' cannot be had.
function addonAsked(want) {
  if (want && want !== 'on' && want !== 'off') {
    throw new Error(`ONNXCTS_ORT_ADDON=${want}: not 'on' or 'off'`);
  }
  if (want === 'off') return {problem: ''};
  const found = loadAddon();
  if (want === 'on' && !found.addon) {
    throw new Error(`ONNXCTS_ORT_ADDON=on: ${found.problem}`);
  }
  return found;
}

// The object for the shared memory: mapped with the addon, else read and
// written through pread and pwrite, which is slower, so say why.
function openMemory({addon, problem}) {
  if (addon) return new MappedMemory(memory.FD, addon);
  if (problem) {
    console.error('worker: reading the shared memory with pread, for want ' +
                  `of the addon (scripts/setup builds it): ${problem}`);
  }
  return new CopiedMemory(memory.FD);
}

// Picks the protocol: 2 when the harness offers it and has given the worker
// its memory, else 1. Sets state.memory for version 2.
function hello(req, runtime, state) {
  const offered = Array.isArray(req.protocols) ? req.protocols : [];
  if (req.protocol !== 1 && !offered.includes(1)) {
    console.error(`worker: harness asks for protocol ${req.protocol}, ` +
                  `this worker speaks ${PROTOCOLS.join(' and ')}`);
  }
  state.memory = null;
  if (offered.includes(2)) {
    if (memory.sharedMemoryOpen()) {
      state.memory = openMemory(state.native);
    } else {
      console.error('worker: protocol 2 offered, but file descriptor 3 is ' +
                    'not shared memory; speaking protocol 1');
    }
  }
  return {
    protocol: state.memory ? 2 : 1,
    name: runtime.name,
    version: runtime.version,
    adapter: 'bfloat16, float8 (float8e8m0 too), int2 and uint2 graph ' +
        'inputs (int4 and uint4 too where the runtime cannot feed them) ' +
        'are inlined as initializers, and outputs of those types and of ' +
        'int4 and uint4 are widened by Cast to float, then narrowed back ' +
        'through the inverse of that Cast; values without an exact inverse ' +
        'are answered not_supported',
  };
}

// Whether a run request is of the memory form (protocol 2) rather than the
// file form: it says memory_bytes, or has output slots or input slots.
function isMemoryForm(req) {
  return !req.load_only && (req.memory_bytes !== undefined ||
      req.outputs !== undefined ||
      (Array.isArray(req.inputs) &&
       req.inputs.some((i) => typeof i !== 'string')));
}

// Returns the problem with a run request's fields, or ''.
function runRequestProblem(req) {
  const isAbs = (p) => typeof p === 'string' && p.startsWith('/');
  if (!isAbs(req.model)) return 'model: not an absolute path';
  if (req.load_only) return '';
  if (isMemoryForm(req)) return memory.memoryRequestProblem(req);
  if (!Array.isArray(req.inputs) || !req.inputs.every(isAbs)) {
    return 'inputs: not an array of absolute paths';
  }
  if (!isAbs(req.output_dir)) return 'output_dir: not an absolute path';
  return '';
}

// {req}, the request on `line`, or {answer} saying why there is none.
function parseRequest(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return {answer: {id: null, status: 'error',
                     message: `unreadable request: ${e}`}};
  }
  if (req === null || typeof req !== 'object') {
    return {answer: {id: null, status: 'error',
                     message: 'request is not an object'}};
  }
  return {req};
}

async function handle(req, runner, runtime, state) {
  const id = req.id === undefined ? null : req.id;
  if (req.method === 'hello') return hello(req, runtime, state);
  if (req.method === 'run') {
    const inMemory = isMemoryForm(req);
    if (inMemory && !state.memory) {
      return {id, status: 'error', message: 'memory_bytes: a memory-form ' +
              'request, but protocol 2 was not agreed at hello'};
    }
    const problem = runRequestProblem(req);
    if (problem) return {id, status: 'error', message: problem};
    return {id, ...(await runner.run(req, inMemory ? state.memory : null))};
  }
  return {id, status: 'error', message: `unknown method ${req.method}`};
}

async function main() {
  let name;
  let native;
  try {
    name = parseArgs(process.argv.slice(2));
    native = addonAsked(process.env.ONNXCTS_ORT_ADDON);
  } catch (e) {
    console.error(`worker: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  const runtime = loadRuntime(name);
  const runner = new Runner(runtime, native.addon);
  await runner.start();
  const state = {memory: null, native};
  // One request at a time, strictly in order; lines that arrive meanwhile
  // (pipelined requests) wait in the pipe or in the reader.
  const lines = new LineReader();
  for (let line; (line = await lines.next()) !== null;) {
    if (line.trim() === '') continue;
    const {req, answer} = parseRequest(line);
    if (req && req.method === 'shutdown') break;
    send(answer || await handle(req, runner, runtime, state));
  }
  // The answers have left (writeLine blocks); ORT's thread pools (node)
  // would otherwise keep the process alive.
  process.exit(0);
}

main().catch((e) => {
  console.error(`worker: ${e.stack || e}`);
  process.exit(70);
});
