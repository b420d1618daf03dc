// DESIGN.md's semantics of IsNaN, IsInf and Sign, on bit patterns, written
// from the dtype table there and independent of the worker, so the tests
// can say where ORT's answers depart from them.
'use strict';

// width in bits, exponent bits, and which specials the format has:
// 'ieee' (all-ones exponent: inf or NaN), 'fn' (only S.1111.111 is NaN),
// 'fnuz' (only 0x80 is NaN, one zero).
const FORMATS = {
  1: {bits: 32, exp: 8, kind: 'ieee', one: 0x3F800000n},
  10: {bits: 16, exp: 5, kind: 'ieee', one: 0x3C00n},
  11: {bits: 64, exp: 11, kind: 'ieee', one: 0x3FF0000000000000n},
  16: {bits: 16, exp: 8, kind: 'ieee', one: 0x3F80n},
  17: {bits: 8, exp: 4, kind: 'fn', one: 0x38n},
  18: {bits: 8, exp: 4, kind: 'fnuz', one: 0x40n},
  19: {bits: 8, exp: 5, kind: 'ieee', one: 0x3Cn},
  20: {bits: 8, exp: 5, kind: 'fnuz', one: 0x40n},
};

// Splits a pattern (BigInt) of format `code` into its fields.
function fields(code, p) {
  const f = FORMATS[code];
  const mantBits = BigInt(f.bits - 1 - f.exp);
  return {
    f,
    sign: (p >> BigInt(f.bits - 1)) & 1n,
    exp: (p >> mantBits) & ((1n << BigInt(f.exp)) - 1n),
    mant: p & ((1n << mantBits) - 1n),
    expMax: (1n << BigInt(f.exp)) - 1n,
    mantMax: (1n << mantBits) - 1n,
  };
}

function isNaN(code, p) {
  const {f, sign, exp, mant, expMax, mantMax} = fields(code, p);
  if (f.kind === 'ieee') return exp === expMax && mant !== 0n;
  if (f.kind === 'fn') return exp === expMax && mant === mantMax;
  return sign === 1n && exp === 0n && mant === 0n;
}

// +1 for +inf, -1 for -inf, 0 otherwise.
function infSign(code, p) {
  const {f, sign, exp, mant, expMax} = fields(code, p);
  if (f.kind !== 'ieee' || exp !== expMax || mant !== 0n) return 0;
  return sign === 1n ? -1 : 1;
}

function isZero(code, p) {
  const {exp, mant} = fields(code, p);
  return exp === 0n && mant === 0n && !isNaN(code, p);
}

// The reference's Sign: NaN kept, +0 for zeros, else +-1 of the format.
function sign(code, p) {
  if (isNaN(code, p)) return p;
  if (isZero(code, p)) return 0n;
  const {f, sign: s} = fields(code, p);
  return s === 1n ? f.one | (1n << BigInt(f.bits - 1)) : f.one;
}

module.exports = {FORMATS, isNaN, infSign, isZero, sign};
