#include "ops/conversion.h"

#include <cstring>
#include <vector>

namespace onnxcts::conversion {
namespace {

using convert::RoundMode;

int64_t RoundModeIndex(const Attributes& a) {
  const auto it = a.find("round_mode");
  if (it == a.end()) return 0;
  const std::string& mode = std::get<std::string>(it->second);
  return std::ranges::find(kRoundModes, mode) - std::begin(kRoundModes);
}

// Elements of 4 and 2 bits are packed in tensors and one per byte in
// convert.h's buffers.
std::vector<uint8_t> Unpacked(const DTypeInfo& t, const void* data,
                              size_t n) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) {
    bytes[i] = static_cast<uint8_t>(LoadBits(t, data, i));
  }
  return bytes;
}

}  // namespace

convert::CastOptions OptionsOf(bool saturate, int64_t round_mode,
                               int version) {
  constexpr RoundMode kModes[] = {RoundMode::kUp, RoundMode::kDown,
                                  RoundMode::kNearest};
  return {saturate, kModes[round_mode], version};
}

convert::CastOptions OptionsOf(const Attributes& a, int version) {
  const auto saturate = a.find("saturate");
  const bool saturating =
      saturate == a.end() || std::get<int64_t>(saturate->second) != 0;
  return OptionsOf(saturating, RoundModeIndex(a), version);
}

void CastStored(const DTypeInfo& from, const void* in, const DTypeInfo& to,
                void* out, size_t n, const convert::CastOptions& o) {
  std::vector<uint8_t> source;
  if (from.bits < 8) {
    source = Unpacked(from, in, n);
    in = source.data();
  }
  if (to.bits >= 8) return convert::CastKernel(from, in, to, out, n, o);
  std::vector<uint8_t> result(n);
  convert::CastKernel(from, in, to, result.data(), n, o);
  // The padding bits of a packed last byte are zero, as onnx.proto asks
  // (an empty tensor's data may be null, which memset must never get).
  if (n != 0) std::memset(out, 0, StorageBytes(to, n));
  for (size_t i = 0; i < n; ++i) StoreBits(to, out, i, result[i]);
}

bool Deviates(const OpSchema& s, const ElementAnswer& e) {
  return convert::CastDeviation(*e.input, e.inputs[0], *e.output,
                                OptionsOf(*e.attributes, s.since_version),
                                e.actual);
}

bool Opens(const OpSchema& s, const ElementAnswer& e) {
  return convert::CastOpen(*e.input, e.inputs[0], *e.output,
                           OptionsOf(*e.attributes, s.since_version));
}

}  // namespace onnxcts::conversion
