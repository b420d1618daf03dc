// Rewrites a copy of a model so that ONNX Runtime's JS API (onnxruntime-node
// and onnxruntime-web alike) can run it when its graph inputs or outputs have
// a dtype that API cannot carry (bfloat16, the float8 formats, the packed
// 4- and 2-bit types; lib/onnx_proto.js says which):
//  - such an input becomes an initializer holding the input's raw bits;
//  - such an output gets a Cast to float appended, and the worker narrows the
//    float back to the original bits through an inverse table of that very
//    Cast (see Narrower), so the answer is bit-faithful or refused.
'use strict';

const {type, DTYPES, storageBytes, dtypeName} = require('./onnx_proto');

const FLOAT = 1;
const ATTR_INT = 2;  // AttributeProto.AttributeType.INT
const WIDE_SUFFIX = '__onnxcts_widened';

// The ai.onnx opset version a model imports, or 0.
function onnxOpset(model) {
  const entry = (model.opset_import || [])
      .find((o) => !o.domain || o.domain === 'ai.onnx');
  return entry ? Number(entry.version) : 0;
}

function elemType(valueInfo) {
  const t = valueInfo.type && valueInfo.type.tensor_type;
  return t ? t.elem_type || 0 : 0;
}

// The dims a value declares when every one is a number, else null.
function staticShape(valueInfo) {
  const shape = valueInfo.type && valueInfo.type.tensor_type &&
      valueInfo.type.tensor_type.shape;
  if (!shape || !shape.dim.every((d) => d.value === 'dim_value')) return null;
  return shape.dim.map((d) => Number(String(d.dim_value)));
}

// The graph inputs a caller feeds (those without an initializer) and the
// graph outputs, each as {name, code, shape} (shape: see staticShape).
function graphSignature(model) {
  const graph = model.graph || {};
  const init = new Set((graph.initializer || []).map((t) => t.name));
  const io = (v) => ({name: v.name, code: elemType(v), shape: staticShape(v)});
  return {
    inputs: (graph.input || []).filter((v) => !init.has(v.name)).map(io),
    outputs: (graph.output || []).map(io),
  };
}

function castNode(from, to, index) {
  return {
    name: `onnxcts_widen_${index}`,
    op_type: 'Cast',
    input: [from],
    output: [to],
    attribute: [{name: 'to', type: ATTR_INT, i: FLOAT}],
  };
}

// Returns {bytes, steps}: the rewritten model and one line per rewrite.
// `inline` maps input names to tensors read from the request;
// `widen` lists the output names to route through float.
function rewrite(model, inline, widen) {
  const copy = type('ModelProto').decode(
      type('ModelProto').encode(model).finish());
  const graph = copy.graph;
  const steps = [];
  if (inline.size > 0 && Number(copy.ir_version) < 4) {
    // Before IR 4 an initializer had to be listed among the graph inputs.
    steps.push(`raised ir_version from ${copy.ir_version} to 4`);
    copy.ir_version = 4;
  }
  for (const [name, t] of inline) {
    graph.input = graph.input.filter((v) => v.name !== name);
    graph.initializer = (graph.initializer || [])
        .filter((i) => i.name !== name);
    graph.initializer.push(type('TensorProto').create(
        {name, dims: t.dims, data_type: t.code, raw_data: t.bytes}));
    steps.push(`input '${name}' (${dtypeName(t.code)}) inlined as an ` +
               'initializer with its raw bits');
  }
  widen.forEach((name, k) => {
    const out = graph.output.find((v) => v.name === name);
    const code = elemType(out);
    graph.node.push(castNode(name, name + WIDE_SUFFIX, k));
    out.name = name + WIDE_SUFFIX;
    out.type.tensor_type.elem_type = FLOAT;
    steps.push(`output '${name}' (${dtypeName(code)}) widened by Cast to ` +
               'float and narrowed back through the inverse of that Cast');
  });
  return {bytes: type('ModelProto').encode(copy).finish(), steps};
}

// Writes pattern `p` of a `bits`-wide dtype as element `i` of `out`
// (little-endian; the packed types as onnx.proto packs them).
function putPattern(out, bits, i, p) {
  if (bits < 8) {
    out[(i * bits) >> 3] |= p << ((i * bits) & 7);
  } else {
    const width = bits / 8;
    for (let b = 0; b < width; ++b) out[i * width + b] = (p >> (8 * b)) & 255;
  }
}

// The model that casts every bit pattern of `code` to float, at `opset`.
function calibrationModel(code, opset, irVersion) {
  const {bits} = DTYPES.get(code);
  const count = 2 ** bits;
  const raw = new Uint8Array(storageBytes(code, count));
  for (let p = 0; p < count; ++p) putPattern(raw, bits, p, p);
  const model = type('ModelProto').create({
    ir_version: Math.max(irVersion, 4),
    opset_import: [{domain: '', version: opset}],
    graph: {
      name: 'onnxcts_calibration',
      node: [castNode('x', 'y', 0)],
      initializer: [{name: 'x', dims: [count], data_type: code,
                     raw_data: raw}],
      output: [{
        name: 'y',
        type: {tensor_type: {elem_type: FLOAT,
                             shape: {dim: [{dim_value: count}]}}},
      }],
    },
  });
  return type('ModelProto').encode(model).finish();
}

// A model with one Identity on a float, to start a runtime with.
function probeModel() {
  const vi = (name) => ({name, type: {tensor_type: {elem_type: FLOAT,
                                                    shape: {dim: []}}}});
  return type('ModelProto').encode(type('ModelProto').create({
    ir_version: 8,
    opset_import: [{domain: '', version: 13}],
    graph: {
      name: 'onnxcts_probe',
      node: [{op_type: 'Identity', input: ['x'], output: ['y']}],
      input: [vi('x')],
      output: [vi('y')],
    },
  })).finish();
}

// Maps float bits, as ORT's Cast(to=float) produced them, back to the narrow
// pattern they came from. Built by running that Cast on every pattern, so it
// inverts ORT's own Cast whether or not that Cast is correct; where two
// patterns give the same float (e.g. NaNs losing their payload) the inverse
// does not exist and narrowing refuses.
class Narrower {
  constructor(code, floats) {
    this.code = code;
    this.inverse = new Map();
    const bits = new Uint32Array(floats.buffer, floats.byteOffset,
                                 floats.length);
    bits.forEach((f, p) => {
      const seen = this.inverse.get(f);
      this.inverse.set(f, seen === undefined ? p : [].concat(seen, p));
    });
  }

  // Narrow float32 data to the original dtype's bytes (packed for the 4-
  // and 2-bit types); throws an Error whose message says which value has
  // no faithful inverse.
  narrow(floats) {
    const width = DTYPES.get(this.code).bits;
    const out = new Uint8Array(storageBytes(this.code, floats.length));
    const bits = new Uint32Array(floats.buffer, floats.byteOffset,
                                 floats.length);
    bits.forEach((f, i) => {
      const p = this.inverse.get(f);
      if (p === undefined || Array.isArray(p)) {
        const from = p === undefined ? 'no pattern' :
            p.map((x) => '0x' + x.toString(16)).join(', ');
        throw new Error(
            `output element ${i}: float 0x${f.toString(16)} from ORT's Cast ` +
            `comes from ${from} of ${dtypeName(this.code)}, so its bits ` +
            'cannot be recovered');
      }
      putPattern(out, width, i, p);
    });
    return out;
  }

  // The patterns whose widened float collides with another pattern's.
  ambiguous() {
    return [...this.inverse.values()].filter(Array.isArray).flat();
  }
}

module.exports = {
  onnxOpset, graphSignature, rewrite, calibrationModel, probeModel, Narrower,
  WIDE_SUFFIX,
};
