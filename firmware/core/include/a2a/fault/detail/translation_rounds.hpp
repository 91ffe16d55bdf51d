// The regular rounds both fault planners plan around: the networks' rounds are
// translations, round r sends port u to P(u) ^ v(r), P the straight permutation (a bit
// permutation, given by the images of the bits) and v(r) the XOR of word[b] over r's
// bits b. FaultProblem and SingleFaultProblem are this plus what each planner needs.
#pragma once

#include <array>
#include <cstdint>

namespace a2a::detail {

struct TranslationRounds {
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

}  // namespace a2a::detail
