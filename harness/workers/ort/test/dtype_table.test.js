// lib/onnx_proto.js's DTYPES against the C++ dtype table
// (reference/include/onnxcts/dtype.h), as `onnxcts schema --json` prints it:
// every C++ row has the same code, name, width and packing here, an `ort`
// type name of the same kind and width (and format, for a float), and the
// worker has no dtype C++ lacks. ONNXCTS_CLI is the onnxcts binary (CTest
// sets it). Starts no runtime.
'use strict';

const {describe, it} = require('node:test');
const assert = require('node:assert/strict');
const {execFileSync} = require('node:child_process');
const {DTYPES} = require('../lib/onnx_proto');

// The C++ codes the worker deliberately lacks, each with the reason. None:
// a model with a code outside DTYPES is refused unrun, so a code missing
// there is a dtype no ORT model can be given. (float4e2m1 has a row, and
// ORT's own refusal of it names it.)
const UNHANDLED = new Map();

// The float formats of the JS API's float types, all IEEE binary ones.
const ORT_FLOATS = {
  16: {exponent_bits: 5, mantissa_bits: 10, bias: 15, specials: 'ieee'},
  32: {exponent_bits: 8, mantissa_bits: 23, bias: 127, specials: 'ieee'},
  64: {exponent_bits: 11, mantissa_bits: 52, bias: 1023, specials: 'ieee'},
};

// The C++ kind and width of an `ort` type name ('float32', 'uint4', 'bool').
function ortKindAndBits(ort) {
  if (ort === 'bool') return {kind: 'bool', bits: 8};
  const m = /^(float|int|uint)(\d+)$/.exec(ort);
  assert.ok(m, `unknown ort type name '${ort}'`);
  const kind = {float: 'float', int: 'signed', uint: 'unsigned'}[m[1]];
  return {kind, bits: Number(m[2])};
}

function cppDtypes() {
  const cli = process.env.ONNXCTS_CLI;
  if (!cli) throw new Error('set ONNXCTS_CLI to the onnxcts binary');
  const out = execFileSync(cli, ['schema', '--json'], {encoding: 'utf8'});
  return JSON.parse(out).dtypes;
}

const CPP = cppDtypes();

describe('each C++ dtype', () => {
  for (const {code, name, bits, kind, format} of CPP) {
    it(`${name} (${code})`, () => {
      const row = DTYPES.get(code);
      if (UNHANDLED.has(code)) {
        assert.equal(row, undefined, `${name} is listed as unhandled`);
        return;
      }
      assert.ok(row, `${name} (${code}) is missing from DTYPES`);
      assert.equal(row.name, name, `code ${code}: DTYPES has '${row.name}'`);
      assert.equal(row.bits, bits,
                   `${name}: ${row.bits} bits here, ${bits} in C++`);
      // DTypeInfo::packed(): elements narrower than a byte share bytes.
      assert.equal(row.packed, bits < 8, `${name}: packed differs`);
      assert.equal(row.bytes, row.packed ? undefined : bits / 8,
                   `${name}: ${row.bytes} bytes here`);
      if (row.ort) {
        assert.deepEqual(ortKindAndBits(row.ort), {kind, bits},
                         `${name}: ort type '${row.ort}' differs`);
        if (kind === 'float') {
          assert.deepEqual(ORT_FLOATS[bits], format,
                           `${name}: ort type '${row.ort}' has another format`);
        }
      }
    });
  }
});

it('has no dtype the C++ table lacks', () => {
  const cpp = new Set(CPP.map((d) => d.code));
  const extra = [...DTYPES.keys(), ...UNHANDLED.keys()]
      .filter((c) => !cpp.has(c));
  assert.deepEqual(extra, [], `codes the C++ table lacks: ${extra}`);
});
