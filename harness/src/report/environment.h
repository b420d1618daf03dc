// The environment fingerprint of a report: what about the machine and the
// build can change a backend's bits (CPU features, flush-to-zero), and what
// to quote when a result cannot be reproduced elsewhere.
#ifndef ONNXCTS_HARNESS_REPORT_ENVIRONMENT_H_
#define ONNXCTS_HARNESS_REPORT_ENVIRONMENT_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace onnxcts {

struct Environment {
  std::string os;            // uname: "Linux 6.1.0-18-amd64 x86_64"
  std::string distribution;  // /etc/os-release's PRETTY_NAME, if any
  std::string cpu;           // the CPU's model name
  // Of the features that change float results (SIMD widths, fp16/bf16
  // support, FMA), those this CPU has, in a fixed order.
  std::vector<std::string> cpu_features;
  // HostClass(cpu_features): what published results of this host's kind
  // are keyed by.
  std::string host_class;
  // Flush-to-zero and denormals-are-zero of this process's floating point
  // control register; nullopt on CPUs without them.
  std::optional<bool> ftz;
  std::optional<bool> daz;
  std::string compiler;  // that built onnxcts
  // Library name -> version ("protobuf", "onnx", "nlohmann_json", "fmt",
  // "glibc", "libstdc++").
  std::map<std::string, std::string> libraries;
};

struct CpuInfo {
  std::string model;
  std::vector<std::string> features;
};

// ParseCpuInfo()
//
// The model and the relevant features of the first CPU in the text of
// /proc/cpuinfo (x86 "model name"/"flags", Arm "Features").
CpuInfo ParseCpuInfo(std::string_view cpuinfo);

// HostClass()
//
// The class of a host whose `features` (as ParseCpuInfo gives them) are
// these: the first of "amx", "avx512_bf16", "avx512", "avx2", "sse",
// "arm_bf16", "arm_fp16", "arm" whose features it has, else "unknown".
// Runtimes pick kernels, and so answers, by these steps (see the .cc).
std::string HostClass(const std::vector<std::string>& features);

// CaptureEnvironment()
//
// The fingerprint of this machine, this process and this build.
Environment CaptureEnvironment();

// HostName()
//
// This machine's host name, "" when it has none.
std::string HostName();

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_ENVIRONMENT_H_
