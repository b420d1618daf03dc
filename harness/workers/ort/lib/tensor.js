// TensorProto files <-> plain tensors {name, code, dims, bytes}, where
// `bytes` holds the elements little-endian, exactly as raw_data stores them.
'use strict';

const fs = require('node:fs');
const {type, DTYPES, storageBytes, dtypeName} = require('./onnx_proto');

const MAX_RANK = 64;
const MAX_BYTES = 1 << 30;

// Converts an int64 field value (number or Long) to a safe integer, or throws.
function toSafeInt(v, what) {
  const n = typeof v === 'number' ? v : Number(v.toString());
  if (!Number.isSafeInteger(n)) throw new Error(`${what}: ${v} out of range`);
  return n;
}

// Checks dims and returns the element count.
function elementCount(dims, where) {
  if (dims.length > MAX_RANK) {
    throw new Error(`${where}: rank over ${MAX_RANK}`);
  }
  let count = 1;
  for (const d of dims) {
    if (d < 0) throw new Error(`${where}: negative dim ${d}`);
    count *= d;
    if (count > MAX_BYTES) throw new Error(`${where}: too many elements`);
  }
  return count;
}

// The payload of a TensorProto that stores its elements in typed fields
// rather than raw_data. Narrow types keep their bits in int32_data; the
// packed 4- and 2-bit types keep there one packed byte per value, as
// onnx.helper.make_tensor writes them.
function typedFieldBytes(msg, row, count) {
  const packed = row.packed ? Math.ceil(count * row.bits / 8) : 0;
  const out = Buffer.alloc(row.packed ? packed : count * row.bytes);
  const pick = (field, want = count) => {
    const values = msg[field] || [];
    if (values.length !== want) {
      throw new Error(`${field} has ${values.length} values, dims say ` +
                      (row.packed ? `${want} packed bytes` : `${want}`));
    }
    return values;
  };
  if (row.packed) {
    pick('int32_data', packed).forEach((v, i) => {
      if (v < 0 || v > 255) {
        throw new Error(`int32_data[${i}] is ${v}, not a packed byte`);
      }
      out[i] = v;
    });
  } else if (row.ort === 'float32') {
    pick('float_data').forEach((v, i) => out.writeFloatLE(v, i * 4));
  } else if (row.ort === 'float64') {
    pick('double_data').forEach((v, i) => out.writeDoubleLE(v, i * 8));
  } else if (row.ort === 'int64') {
    pick('int64_data').forEach(
        (v, i) => out.writeBigInt64LE(BigInt(v.toString()), i * 8));
  } else if (row.ort === 'uint32' || row.ort === 'uint64') {
    pick('uint64_data').forEach((v, i) => {
      const big = BigInt(v.toString());
      if (row.bytes === 4) out.writeUInt32LE(Number(big), i * 4);
      else out.writeBigUInt64LE(big, i * 8);
    });
  } else {
    // int32_data holds every type of 32 bits or fewer in its low bits.
    const mask = row.bytes === 4 ? 0 : 2 ** (8 * row.bytes) - 1;
    pick('int32_data').forEach((v, i) => {
      if (row.bytes === 4) out.writeInt32LE(v, i * 4);
      else out.writeUIntLE(v & mask, i * row.bytes, row.bytes);
    });
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

// Reads and checks a TensorProto file; throws an Error naming the file and
// the field on anything it cannot use.
function readTensor(path) {
  const where = path;
  let msg;
  try {
    msg = type('TensorProto').decode(fs.readFileSync(path));
  } catch (e) {
    throw new Error(`${where}: not a TensorProto (${e.message})`);
  }
  const code = msg.data_type || 0;
  const row = DTYPES.get(code);
  if (!row) throw new Error(`${where}: data_type ${code} not handled`);
  if (msg.data_location === 1) {
    throw new Error(`${where}: data_location EXTERNAL not handled`);
  }
  const dims = (msg.dims || []).map((d) => toSafeInt(d, `${where}: dims`));
  const count = elementCount(dims, `${where}: dims`);
  let bytes;
  if (msg.raw_data && msg.raw_data.length > 0) {
    bytes = msg.raw_data;
    if (bytes.length !== storageBytes(code, count)) {
      throw new Error(`${where}: raw_data has ${bytes.length} bytes, ` +
                      `dims x ${dtypeName(code)} need ` +
                      `${storageBytes(code, count)}`);
    }
  } else {
    try {
      bytes = typedFieldBytes(msg, row, count);
    } catch (e) {
      throw new Error(`${where}: ${e.message}`);
    }
  }
  return {name: msg.name || '', code, dims, bytes: Uint8Array.from(bytes)};
}

// raw_data is field 9 of TensorProto, length-delimited.
const RAW_DATA_KEY = (9 << 3) | 2;

function varint(n) {
  const out = [];
  for (; n > 127; n = Math.floor(n / 128)) out.push((n % 128) | 128);
  out.push(n);
  return Buffer.from(out);
}

// Writes `t` as a TensorProto with raw_data. The elements are appended after
// the other fields by hand: protobufjs copies a bytes field one byte at a
// time, a quarter of a second for a 16 MB sweep chunk.
function writeTensor(path, t) {
  const head = type('TensorProto').encode(type('TensorProto').create({
    name: t.name,
    dims: t.dims,
    data_type: t.code,
  })).finish();
  const parts = [head];
  if (t.bytes.length > 0) {
    parts.push(Buffer.from([RAW_DATA_KEY]), varint(t.bytes.length), t.bytes);
  }
  fs.writeFileSync(path, Buffer.concat(parts));
}

module.exports = {readTensor, writeTensor, elementCount, toSafeInt};
