// ONNX's message types, loaded at run time from the schema that Debian's
// libonnx-dev installs, and the dtype table the worker needs.
'use strict';

const fs = require('node:fs');
const protobuf = require('protobufjs');

// Debian ships the ONNX-ML schema as onnx.proto; other layouts call it
// onnx-ml.proto. ONNXCTS_ONNX_PROTO overrides both.
const SCHEMA_CANDIDATES = [
  process.env.ONNXCTS_ONNX_PROTO,
  '/usr/include/onnx/onnx-ml.proto',
  '/usr/include/onnx/onnx.proto',
].filter(Boolean);

let root = null;

// Returns the protobufjs root of the ONNX schema (loaded once).
function schema() {
  if (root) return root;
  const path = SCHEMA_CANDIDATES.find((p) => fs.existsSync(p));
  if (!path) {
    throw new Error(
        `ONNX schema not found (tried ${SCHEMA_CANDIDATES.join(', ')}); ` +
        'install libonnx-dev');
  }
  // keepCase: field names as in the .proto (raw_data, not rawData).
  root = new protobuf.Root().loadSync(path, {keepCase: true});
  return root;
}

function type(name) {
  return schema().lookupType(`onnx.${name}`);
}

// One row per ONNX data_type code: `bits` per element (the 4- and 2-bit
// types are packed as onnx.proto packs them, element 0 in the low bits of
// byte 0), `bytes` per element for the others. `ort` is ONNX Runtime's JS
// name for the type when its JS API knows it (the same in onnxruntime-node
// and onnxruntime-web 1.30); `widen` marks the types whose graph outputs
// that API cannot hand back, which the adapter routes through float: the
// narrow floats and float8e8m0 (no JS name), int2 and uint2 (likewise), and
// int4 and uint4, which onnxruntime-common 1.30 names, packed in a
// Uint8Array, but whose outputs onnxruntime-web refuses ("unsupported type:
// int4") and onnxruntime-node cannot return (the process aborts out of
// memory in OrtValueToNapiValue). Which of them a runtime can feed as inputs
// is the runtime's (lib/runtime.js, `feeds`). float4e2m1 has a row so that
// it is named and routed like the others, though ORT 1.30 has no Cast for
// it, so the adapter's route for it fails (not_supported).
const DTYPES = new Map([
  [1, {name: 'float', ort: 'float32', bytes: 4}],
  [2, {name: 'uint8', ort: 'uint8', bytes: 1}],
  [3, {name: 'int8', ort: 'int8', bytes: 1}],
  [4, {name: 'uint16', ort: 'uint16', bytes: 2}],
  [5, {name: 'int16', ort: 'int16', bytes: 2}],
  [6, {name: 'int32', ort: 'int32', bytes: 4}],
  [7, {name: 'int64', ort: 'int64', bytes: 8}],
  [9, {name: 'bool', ort: 'bool', bytes: 1}],
  [10, {name: 'float16', ort: 'float16', bytes: 2}],
  [11, {name: 'double', ort: 'float64', bytes: 8}],
  [12, {name: 'uint32', ort: 'uint32', bytes: 4}],
  [13, {name: 'uint64', ort: 'uint64', bytes: 8}],
  [16, {name: 'bfloat16', ort: null, bytes: 2, widen: true}],
  [17, {name: 'float8e4m3fn', ort: null, bytes: 1, widen: true}],
  [18, {name: 'float8e4m3fnuz', ort: null, bytes: 1, widen: true}],
  [19, {name: 'float8e5m2', ort: null, bytes: 1, widen: true}],
  [20, {name: 'float8e5m2fnuz', ort: null, bytes: 1, widen: true}],
  [21, {name: 'uint4', ort: 'uint4', bits: 4, widen: true}],
  [22, {name: 'int4', ort: 'int4', bits: 4, widen: true}],
  [23, {name: 'float4e2m1', ort: null, bits: 4, widen: true}],
  [24, {name: 'float8e8m0', ort: null, bytes: 1, widen: true}],
  [25, {name: 'uint2', ort: null, bits: 2, widen: true}],
  [26, {name: 'int2', ort: null, bits: 2, widen: true}],
]);
for (const row of DTYPES.values()) {
  if (row.bits === undefined) row.bits = 8 * row.bytes;
  row.packed = row.bits < 8;
}

const ORT_TO_CODE = new Map(
    [...DTYPES].filter(([, d]) => d.ort).map(([code, d]) => [d.ort, code]));

// The bytes `count` elements of dtype `code` take: count times the width,
// ceil(count * bits / 8) for the packed types.
function storageBytes(code, count) {
  const row = DTYPES.get(code);
  return row.packed ? Math.ceil(count * row.bits / 8) : count * row.bytes;
}

// "float8e4m3fn" for 17, "int4" for 22, "dtype 14" for codes outside the
// onnxcts table.
function dtypeName(code) {
  const row = DTYPES.get(code);
  return row ? row.name : `dtype ${code}`;
}

module.exports = {
  schema, type, DTYPES, ORT_TO_CODE, storageBytes, dtypeName,
};
