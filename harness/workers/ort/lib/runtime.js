// The ONNX Runtime package the worker drives, chosen at start with
// --runtime: onnxruntime-node (native) or onnxruntime-web (kernels compiled
// to WebAssembly). Both have the same JS API, so the rest of the worker is
// one code path that takes the package as a parameter.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {pathToFileURL} = require('node:url');

// `preallocatedOutputs`: whether session.run(feeds, fetches) fills the
// output tensors given in `fetches`. onnxruntime-web 1.30 does not: it runs
// into memory of its own and hands the fetches back unwritten.
// `feeds`: the JS names of the types of lib/onnx_proto.js's `widen` rows
// that the runtime takes as graph inputs all the same, bit for bit.
// onnxruntime-web 1.30 takes packed int4 and uint4 tensors; onnxruntime-node
// 1.30 refuses them ("Tensor.type is not supported: int4"), so there they
// go in as initializers like the rest.
const RUNTIMES = {
  node: {packageName: 'onnxruntime-node', name: 'onnxruntime',
         preallocatedOutputs: true, feeds: new Set()},
  web: {packageName: 'onnxruntime-web', name: 'onnxruntime-web',
        preallocatedOutputs: false, feeds: new Set(['int4', 'uint4'])},
};

// The folder of an installed package. onnxruntime-web's "exports" hide its
// package.json from require(), so walk up from the entry point instead.
function packageDir(packageName) {
  let dir = path.dirname(require.resolve(packageName));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) &&
        JSON.parse(fs.readFileSync(file, 'utf8')).name === packageName) {
      return dir;
    }
  }
  throw new Error(`${packageName}: package.json not found`);
}

// onnxruntime-web loads its .wasm and the Emscripten glue (.mjs) lazily, on
// the first session. Point it at the package's own dist folder, so it reads
// them from disk and never asks the network, and run on one thread: threads
// in Node.js mean worker_threads, and one thread keeps runs deterministic.
// No proxy worker either: the session runs on the main thread.
function configureWeb(ort, dir) {
  ort.env.wasm.wasmPaths = pathToFileURL(path.join(dir, 'dist') + '/').href;
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
}

// Returns {ort, name, packageName, version, preallocatedOutputs, feeds} for
// 'node' or 'web'; throws on any other name.
function loadRuntime(runtime) {
  const row = RUNTIMES[runtime];
  if (!row) {
    throw new Error(`unknown runtime '${runtime}' ` +
                    `(known: ${Object.keys(RUNTIMES).join(', ')})`);
  }
  const ort = require(row.packageName);
  const dir = packageDir(row.packageName);
  if (runtime === 'web') configureWeb(ort, dir);
  const {version} = JSON.parse(
      fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return {ort, name: row.name, packageName: row.packageName, version,
          preallocatedOutputs: row.preallocatedOutputs, feeds: row.feeds};
}

module.exports = {loadRuntime, RUNTIMES};
