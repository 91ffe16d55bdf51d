// Compile-time checked networks and schedules: when the parameters are template
// arguments, a bad one is a compile error with a specific message, not a run-time
// Errc. Firmware for a fixed fabric should use these.
#pragma once

#include <cstdint>

#include "a2a/alternating.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// A network whose parameters are template arguments. make_network() and the
/// topology's description decide, as at run time; each reason it can give has its
/// message here (a static_assert message must be a literal), so no topology is named
/// in a condition and a new one needs no line here unless it brings a new reason.
template <Topology T, std::uint32_t N, std::uint32_t D = 2>
struct StaticNetwork {
  static constexpr Result<Network> checked = make_network(T, N, D);

 private:
  static constexpr Errc kRefused = checked.ok() ? Errc::ok : checked.error();

 public:
  static_assert(kRefused != Errc::topology_unknown, "a2a: unknown topology");
  static_assert(kRefused != Errc::radix_too_small, "a2a: radix d must be at least 2");
  static_assert(kRefused != Errc::radix_too_large, "a2a: radix d must be at most 16");
  static_assert(kRefused != Errc::ports_too_large, "a2a: N is above the supported maximum of 65536 ports");
  static_assert(kRefused != Errc::topology_needs_binary, "a2a: GSEN is built from 2x2 switches: radix must be 2");
  static_assert(kRefused != Errc::ports_odd, "a2a: GSEN needs an even number of ports N");
  static_assert(kRefused != Errc::ports_too_small,
                "a2a: too few ports for this topology (GSEN needs N >= 4, others N >= d)");
  static_assert(kRefused != Errc::shift_needs_binary,
                "a2a: the shift network (paper 003) is built from 2x2 switches: radix must be 2");
  static_assert(kRefused != Errc::shift_ports_too_large,
                "a2a: the shift network has log2 N + 1 stages, at most 16: N must be at most 32768");
  static_assert(kRefused != Errc::ports_not_power_of_radix,
                "a2a: N must be a power of the radix d (N = d^n) for this topology");
  static_assert(checked.ok(), "a2a: invalid network parameters");

  static constexpr Topology topology = T;
  static constexpr std::uint32_t ports = N;
  static constexpr std::uint32_t radix = D;
  static constexpr Network value = checked.ok() ? checked.value() : Network{};
};

/// The Latin-square stage-control schedule of a StaticNetwork.
template <class Net, RoundOrder Order = RoundOrder::natural>
constexpr LatinSquareSchedule<> latin_square_schedule() {
  constexpr auto made = LatinSquareSchedule<>::make(Net::value, Order);
  static_assert(made.ok() || made.error() != Errc::schedule_needs_unique_path,
                "a2a: Latin-square stage control needs a unique-path network (GSEN only when N is a power of 2)");
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
