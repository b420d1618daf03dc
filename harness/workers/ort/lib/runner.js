// Answers `run` requests of worker protocols 1 and 2 with ONNX Runtime:
// loads the model (once per path), feeds the inputs, and writes the outputs
// as output_K.pb files (file form) or into the shared memory's slots (memory
// form, lib/memory.js). The runtime package (onnxruntime-node or
// onnxruntime-web, lib/runtime.js) is a constructor parameter: both have the
// same JS API.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  type, DTYPES, ORT_TO_CODE, storageBytes, dtypeName,
} = require('./onnx_proto');
const {readTensor, writeTensor} = require('./tensor');
const adapter = require('./adapter');
const {statusOf} = require('./refusals');

const MAX_CACHED_MODELS = 64;

const TYPED_ARRAYS = {
  float32: Float32Array, uint8: Uint8Array, int8: Int8Array,
  uint16: Uint16Array, int16: Int16Array, int32: Int32Array,
  int64: BigInt64Array, bool: Uint8Array, float16: Uint16Array,
  float64: Float64Array, uint32: Uint32Array, uint64: BigUint64Array,
  // Packed, two elements a byte, as raw_data holds them (onnxruntime-web).
  int4: Uint8Array, uint4: Uint8Array,
};


// An answer the caller sends as is.
class Answer extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// ORT's failure `e` as the answer its words call for (lib/refusals.js).
function ortFailure(e, prefix = '') {
  const message = prefix + String(e && e.message ? e.message : e);
  return new Answer(statusOf(message), message);
}

// Both runtimes throw this from the JS layer for a dtype it cannot carry,
// after ORT itself has loaded the model: onnxruntime-node says "Unsupported
// data type", onnxruntime-web "unsupported data type: 16".
const JS_CANNOT_CARRY_RE = /unsupported data type/i;

// float16 goes in and out as raw bits in a Uint16Array. onnxruntime-web
// would hand out a Float16Array where the JavaScript engine has one; its
// buffer holds the same bits, and fromOrtTensor reads only the buffer.
// int4 and uint4 go in packed, as raw_data holds them.
// The tensor is a view of `t.bytes` when they are aligned for it (no copy).
function toOrtTensor(ort, t) {
  const row = DTYPES.get(t.code);
  const Ctor = TYPED_ARRAYS[row.ort];
  const align = Ctor.BYTES_PER_ELEMENT;
  const bytes = t.bytes.byteOffset % align === 0 ? t.bytes : t.bytes.slice();
  return new ort.Tensor(row.ort, new Ctor(bytes.buffer, bytes.byteOffset,
                                          bytes.length / align), t.dims);
}

function fromOrtTensor(value, name) {
  const code = ORT_TO_CODE.get(value.type);
  if (code === undefined) {
    throw new Answer('not_supported',
                     `output '${name}': ORT returned type ${value.type}`);
  }
  const data = value.data;
  return {
    name, code, dims: value.dims.map(Number),
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

// The dtypes of ONNX 1.16 and later (codes 21 on: the packed 4- and 2-bit
// types, float8e8m0), whose refusals ORT words without naming them ("Could
// not find an implementation for Cast(23) node"): a not_supported `answer`
// for a model with such graph I/O or initializers gets them named.
function namingLateTypes(answer, sig, model) {
  if (answer.status !== 'not_supported') return answer;
  const codes = [...sig.inputs, ...sig.outputs].map((v) => v.code).concat(
      (model.graph?.initializer || []).map((t) => t.data_type || 0));
  const late = [...new Set(codes.filter((c) => c >= 21).map(dtypeName))];
  if (late.length === 0) return answer;
  return new Answer(answer.status, `${answer.message} (the model's ` +
                    'inputs, outputs or initializers include ' +
                    `${late.join(', ')})`);
}

const sameDims = (a, b) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

function seconds(start) {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

// A protobuf message, hence an output_K.pb, holds less than 2 GiB (and
// fs.writeFileSync writes no more at once); leave room for the header.
const MAX_RAW_BYTES = 2 ** 31 - 1 - 4096;

// Returns `t`, or refuses an output that no TensorProto file can carry;
// both runtimes can make one (onnxruntime-web within its 4 GiB of memory).
function fitsInFile(t) {
  if (t.bytes.length <= MAX_RAW_BYTES) return t;
  throw new Answer('not_supported', `output '${t.name}': ` +
      `${t.bytes.length} bytes of raw_data, more than a TensorProto file ` +
      'can hold (2 GiB)');
}

class Runner {
  // `runtime` is lib/runtime.js's loadRuntime() result, `addon` lib/addon.js's
  // or null.
  constructor(runtime, addon = null) {
    this.addon = addon;
    this.ort = runtime.ort;
    this.packageName = runtime.packageName;
    this.preallocatedOutputs = runtime.preallocatedOutputs;
    this.feeds = runtime.feeds || new Set();
    this.models = new Map();       // model path -> prepared model
    this.narrowers = new Map();    // "code/opset/ir" -> Narrower
  }

  // Whether a graph input of dtype `code` goes in as an initializer (the
  // adapter) rather than as a tensor of the JS API.
  inlines(code) {
    const row = DTYPES.get(code);
    return Boolean(row.widen) && !this.feeds.has(row.ort);
  }

  // Whether a graph output of dtype `code` comes back through the adapter's
  // Cast to float rather than as a tensor of the JS API.
  widens(code) {
    return Boolean(DTYPES.get(code).widen);
  }

  // One thread per session: the harness runs one worker per thread of its
  // own, and a pool per session would spin against the other workers.
  async createSession(modelBytes, options = {}) {
    return this.ort.InferenceSession.create(
        modelBytes, {intraOpNumThreads: 1, interOpNumThreads: 1, ...options});
  }

  // Loads a one-node model, so that a runtime that cannot start (say,
  // onnxruntime-web without its .wasm, which it loads on the first session)
  // fails before hello instead of turning every case into an error.
  async start() {
    const session = await this.createSession(adapter.probeModel());
    await session.release();
  }

  // Handles one run request; returns the answer object (without id). With
  // `memory` (a SharedMemory) the request is of the memory form, its
  // fields checked already (memoryRequestProblem).
  async run(req, memory = null) {
    try {
      const prepared = await this.prepare(req.model);
      if (req.load_only) return {status: 'ok'};
      if (memory) return await this.executeInMemory(prepared, req, memory);
      return await this.execute(prepared, req);
    } catch (e) {
      if (e instanceof Answer) return {status: e.status, message: e.message};
      return {status: 'error', message: `worker: ${e.stack || e}`};
    }
  }

  // Reads the model and lets ORT judge the model as it is. Cached per path:
  // a failure is remembered too, since the same file gets the same verdict.
  async prepare(modelPath) {
    if (!this.models.has(modelPath)) {
      await this.evictOldest();
      this.models.set(modelPath, this.load(modelPath).catch((e) => e));
    }
    const prepared = await this.models.get(modelPath);
    if (prepared instanceof Error) throw prepared;
    return prepared;
  }

  // Bounds memory on long suites: a suite visits each model's data sets
  // together, so the oldest model is the one least likely to come back.
  async evictOldest() {
    if (this.models.size < MAX_CACHED_MODELS) return;
    const [oldest, entry] = this.models.entries().next().value;
    this.models.delete(oldest);
    const prepared = await entry;
    if (prepared instanceof Error) return;
    for (const s of [prepared.session, prepared.adapted?.session]) {
      if (s) await s.release();
    }
  }

  async load(modelPath) {
    let bytes;
    let model;
    try {
      bytes = fs.readFileSync(modelPath);
      model = type('ModelProto').decode(bytes);
    } catch (e) {
      throw new Answer('error', `${modelPath}: unreadable model: ${e.message}`);
    }
    const sig = adapter.graphSignature(model);
    const foreign = [...sig.inputs, ...sig.outputs]
        .filter((v) => !DTYPES.has(v.code));
    if (foreign.length > 0) {
      throw new Answer('not_supported', foreign.map((v) =>
        `'${v.name}' has ${dtypeName(v.code)}, which ${this.packageName} ` +
        'cannot carry').join('; '));
    }
    const needsAdapter = sig.inputs.some((v) => this.inlines(v.code)) ||
        sig.outputs.some((v) => this.widens(v.code));
    let session = null;
    try {
      session = await this.createSession(bytes);
    } catch (e) {
      // With narrow-float I/O the JS layer throws after ORT itself has
      // loaded the model; only then is the adapter route fair.
      if (!(needsAdapter && JS_CANNOT_CARRY_RE.test(e.message))) {
        throw namingLateTypes(ortFailure(e), sig, model);
      }
    }
    if (session && needsAdapter) {
      await session.release();
      session = null;
    }
    if (needsAdapter &&
        type('ModelProto').encode(model).finish().length !== bytes.length) {
      // protobufjs drops fields its schema (ONNX 1.12) does not know, so a
      // rewritten copy could differ from the model in more than its I/O.
      throw new Answer('not_supported', 'no faithful route: the model has ' +
                       'fields the ONNX 1.12 schema does not know, which a ' +
                       'rewrite would drop');
    }
    const nodeOutputs = new Set(
        (model.graph?.node || []).flatMap((n) => n.output || []));
    return {path: modelPath, bytes, model, sig, session, needsAdapter,
            nodeOutputs, adapted: null};
  }

  // File form: input files in, output_K.pb files out.
  async execute(prepared, req) {
    const inputs = this.readInputs(prepared, req.inputs);
    const {outputs, steps} = await this.compute(prepared, inputs);
    outputs.forEach(fitsInFile);
    fs.mkdirSync(req.output_dir, {recursive: true});
    outputs.forEach((t, k) =>
      writeTensor(path.join(req.output_dir, `output_${k}.pb`), t));
    return steps.length > 0 ?
        {status: 'ok', adapter_steps: steps} : {status: 'ok'};
  }

  // Memory form: inputs read from their slots, each output written into its
  // slot when it fits there; the answer says what ORT returned.
  async executeInMemory(prepared, req, memory) {
    let start = process.hrtime.bigint();
    const timings = {};
    let inputs;
    let fetches;
    try {
      this.checkSlots(prepared, req);
      memory.checkSize(req.memory_bytes);
      inputs = memory.readInputs(req.inputs).map((bytes, k) => ({
        name: prepared.sig.inputs[k].name, code: req.inputs[k].dtype,
        dims: req.inputs[k].dims, bytes,
      }));
      fetches = this.preallocate(prepared, req.outputs, memory);
    } catch (e) {
      if (e instanceof Answer) throw e;
      throw new Answer('error', e.message);
    }
    timings.read = seconds(start);
    start = process.hrtime.bigint();
    const {outputs, steps} = await this.compute(prepared, inputs, fetches);
    timings.run = seconds(start);
    start = process.hrtime.bigint();
    outputs.forEach((t, k) => {
      const slot = req.outputs[k];
      if (t.bytes.length > slot.bytes) return;
      try {
        memory.write(t.bytes, slot.offset);
      } catch (e) {
        throw new Answer('error', `outputs[${k}]: ${e.message}`);
      }
    });
    timings.write = seconds(start);
    return {
      status: 'ok',
      ...(steps.length > 0 ? {adapter_steps: steps} : {}),
      outputs: outputs.map((t) => ({dtype: t.code, dims: t.dims})),
      timings,
    };
  }

  // Throws an error Answer unless the slots fit the model's graph I/O.
  checkSlots(prepared, req) {
    const sig = prepared.sig;
    for (const field of ['inputs', 'outputs']) {
      if (req[field].length !== sig[field].length) {
        throw new Answer('error', `${field}: ${req[field].length} slots for ` +
                         `a model with ${sig[field].length} graph ${field}`);
      }
    }
    req.inputs.forEach((slot, k) => {
      const want = sig.inputs[k];
      if (want.code && slot.dtype !== want.code) {
        throw new Answer('error', `inputs[${k}].dtype: ` +
            `${dtypeName(slot.dtype)}, but input '${want.name}' is ` +
            dtypeName(want.code));
      }
    });
  }

  // ORT tensors over the reused output buffer, by output name, for session
  // run's `fetches`, so that ORT writes each output there rather than into
  // a buffer of its own; null for an output whose dtype or shape the model
  // does not declare as the slot's (ORT refuses a preallocated output of
  // another shape), which does not fit its slot, or which no node makes (a
  // graph input or initializer passed through). Null when none is.
  preallocate(prepared, slots, memory) {
    if (!this.preallocatedOutputs || prepared.needsAdapter) return null;
    const chosen = [];
    prepared.sig.outputs.forEach((v, k) => {
      const slot = slots[k];
      const bytes = storageBytes(v.code,
                                 slot.dims.reduce((a, d) => a * d, 1));
      if (slot.dtype === v.code && v.shape && sameDims(v.shape, slot.dims) &&
          bytes <= slot.bytes && prepared.nodeOutputs.has(v.name)) {
        chosen.push({v, slot, bytes});
      }
    });
    if (chosen.length === 0) return null;
    const views = memory.outputViews(chosen.map((c) => c.slot),
                                     chosen.map((c) => c.bytes));
    const fetches = {};
    for (const v of prepared.sig.outputs) fetches[v.name] = null;
    chosen.forEach(({v, slot}, k) => {
      fetches[v.name] = toOrtTensor(this.ort, {code: v.code, dims: slot.dims,
                                               bytes: views[k]});
    });
    return fetches;
  }

  // Runs `inputs` (tensors {name, code, dims, bytes}, in graph-input order)
  // through the model; returns {outputs, steps}: the outputs as tensors, in
  // graph-output order, and the adapter steps taken. `fetches`: see
  // preallocate.
  async compute(prepared, inputs, fetches = null) {
    let session = prepared.session;
    let steps = [];
    let widened = [];
    let temporary = false;
    if (prepared.needsAdapter) {
      ({session, steps, widened, temporary} =
           await this.adapt(prepared, inputs));
    }
    const feeds = {};
    prepared.sig.inputs.forEach((v, k) => {
      if (!this.inlines(v.code)) {
        feeds[v.name] = toOrtTensor(this.ort, inputs[k]);
      }
    });
    let results;
    try {
      results = await this.runSession(session, feeds, fetches);
    } catch (e) {
      throw ortFailure(e);
    } finally {
      if (temporary) await session.release();
    }
    // All outputs first: a refusal must not leave some of them behind.
    const outputs = [];
    for (const v of prepared.sig.outputs) {
      outputs.push(await this.output(prepared, results, v, widened));
    }
    return {outputs, steps};
  }

  // session.run, into the preallocated outputs of `fetches` if any: the
  // results then hold those tensors, which ORT wrote (onnxruntime-node
  // also returns a copy of each, which is dropped). Should ORT refuse them
  // (an output of another shape than the model declares), the run without
  // them has the last word.
  async runSession(session, feeds, fetches) {
    if (!fetches) return session.run(feeds);
    let results;
    try {
      results = await session.run(feeds, fetches);
    } catch (e) {
      return session.run(feeds);
    }
    for (const [name, t] of Object.entries(fetches)) {
      if (!t) continue;
      this.drop(results[name], t);
      results[name] = t;
    }
    return results;
  }

  // Frees `copy`, a tensor ORT returned for the preallocated `kept`, at once
  // (native/shm.c says why), unless it is `kept` itself.
  drop(copy, kept) {
    const buffer = copy?.data?.buffer;
    if (this.addon && buffer && buffer !== kept.data.buffer) {
      this.addon.release(buffer);
    }
  }

  readInputs(prepared, files) {
    const want = prepared.sig.inputs;
    if (files.length !== want.length) {
      throw new Answer('error', `${files.length} input files for a model ` +
                       `with ${want.length} graph inputs`);
    }
    return files.map((file, k) => {
      let t;
      try {
        t = readTensor(file);
      } catch (e) {
        throw new Answer('error', e.message);
      }
      if (want[k].code && t.code !== want[k].code) {
        throw new Answer('error', `${file}: data_type ${dtypeName(t.code)} ` +
            `but input '${want[k].name}' is ${dtypeName(want[k].code)}`);
      }
      return t;
    });
  }

  // The session for a model whose I/O needs the adapter. A model whose
  // narrow types are only in its outputs is rewritten once; inlined inputs
  // make the rewrite specific to one request.
  async adapt(prepared, inputs) {
    const inline = new Map();
    prepared.sig.inputs.forEach((v, k) => {
      if (this.inlines(v.code)) inline.set(v.name, inputs[k]);
    });
    const widened = prepared.sig.outputs
        .filter((v) => this.widens(v.code)).map((v) => v.name);
    if (inline.size === 0 && prepared.adapted) return prepared.adapted;
    const {bytes, steps} = adapter.rewrite(prepared.model, inline, widened);
    // Unoptimized: an inlined input is constant, and ORT would otherwise
    // fold the op away at load; this way the op's kernel runs as it would
    // on a fed input, and the Cast runs as it did in calibration.
    const options = {graphOptimizationLevel: 'disabled'};
    steps.push('graph optimizations disabled in the rewritten model');
    let session;
    try {
      session = await this.createSession(bytes, options);
    } catch (e) {
      throw new Answer('not_supported', 'no faithful route: the rewritten ' +
                       `model failed: ${e.message}`);
    }
    const result = {session, steps, widened, temporary: inline.size > 0};
    if (!result.temporary) prepared.adapted = result;
    return result;
  }

  async output(prepared, results, v, widened) {
    if (!widened.includes(v.name)) {
      return fromOrtTensor(results[v.name], v.name);
    }
    const value = results[v.name + adapter.WIDE_SUFFIX];
    if (value.type !== 'float32') {
      throw new Answer('not_supported', `output '${v.name}': the widening ` +
                       `Cast gave ${value.type}, not float32`);
    }
    const narrower = await this.narrower(v.code, prepared.model);
    try {
      return {name: v.name, code: v.code, dims: value.dims.map(Number),
              bytes: narrower.narrow(value.data)};
    } catch (e) {
      throw new Answer('not_supported', `no faithful route: ${e.message}`);
    }
  }

  async narrower(code, model) {
    const opset = adapter.onnxOpset(model);
    const ir = Number(model.ir_version || 0);
    const key = `${code}/${opset}/${ir}`;
    if (!this.narrowers.has(key)) {
      try {
        // Unoptimized, so the Cast kernel runs as in a rewritten model.
        const session = await this.createSession(
            adapter.calibrationModel(code, opset, ir),
            {graphOptimizationLevel: 'disabled'});
        const result = await session.run({});
        await session.release();
        this.narrowers.set(key, new adapter.Narrower(code, result.y.data));
      } catch (e) {
        throw new Answer('not_supported', 'no faithful route: ORT cannot ' +
            `Cast ${dtypeName(code)} to float at opset ${opset}: ${e.message}`);
      }
    }
    return this.narrowers.get(key);
  }
}

module.exports = {Runner};
