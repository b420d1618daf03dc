// The plugin: backend's pipes (core/chunk_pipe.h): the sweep's fast path,
// on which a plugin reads its inputs from the harness's memory and writes
// its outputs there, with no copy and nothing allocated per request.
//
// In process the memory is the harness's and the plugin runs inside Send()
// (depth 1). Isolated, the memory is a memfd that the harness and the plugin
// host (onnxcts_plugin_host) both map MAP_SHARED; frames carry only
// the node and where its slots are, replies only each output's dtype, dims
// and size. Two requests may be in flight: the child answers one while the
// harness makes the next. A crash, a hang past the request's timeout or a
// garbled reply answers that request (kCrash, kTimeout, kProtocolError) and
// drops the one behind it; the child is started again at the next Send(), and
// also when Reserve() grows the memory past what it mapped.
//
// Both pipes work with plugins of either ABI version: a version 1 plugin's
// outputs are copied once into their slots. An answer whose outputs need
// more room than their slots have is kInvalidOutput, with the dtype and dims
// the plugin produced in its outputs; nothing was written to the slots then.
// An answer of kOk does not say that the dtype and dims are the ones the
// slots declare: the caller compares them.
#ifndef ONNXCTS_HARNESS_BACKENDS_PLUGIN_PIPE_H_
#define ONNXCTS_HARNESS_BACKENDS_PLUGIN_PIPE_H_

#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "backends/plugin_library.h"
#include "core/chunk_pipe.h"
#include "io/limits.h"

namespace onnxcts {

// MakeInProcessPluginPipe()
//
// A pipe to `library`, which must outlive it; calls to a plugin that is not
// thread-safe hold `serialize`.
std::unique_ptr<ChunkPipe> MakeInProcessPluginPipe(const PluginLibrary& library,
                                                   std::mutex& serialize,
                                                   const Limits& limits);

// MakeIsolatedPluginPipe()
//
// A pipe to the plugin at `path`, hosted in a child process of its own.
std::unique_ptr<ChunkPipe> MakeIsolatedPluginPipe(const std::string& path,
                                                  const Limits& limits,
                                                  double start_timeout_seconds);

// BindChunkRequest()
//
// The node call of `request` into `call` (reused): each node input a slot of
// the request, an initializer of the model or omitted; each node output the
// request's slot for it, whose index `slot_of_output` gets. "" when bound,
// else why the request cannot go through a plugin's pipe (a model of more
// than one node, a graph output no node output is, or a node output no graph
// output is: the pipe writes graph outputs only).
std::string BindChunkRequest(const ChunkRequest& request, SlotCall& call,
                             std::vector<size_t>& slot_of_output);

// AnswerOfSlots()
//
// The pipe's answer from the plugin's, outputs in the request's slot order.
// `sent` are the output slots of the call, in node output order. An output
// that needs more bytes than its slot has makes kInvalidOutput.
ChunkAnswer AnswerOfSlots(const SlotAnswer& answer, std::span<const Slot> sent,
                          const std::vector<size_t>& slot_of_output);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_BACKENDS_PLUGIN_PIPE_H_
