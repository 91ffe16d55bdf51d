// GPIO lines as a model written from docs/switch-backends.md (line numbering: element e
// of stage s, d = 2^w, drives lines (s S + e) w ..): 32 lines a word, a strobe that
// makes them the elements' settings. Test hook: a word whose writes fail.
#pragma once

#include <a2a/status.hpp>
#include <a2a/topology.hpp>

#include <cstdint>
#include <vector>

namespace a2a::test {

inline constexpr std::uint32_t kModelLines = 128;

/// GPIO lines 32 to a word, and a strobe that makes them the elements' settings.
struct LinesModel {
  std::vector<bool> lines = std::vector<bool>(kModelLines);
  std::vector<bool> strobed = std::vector<bool>(kModelLines);
  std::uint32_t fail_word{~0U};
  std::uint64_t writes{0};
  std::uint64_t pulses{0};
  Errc set(std::uint32_t word, std::uint32_t bits) {
    if (word == fail_word) return Errc::bus_timeout;
    ++writes;
    for (std::uint32_t i = 0; i < 32; ++i) lines.at(32 * word + i) = ((bits >> i) & 1U) != 0;
    return Errc::ok;
  }
  Errc pulse() {
    ++pulses;
    strobed = lines;
    return Errc::ok;
  }
  [[nodiscard]] std::uint32_t element_state(const Network& net, std::uint32_t s, std::uint32_t e) const {
    std::uint32_t w = 0;
    while ((1U << w) < net.radix) ++w;
    std::uint32_t state = 0;
    for (std::uint32_t b = 0; b < w; ++b)
      if (strobed.at((s * net.switches_per_stage() + e) * w + b)) state |= 1U << b;
    return state;
  }
};
}  // namespace a2a::test
