// What the Cast reproducers share: a one-Cast model whose input is an
// initializer (so any dtype goes in as raw bits) or a graph input, and the
// runtime package named on the command line.
'use strict';
const {fld, str, valueInfo, tensor, model, hex} = require('./onnx_model.js');

// NodeProto Cast with `to` (INT) and optional saturate (INT) and round_mode
// (STRING: AttributeProto{name=1, s=4, type=20 STRING=3}).
function castNode(x, y, to, {saturate, roundMode} = {}) {
  const ints = {to};
  if (saturate !== undefined) ints.saturate = saturate;
  const attrs = Object.entries(ints).flatMap(([k, v]) =>
    fld(5, fld(1, str(k)).concat(fld(3, v), fld(20, 2))));
  if (roundMode) attrs.push(...fld(5, fld(1, str('round_mode')).concat(fld(4, str(roundMode)), fld(20, 3))));
  return fld(1, str(x)).concat(fld(2, str(y)), fld(4, str('Cast')), attrs);
}

// Cast of the initializer `raw` (dtype `from`, `count` elements) to `to`,
// then, when `viaFloat`, a second Cast to float (the JS API cannot hand back
// bfloat16 or the float8 types; those Casts to float are exact).
function castModel(from, to, raw, count, opset, attrs = {}, viaFloat = false) {
  const nodes = [castNode('x', viaFloat ? 'c' : 'y', to, attrs)];
  if (viaFloat) nodes.push(castNode('c', 'y', 1));
  return model(nodes, [], [valueInfo('y', viaFloat ? 1 : to, [count])],
      [tensor('x', from, [count], raw)], opset);
}

function runtime() {
  const pkg = process.argv[2] || 'onnxruntime-node';
  const ort = require(pkg);
  if (ort.env.wasm) ort.env.wasm.numThreads = 1;
  const version = ort.env.versions.web || ort.env.versions.node;
  return {ort, pkg, label: `${pkg} ${version}`};
}

// Runs `bytes` (no feeds) with graph optimizations off, so the Cast kernel
// runs rather than load-time constant folding; returns the output tensor.
async function run(ort, bytes) {
  const s = await ort.InferenceSession.create(bytes,
      {graphOptimizationLevel: 'disabled', logSeverityLevel: 3});
  return (await s.run({})).y;
}

const f32bits = (data) => [...new Uint32Array(data.buffer, data.byteOffset, data.length)];

module.exports = {castNode, castModel, runtime, run, f32bits, hex, valueInfo, model};
