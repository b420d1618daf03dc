// The shared memory of worker protocol 2 (docs/worker-protocol.md, "Version
// 2"): file descriptor 3, a memfd the harness maps. Node.js has no mmap, so
// the worker reads the input slots into a buffer of its own with pread and
// writes the outputs back with pwrite, one copy each way. Also the checks of
// a memory-form run request's slots.
'use strict';

const fs = require('node:fs');
const {DTYPES, dtypeName} = require('./onnx_proto');

const FD = 3;
const PAGE = 4096;
const WASM_PAGE = 65536;
const MAX_WASM_PAGES = 65536;  // 4 GiB, WebAssembly.Memory's limit
const MAX_RANK = 64;
const MAX_IO = 1 << 30;  // bytes per read or write call; Linux does < 2 GiB

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
  if (isInput && slot.bytes !== count * row.bytes) {
    return `${where}.bytes: ${slot.bytes}, but dims ${JSON.stringify(dims)} ` +
        `of ${dtypeName(slot.dtype)} take ${count * row.bytes}`;
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

// A buffer that is allocated once and grows only when a request needs more,
// page-aligned because it is a WebAssembly.Memory (mmap'd pages), where a
// plain ArrayBuffer starts wherever malloc put it, 16 bytes into a page.
// That matters on AMD Zen: the kernel's copy (rep movsb) runs about six
// times slower when the destination lies less than 32 bytes after the
// source, modulo 4 KiB. So each tensor starts at its slot's offset within a page,
// moved to a multiple of 8 (every typed array's alignment) away from that
// window: down for a tensor read from its slot, up for one written to it.
class PageBuffer {
  // `towards`: 'read' or 'write', the way the tensors go.
  constructor(towards) {
    this.memory = null;
    this.round = towards === 'read' ? Math.floor : Math.ceil;
  }

  // One Uint8Array per slot, `bytes[k]` long, laid out as above.
  views(slots, bytes = slots.map((s) => s.bytes)) {
    const starts = [];
    let end = 0;
    slots.forEach((slot, k) => {
      const start = Math.ceil(end / PAGE) * PAGE +
          8 * this.round((slot.offset % PAGE) / 8);
      starts.push(start);
      end = start + bytes[k];
    });
    this.reserve(end);
    return starts.map((s, k) =>
      new Uint8Array(this.memory.buffer, s, bytes[k]));
  }

  reserve(bytes) {
    if (this.memory && this.memory.buffer.byteLength >= bytes) return;
    const pages = Math.max(1, Math.ceil(bytes / WASM_PAGE));
    if (pages > MAX_WASM_PAGES) {
      throw new Error(`the tensors need ${bytes} bytes, more than the ` +
                      'worker\'s buffer can hold ' +
                      `(${MAX_WASM_PAGES * WASM_PAGE})`);
    }
    // A new Memory rather than grow(): nothing in the old one is needed.
    this.memory = new WebAssembly.Memory({initial: pages});
  }
}

// The memory at file descriptor 3 and the worker's buffers for it. Methods
// throw an Error whose message names the request field at fault.
class SharedMemory {
  constructor(fd = FD) {
    this.fd = fd;
    this.inputs = new PageBuffer('read');
    this.outputs = new PageBuffer('write');
  }

  // Throws unless the memory holds the `memory_bytes` the request says.
  checkSize(memoryBytes) {
    const size = fs.fstatSync(this.fd).size;
    if (size < memoryBytes) {
      throw new Error(`memory_bytes: ${memoryBytes}, but the memory at file ` +
                      `descriptor ${this.fd} holds ${size} bytes`);
    }
  }

  // Reads every input slot; returns one Uint8Array per slot, views into the
  // reused input buffer, valid until the next call.
  readInputs(slots) {
    const views = this.inputs.views(slots);
    views.forEach((view, k) =>
      this.read(view, slots[k].offset, `inputs[${k}]`));
    return views;
  }

  // Views into the reused output buffer, `bytes[k]` long for slot k.
  outputViews(slots, bytes) {
    return this.outputs.views(slots, bytes);
  }

  read(view, offset, where) {
    for (let done = 0; done < view.length;) {
      const n = fs.readSync(this.fd, view, done,
                            Math.min(view.length - done, MAX_IO),
                            offset + done);
      if (n === 0) {
        throw new Error(`${where}: the memory ends at ${offset + done} ` +
                        `bytes, inside the slot`);
      }
      done += n;
    }
  }

  write(bytes, offset) {
    for (let done = 0; done < bytes.length;) {
      done += fs.writeSync(this.fd, bytes, done,
                           Math.min(bytes.length - done, MAX_IO),
                           offset + done);
    }
  }
}

module.exports = {sharedMemoryOpen, memoryRequestProblem, SharedMemory};
