// onnxruntime-node (or -web) on ONNX 1.22's node test
// test_attention_4d_with_past_and_present_qk_matmul_bias_3d_mask_causal
// (Attention-23, is_causal=1, qk_matmul_output_mode=2): the positions the
// causal mask hides hold -inf in ONNX's expected qk_matmul_output, and the
// lowest finite float (0xff7fffff) in ORT's. Y, present_key/value agree.
// Reads the suite's own files; a minimal TensorProto reader, no onnxcts code.
//   NODE_PATH=harness/workers/ort/node_modules node attention_qk_mask.js DIR [package]
// DIR: the onnx wheel's backend/test/data/node folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const pkg = process.argv[3] || 'onnxruntime-node';
const ort = require(pkg);
if (ort.env.wasm) ort.env.wasm.numThreads = 1;

// TensorProto{dims=1, data_type=2, name=8, raw_data=9}: enough for these files.
function readTensor(file) {
  const b = fs.readFileSync(file);
  let i = 0;
  const varint = () => {
    let v = 0n, s = 0n;
    for (;;) { const c = b[i++]; v |= BigInt(c & 127) << s; s += 7n; if (c < 128) return v; }
  };
  const t = {dims: [], type: 0, name: '', raw: null};
  while (i < b.length) {
    const key = Number(varint()), field = key >> 3, wire = key & 7;
    if (wire === 0) {
      const v = varint();
      if (field === 1) t.dims.push(Number(v)); else if (field === 2) t.type = Number(v);
    } else if (wire === 2) {
      const n = Number(varint()), body = b.subarray(i, i + n); i += n;
      if (field === 1) { let j = 0; while (j < body.length) { /* packed dims */
        let v = 0, s = 0; for (;;) { const c = body[j++]; v += (c & 127) * 2 ** s; s += 7; if (c < 128) break; }
        t.dims.push(v); } }
      else if (field === 8) t.name = body.toString();
      else if (field === 9) t.raw = body;
    } else if (wire === 5) i += 4; else if (wire === 1) i += 8;
    else throw new Error(`${file}: wire type ${wire}`);
  }
  if (t.type !== 1) throw new Error(`${file}: data_type ${t.type}, this reader does float only`);
  return t;
}
const floats = (t) => new Float32Array(Uint8Array.from(t.raw).buffer);
const bits = (f) => '0x' + new Uint32Array(Float32Array.of(f).buffer)[0].toString(16).padStart(8, '0');

(async () => {
  const version = ort.env.versions.web || ort.env.versions.node;
  const c = path.join(dir, 'test_attention_4d_with_past_and_present_qk_matmul_bias_3d_mask_causal');
  const s = await ort.InferenceSession.create(fs.readFileSync(path.join(c, 'model.onnx')));
  const feeds = {};
  s.inputNames.forEach((name, k) => {
    const t = readTensor(path.join(c, 'test_data_set_0', `input_${k}.pb`));
    feeds[name] = new ort.Tensor('float32', floats(t), t.dims);
  });
  const out = await s.run(feeds);
  s.outputNames.forEach((name, k) => {
    const want = floats(readTensor(path.join(c, 'test_data_set_0', `output_${k}.pb`)));
    const got = out[name].data;
    let bad = 0, first = -1, infWant = 0, infGot = 0;
    for (let j = 0; j < want.length; j++) {
      if (want[j] === -Infinity) infWant++;
      if (got[j] === -Infinity) infGot++;
      const close = want[j] === got[j] || (Number.isFinite(want[j]) &&
          Math.abs(got[j] - want[j]) <= 1e-7 + 1e-3 * Math.abs(want[j]));  // ONNX's tolerances
      if (!close) { bad++; if (first < 0) first = j; }
    }
    console.log(`${pkg} ${version} ${name}: ${bad} of ${want.length} differ` +
        (first < 0 ? '' : ` (first at ${first}: got ${got[first]} ${bits(got[first])}, ` +
         `want ${want[first]} ${bits(want[first])})`) + `; -inf expected ${infWant}, got ${infGot}`);
  });
})().catch((e) => { console.log('failed:', e.message); process.exitCode = 1; });
