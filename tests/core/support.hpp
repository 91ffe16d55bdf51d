// Helpers shared by the core tests (host side: may allocate).
#pragma once

#include <a2a/a2a.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace a2a::test {

/// check_exchange with heap storage, for any N.
template <Schedule S>
ExchangeCheck check_large(const S& schedule) {
  const std::uint32_t n = schedule.network().ports;
  std::vector<std::uint32_t> pairs(pair_words_needed(n));
  std::vector<std::uint32_t> outputs((n + 31) / 32);
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(outputs));
}

inline std::string label(const Network& net) {
  return std::string(name(net.topology)) + " N=" + std::to_string(net.ports) + " d=" + std::to_string(net.radix);
}

inline std::string explain(const ExchangeCheck& c) {
  return std::string(describe(c.violation)) + " at round " + std::to_string(c.round) + ", port " +
         std::to_string(c.port) + ", other " + std::to_string(c.other);
}

/// A permutation read off the switch-level route: image[i] = output reached by input i.
template <Configuration C>
std::vector<std::uint32_t> permutation(const Network& net, const C& config) {
  std::vector<std::uint32_t> image(net.ports);
  for (std::uint32_t i = 0; i < net.ports; ++i) image[i] = route(net, i, config).destination;
  return image;
}

/// A configuration given switch by switch: states[stage][switch].
struct TableConfiguration {
  std::vector<std::vector<std::uint32_t>> states;
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const { return states[stage][sw]; }
};

}  // namespace a2a::test
