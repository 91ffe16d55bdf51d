// Helpers shared by the core tests. Heap-free: these tests also run on Cortex-M.
#pragma once

#include <a2a/a2a.hpp>

#include <array>
#include <cstdint>

#include "a2a_test.hpp"

/// Largest N the portable sweeps reach; the host builds raise it (see CMakeLists.txt).
#ifndef A2A_TEST_MAX_PORTS
#define A2A_TEST_MAX_PORTS 64
#endif

namespace a2a::test {

/// The binary unique-path topologies the fault planner and the fault locator handle.
inline constexpr Topology kBinaryTopologies[] = {
    Topology::omega,          Topology::baseline, Topology::banyan, Topology::reverse_omega, Topology::reverse_baseline,
    Topology::reverse_banyan, Topology::gsen};

inline constexpr std::uint32_t kSweepPorts = A2A_TEST_MAX_PORTS;

/// check_exchange with static storage for up to MaxPorts ports (in .bss, not on the stack).
template <std::uint32_t MaxPorts = kSweepPorts, Schedule S>
ExchangeCheck check_fixed(const S& schedule) {
  static std::array<std::uint32_t, pair_words_needed(MaxPorts)> pairs;
  static std::array<std::uint32_t, round_words_needed(MaxPorts)> round;
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
}

/// A permutation read off the switch-level route: image[i] = output reached by input i.
template <std::uint32_t N, Configuration C>
std::array<std::uint32_t, N> permutation(const Network& net, const C& config) {
  std::array<std::uint32_t, N> image{};
  for (std::uint32_t i = 0; i < N; ++i) image[i] = route(net, i, config).destination;
  return image;
}

/// A configuration given switch by switch: states[stage][switch].
template <std::size_t Stages, std::size_t Switches>
struct TableConfiguration {
  std::array<std::array<std::uint32_t, Switches>, Stages> states{};
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
    return states[stage][sw];
  }
};

/// A small deterministic generator (no <random> on target).
struct Lcg {
  std::uint32_t state;
  constexpr std::uint32_t next() {
    state = state * 1664525U + 1013904223U;
    return state >> 8;
  }
};

/// The GSEN with n ports (n even, at least 4).
constexpr Network gsen(std::uint32_t n) { return make_network(Topology::gsen, n).value(); }
/// Every configuration word of a GSEN with pattern p, in `order`.
constexpr GsenSetSchedule all_gsen_words(std::uint32_t n, GsenPattern p, RoundOrder order = RoundOrder::natural) {
  return GsenSetSchedule::make(gsen(n), {p, order, {}}).value();
}

constexpr Topology kUniquePath[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                    Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan};

}  // namespace a2a::test
