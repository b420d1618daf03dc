#!/usr/bin/env node
// onnxcts worker (protocol 1, docs/worker-protocol.md) for ONNX Runtime
// through onnxruntime-node (default) or onnxruntime-web (WebAssembly):
//
//     worker.js [--runtime node|web]
//
// Reads one JSON request per line on stdin and writes one JSON answer per
// line on stdout; everything else goes to stderr.
'use strict';

// stdout carries answers only: send every console printer to stderr before
// any module gets a chance to print.
for (const k of ['log', 'info', 'debug', 'dir', 'table']) {
  console[k] = console.error;
}

const readline = require('node:readline');
const {loadRuntime, RUNTIMES} = require('./lib/runtime');
const {Runner} = require('./lib/runner');

const PROTOCOL = 1;

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

function hello(req, runtime) {
  if (req.protocol !== PROTOCOL) {
    console.error(`worker: harness asks for protocol ${req.protocol}, ` +
                  `this worker speaks ${PROTOCOL}`);
  }
  return {
    protocol: PROTOCOL,
    name: runtime.name,
    version: runtime.version,
    adapter: 'bfloat16 and float8 graph inputs are inlined as initializers ' +
        'and such outputs are widened by Cast to float, then narrowed back ' +
        'through the inverse of that Cast; values without an exact inverse ' +
        'are answered not_supported',
  };
}

// Returns the problem with a run request's fields, or ''.
function runRequestProblem(req) {
  const isAbs = (p) => typeof p === 'string' && p.startsWith('/');
  if (!isAbs(req.model)) return 'model: not an absolute path';
  if (req.load_only) return '';
  if (!Array.isArray(req.inputs) || !req.inputs.every(isAbs)) {
    return 'inputs: not an array of absolute paths';
  }
  if (!isAbs(req.output_dir)) return 'output_dir: not an absolute path';
  return '';
}

async function handle(line, runner, runtime) {
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
  if (req.method === 'hello') return hello(req, runtime);
  if (req.method === 'run') {
    const problem = runRequestProblem(req);
    if (problem) return {id, status: 'error', message: problem};
    return {id, ...(await runner.run(req))};
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
  const lines = readline.createInterface({input: process.stdin});
  // for-await handles the requests strictly in order, one at a time.
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let req = null;
    try {
      req = JSON.parse(line);
    } catch (e) {
      // handle() answers it.
    }
    if (req && req.method === 'shutdown') break;
    send(await handle(line, runner, runtime));
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
