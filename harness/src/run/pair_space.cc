#include "run/pair_space.h"

#include <algorithm>
#include <cstring>

#include "onnxcts/verify.h"

namespace onnxcts {

namespace {

bool Kept(const DTypeInfo& t, const Variant& v, uint64_t second) {
  return v.fatal_second == nullptr || v.fatal_second(t, second) == 0;
}

}  // namespace

PairSpace::PairSpace(const DTypeInfo& t, const Variant& v)
    : t_(&t), width_(StorageBytes(t, 1)), first_(PairPatterns(t)) {
  for (uint64_t b : first_) {
    if (Kept(t, v, b)) second_.push_back(b);
  }
  second_stored_.resize(StorageBytes(t, second_.size()));
  for (size_t j = 0; j < second_.size(); ++j) {
    StoreBits(t, second_stored_.data(), j, second_[j]);
  }
}

uint64_t PairSpace::Size(const DTypeInfo& t, const Variant& v,
                         std::span<const uint64_t> patterns) {
  const auto kept = std::count_if(patterns.begin(), patterns.end(),
                                  [&](uint64_t b) { return Kept(t, v, b); });
  return patterns.size() * static_cast<uint64_t>(kept);
}

uint64_t PairSpace::size() const { return first_.size() * second_.size(); }

uint64_t PairSpace::second(uint64_t pair) const {
  return second_[pair % second_.size()];
}

void PairSpace::Fill(uint64_t first, uint64_t n, uint8_t* a,
                     uint8_t* b) const {
  const uint64_t m = second_.size();
  uint64_t row = first / m;
  uint64_t column = first % m;
  while (n > 0) {
    const uint64_t run = std::min(n, m - column);
    // Input 0 holds one pattern along the run: stored once, then doubled.
    StoreBits(*t_, a, 0, first_[row]);
    for (uint64_t done = 1; done < run; done *= 2) {
      std::memcpy(a + done * width_, a, std::min(done, run - done) * width_);
    }
    std::memcpy(b, second_stored_.data() + column * width_, run * width_);
    a += run * width_;
    b += run * width_;
    n -= run;
    ++row;
    column = 0;
  }
}

}  // namespace onnxcts
