// The shared memory of worker protocol 2 mapped into the worker by the
// addon (lib/addon.js), so that an input tensor is a view of its slot and ORT
// writes each preallocated output into its slot: no copy either way.
'use strict';

const {memorySize} = require('./memory');

// The memory at file descriptor `fd`, mapped whole; mapped again when a
// request says it has grown beyond the mapping. Methods throw an Error
// whose message names the request field at fault.
class MappedMemory {
  // `addon`: lib/addon.js's.
  constructor(fd, addon) {
    this.fd = fd;
    this.addon = addon;
    this.bytes = new Uint8Array(0);
  }

  // Throws unless the memory holds the `memory_bytes` the request says.
  // Within the mapping it does, since the memory never shrinks: no fstat.
  checkSize(memoryBytes) {
    if (memoryBytes <= this.bytes.length) return;
    const size = memorySize(this.fd, memoryBytes);
    // All of what is there now, so that the requests that follow map
    // nothing until the harness grows it again. The old mapping goes when
    // nothing views it any more.
    this.bytes = new Uint8Array(this.addon.map(this.fd, size));
  }

  // The input slots as views of the memory.
  readInputs(slots) {
    return slots.map((s) => this.view(s.offset, s.bytes));
  }

  // Views of the memory, `bytes[k]` long at slot k's offset.
  outputViews(slots, bytes) {
    return slots.map((s, k) => this.view(s.offset, bytes[k]));
  }

  // Puts `bytes` at `offset`, unless they are there already: a view of the
  // slot that ORT wrote in place.
  write(bytes, offset) {
    if (bytes.buffer === this.bytes.buffer && bytes.byteOffset === offset) {
      return;
    }
    this.bytes.set(bytes, offset);
  }

  view(offset, length) {
    return this.bytes.subarray(offset, offset + length);
  }
}

module.exports = {MappedMemory};
