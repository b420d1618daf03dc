// reference_quantize_onnx_dump dump DIR | check DIR
//
// dump: writes the oracle's QuantizeLinear and DequantizeLinear answers on
// stratified inputs, one group per op version, dtypes and options
// (DIR/<group>.bin: the x, scale, zero point and answer patterns, n
// little-endian uint64 each), and DIR/manifest.txt naming the groups, for
// quantize_onnx_check.py, which runs ONNX's reference evaluator on the
// same inputs and writes DIR/<group>.ref.bin (n uint64).
// check: compares the evaluator's answers with the oracle's. NaNs match
// NaNs; other disagreements are counted as open spots (QuantizeDeviation or
// DequantizeDeviation allows the answer), as one of the evaluator's own
// defects emulated below, or as failures (the exit status is 1).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "onnxcts/patterns.h"
#include "quantize_test_util.h"

namespace onnxcts::quantize {
namespace {

struct Group {
  std::string name;
  bool quantize = true;
  int opset = 25;
  std::string x, scale, y;
  bool saturate = true;
  std::string precision = "-";  // QuantizeLinear's attribute
  std::vector<uint64_t> xs, scales, zps;

  QuantizeOptions Options() const {
    return {saturate, precision == "-" ? nullptr : &QT(precision), opset};
  }
  uint64_t Oracle(size_t i) const {
    return quantize ? QuantizeOracle(QT(x), xs[i], QT(scale), scales[i], QT(y),
                                     zps[i], Options())
                    : DequantizeOracle(QT(x), xs[i], zps[i], QT(scale),
                                       scales[i], QT(y), Options());
  }
};

std::vector<uint64_t> Sample(const DTypeInfo& t, size_t limit, uint64_t seed) {
  if (t.bits <= 8) {
    std::vector<uint64_t> all(t.all_bits() + 1);
    for (uint64_t b = 0; b <= t.all_bits(); ++b) all[b] = b;
    return all;
  }
  std::vector<uint64_t> strata = StratifiedPatterns(t, seed, 1);
  if (strata.size() <= limit) return strata;
  // Every k-th, keeping the first and last (zeros, NaNs, extremes sit at
  // the ends of the sorted strata).
  std::vector<uint64_t> out;
  const double step = static_cast<double>(strata.size()) / limit;
  for (size_t k = 0; k < limit; ++k) out.push_back(strata[static_cast<size_t>(k * step)]);
  out.push_back(strata.back());
  return out;
}

void Fill(Group& g, const std::vector<uint64_t>& xs,
          const std::vector<uint64_t>& scales,
          const std::vector<uint64_t>& zps) {
  for (uint64_t s : scales) {
    for (uint64_t zp : zps) {
      for (uint64_t x : xs) {
        g.xs.push_back(x);
        g.scales.push_back(s);
        g.zps.push_back(zp);
      }
    }
  }
}

std::vector<Group> Groups() {
  std::vector<Group> groups;
  const std::vector<std::string> xq = {"float", "float16", "bfloat16", "int32"};
  const std::vector<std::string> sq = {"float", "float16", "bfloat16", "int32",
                                       "float8e8m0"};
  auto add_quantize = [&](const std::string& x, const std::string& s,
                          const std::string& y, int opset, bool saturate,
                          const std::string& precision, size_t limit) {
    Group g;
    g.opset = opset;
    g.x = x;
    g.scale = s;
    g.y = y;
    g.saturate = saturate;
    g.precision = precision;
    g.name = "q" + std::to_string(opset) + "." + x + "." + s + "." + y + "." +
             std::to_string(saturate) + "." + precision;
    std::vector<uint64_t> zps = SomeZeroPoints(QT(y));
    if (zps.size() > 3) zps.resize(3);
    Fill(g, Sample(QT(x), limit, 3), ScaleSet(QT(s)), zps);
    groups.push_back(std::move(g));
  };
  for (const std::string& y : QuantizedNames()) {
    for (const std::string& x : xq) {
      for (const std::string& s : sq) add_quantize(x, s, y, 25, true, "-", 300);
    }
    if (QT(y).is_float() && QT(y).bits == 8) {
      add_quantize("float", "float", y, 25, false, "-", 600);
      add_quantize("float16", "float16", y, 25, false, "-", 600);
      add_quantize("float", "float", y, 21, true, "-", 600);
    }
    for (const char* p : {"float16", "bfloat16", "float"}) {
      add_quantize("float", "float16", y, 25, true, p, 300);
    }
  }
  for (const char* y : {"int8", "uint8"}) add_quantize("float", "float", y, 13, true, "-", 600);
  for (const char* y : {"int16", "uint4", "int4"}) {
    add_quantize("float16", "float16", y, 21, true, "-", 600);
  }
  auto add_dequantize = [&](const std::string& x, const std::string& s,
                            const std::string& y, int opset) {
    Group g;
    g.quantize = false;
    g.opset = opset;
    g.x = x;
    g.scale = s;
    g.y = y;
    g.name = "d" + std::to_string(opset) + "." + x + "." + s + "." + y;
    const DTypeInfo& xt = QT(x);
    std::vector<uint64_t> zps = {0};
    // ONNX's evaluator refuses a float8 zero point other than zero.
    const bool float8 = xt.is_float() && xt.bits == 8;
    if (!float8) {
      for (uint64_t zp : Sample(xt, 6, 9)) {
        if (zp != 0 && zps.size() < 5) zps.push_back(zp);
      }
      if (xt.bits <= 8) zps.push_back(xt.all_bits());
    }
    Fill(g, Sample(xt, 400, 5), ScaleSet(QT(s)), zps);
    groups.push_back(std::move(g));
  };
  std::vector<std::string> xd = QuantizedNames();
  xd.push_back("int32");
  for (const std::string& x : xd) {
    for (const char* s : {"float", "float16", "bfloat16"}) {
      add_dequantize(x, s, s, 25);
      add_dequantize(x, s, std::string(s) == "float" ? "float16" : "float", 25);
    }
    for (const char* y : {"float", "float16", "bfloat16"}) {
      add_dequantize(x, "float8e8m0", y, 25);
    }
  }
  for (const char* x : {"int8", "uint8", "int32"}) add_dequantize(x, "float", "float", 19);
  add_dequantize("float8e5m2", "float16", "float16", 21);
  return groups;
}

void Write(const std::string& path, const std::vector<uint64_t>& v) {
  std::ofstream(path, std::ios::binary | std::ios::app)
      .write(reinterpret_cast<const char*>(v.data()),
             static_cast<std::streamsize>(v.size() * sizeof(uint64_t)));
}

int Dump(const std::string& dir) {
  std::ofstream manifest(dir + "/manifest.txt");
  for (const Group& g : Groups()) {
    std::vector<uint64_t> want(g.xs.size());
    for (size_t i = 0; i < want.size(); ++i) want[i] = g.Oracle(i);
    const std::string path = dir + "/" + g.name + ".bin";
    std::remove(path.c_str());
    Write(path, g.xs);
    Write(path, g.scales);
    Write(path, g.zps);
    Write(path, want);
    manifest << g.name << ' ' << (g.quantize ? "QuantizeLinear" : "DequantizeLinear")
             << ' ' << g.opset << ' ' << g.x << ' ' << g.scale << ' ' << g.y
             << ' ' << g.saturate << ' ' << g.precision << ' ' << g.xs.size()
             << '\n';
  }
  return manifest ? 0 : 1;
}

bool IsNaN(const DTypeInfo& t, uint64_t bits) {
  if (!t.is_float() || !t.format.has_nan()) return false;
  const uint64_t f64 = convert::CastOracle(t, bits, Info(DType::kDouble), {});
  return std::isnan(std::bit_cast<double>(f64));
}

// ONNX's evaluator divides in numpy's promotion of x and the scale (or in
// `precision`), then, for integer outputs, casts rint(q) to int32 (NaN and
// |q| >= 2^31 give INT32_MIN on x86), adds the zero point in int32 (wrapping)
// and clips: its answer, emulated.
uint64_t EvaluatorIntegerWrap(const Group& g, size_t i) {
  const DTypeInfo& x = QT(g.x);
  const DTypeInfo& s = QT(g.scale);
  const DTypeInfo& y = QT(g.y);
  const DTypeInfo* e = &Info(DType::kFloat);
  if (g.precision != "-") {
    e = &QT(g.precision);
  } else if (x.is_integer() || s.is_integer()) {
    e = &Info(DType::kDouble);
  } else if (x.code == s.code) {
    e = &x;
  }
  const QuantizeOptions o{.precision = e};
  const double q = std::bit_cast<double>(QuantizeOracle(
      x, g.xs[i], s, g.scales[i], Info(DType::kDouble), 0, o));
  const double r = std::nearbyint(q);
  const int32_t t = std::isnan(r) || std::fabs(r) >= 0x1p31
                        ? INT32_MIN
                        : static_cast<int32_t>(r);
  const int64_t zp = static_cast<int64_t>(convert::CastOracle(
      y, g.zps[i], Info(DType::kInt64), {}));
  const auto sum = static_cast<int32_t>(static_cast<uint32_t>(t) +
                                        static_cast<uint32_t>(zp));
  const int value_bits = y.kind == Kind::kSigned ? y.bits - 1 : y.bits;
  const int64_t hi = (int64_t{1} << value_bits) - 1;
  const int64_t lo = y.kind == Kind::kSigned ? -hi - 1 : 0;
  const int64_t clipped = sum < lo ? lo : sum > hi ? hi : sum;
  return static_cast<uint64_t>(clipped) & y.all_bits();
}

int Check(const std::string& dir) {
  std::ifstream manifest(dir + "/manifest.txt");
  std::map<std::string, Group> by_name;
  for (Group& g : Groups()) by_name[g.name] = std::move(g);
  size_t total = 0, equal = 0, open = 0, wrap = 0, float4_nan = 0, failed = 0;
  std::string line;
  while (std::getline(manifest, line)) {
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    const Group& g = by_name.at(name);
    std::ifstream in(dir + "/" + name + ".ref.bin", std::ios::binary);
    std::vector<uint64_t> ref(g.xs.size());
    in.read(reinterpret_cast<char*>(ref.data()),
            static_cast<std::streamsize>(ref.size() * sizeof(uint64_t)));
    if (!in) {
      std::printf("%s: no answers from the evaluator\n", name.c_str());
      ++failed;
      continue;
    }
    const DTypeInfo& y = QT(g.y);
    size_t reported = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      ++total;
      const uint64_t want = g.Oracle(i);
      const uint64_t got = ref[i] & y.all_bits();
      if (got == want || (IsNaN(y, got) && IsNaN(y, want))) {
        ++equal;
        continue;
      }
      const bool deviation =
          g.quantize ? QuantizeDeviation(QT(g.x), g.xs[i], QT(g.scale),
                                         g.scales[i], y, g.zps[i],
                                         g.Options(), got)
                     : DequantizeDeviation(QT(g.x), g.xs[i], g.zps[i],
                                           QT(g.scale), g.scales[i], y,
                                           g.Options(), got);
      if (deviation) {
        ++open;
        continue;
      }
      if (g.quantize && y.is_integer() && got == EvaluatorIntegerWrap(g, i)) {
        ++wrap;
        continue;
      }
      // ml_dtypes casts NaN to float4e2m1 as ±0; ONNX's float4 page says 6.
      if (g.quantize && y.code == DType::kFloat4E2M1 && want == 0x7 &&
          (got & 0x7) == 0) {
        ++float4_nan;
        continue;
      }
      ++failed;
      if (reported++ < 5) {
        std::printf("%s: x 0x%llx scale 0x%llx zp 0x%llx: oracle 0x%llx, "
                    "evaluator 0x%llx\n",
                    name.c_str(), static_cast<unsigned long long>(g.xs[i]),
                    static_cast<unsigned long long>(g.scales[i]),
                    static_cast<unsigned long long>(g.zps[i]),
                    static_cast<unsigned long long>(want),
                    static_cast<unsigned long long>(got));
      }
    }
  }
  std::printf("%zu elements: %zu agree, %zu at open spots, %zu the "
              "evaluator's int32 wrap, %zu its NaN -> float4e2m1 as 0, %zu "
              "failures\n",
              total, equal, open, wrap, float4_nan, failed);
  return failed == 0 && total > 0 ? 0 : 1;
}

}  // namespace
}  // namespace onnxcts::quantize

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  if (mode == "dump") return onnxcts::quantize::Dump(argv[2]);
  if (mode == "check") return onnxcts::quantize::Check(argv[2]);
  std::fprintf(stderr, "usage: reference_quantize_onnx_dump dump|check DIR\n");
  return 2;
}
