// Compile-time checked networks and schedules: when the parameters are template
// arguments, a bad one is a compile error with a specific message, not a run-time
// Errc. Firmware for a fixed fabric should use these.
#pragma once

#include <cstdint>

#include "a2a/alternating.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/topology.hpp"

namespace a2a {

namespace detail {
constexpr bool is_power_of(std::uint64_t n, std::uint64_t d) {
  if (d < 2) return false;
  std::uint64_t p = 1;
  while (p < n) p *= d;
  return p == n;
}
}  // namespace detail

template <Topology T, std::uint32_t N, std::uint32_t D = 2>
struct StaticNetwork {
  static_assert(D >= 2, "a2a: radix d must be at least 2");
  static_assert(D <= kMaxRadix, "a2a: radix d must be at most 16");
  static_assert(N <= kMaxPorts, "a2a: N is above the supported maximum of 65536 ports");
  static_assert(T != Topology::gsen || D == 2, "a2a: GSEN is built from 2x2 switches: radix must be 2");
  static_assert(T != Topology::gsen || N % 2 == 0, "a2a: GSEN needs an even number of ports N");
  static_assert(T != Topology::gsen || N >= 4, "a2a: GSEN needs N >= 4");
  static_assert(T != Topology::shift || D == 2,
                "a2a: the shift network (paper 003) is built from 2x2 switches: radix must be 2");
  static_assert(T != Topology::shift || N <= 32768,
                "a2a: the shift network has log2 N + 1 stages, at most 16: N must be at most 32768");
  static_assert(T == Topology::gsen || detail::is_power_of(N, D),
                "a2a: N must be a power of the radix d (N = d^n) for this topology");

  static constexpr Topology topology = T;
  static constexpr std::uint32_t ports = N;
  static constexpr std::uint32_t radix = D;
  static constexpr Result<Network> checked = make_network(T, N, D);
  static_assert(checked.ok(), "a2a: invalid network parameters");
  static constexpr Network value = checked.ok() ? checked.value() : Network{};
};

/// The Latin-square stage-control schedule of a StaticNetwork.
template <class Net, RoundOrder Order = RoundOrder::natural>
constexpr LatinSquareSchedule<> latin_square_schedule() {
  static_assert(Net::topology != Topology::gsen || (Net::ports & (Net::ports - 1)) == 0,
                "a2a: Latin-square stage control needs a unique-path network (GSEN only when N is a power of 2)");
  constexpr auto made = LatinSquareSchedule<>::make(Net::value, Order);
  return made.ok() ? made.value() : LatinSquareSchedule<>{};
}

/// Paper 000's Algorithm 4 on a StaticNetwork.
template <class Net>
constexpr AlternatingSchedule alternating_schedule() {
  static_assert(Net::topology == Topology::gsen, "a2a: alternating stage control is defined on GSEN only");
  static_assert(Net::ports % 4 == 2, "a2a: alternating stage control (Algorithm 4) needs N = 2 (mod 4)");
  constexpr auto made = AlternatingSchedule::make(Net::value);
  return made.ok() ? made.value() : AlternatingSchedule{};
}

}  // namespace a2a
