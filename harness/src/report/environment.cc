#include "report/environment.h"

#include <fmt/core.h>
#include <gnu/libc-version.h>
#include <google/protobuf/stubs/common.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace onnxcts {
namespace {

// x86 names as Linux spells them ("pni" is SSE3), then Arm's.
constexpr std::string_view kRelevantFeatures[] = {
    "sse2",     "pni",      "ssse3",    "sse4_1",      "sse4_2",
    "avx",      "avx2",     "fma",      "f16c",        "avx512f",
    "avx512dq", "avx512bw", "avx512vl", "avx512_bf16", "avx512_fp16",
    "avx_vnni", "amx_bf16", "amx_fp16", "fp",          "asimd",
    "fphp",     "asimdhp",  "bf16",     "i8mm",        "sve",
    "sve2"};

// The host classes, most capable first; a host is of the first one it has
// any feature of. Each step is where runtimes switch kernels and their
// answers change: AMX (amx_bf16, amx_fp16) and AVX512_BF16 make OpenVINO's
// CPU plugin default to bf16 inference precision, and their f32 -> bf16
// conversion (VCVTNEPS2BF16) flushes subnormals; AVX-512 (avx512f) selects
// other JIT kernels (OpenVINO's Greater on NaN differs there); AVX2 (with
// FMA) is the baseline most x86 kernels are built for, "sse" is an x86
// below it. On Arm, bf16 and half-precision arithmetic (asimdhp) select
// reduced-precision defaults. Finer features (avx512_fp16, avx_vnni, sve)
// stay in cpu_features: no published difference depends on them yet.
struct HostClassRule {
  std::string_view name;
  std::string_view features[2];
};
constexpr HostClassRule kHostClasses[] = {
    {"amx", {"amx_bf16", "amx_fp16"}},
    {"avx512_bf16", {"avx512_bf16"}},
    {"avx512", {"avx512f"}},
    {"avx2", {"avx2"}},
    {"sse", {"sse2"}},
    {"arm_bf16", {"bf16"}},
    {"arm_fp16", {"asimdhp"}},
    {"arm", {"asimd", "fp"}},
};

std::string ReadText(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string_view Trim(std::string_view s) {
  const size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const size_t end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::vector<std::string> RelevantFeatures(std::string_view flags) {
  std::vector<std::string_view> present;
  std::istringstream words{std::string(flags)};
  for (std::string word; words >> word;) {
    for (std::string_view known : kRelevantFeatures) {
      if (word == known) present.push_back(known);
    }
  }
  std::vector<std::string> ordered;
  for (std::string_view known : kRelevantFeatures) {
    for (std::string_view p : present) {
      if (p == known) {
        ordered.emplace_back(known);
        break;
      }
    }
  }
  return ordered;
}

std::string OsName() {
  struct utsname u {};
  if (uname(&u) != 0) return "";
  return fmt::format("{} {} {}", u.sysname, u.release, u.machine);
}

std::string Distribution() {
  std::istringstream lines(ReadText("/etc/os-release"));
  for (std::string line; std::getline(lines, line);) {
    constexpr std::string_view kKey = "PRETTY_NAME=";
    if (line.rfind(kKey, 0) != 0) continue;
    std::string value = line.substr(kKey.size());
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    return value;
  }
  return "";
}

// FTZ and DAZ decide what the host does with subnormals, which is what a
// backend running on the host does too, unless it sets them itself.
void ReadFloatControl(Environment& env) {
#if defined(__x86_64__) || defined(__i386__)
  const unsigned csr = _mm_getcsr();
  env.ftz = (csr & 0x8000) != 0;  // MXCSR bit 15
  env.daz = (csr & 0x0040) != 0;  // MXCSR bit 6
#elif defined(__aarch64__)
  uint64_t fpcr = 0;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  // Arm's FZ flushes inputs and outputs alike.
  env.ftz = env.daz = ((fpcr >> 24) & 1) != 0;
#else
  (void)env;
#endif
}

std::string Compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

std::string DottedVersion(int packed, int major_scale, int minor_scale) {
  return fmt::format("{}.{}.{}", packed / major_scale,
                     packed / minor_scale % (major_scale / minor_scale),
                     packed % minor_scale);
}

std::map<std::string, std::string> Libraries() {
  std::map<std::string, std::string> libs;
  libs["protobuf"] = DottedVersion(GOOGLE_PROTOBUF_VERSION, 1000000, 1000);
  // The version of the ONNX CMake package the harness was built against.
  libs["onnx"] = ONNXCTS_ONNX_VERSION;
  libs["nlohmann_json"] =
      fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR,
                  NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH);
  libs["fmt"] = DottedVersion(FMT_VERSION, 10000, 100);
  libs["glibc"] = gnu_get_libc_version();  // the one running, not built with
#if defined(_GLIBCXX_RELEASE)
  libs["libstdc++"] = fmt::format("{} ({})", _GLIBCXX_RELEASE, __GLIBCXX__);
#endif
  return libs;
}

}  // namespace

CpuInfo ParseCpuInfo(std::string_view cpuinfo) {
  CpuInfo info;
  bool have_features = false;
  std::istringstream lines{std::string(cpuinfo)};
  for (std::string line; std::getline(lines, line);) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string_view key = Trim(std::string_view(line).substr(0, colon));
    const std::string_view value =
        Trim(std::string_view(line).substr(colon + 1));
    if (key == "model name" && info.model.empty()) {
      info.model = value;
    } else if ((key == "flags" || key == "Features") && !have_features) {
      info.features = RelevantFeatures(value);
      have_features = true;
    }
  }
  return info;
}

std::string HostClass(const std::vector<std::string>& features) {
  for (const HostClassRule& rule : kHostClasses) {
    for (std::string_view wanted : rule.features) {
      for (const std::string& f : features) {
        if (!wanted.empty() && f == wanted) return std::string(rule.name);
      }
    }
  }
  return "unknown";
}

Environment CaptureEnvironment() {
  Environment env;
  env.os = OsName();
  env.distribution = Distribution();
  CpuInfo cpu = ParseCpuInfo(ReadText("/proc/cpuinfo"));
  env.cpu = std::move(cpu.model);
  env.cpu_features = std::move(cpu.features);
  env.host_class = HostClass(env.cpu_features);
  ReadFloatControl(env);
  env.compiler = Compiler();
  env.libraries = Libraries();
  return env;
}

std::string HostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0) return "";
  return name;
}

}  // namespace onnxcts
