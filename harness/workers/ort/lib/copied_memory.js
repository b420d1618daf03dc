// The shared memory of worker protocol 2 read and written with pread and
// pwrite, one copy each way: the way when the addon that maps it
// (native/shm.c, lib/mapped_memory.js) is not built.
'use strict';

const fs = require('node:fs');
const {memorySize} = require('./memory');

const PAGE = 4096;
const WASM_PAGE = 65536;
const MAX_WASM_PAGES = 65536;  // 4 GiB, WebAssembly.Memory's limit
const MAX_IO = 1 << 30;  // bytes per read or write call; Linux does < 2 GiB

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

// The memory at file descriptor `fd` and the worker's buffers for it. Methods
// throw an Error whose message names the request field at fault.
class CopiedMemory {
  constructor(fd) {
    this.fd = fd;
    this.inputs = new PageBuffer('read');
    this.outputs = new PageBuffer('write');
  }

  // Throws unless the memory holds the `memory_bytes` the request says.
  checkSize(memoryBytes) {
    memorySize(this.fd, memoryBytes);
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

module.exports = {CopiedMemory};
