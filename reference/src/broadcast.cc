#include "onnxcts/broadcast.h"

#include <algorithm>
#include <cstring>

namespace onnxcts {
namespace {

size_t Product(std::span<const int64_t> dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

}  // namespace

std::optional<Dims> BroadcastDims(std::span<const Dims> shapes) {
  size_t rank = 0;
  for (const Dims& s : shapes) rank = std::max(rank, s.size());
  Dims out(rank, 1);
  for (const Dims& s : shapes) {
    const size_t offset = rank - s.size();
    for (size_t k = 0; k < s.size(); ++k) {
      int64_t& o = out[offset + k];
      if (s[k] == o || s[k] == 1) continue;
      if (o != 1) return std::nullopt;
      o = s[k];
    }
  }
  return out;
}

BroadcastIndex::BroadcastIndex(std::span<const int64_t> input_dims,
                               std::span<const int64_t> output_dims) {
  const size_t offset = output_dims.size() - input_dims.size();
  size_t stride = 1;
  for (size_t k = output_dims.size(); k-- > 0;) {
    const bool present = k >= offset;
    const int64_t in = present ? input_dims[k - offset] : 1;
    sizes_.push_back(static_cast<size_t>(output_dims[k]));
    strides_.push_back(in == 1 ? 0 : stride);
    stride *= static_cast<size_t>(in);
  }
}

size_t BroadcastIndex::operator()(size_t i) const {
  size_t at = 0;
  for (size_t k = 0; k < sizes_.size(); ++k) {
    at += (i % sizes_[k]) * strides_[k];
    i /= sizes_[k];
  }
  return at;
}

// The innermost axes that the input does not stretch are copied as one
// block; the rest go element by element through the index map.
void ExpandTo(const void* in, std::span<const int64_t> input_dims,
              size_t width, std::span<const int64_t> output_dims, void* out) {
  const size_t n = Product(output_dims);
  const auto* from = static_cast<const uint8_t*>(in);
  auto* to = static_cast<uint8_t*>(out);
  if (Product(input_dims) == n) {
    if (n > 0) std::memcpy(to, from, n * width);
    return;
  }
  const BroadcastIndex index(input_dims, output_dims);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(to + i * width, from + index(i) * width, width);
  }
}

}  // namespace onnxcts
