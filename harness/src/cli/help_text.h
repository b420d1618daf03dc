// Help text that several subcommands share, so that each --help says the
// same thing in the same words.
#ifndef ONNXCTS_HARNESS_CLI_HELP_TEXT_H_
#define ONNXCTS_HARNESS_CLI_HELP_TEXT_H_

namespace onnxcts {

#define ONNXCTS_LIVE_BACKEND_KINDS                                       \
  "reference | NAME[?OPTIONS]: a named real backend (onnxcts backends " \
  "lists them; e.g. ort, openvino?precision=f32) | "                     \
  "onnx-backend?class=MODULE:CLASS (any onnx.backend.base.Backend) | "  \
  "command:CMDLINE (a worker: docs/worker-protocol.md) | "              \
  "plugin:PATH.so[?inprocess]"

// Every kind of --backend SPEC that MakeBackend() accepts.
inline constexpr char kBackendKinds[] =
    ONNXCTS_LIVE_BACKEND_KINDS " | outputs:DIR (outputs made offline)";

// Those a sweep can drive: outputs made offline hold no sweep.
inline constexpr char kSweepBackendKinds[] =
    "check the kernels through a backend: " ONNXCTS_LIVE_BACKEND_KINDS;

#undef ONNXCTS_LIVE_BACKEND_KINDS

// What each status of a result and each verdict of a cell means.
inline constexpr char kStatusHelp[] = R"(Statuses (per test data set):
  pass                 the outputs match, bit for bit where the spec decides
  deviation            they differ only where the spec is silent (a NaN's
                       payload, the zero of Max(+0,-0), ...): a failure only
                       under --policy strict or --strict-ops
  fail                 they differ where the spec decides; or a must-reject
                       model ran
  not_supported        the backend says it cannot run this; never a pass: a
                       cell with one is "not supported", and a run that
                       computed nothing exits 1 (unless --allow-empty)
  error                the backend refused or failed on a valid model
  invalid_output       wrong output count, dtype or shape, or unreadable .pb
  crash                the backend died
  timeout              it took longer than --timeout
  protocol_error       the worker's answer was out of turn or unreadable
  rejected             a must-reject model refused: the right answer
  invalid_test_data    the suite itself is broken
  expected_fail        a failure listed in --known-failures
  unexpected_pass      a listed case that passed (a failure: unlist it)
  not_run              the run stopped first; --resume runs it
  onnxcts_unsupported  onnxcts cannot carry the case's values (strings,
                       sequences, optionals): the harness's gap, not counted
  unreleased_opset     the model's opset is newer than ONNX's newest released
                       one: shown apart, never counted
Cells (op x opset x dtype): conformant (every valid case passed),
deviations, non-conformant (a failure), not supported (a not_supported case,
no failure); must-reject cells apart: rejects, runs invalid, non-conformant.
Exit: 0 nothing failed, 1 a failure (or nothing computed), 2 the run could
not happen, 3 incomplete (--resume).)";

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CLI_HELP_TEXT_H_
