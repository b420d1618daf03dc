// ONNX Runtime's words for "this build lacks support for that" (no kernel,
// no type, an attribute value or opset it does not take), told apart from
// its other failures, which stay `error`: a wrong result, a crash, or its
// verdict that the model is invalid. For a must-reject model either answer
// is counted `rejected` by the harness. One table for both runtimes
// (onnxruntime-node and onnxruntime-web say the same); the Python adapter
// (harness/workers/python/adapters/ort_python.py) keeps the same phrases.
'use strict';

const NOT_SUPPORTED_RE = new RegExp([
  // "Could not find an implementation for IsNaN(13) node with name ''"
  'Could not find an implementation', 'NOT_IMPLEMENTED', 'not implemented',
  // the JS layer: "Unsupported data type", "unsupported data type: 16"
  'unsupported (data )?type',
  // An op (or a domain's op) this ORT build does not know at all.
  'is not a registered function/op',
  // "Opset 27 is under development and support for this is limited. ..."
  // (a model stamped with an opset newer than ORT's released ones)
  'under development and support for this is limited',
  // "Batchwise recurrent operations (layout == 1) are not supported."
  // (GRU, LSTM, RNN; onnxruntime-web), "Non per-tensor quantization is not
  // supported now." (ConvInteger with a per-channel zero point), "type ...
  // is not supported"
  'not supported',
].join('|'), 'i');

// An absolute path in a message (the model's, a source file's): a case
// folder named "unsupported_..." must not decide the status.
const PATH_RE = /(?<![\w.])\/[^\s'"]+/g;

// 'not_supported' when ORT's `message`, paths aside, says it lacks support,
// else 'error'.
function statusOf(message) {
  return NOT_SUPPORTED_RE.test(message.replace(PATH_RE, '<path>')) ?
      'not_supported' : 'error';
}

module.exports = {NOT_SUPPORTED_RE, statusOf};
