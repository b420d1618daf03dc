#!/usr/bin/env node
// ONNX Runtime's throughput on the kernels' benchmark: for each op, dtype
// and size asked, a one-node model whose input is a graph input, run through
// onnxruntime-node on random bit patterns into a preallocated output, on one
// intra-op thread. Prints JSON; scripts/bench shows it beside our kernels.
//
//   echo '{"cases": [["Sign", "float"]], "sizes": [1, 4096],
//          "repetitions": 5}' | node reference/bench/ort_bench.js
//
// Answers {"version": "1.30.0", "results": {"Sign/float/4096": R, ...}},
// where R is {"rate": elements per second (median of the repetitions)} or
// {"status": "no kernel" | "no JS type", "message": ...}.
'use strict';

const path = require('node:path');

// The ORT worker's own install (scripts/setup) and its ONNX schema loader.
const ORT_DIR = path.join(__dirname, '..', '..', 'harness', 'workers', 'ort');
const ort = require(path.join(ORT_DIR, 'node_modules', 'onnxruntime-node'));
const ortPackage =
    require(path.join(ORT_DIR, 'node_modules', 'onnxruntime-node',
                      'package.json'));
const {type, DTYPES} = require(path.join(ORT_DIR, 'lib', 'onnx_proto'));
const {loadAddon} = require(path.join(ORT_DIR, 'lib', 'addon'));

// onnxruntime-node 1.30 hands back a copy of a preallocated output, and the
// ORT worker frees each at once with its addon. Left to the garbage
// collector, the copies make runs fault in fresh pages (Sign at 4194304
// elements ran at half the rate it has with them freed), so freeing them
// here too keeps the worker from being held against a slowed ORT.
// ONNXCTS_ORT_ADDON=off measures without, as the worker then runs.
const {addon} = process.env.ONNXCTS_ORT_ADDON === 'off' ? {} : loadAddon();

// The op version each model imports: the newest, which allows every dtype
// the kernels benchmark for that op.
const OPSETS = {IsInf: 20, IsNaN: 20, Sign: 13, Add: 14};
// Ops of two inputs of one shape, as the pair sweeps feed them.
const BINARY = new Set(['Add']);
const PREDICATES = new Set(['IsInf', 'IsNaN']);  // their output is bool

function inputNames(op) {
  return BINARY.has(op) ? ['x', 'x1'] : ['x'];
}
const IR_VERSION = 9;  // what opset 20 needs
const BOOL = 9;
const ELEMENTS_PER_SAMPLE = 4096;  // small sizes: time many runs together
const MAX_WARM_UP_RUNS = 30;

const TYPED_ARRAYS = {
  float32: Float32Array, uint8: Uint8Array, int8: Int8Array,
  uint16: Uint16Array, int16: Int16Array, int32: Int32Array,
  int64: BigInt64Array, bool: Uint8Array, float16: Uint16Array,
  float64: Float64Array, uint32: Uint32Array, uint64: BigUint64Array,
};

function codeOf(dtypeName) {
  for (const [code, row] of DTYPES) if (row.name === dtypeName) return code;
  throw new Error(`unknown dtype ${dtypeName}`);
}

function valueInfo(name, code, n) {
  return {name, type: {tensor_type: {elem_type: code,
                                     shape: {dim: [{dim_value: n}]}}}};
}

function modelBytes(op, code, n) {
  const out = PREDICATES.has(op) ? BOOL : code;
  const names = inputNames(op);
  const model = type('ModelProto').create({
    ir_version: IR_VERSION,
    opset_import: [{domain: '', version: OPSETS[op]}],
    graph: {
      name: `bench_${op}`,
      node: [{op_type: op, input: names, output: ['y']}],
      input: names.map((x) => valueInfo(x, code, n)),
      output: [valueInfo('y', out, n)],
    },
  });
  return type('ModelProto').encode(model).finish();
}

// Random bits from a seed (xorshift32): every value class turns up.
function randomBytes(count, seed = 20261129) {
  const bytes = new Uint8Array(Math.ceil(count / 4) * 4);
  const words = new Uint32Array(bytes.buffer);
  let s = seed;
  for (let i = 0; i < words.length; ++i) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    words[i] = s >>> 0;
  }
  return bytes;
}

function tensor(ortType, bytes, n) {
  const Ctor = TYPED_ARRAYS[ortType];
  return new ort.Tensor(ortType, new Ctor(bytes.buffer, 0, n), [n]);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ORT's words for a type it has no kernel for, against the JS layer's for a
// type it cannot carry (thrown after ORT itself accepted the model).
function refusal(e) {
  const message = String(e && e.message ? e.message : e);
  if (/Unsupported data type/i.test(message)) {
    return {status: 'no JS type', message};
  }
  return {status: 'no kernel', message};
}

// One run into the preallocated `fetches`, freeing the copy (see addon).
async function run(session, feeds, fetches) {
  const results = await session.run(feeds, fetches);
  const copy = results.y.data.buffer;
  if (addon && copy !== fetches.y.data.buffer) addon.release(copy);
}

// A run may get a fresh output buffer below the JS API, whatever buffer was
// passed in; until the process recycles those (some runs later, for some
// ops never) each run faults in new pages, which on a virtual machine costs
// more than the op itself. Warm up until a run takes no new pages (or long
// enough), so the timed runs show the steady state where there is one.
async function warmUp(session, feeds, fetches) {
  for (let i = 0; i < MAX_WARM_UP_RUNS; ++i) {
    const before = process.resourceUsage().minorPageFault;
    await run(session, feeds, fetches);
    if (process.resourceUsage().minorPageFault - before < 16) return;
  }
}

async function measure(op, dtypeName, n, repetitions) {
  const code = codeOf(dtypeName);
  const row = DTYPES.get(code);
  const options = {intraOpNumThreads: 1, interOpNumThreads: 1,
                   executionMode: 'sequential'};
  let session;
  try {
    session = await ort.InferenceSession.create(modelBytes(op, code, n),
                                                options);
  } catch (e) {
    return refusal(e);
  }
  if (!row.ort) {
    await session.release();
    return {status: 'no JS type',
            message: `onnxruntime-node has no tensor type for ${dtypeName}`};
  }
  const outType = PREDICATES.has(op) ? 'bool' : row.ort;
  const feeds = {};
  inputNames(op).forEach((name, k) => {
    feeds[name] = tensor(row.ort, randomBytes(n * row.bytes, 20261129 + k), n);
  });
  const outBytes = PREDICATES.has(op) ? 1 : row.bytes;
  const fetches = {y: tensor(outType, new Uint8Array(n * outBytes + 8), n)};
  const loops = Math.max(1, Math.floor(ELEMENTS_PER_SAMPLE / n));
  await warmUp(session, feeds, fetches);
  const rates = [];
  for (let r = 0; r < repetitions; ++r) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < loops; ++i) await run(session, feeds, fetches);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(n * loops / seconds);
  }
  await session.release();
  return {rate: median(rates)};
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const request = JSON.parse(input);
  const results = {};
  for (const [op, dtype] of request.cases) {
    for (const n of request.sizes) {
      results[`${op}/${dtype}/${n}`] =
          await measure(op, dtype, n, request.repetitions || 5);
    }
  }
  process.stdout.write(JSON.stringify({version: ortPackage.version, results}) +
                       '\n');
}

main().catch((e) => {
  console.error(`ort_bench: ${e.stack || e}`);
  process.exit(1);
});
