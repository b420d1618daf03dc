#!/usr/bin/env node
// onnxcts worker (protocols 1 and 2, docs/worker-protocol.md) for ONNX
// Runtime through onnxruntime-node (default) or onnxruntime-web
// (WebAssembly):
//
//     worker.js [--runtime node|web]
//
// Reads one JSON request per line on stdin and writes one JSON answer per
// line on stdout; everything else goes to stderr. Protocol 2 adds run
// requests whose tensors live in the memory at file descriptor 3.
'use strict';

// stdout carries answers only: send every console printer to stderr before
// any module gets a chance to print.
for (const k of ['log', 'info', 'debug', 'dir', 'table']) {
  console[k] = console.error;
}

const readline = require('node:readline');
const {loadRuntime, RUNTIMES} = require('./lib/runtime');
const {Runner} = require('./lib/runner');
const memory = require('./lib/memory');

// The protocol versions this worker speaks, oldest first.
const PROTOCOLS = [1, 2];

function send(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n');
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
      state.memory = new memory.SharedMemory();
    } else {
      console.error('worker: protocol 2 offered, but file descriptor 3 is ' +
                    'not shared memory; speaking protocol 1');
    }
  }
  return {
    protocol: state.memory ? 2 : 1,
    name: runtime.name,
    version: runtime.version,
    adapter: 'bfloat16 and float8 graph inputs are inlined as initializers ' +
        'and such outputs are widened by Cast to float, then narrowed back ' +
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

async function handle(line, runner, runtime, state) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return {id: null, status: 'error', message: `unreadable request: ${e}`};
  }
  if (req === null || typeof req !== 'object') {
    return {id: null, status: 'error', message: 'request is not an object'};
  }
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
  try {
    name = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`worker: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  const runtime = loadRuntime(name);
  const runner = new Runner(runtime);
  await runner.start();
  const state = {memory: null};
  const lines = readline.createInterface({input: process.stdin});
  // for-await handles the requests strictly in order, one at a time; lines
  // that arrive meanwhile (pipelined requests) wait in readline's queue.
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let req = null;
    try {
      req = JSON.parse(line);
    } catch (e) {
      // handle() answers it.
    }
    if (req && req.method === 'shutdown') break;
    send(await handle(line, runner, runtime, state));
  }
  lines.close();
  // Exit once the answers have left; ORT's thread pools (node) would
  // otherwise keep the process alive.
  process.stdout.write('', () => process.exit(0));
}

main().catch((e) => {
  console.error(`worker: ${e.stack || e}`);
  process.exit(70);
});
