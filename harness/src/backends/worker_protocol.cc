#include "backends/worker_protocol.h"

#include <nlohmann/json.hpp>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "core/printable.h"

namespace onnxcts {
namespace {

using nlohmann::json;

// Answers are quoted in messages, which reports carry as JSON strings: a
// hostile line could be a megabyte, or not UTF-8, so quote a printable start.
std::string Excerpt(std::string_view line) {
  constexpr size_t kMax = 200;
  std::string out;
  for (unsigned char c : line.substr(0, kMax)) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return line.size() > kMax ? out + "..." : out;
}

// Answers need four levels ({"outputs":[{"dims":[...]}]}); a few more are
// tolerated. nlohmann's dump() and its recursive algorithms would overflow
// the stack on a value nested some 100,000 deep, which fits in a line.
constexpr size_t kMaxDepth = 8;

// Whether `line` opens more than kMaxDepth arrays or objects at once,
// counted on the bytes (strings skipped) so that nothing deep is ever built.
bool TooDeep(std::string_view line) {
  size_t depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : line) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

std::optional<json> ParseObject(std::string_view line, std::string& error) {
  if (TooDeep(line)) {
    error = "answer nests arrays or objects more than " +
            std::to_string(kMaxDepth) + " deep: " + Excerpt(line);
    return std::nullopt;
  }
  json doc = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    error = "answer is not JSON: " + Excerpt(line);
    return std::nullopt;
  }
  if (!doc.is_object()) {
    error = "answer is not a JSON object: " + Excerpt(line);
    return std::nullopt;
  }
  return doc;
}

// A string field; "" when absent, nullopt (with `error` set) when it is
// there but not a string.
std::optional<std::string> OptionalString(const json& doc, const char* field,
                                          std::string& error) {
  const auto it = doc.find(field);
  if (it == doc.end()) return std::string();
  if (!it->is_string()) {
    error = std::string("answer field \"") + field + "\" is not a string";
    return std::nullopt;
  }
  return it->get<std::string>();
}

std::optional<RunOutcome::Kind> KindOf(const std::string& status) {
  if (status == "ok") return RunOutcome::Kind::kOk;
  if (status == "not_supported") return RunOutcome::Kind::kNotSupported;
  if (status == "error") return RunOutcome::Kind::kError;
  return std::nullopt;
}

// Checks "id" against the awaited one; "" when it matches.
std::string CheckId(const json& doc, int64_t expected_id) {
  const auto it = doc.find("id");
  if (it == doc.end()) return "answer lacks \"id\"";
  if (!it->is_number_integer()) {
    return std::string("answer \"id\" is not an integer but ") +
           it->type_name();
  }
  // An unsigned id above int64's range is never the awaited one.
  const bool same =
      it->is_number_unsigned()
          ? expected_id >= 0 &&
                it->get<uint64_t>() == static_cast<uint64_t>(expected_id)
          : it->get<int64_t>() == expected_id;
  if (!same) {
    return "answer has id " + it->dump() + ", expected " +
           std::to_string(expected_id);
  }
  return "";
}

std::optional<std::vector<std::string>> AdapterSteps(const json& doc,
                                                     std::string& error) {
  std::vector<std::string> steps;
  const auto it = doc.find("adapter_steps");
  if (it == doc.end()) return steps;
  if (!it->is_array()) {
    error = "answer field \"adapter_steps\" is not an array";
    return std::nullopt;
  }
  for (const json& step : *it) {
    if (!step.is_string()) {
      error = "answer field \"adapter_steps\" holds a non-string";
      return std::nullopt;
    }
    steps.push_back(step.get<std::string>());
  }
  return steps;
}

json SlotJson(const Slot& slot) {
  return json{{"offset", slot.offset},
              {"bytes", slot.bytes},
              {"dtype", slot.dtype},
              {"dims", slot.dims}};
}

constexpr size_t kMaxRank = 64;

// One entry of "outputs": an int32 dtype and dims of at most kMaxRank
// non-negative integers.
std::optional<Slot> ProducedSlot(const json& entry, std::string& error) {
  error = "answer's \"outputs\" entry is not {\"dtype\":int,\"dims\":[...]}";
  if (!entry.is_object()) return std::nullopt;
  const auto dtype = entry.find("dtype");
  const auto dims = entry.find("dims");
  if (dtype == entry.end() || !dtype->is_number_integer() ||
      dims == entry.end() || !dims->is_array() || dims->size() > kMaxRank) {
    return std::nullopt;
  }
  const int64_t code = dtype->get<int64_t>();
  if (code < 0 || code > INT32_MAX) return std::nullopt;
  Slot slot;
  slot.dtype = static_cast<int32_t>(code);
  for (const json& d : *dims) {
    if (!d.is_number_integer() || d.get<int64_t>() < 0) return std::nullopt;
    slot.dims.push_back(d.get<int64_t>());
  }
  error.clear();
  return slot;
}

bool ReadOutputs(const json& doc, WorkerAnswer& answer, std::string& error) {
  const auto outputs = doc.find("outputs");
  if (outputs == doc.end() || !outputs->is_array() ||
      outputs->size() > kMaxRank) {
    error = "an ok answer to a memory request lacks an \"outputs\" array";
    return false;
  }
  for (const json& entry : *outputs) {
    std::optional<Slot> slot = ProducedSlot(entry, error);
    if (!slot) return false;
    answer.outputs.push_back(std::move(*slot));
  }
  return true;
}

bool ReadTimes(const json& doc, WorkerAnswer& answer, std::string& error) {
  const auto timings = doc.find("timings");
  if (timings == doc.end()) return true;
  StageTimes times;
  error = "answer's \"timings\" is not an object of seconds";
  if (!timings->is_object()) return false;
  for (auto [field, into] : {std::pair{"read", &times.read},
                             std::pair{"run", &times.run},
                             std::pair{"write", &times.write}}) {
    const auto it = timings->find(field);
    if (it == timings->end()) continue;
    if (!it->is_number() || !(it->get<double>() >= 0)) return false;
    *into = it->get<double>();
  }
  error.clear();
  answer.times = times;
  return true;
}

std::string Dumped(const json& request, const std::string& model) {
  try {
    return request.dump() + "\n";
  } catch (const json::type_error&) {
    throw std::invalid_argument(
        "a path of the run request is not valid UTF-8: " + model);
  }
}

}  // namespace

std::string HelloLine() {
  return json{{"method", "hello"},
              {"protocol", kWorkerProtocol},
              {"protocols", {kWorkerProtocol, kWorkerProtocolMemory}}}
             .dump() +
         "\n";
}

std::string MemoryRunLine(const WorkerMemoryRun& run) {
  json inputs = json::array(), outputs = json::array();
  for (const Slot& slot : run.inputs) inputs.push_back(SlotJson(slot));
  for (const Slot& slot : run.outputs) outputs.push_back(SlotJson(slot));
  return Dumped(json{{"method", "run"},
                     {"id", run.id},
                     {"model", run.model},
                     {"memory_bytes", run.memory_bytes},
                     {"inputs", inputs},
                     {"outputs", outputs}},
                run.model);
}

std::string RunLine(const WorkerRun& run) {
  json request{{"method", "run"},
               {"id", run.id},
               {"model", run.model},
               {"inputs", run.inputs},
               {"output_dir", run.output_dir}};
  if (run.load_only) request["load_only"] = true;
  return Dumped(request, run.model);
}

ParsedHello ParseWorkerHello(std::string_view line) {
  ParsedHello parsed;
  std::optional<json> doc = ParseObject(line, parsed.protocol_error);
  if (!doc) return parsed;
  const auto protocol = doc->find("protocol");
  if (protocol == doc->end() || !protocol->is_number_integer() ||
      (protocol->get<int64_t>() != kWorkerProtocol &&
       protocol->get<int64_t>() != kWorkerProtocolMemory)) {
    parsed.protocol_error =
        "hello answer does not say \"protocol\":1 or 2: " + Excerpt(line);
    return parsed;
  }
  for (const char* field : {"name", "version"}) {
    const auto it = doc->find(field);
    if (it == doc->end() || !it->is_string()) {
      parsed.protocol_error = std::string("hello answer lacks a string \"") +
                              field + "\": " + Excerpt(line);
      return parsed;
    }
  }
  // Reports and the terminal show these as they are: no control character
  // may reach either.
  parsed.hello = WorkerHello{static_cast<int>(protocol->get<int64_t>()),
                             Printable((*doc)["name"].get<std::string>()),
                             Printable((*doc)["version"].get<std::string>()),
                             {}};
  const auto options = doc->find("options");
  if (options != doc->end() && !options->is_object()) {
    parsed.protocol_error = "hello answer's \"options\" is not an object: " +
                            Excerpt(line);
    parsed.hello.reset();
    return parsed;
  }
  if (options == doc->end()) return parsed;
  for (const auto& [key, value] : options->items()) {
    parsed.hello->options[Printable(key)] = Printable(
        value.is_string() ? value.get<std::string>() : value.dump());
  }
  return parsed;
}

ParsedAnswer ParseWorkerAnswer(std::string_view line, int64_t expected_id,
                               bool memory) {
  ParsedAnswer parsed;
  std::string& error = parsed.protocol_error;
  std::optional<json> doc = ParseObject(line, error);
  if (!doc) return parsed;
  error = CheckId(*doc, expected_id);
  if (!error.empty()) return parsed;
  const auto status = doc->find("status");
  if (status == doc->end() || !status->is_string()) {
    error = "answer lacks a string \"status\": " + Excerpt(line);
    return parsed;
  }
  const std::optional<RunOutcome::Kind> kind =
      KindOf(status->get<std::string>());
  if (!kind) {
    error = "answer has an unknown status \"" +
            Excerpt(status->get_ref<const std::string&>()) + "\"";
    return parsed;
  }
  std::optional<std::string> message = OptionalString(*doc, "message", error);
  if (!message) return parsed;
  std::optional<std::vector<std::string>> steps = AdapterSteps(*doc, error);
  if (!steps) return parsed;
  WorkerAnswer answer{*kind, std::move(*message), std::move(*steps), {}, {}};
  if (memory && *kind == RunOutcome::Kind::kOk &&
      !(ReadOutputs(*doc, answer, error) && ReadTimes(*doc, answer, error))) {
    return parsed;
  }
  parsed.answer = std::move(answer);
  return parsed;
}

std::optional<int64_t> AnswerId(std::string_view line) {
  std::string ignored;
  const std::optional<json> doc = ParseObject(line, ignored);
  if (!doc) return std::nullopt;
  const auto it = doc->find("id");
  if (it == doc->end() || !it->is_number_integer() ||
      (it->is_number_unsigned() && it->get<uint64_t>() > INT64_MAX)) {
    return std::nullopt;
  }
  return it->get<int64_t>();
}

}  // namespace onnxcts
