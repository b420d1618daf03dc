// The worker's Node-API addon (native/shm.c, which scripts/setup builds):
// map() for lib/mapped_memory.js, and release() for the copies of outputs
// that onnxruntime-node hands back beside the preallocated ones. The worker
// runs without it, reading the shared memory with pread and leaving those
// copies to the garbage collector.
'use strict';

const path = require('node:path');

const FILE = path.join(__dirname, '..', 'native', 'shm.node');

// Returns {addon} or, when it is not built or does not load, {problem}.
function loadAddon(file = FILE) {
  try {
    return {addon: require(file)};
  } catch (e) {
    return {problem: `${file}: ${e.message.split('\n')[0]}`};
  }
}

module.exports = {FILE, loadAddon};
