"""Each adapter's phrases for "the backend lacks support" (its NOT_SUPPORTED,
onnxcts_worker/refusals.py), one test per phrase seen in the published
reports (reports/published/<backend>.json, `error` results of valid cases
before the phrase was mapped), and the backends' other failures that must
stay `error`: wrong results, crashes, a verdict that the model is invalid.

Every message is quoted from a published report (shortened where marked
with ...), through the adapter's own classify."""
from __future__ import annotations

import importlib
import types

import pytest

from onnxcts_worker.refusals import lacks_support, phrases, without_paths

# adapter module, message, status
NOT_SUPPORTED = [
    # ONNX Runtime (ort-python; the ORT JS worker has the same phrases)
    ("ort_python", "[ONNXRuntimeError] : 1 : FAIL : Load model from /work/main/build/venv/"
     "lib/python3.11/site-packages/onnx/backend/test/data/node/test_range_float_type_positive"
     "_delta/model.onnx failed:/onnxruntime_src/onnxruntime/core/graph/model_load_utils.h:56 "
     "void onnxruntime::model_load_utils::ValidateOpsetForDomain(...) ONNX Runtime only "
     "*guarantees* support for models stamped with official released onnx opset versions. "
     "Opset 27 is under development and support for this is limited. The operator schemas "
     "and or other functionality may change before next ONNX release and in this case ONNX "
     "Runtime will not guarantee backward compatibility. Current official support for domain "
     "ai.onnx is till opset 26."),
    ("ort_python", "[ONNXRuntimeError] : 1 : FAIL : Exception during initialization: "
     "/onnxruntime_src/onnxruntime/core/providers/cpu/rnn/deep_cpu_gru.h:56 "
     "onnxruntime::DeepCpuGruOp::DeepCpuGruOp(const onnxruntime::OpKernelInfo&) layout_ == 0 "
     "was false. Batchwise recurrent operations (layout == 1) are not supported. If you need "
     "support create a github issue with justification."),
    ("ort_python", "Error in execution: Non-zero status code returned while running "
     "ConvInteger node. Name:'' Status Message: /onnxruntime_src/onnxruntime/core/providers/"
     "cpu/quantization/conv_integer.cc:52 virtual onnxruntime::common::Status "
     "onnxruntime::ConvInteger::Compute(onnxruntime::OpKernelContext*) const "
     "IsScalarOr1ElementVector(W_Zero_Point) was false. Non per-tensor quantization is not "
     "supported now."),
    # OpenVINO (openvino and openvino?precision=f32&mode=accuracy alike)
    ("openvino", "Exception from src/inference/src/cpp/core.cpp:112:\nException from "
     "src/inference/src/dev/plugin.cpp:53:\nCheck '!shape.rank().is_dynamic()' failed at "
     "src/plugins/intel_cpu/src/node.cpp:1196:\nUnexpected: CPU plug-in doesn't support "
     "Unsqueeze operation with dynamic rank. Operation name: y\n"),
    ("openvino", "Exception from src/inference/src/cpp/core.cpp:97:\nCheck 'false' failed at "
     "src/frontends/common_translators/src/unconverted_ops_report.cpp:56:\nFrontEnd API failed "
     "with OpConversionFailure:\nModel wasn't fully converted. Failed operations detailed "
     "log:\n-- GridSample-22 with a message:\nCheck '(data_rank.is_dynamic() || "
     "data_rank.get_length() == 4)' failed at src/frontends/onnx/frontend/src/op/"
     "grid_sample.cpp:31:\nWhile validating ONNX node '<Node(GridSample): Y>':\nGridSample is "
     "only supported for 4D input tensors. Got rank: 5\nSummary:\n-- Conversion is failed "
     "for:\nGridSample-22\n"),
    # ONNX's reference evaluator
    ("onnx_reference", "GridSample interpolation only supports nearest, linear, and cubic modes."),
    # TVM
    ("tvm", "Only constant axes currently supported"),
    ("tvm", "Type <class 'tvm.ir.expr.Var'> for scale is currently unsupported."),
    ("tvm", "Type <class 'tvm.ir.expr.Var'> for size is currently unsupported."),
    ("tvm", "Dynamic Split not yet supported"),
    ("tvm", "Only constant depth currently supported."),
    # IREE
    ("iree", "Error invoking function: <vm>:0: FAILED_PRECONDITION; unimplemented: "
     "score_threshold should be <= min(scores); \n[ 0] bytecode module@0:1866 -"),
    # tinygrad
    ("tinygrad", "'ai.onnx.preview' is not a valid Domain"),
]

STAY_ERROR = [
    # Verdicts on the model, right or wrong, and failures of the backend.
    ("ort_python", "[ONNXRuntimeError] : 1 : FAIL : Load model from /tmp/x/model.onnx failed:"
     "Type Error: Type (tensor(float8e4m3fn)) of input parameter (x0) of operator (Sign) in "
     "node () is invalid."),
    ("ort_python", "Error in execution: Non-zero status code returned while running Attention "
     "node. Name:'' Status Message: /onnxruntime_src/onnxruntime/core/providers/cpu/llm/"
     "attention_helper.h:163 ... attn_mask == nullptr || ... was false. inconsistent "
     "total_sequence_length (between attn_mask and past_key and past_value)"),
    ("openvino", "Exception from src/inference/src/cpp/core.cpp:97:\nCheck 'false' failed at "
     "src/frontends/common_translators/src/unconverted_ops_report.cpp:56:\nFrontEnd API failed "
     "with OpConversionFailure:\nModel wasn't fully converted. ... -- STFT-17 with a message:"
     "\n... frame_step input must be a scalar or Shape{1} constant.\n"),
    ("openvino", "... -- Scan-25 with a message: ... Number of Scan node inputs (4) is less "
     "than required (5) based on body graph parameters and in_offset ..."),
    ("onnx_reference", "Invalid coordinate_transformation_mode: 'tf_half_pixel_for_nn'."),
    ("onnx_reference", "x and y have different dtype: <class 'NoneType'> != <class "
     "'numpy.ndarray'> (<class 'onnx.reference.ops.op_add.Add'>)"),
    ("tract", "Translating node #1 \"reduced\" Reduce<Sum> ToTypedTranslator\n\nCaused by:\n"
     "    expected axes as a constant"),
    ("tract", "Evaluating #1 \"y\" Eq\n\nCaused by:\n    Bool is not a number"),
    ("tvm", "TopK k must be a constant"),
    ("tvm", "Node  cannot handle ShapeExpr inputs."),
    ("tvm", "LLVM module verification failed with the following errors: \nInvalid operand "
     "types for FCmp instruction"),
    ("iree", "Error invoking IREE compiler tool iree-compile\nError code: -6\nDiagnostics:\n"
     "LLVM ERROR: Unhandled type in getScalarTypeForType: ui16\nType properties:\n  Is "
     "integer: yes\n ... Unsigned integer support is currently spotty. Please seeheck "
     "https://github.com/llvm/torch-mlir/issues/4038 for more details."),
    ("iree", "iree-compile: /tmp/onnxcts-iree-ftluy_qh/model.mlir:5:10: error: 'tensor."
     "collapse_shape' op number of elements must be preserved: 6 != 12"),
    ("tinygrad", "invalid coordinate_transformation_mode='tf_crop_and_resize'"),
    ("tinygrad", "Command '['clang', '-c', '-x', 'c', '-O2', ...]' returned non-zero exit "
     "status 1."),
]


def classify(module_name: str, message: str) -> str:
    """The adapter's own classify on an exception with `message`, without
    starting the backend (TVM's classify wants its error types)."""
    module = importlib.import_module(f"adapters.{module_name}")
    backend = object.__new__(module.Backend)
    if module_name == "tvm":
        backend.tvm = types.SimpleNamespace(error=types.SimpleNamespace(
            OpNotImplemented=type("OpNotImplemented", (Exception,), {})))
    return backend.classify(RuntimeError(message))


@pytest.mark.parametrize("module_name,message", NOT_SUPPORTED,
                         ids=[f"{m}-{k}" for k, (m, _) in enumerate(NOT_SUPPORTED)])
def test_refusal_is_not_supported(module_name: str, message: str) -> None:
    assert classify(module_name, message) == "not_supported"


@pytest.mark.parametrize("module_name,message", STAY_ERROR,
                         ids=[f"{m}-{k}" for k, (m, _) in enumerate(STAY_ERROR)])
def test_other_failure_stays_error(module_name: str, message: str) -> None:
    assert classify(module_name, message) == "error"


def test_paths_do_not_decide() -> None:
    words = phrases("unsupported")
    text = "Load model from /suites/unsupported_ops/model.onnx failed: bad graph"
    assert not lacks_support(text, words)
    assert lacks_support(text + ": unsupported type", words)
    assert without_paths("at src/a.cc:3 and /x/y.h:4 'f/op'") == "at src/a.cc:3 and <path> 'f/op'"
    # ORT's "is not a registered function/op" is no path.
    assert classify("ort_python", "Fatal error: ai.onnx:Foo(-1) is not a registered "
                    "function/op") == "not_supported"
