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

// One row per ONNX data_type code. `ort` is ONNX Runtime's JS name for the
// type when its JS API can carry it (the same in onnxruntime-node and
// onnxruntime-web 1.30); `widen` marks the narrow float formats that API
// cannot carry, which the adapter routes through float.
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
]);

// Codes of the onnxcts table that this worker does not carry: the packed
// 4- and 2-bit types (ORT's JS API has int4 and uint4 only, packed, and no
// route here reads or writes packed elements yet) and float8e8m0. A model
// with one is answered not_supported, naming it.
const UNCARRIED = new Map([
  [21, 'uint4'], [22, 'int4'], [23, 'float4e2m1'], [24, 'float8e8m0'],
  [25, 'uint2'], [26, 'int2'],
]);

const ORT_TO_CODE = new Map(
    [...DTYPES].filter(([, d]) => d.ort).map(([code, d]) => [d.ort, code]));

// "float8e4m3fn" for 17, "int4" for 22, "dtype 14" for codes outside the
// onnxcts table.
function dtypeName(code) {
  const row = DTYPES.get(code);
  if (row) return row.name;
  return UNCARRIED.has(code) ? UNCARRIED.get(code) : `dtype ${code}`;
}

module.exports = {schema, type, DTYPES, ORT_TO_CODE, dtypeName};
