// What the general fault planner (general_fault_planner.hpp) plans: the faults as blocked
// rectangles (FaultMap), the straight permutation P and the regular rounds' vectors.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/fault/fault_set.hpp"

namespace a2a {

/// What the planner plans: the faults, P and the regular rounds' vectors.
struct FaultProblem {
  std::uint32_t ports{0};
  FaultMap faults{};
  std::array<std::uint32_t, 32> straight{};  ///< P(1 << k)
  std::array<std::uint32_t, 32> word{};      ///< regular round r: XOR of word[b] over r's bits b
  [[nodiscard]] constexpr std::uint32_t p(std::uint32_t u) const {
    std::uint32_t v = 0;
    for (std::uint32_t k = 0; u != 0; ++k, u >>= 1)
      if ((u & 1U) != 0) v ^= straight[k];
    return v;
  }
  [[nodiscard]] constexpr std::uint32_t regular_vector(std::uint32_t r) const {
    std::uint32_t v = 0;
    for (std::uint32_t bit = 0; r != 0; ++bit, r >>= 1)
      if ((r & 1U) != 0) v ^= word[bit];
    return v;
  }
};

}  // namespace a2a
