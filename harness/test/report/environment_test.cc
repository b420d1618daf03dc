#include "report/environment.h"

#include <gtest/gtest.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "test_util.h"

namespace onnxcts {
namespace {

TEST(ParseCpuInfo, X86ModelAndRelevantFlagsInFixedOrder) {
  const CpuInfo info = ParseCpuInfo(
      "processor\t: 0\n"
      "model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz\n"
      "flags\t\t: fpu vme f16c avx512f sse2 avx2 ht avx512_fp16 sse4_2 fma\n"
      "\n"
      "processor\t: 1\n"
      "model name\t: Other CPU\n"
      "flags\t\t: fpu amx_bf16\n");
  EXPECT_EQ(info.model, "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz");
  EXPECT_EQ(info.features,
            (std::vector<std::string>{"sse2", "sse4_2", "avx2", "fma", "f16c",
                                      "avx512f", "avx512_fp16"}));
}

TEST(ParseCpuInfo, ArmFeatures) {
  const CpuInfo info = ParseCpuInfo(
      "processor\t: 0\n"
      "Features\t: fp asimd evtstrm aes fphp asimdhp cpuid bf16 sve\n"
      "CPU implementer\t: 0x41\n");
  EXPECT_EQ(info.model, "");
  EXPECT_EQ(info.features,
            (std::vector<std::string>{"fp", "asimd", "fphp", "asimdhp", "bf16",
                                      "sve"}));
}

TEST(ParseCpuInfo, EmptyText) {
  const CpuInfo info = ParseCpuInfo("");
  EXPECT_EQ(info.model, "");
  EXPECT_TRUE(info.features.empty());
}

TEST(HostClass, FirstClassTheFeaturesReach) {
  using F = std::vector<std::string>;
  const F avx2 = {"sse2", "pni", "ssse3", "sse4_1", "sse4_2",
                  "avx",  "avx2", "fma",  "f16c"};
  EXPECT_EQ(HostClass(avx2), "avx2");
  F avx512 = avx2;
  avx512.insert(avx512.end(), {"avx512f", "avx512dq", "avx512bw", "avx512vl"});
  EXPECT_EQ(HostClass(avx512), "avx512");
  F bf16 = avx512;
  bf16.push_back("avx512_bf16");
  EXPECT_EQ(HostClass(bf16), "avx512_bf16");
  F amx = bf16;
  amx.insert(amx.end(), {"avx512_fp16", "amx_bf16"});
  EXPECT_EQ(HostClass(amx), "amx");
  EXPECT_EQ(HostClass(F{"sse2", "pni", "avx"}), "sse");
  EXPECT_EQ(HostClass(F{"fp", "asimd", "fphp", "asimdhp", "bf16", "sve"}),
            "arm_bf16");
  EXPECT_EQ(HostClass(F{"fp", "asimd", "fphp", "asimdhp"}), "arm_fp16");
  EXPECT_EQ(HostClass(F{"fp", "asimd"}), "arm");
  EXPECT_EQ(HostClass(F{}), "unknown");
}

TEST(CaptureEnvironment, HostClassIsThatOfTheFeatures) {
  const Environment env = CaptureEnvironment();
  EXPECT_EQ(env.host_class, HostClass(env.cpu_features));
}

// The versions are checked against what the system's own tools say.
TEST(CaptureEnvironment, LibraryVersionsMatchTheSystem) {
  const Environment env = CaptureEnvironment();
  std::string protobuf;
  if (testing::RunShell("pkg-config --modversion protobuf", &protobuf) == 0) {
    EXPECT_EQ(env.libraries.at("protobuf") + "\n", protobuf);
  }
  std::string onnx;
  if (testing::RunShell("dpkg-query -W -f '${Version}' libonnx-dev", &onnx) ==
      0) {
    // Debian's "1.12.0-2+b4" is upstream 1.12.0.
    EXPECT_EQ(onnx.rfind(env.libraries.at("onnx") + "-", 0), 0u)
        << onnx << " vs " << env.libraries.at("onnx");
  }
  EXPECT_TRUE(env.libraries.count("nlohmann_json"));
  EXPECT_TRUE(env.libraries.count("fmt"));
  EXPECT_FALSE(env.compiler.empty());
  EXPECT_FALSE(env.os.empty());
}

TEST(CaptureEnvironment, HostNameIsTheSystems) {
  std::string name;
  ASSERT_EQ(testing::RunShell("hostname", &name), 0);
  EXPECT_EQ(HostName() + "\n", name);
}

#if defined(__x86_64__) || defined(__i386__)
TEST(CaptureEnvironment, ReadsFtzAndDazFromMxcsr) {
  const unsigned saved = _mm_getcsr();
  _mm_setcsr(saved & ~0x8040u);
  const Environment off = CaptureEnvironment();
  _mm_setcsr(saved | 0x8000u);
  const Environment ftz = CaptureEnvironment();
  _mm_setcsr((saved & ~0x8000u) | 0x0040u);
  const Environment daz = CaptureEnvironment();
  _mm_setcsr(saved);
  EXPECT_EQ(off.ftz, false);
  EXPECT_EQ(off.daz, false);
  EXPECT_EQ(ftz.ftz, true);
  EXPECT_EQ(ftz.daz, false);
  EXPECT_EQ(daz.ftz, false);
  EXPECT_EQ(daz.daz, true);
}
#endif

}  // namespace
}  // namespace onnxcts
