// A bus that wraps another and counts the controller's register accesses, for
// the per-round and summary reports (the count is the controller's own work,
// not a model of the fabric: accesses pass through unchanged).
#pragma once

#include <cstdint>

#include "a2a/hal/bus.hpp"

namespace a2a::app {

template <hal::RegisterBus Inner>
class CountingBus {
 public:
  constexpr explicit CountingBus(Inner& inner) : inner_(&inner) {}
  constexpr std::uint32_t read32(std::uint32_t offset) {
    ++reads_;
    return inner_->read32(offset);
  }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) {
    ++writes_;
    inner_->write32(offset, value);
  }
  [[nodiscard]] constexpr std::uint64_t writes() const { return writes_; }
  [[nodiscard]] constexpr std::uint64_t reads() const { return reads_; }

 private:
  Inner* inner_;
  std::uint64_t writes_{0};
  std::uint64_t reads_{0};
};

}  // namespace a2a::app
