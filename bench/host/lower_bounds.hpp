// The lower bounds the papers prove on the rounds (passes) of an exchange, for
// figure 6 of docs/PERFORMANCE.md. Decided from the network and the kind of
// schedule, not from the family's name, so a new family gets a bound as soon as
// AnySchedule can make it.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/a2a.hpp"

namespace a2a::bench {

struct LowerBound {
  std::uint32_t rounds{0};      ///< fewest rounds (passes) any schedule of this kind can take
  std::uint32_t rounds_max{0};  ///< == rounds when the bound is known exactly; else the best known upper bound
  const char* source{""};       ///< where the bound is proved
};

/// R(N) of paper 000 (minimum number of GSEN configurations, any switch setting),
/// 2^(n-1) < N <= 2^n: exact where the paper proves it, else the range N..2^n.
constexpr LowerBound gsen_r(std::uint32_t ports, std::uint32_t stages) {
  const std::uint32_t power = std::uint32_t{1} << stages;
  if (ports == power) return {ports, ports, "paper 000 (R(2^n) = 2^n)"};
  if (ports % 4 == 2) return {ports, ports, "paper 000 Theorem 4.8 (R(N) = N, N = 2 mod 4)"};
  if (ports == 20) return {24, 24, "paper 000 Theorem 5.5 (R(20) = 24)"};
  // Theorem 5.4: k >= 2, N = 0 mod 2^k, N != 0 mod 2^(k+1), 2^(n-1) + 2^(n-k) <= N.
  std::uint32_t k = 0;
  while ((ports >> (k + 1)) % 2 == 0 && k + 1 < 32) ++k;
  k += 1;  // 2^k divides N exactly
  if (k >= 2 && k <= stages && (power >> 1) + (power >> k) <= ports)
    return {power, power, "paper 000 Theorem 5.4 (R(N) = 2^n)"};
  return {ports, power, "paper 000 Theorem 3.8 (N <= R(N) <= 2^n)"};
}

/// What the bound depends on besides the network.
struct ScheduleTraits {
  bool optical{false};           ///< crosstalk-free passes (semi-permutations)
  bool stage_controlled{false};  ///< every switch of a stage in one state
  bool broadcast{false};         ///< all-to-all broadcast, not a personalized exchange
  bool faulty{false};            ///< routes around a faulty switch
};

/// The bound for one schedule: optical schedules realize semi-permutations (paper
/// 002: 2N passes), the shift network needs N - 1 passes (paper 003), a GSEN R(N)
/// or, under stage control, R_sc(N) = 2^n (paper 000); every other MIN N rounds
/// (paper 001 Lemma 5, paper 002 Lemma 3: delay N + n - 1 with pipelining). A
/// faulty network is held to the fault-free bound: paper 004 proves none.
inline LowerBound lower_bound(const Network& net, const ScheduleTraits& traits) {
  if (traits.faulty) return {net.ports, net.ports, "fault-free N (paper 004 proves no bound with a fault)"};
  if (traits.broadcast) return {net.ports, net.ports, "paper 000 Lemma 3.2 (N: one message received a round)"};
  if (name(net.topology) == std::string_view("shift"))
    return {net.ports - 1, net.ports - 1, "paper 003 Theorem 3 (N - 1 passes; self-messages need none)"};
  if (traits.optical) return {2 * net.ports, 2 * net.ports, "paper 002 (2N crosstalk-free semi-permutation passes)"};
  if (net.topology == Topology::gsen) {
    if (traits.stage_controlled) {
      const std::uint32_t power = std::uint32_t{1} << net.stages;
      return {power, power, "paper 000 Theorem 3.8 (R_sc(N) = 2^n under stage control)"};
    }
    return gsen_r(net.ports, net.stages);
  }
  return {net.ports, net.ports, "paper 001 Lemma 5 / paper 002 Lemma 3 (N rounds)"};
}

}  // namespace a2a::bench
