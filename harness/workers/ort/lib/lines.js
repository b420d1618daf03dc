// The protocol's framing (docs/worker-protocol.md, "Process and framing"):
// request lines from standard input and answer lines to standard output,
// through blocking reads and writes of the descriptors. Node.js's streams
// (readline, process.stdout) cost about 50 microseconds of CPU a request
// more, and a sweep sends thousands of requests to each worker.
'use strict';

const fs = require('node:fs');
const {StringDecoder} = require('node:string_decoder');

const STDIN = 0;
const STDOUT = 1;
const CHUNK = 1 << 16;

// For a descriptor some other process left non-blocking: try again soon.
const retryAfter = (e) => e.code === 'EAGAIN';
const SLEEP = new Int32Array(new SharedArrayBuffer(4));

class LineReader {
  // `chunk`: bytes a read asks for.
  constructor(fd = STDIN, chunk = CHUNK) {
    this.fd = fd;
    this.buffer = Buffer.alloc(chunk);
    this.decoder = new StringDecoder('utf8');
    this.pending = '';
    this.ended = false;
  }

  // Resolves to the next line, without its "\n", or to null at the end of
  // the input. Lines that came in one read wait here for the next call.
  async next() {
    for (;;) {
      const end = this.pending.indexOf('\n');
      if (end >= 0) {
        const line = this.pending.slice(0, end);
        this.pending = this.pending.slice(end + 1);
        return line;
      }
      if (this.ended) return this.rest();
      let n;
      try {
        n = fs.readSync(this.fd, this.buffer, 0, this.buffer.length, null);
      } catch (e) {
        if (!retryAfter(e)) throw e;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      if (n === 0) {
        this.ended = true;
        this.pending += this.decoder.end();
      } else {
        this.pending += this.decoder.write(this.buffer.subarray(0, n));
      }
    }
  }

  // A last line without its "\n", or null.
  rest() {
    const line = this.pending;
    this.pending = '';
    return line === '' ? null : line;
  }
}

// Writes `line` and "\n", all of it, before returning.
function writeLine(line, fd = STDOUT) {
  const bytes = Buffer.from(line + '\n');
  for (let done = 0; done < bytes.length;) {
    try {
      done += fs.writeSync(fd, bytes, done);
    } catch (e) {
      if (!retryAfter(e)) throw e;
      Atomics.wait(SLEEP, 0, 0, 1);
    }
  }
}

module.exports = {LineReader, writeLine};
