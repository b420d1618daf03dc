// The shared memory of worker protocol 2 (docs/worker-protocol.md, "Version
// 2"): file descriptor 3, a memfd the harness maps. The worker maps it too
// where the addon that can is built (lib/mapped_memory.js), else it reads
// and writes it with pread and pwrite (lib/copied_memory.js); both have the
// methods checkSize, readInputs, outputViews and write. Here: what both
// share, and the checks of a memory-form run request's slots.
'use strict';

const fs = require('node:fs');
const {DTYPES, storageBytes, dtypeName} = require('./onnx_proto');

const FD = 3;
const MAX_RANK = 64;

// Whether file descriptor `fd` is memory the harness shares: a regular file
// (a memfd is one). fstat alone would not do: a Node.js started without a
// descriptor 3 puts its own epoll descriptor there.
function sharedMemoryOpen(fd = FD) {
  try {
    return fs.fstatSync(fd).isFile();
  } catch (e) {
    return false;
  }
}

// The size of the memory at `fd`; throws unless it holds the
// `memoryBytes` a request says.
function memorySize(fd, memoryBytes) {
  const size = fs.fstatSync(fd).size;
  if (size < memoryBytes) {
    throw new Error(`memory_bytes: ${memoryBytes}, but the memory at file ` +
                    `descriptor ${fd} holds ${size} bytes`);
  }
  return size;
}

const isCount = (n) => Number.isSafeInteger(n) && n >= 0;

// Returns the problem with one slot ({offset, bytes, dtype, dims}) of a
// memory request, naming the field (`where` is e.g. "inputs[0]"), or ''.
function slotProblem(slot, where, memoryBytes, isInput) {
  if (slot === null || typeof slot !== 'object' || Array.isArray(slot)) {
    return `${where}: not a slot object`;
  }
  for (const key of ['offset', 'bytes']) {
    if (!isCount(slot[key])) {
      return `${where}.${key}: ${JSON.stringify(slot[key])} is not a ` +
          'non-negative integer';
    }
  }
  if (slot.offset + slot.bytes > memoryBytes) {
    return `${where}.offset: ${slot.offset} + ${slot.bytes} bytes ends ` +
        `beyond memory_bytes ${memoryBytes}`;
  }
  const row = DTYPES.get(slot.dtype);
  if (!Number.isInteger(slot.dtype) || !row) {
    return `${where}.dtype: ${JSON.stringify(slot.dtype)} is not a dtype ` +
        'this worker knows';
  }
  const dims = slot.dims;
  if (!Array.isArray(dims) || dims.length > MAX_RANK || !dims.every(isCount)) {
    return `${where}.dims: ${JSON.stringify(dims)} is not a list of at ` +
        `most ${MAX_RANK} non-negative integers`;
  }
  const count = dims.reduce((a, d) => a * d, 1);
  if (isInput && slot.bytes !== storageBytes(slot.dtype, count)) {
    return `${where}.bytes: ${slot.bytes}, but dims ${JSON.stringify(dims)} ` +
        `of ${dtypeName(slot.dtype)} take ${storageBytes(slot.dtype, count)}`;
  }
  return '';
}

// Returns the problem with a memory-form run request's fields, or ''.
function memoryRequestProblem(req) {
  const size = req.memory_bytes;
  if (!isCount(size)) {
    return `memory_bytes: ${JSON.stringify(size)} is not a non-negative ` +
        'integer';
  }
  for (const field of ['inputs', 'outputs']) {
    if (!Array.isArray(req[field])) return `${field}: not an array of slots`;
    for (const [k, slot] of req[field].entries()) {
      const problem = slotProblem(slot, `${field}[${k}]`, size,
                                  field === 'inputs');
      if (problem) return problem;
    }
  }
  return '';
}

module.exports = {FD, sharedMemoryOpen, memorySize, memoryRequestProblem};
