// Differential fuzzing of a plugin backend, loaded in process, against the
// reference backend. The input picks a call as the kernels target does (see
// op_input.h), and for an op of several inputs how many it gets and how
// each stretches to broadcast; the fuzzer builds the single-node model and
// run request the runner would, runs both backends, and judges the plugin's
// answer as a run would (run/compare.h; deviations where the spec is silent
// are no finding). A disagreement, a crash or a hang prints one line
// "onnxcts-fuzz-finding: IsInf-20 float8e4m3fn +qnan" (op, version in
// force, dtype, then the value class of the first differing element's
// input, "+zero,-zero" for two, or what went wrong) and the input, and aborts.
//
// The plugin is $ONNXCTS_FUZZ_PLUGIN, else onnxcts_reference_plugin.so
// beside this executable (where OSS-Fuzz puts it), else the build tree's.
// A call that has not returned after $ONNXCTS_FUZZ_HANG_SECONDS (default 2)
// is a hang. ONNXCTS_FUZZ_POLICY=strict judges as `--policy strict` does:
// deviations are findings too. ONNXCTS_FUZZ_NO_EMPTY=1 gives the plugin no
// empty tensors, for fuzzing a plugin known to fail on them past that.
// ONNXCTS_FUZZ_OPS=IsInf,Sign fuzzes those ops alone (op_input.h).
// ONNXCTS_FUZZ_KEEP_GOING=1 prints each disagreement of a new signature and
// goes on (crashes and hangs still end the run): one run then lists them.
//
// A call the plugin answers well through Run() is made again through the
// backend's pipe (Backend::OpenPipe(), the sweeps' path: the plugin reads
// and writes the pipe's memory in place), and a pipe that answers otherwise
// is a finding "<call> pipe_mismatch". ONNXCTS_FUZZ_NO_PIPE=1 leaves that
// out, for a hunt of a plugin's own defects, which then runs twice as many
// inputs.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "backends/plugin_backend.h"
#include "core/chunk_pipe.h"
#include "finding.h"
#include "onnxcts/broadcast.h"
#include "onnxcts/infer.h"
#include "op_input.h"
#include "run/compare.h"
#include "run/model_check.h"
#include "run/outcome_status.h"
#include "run/reference_backend.h"

namespace onnxcts::fuzz {
namespace {

namespace fs = std::filesystem;
using Kind = RunOutcome::Kind;
using Clock = std::chrono::steady_clock;

std::unique_ptr<Backend> g_reference;
std::unique_ptr<Backend> g_plugin;
std::unique_ptr<ChunkPipe> g_pipe;

std::string PluginPath() {
  const char* env = std::getenv("ONNXCTS_FUZZ_PLUGIN");
  if (env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  const fs::path beside = self.parent_path() / "onnxcts_reference_plugin.so";
  if (!ec && fs::exists(beside, ec)) return beside.string();
  return ONNXCTS_FUZZ_DEFAULT_PLUGIN;
}

// What the environment says (see the top of this file).
struct Options {
  double hang_seconds = 2;
  Policy policy = Policy::kSpec;
  bool allow_empty = true;
  bool keep_going = false;
  bool pipe = true;
};

bool EnvFlag(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' && std::string_view(value) != "0";
}

const Options& TheOptions() {
  static const Options options = [] {
    Options o;
    const char* hang = std::getenv("ONNXCTS_FUZZ_HANG_SECONDS");
    if (hang != nullptr && std::atof(hang) > 0)
      o.hang_seconds = std::atof(hang);
    const char* policy = std::getenv("ONNXCTS_FUZZ_POLICY");
    if (policy != nullptr && std::string_view(policy) == "strict") {
      o.policy = Policy::kStrict;
    }
    o.allow_empty = !EnvFlag("ONNXCTS_FUZZ_NO_EMPTY");
    o.keep_going = EnvFlag("ONNXCTS_FUZZ_KEEP_GOING");
    o.pipe = !EnvFlag("ONNXCTS_FUZZ_NO_PIPE");
    return o;
  }();
  return options;
}

// ---- Crashes and hangs inside the plugin --------------------------------

// What the signal handler and the watchdog may read: the call under way.
struct CallInFlight {
  std::atomic<bool> active{false};
  std::atomic<bool> reported{false};
  std::atomic<int64_t> deadline_ns{0};  // steady clock; 0 when idle
  char label[128] = {};                 // OpInput::Label()
  const uint8_t* data = nullptr;
  size_t size = 0;
};
CallInFlight g_call;

constexpr int kCrashSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_previous[NSIG];

void WriteAll(const char* text, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, size);
    if (n <= 0) return;
    text += n;
    size -= static_cast<size_t>(n);
  }
}

void WriteText(const char* text) { WriteAll(text, std::strlen(text)); }

// Async-signal-safe: the finding line of the call, and its input.
void OnCrash(int signal) {
  if (g_call.active.load() && !g_call.reported.exchange(true)) {
    WriteText(kFindingPrefix);
    WriteText(g_call.label);
    WriteText(" crash\ninput: \"");
    static constexpr char kDigits[] = "0123456789abcdef";
    for (size_t i = 0; i < g_call.size; ++i) {
      const char escaped[4] = {'\\', 'x', kDigits[g_call.data[i] >> 4],
                               kDigits[g_call.data[i] & 15]};
      WriteAll(escaped, 4);
    }
    WriteText("\"\n");
  }
  // Hand the signal on to the engine's handler, which saves the input. A
  // fault recurs by itself on return; abort() must be raised again.
  sigaction(signal, &g_previous[signal], nullptr);
  if (signal == SIGABRT) raise(signal);
}

// Installed at the first input, after the engine has installed its own.
void InstallCrashHandler() {
  struct sigaction action = {};
  action.sa_handler = OnCrash;
  sigemptyset(&action.sa_mask);
  for (int signal : kCrashSignals) {
    sigaction(signal, &action, &g_previous[signal]);
  }
}

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch())
      .count();
}

// Watches the call under way; a hang is reported like a finding.
void Watch() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const int64_t deadline = g_call.deadline_ns.load();
    if (deadline == 0 || NowNs() < deadline) continue;
    g_call.reported = true;
    ReportFinding(std::string(g_call.label) + " hang",
                  "the plugin has not returned after " +
                      std::to_string(TheOptions().hang_seconds) + " s",
                  g_call.data, g_call.size);
  }
}

// Calls `plugin` with the call's label and deadline set.
template <typename F>
auto Watched(const OpInput& op, const uint8_t* data, size_t size, F plugin) {
  std::snprintf(g_call.label, sizeof g_call.label, "%s", op.Label().c_str());
  g_call.data = data;
  g_call.size = size;
  g_call.active = true;
  g_call.deadline_ns =
      NowNs() + static_cast<int64_t>(TheOptions().hang_seconds * 1e9);
  auto result = plugin();
  g_call.deadline_ns = 0;
  g_call.active = false;
  return result;
}

size_t ElementCount(const Dims& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// `request` laid out in the pipe's memory as a sweep lays it out: the
// inputs one after another, then room for an output of `out_dims`.
ChunkRequest PipeRequest(const RunRequest& request, const Dims& out_dims) {
  ChunkRequest pipe_request;
  pipe_request.model = request.model;
  size_t at = 0;
  for (const Tensor& x : request.inputs) {
    pipe_request.inputs.push_back(
        Slot{static_cast<int32_t>(x.dtype), x.dims, at, x.bytes.size()});
    at += x.bytes.size();
  }
  const ValueInfo& y = request.model->outputs[0];
  const size_t out_bytes = StorageBytes(Info(static_cast<DType>(y.elem_type)),
                                        ElementCount(out_dims));
  // The output starts at an odd offset: plugins must not count on more.
  const size_t out_offset = at + 1;
  g_pipe->Reserve(out_offset + out_bytes);
  for (size_t i = 0; i < request.inputs.size(); ++i) {
    const std::vector<uint8_t>& bytes = request.inputs[i].bytes;
    if (bytes.empty()) continue;
    std::memcpy(g_pipe->memory() + pipe_request.inputs[i].offset,
                bytes.data(), bytes.size());
  }
  pipe_request.outputs = {Slot{y.elem_type, out_dims, out_offset, out_bytes}};
  return pipe_request;
}

// The call of `request` through the pipe (PipeRequest()); "" when its
// answer is Run()'s.
std::string PipeDisagreement(const RunRequest& request, const RunOutcome& run,
                             const Dims& out_dims) {
  const ChunkRequest pipe_request = PipeRequest(request, out_dims);
  const size_t out_offset = pipe_request.outputs[0].offset;
  g_pipe->Send(pipe_request);
  const ChunkAnswer answer = g_pipe->Receive();
  if (answer.outcome.kind != run.kind) {
    return "the pipe answered " +
           std::string(StatusName(StatusOf(answer.outcome.kind))) + " (" +
           answer.outcome.message + "), Run() " +
           std::string(StatusName(StatusOf(run.kind)));
  }
  if (run.kind != Kind::kOk) return "";
  const Tensor& want = run.outputs[0];
  const Slot& got = answer.outputs.at(0);
  if (got.dtype != static_cast<int32_t>(want.dtype) || got.dims != want.dims ||
      got.bytes != want.bytes.size() ||
      (got.bytes > 0 && std::memcmp(g_pipe->memory() + out_offset,
                                    want.bytes.data(), got.bytes) != 0)) {
    return "the pipe's output differs from Run()'s";
  }
  return "";
}

// ---- The run and its judgment -------------------------------------------

std::vector<Dim> Shape(const Dims& dims) {
  std::vector<Dim> shape;
  for (int64_t d : dims) shape.push_back(Dim{d, ""});
  return shape;
}

// The dtype the model declares for its output: what the schema makes of the
// inputs, or the op's dtype when it refuses them (a model the plugin must
// refuse then, whatever its output says).
DType DeclaredOutput(const OpInput& op, const std::vector<Tensor>& inputs) {
  std::vector<DType> types;
  for (const Tensor& x : inputs) types.push_back(x.dtype);
  Attributes resolved = op.attributes;
  ResolveAttributes(*op.schema, resolved);
  const NodeOutputs made = InferOutputTypes(*op.schema, types, resolved);
  return made.problem.empty() ? made.types[0] : op.dtype;
}

Model SingleNode(const OpInput& op, const std::vector<Tensor>& inputs,
                 const Dims& out_dims) {
  Model model;
  model.ir_version = 9;
  model.opsets[""] = op.opset;
  Node node;
  for (const Tensor& x : inputs) {
    model.inputs.push_back(
        {x.name, static_cast<int32_t>(x.dtype), Shape(x.dims)});
    node.inputs.push_back(x.name);
  }
  model.outputs.push_back(
      {"y", static_cast<int32_t>(DeclaredOutput(op, inputs)),
       Shape(out_dims)});
  node.op_type = std::string(op.schema->op);
  node.outputs = {"y"};
  node.attributes = op.attributes;
  model.nodes.push_back(std::move(node));
  return model;
}

struct Verdict {
  std::string what;  // the end of the signature
  std::string detail;
};

// The value class of the first element that fails.
Verdict FirstMismatch(const Comparison& c) {
  const std::pair<const std::string, ClassMismatches>* first = nullptr;
  for (const auto& entry : c.detail.by_class) {
    if (first == nullptr ||
        entry.second.examples[0].index < first->second.examples[0].index) {
      first = &entry;
    }
  }
  const MismatchExample& e = first->second.examples[0];
  return {first->first, c.message + "; first at element " +
                            std::to_string(e.index) + ": input " + e.input +
                            ", reference " + e.expected + ", plugin " +
                            e.actual};
}

// As RunMustReject judges: refusing is right, running is a failure.
std::optional<Verdict> JudgeMustReject(const RunOutcome& plugin) {
  if (plugin.kind == Kind::kError || plugin.kind == Kind::kNotSupported) {
    return std::nullopt;
  }
  if (plugin.kind == Kind::kOk) {
    return Verdict{"accepted_invalid", "ran a model it must refuse"};
  }
  return Verdict{std::string(StatusName(StatusOf(plugin.kind))),
                 plugin.message};
}

// Why the op refuses the shapes of `inputs`, which the model's types and
// attributes allow: a quantizer's scale that fits neither per tensor, per
// axis nor in blocks ("" for the element-wise ops, whose inputs are made to
// broadcast).
std::string ShapesProblem(const NodeCheck& check,
                          const std::vector<Tensor>& inputs) {
  if (check.schema->parameters == nullptr) return "";
  std::vector<Dims> dims;
  for (const Tensor& x : inputs) dims.push_back(x.dims);
  return InferOutputs(*check.schema, check.input_types, dims, check.attributes)
      .problem;
}

std::optional<Verdict> Judge(const NodeCheck& check, const RunOutcome& ref,
                             const RunOutcome& plugin,
                             const std::vector<Tensor>& inputs) {
  if (check.verdict != NodeCheck::Verdict::kValid ||
      !ShapesProblem(check, inputs).empty()) {
    return JudgeMustReject(plugin);
  }
  if (ref.kind != Kind::kOk) {
    return Verdict{"reference_refused", ref.message};
  }
  if (plugin.kind != Kind::kOk) {
    const Status s = StatusOf(plugin.kind);
    if (!IsFailure(s, TheOptions().policy, /*require_support=*/false)) {
      return std::nullopt;
    }
    return Verdict{std::string(StatusName(s)), plugin.message};
  }
  if (plugin.outputs.size() != 1) {
    return Verdict{"invalid_output",
                   std::to_string(plugin.outputs.size()) + " outputs"};
  }
  CompareRules rules;
  rules.schema = check.schema;
  rules.attributes = &check.attributes;
  std::vector<const Tensor*> each;
  for (const Tensor& x : inputs) each.push_back(&x);
  const Comparison c =
      CompareOutput(0, ref.outputs[0], plugin.outputs[0], each, rules);
  if (IsFailure(c.status, TheOptions().policy, /*require_support=*/false) &&
      c.status != Status::kInvalidOutput) {
    return FirstMismatch(c);
  }
  if (c.status == Status::kInvalidOutput) {
    return Verdict{"invalid_output", c.message};
  }
  return std::nullopt;
}

// The node's inputs, "x" then "x1", "x2"...: one read as ReadElements()
// reads it, or several of one shape stretched to broadcast.
std::vector<Tensor> ReadTensors(FuzzedDataProvider& fdp, OpInput& op) {
  const size_t count = ReadInputCount(fdp, *op.schema);
  const bool allow_empty = TheOptions().allow_empty;
  if (count <= 1) {
    ReadElements(fdp, op, allow_empty);
    return {Tensor{"x", op.dtype, op.dims, op.bytes}};
  }
  std::vector<Tensor> tensors;
  const std::vector<DType> types = op.Types(count);
  for (TensorInput& in : ReadNodeInputs(fdp, op, count, allow_empty)) {
    const size_t i = tensors.size();
    tensors.push_back(Tensor{i == 0 ? "x" : "x" + std::to_string(i), op.dtype,
                             std::move(in.dims), std::move(in.bytes)});
    if (op.schema->SelectorInput(i)) {
      // A selector of its own dtype (Where's bool condition): its shape
      // kept, each element the low bit of a byte of the input's.
      Tensor& c = tensors.back();
      size_t n = 1;
      for (int64_t d : c.dims) n *= static_cast<size_t>(d);
      std::vector<uint8_t> truth(StorageBytes(Info(types[i]), n), 0);
      for (size_t k = 0; k < truth.size() && k < c.bytes.size(); ++k) {
        truth[k] = c.bytes[k] & 1;
      }
      c.dtype = types[i];
      c.bytes = std::move(truth);
    } else if (types[i] != op.dtype) {
      // A type_only input of its own dtype (CastLike's target): one element.
      tensors.back().dtype = types[i];
      tensors.back().dims = {1};
      tensors.back().bytes.assign(StorageBytes(Info(types[i]), 1), 0);
    }
  }
  return tensors;
}

// The shape the element inputs broadcast to; ReadNodeInputs() stretches
// them so that they do.
Dims OutputDims(const OpSchema& s, const std::vector<Tensor>& inputs) {
  std::vector<Dims> shapes;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (s.ElementInput(i)) shapes.push_back(inputs[i].dims);
  }
  return BroadcastDims(shapes).value_or(inputs[0].dims);
}

}  // namespace
}  // namespace onnxcts::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  const std::string path = PluginPath();
  try {
    g_reference = MakeReferenceBackend();
    g_reference->Start();
    const std::string target = path + kInProcessSuffix;
    g_plugin = MakePluginBackend("plugin:" + target, target);
    const BackendInfo info = g_plugin->Start();
    g_pipe = g_plugin->OpenPipe();
    std::fprintf(stderr, "plugin_backend_fuzzer: %s (%s %s)\n", path.c_str(),
                 info.name.c_str(), info.version.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plugin_backend_fuzzer: cannot load %s: %s\n",
                 path.c_str(), e.what());
    std::exit(1);
  }
  std::thread(Watch).detach();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxcts;
  using namespace onnxcts::fuzz;
  static const bool installed = (InstallCrashHandler(), true);
  (void)installed;
  FuzzedDataProvider fdp(data, size);
  OpInput op = ReadOpChoice(fdp);
  const std::vector<Tensor> inputs = ReadTensors(fdp, op);
  const Dims out_dims = OutputDims(*op.schema, inputs);
  const Model model = SingleNode(op, inputs, out_dims);
  static const TestCase kCase;
  static const DataSet kDataSet;
  const RunRequest request{&kCase, &kDataSet, &model, inputs, 60};
  const NodeCheck check = CheckNode(model);
  const RunOutcome ref = g_reference->Run(request);
  const RunOutcome plugin =
      Watched(op, data, size, [&] { return g_plugin->Run(request); });
  std::optional<Verdict> verdict = Judge(check, ref, plugin, inputs);
  if (!verdict) {
    if (!TheOptions().pipe) return 0;
    std::string pipe = Watched(op, data, size, [&] {
      return PipeDisagreement(request, plugin, out_dims);
    });
    if (pipe.empty()) return 0;
    verdict = Verdict{"pipe_mismatch", std::move(pipe)};
  }
  const std::string signature = op.Label() + " " + verdict->what;
  const std::string detail =
      "opset " + std::to_string(op.opset) + ": " + verdict->detail;
  if (!TheOptions().keep_going) ReportFinding(signature, detail, data, size);
  static std::set<std::string> seen;
  if (seen.insert(signature).second)
    PrintFinding(signature, detail, data, size);
  return 0;
}
