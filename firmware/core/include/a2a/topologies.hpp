// The topologies: one description each (what a description holds:
// topology_description.hpp) and Topologies, the one list of them in code order.
// Everything else is derived from the list (TopologyList, topology_list.hpp):
// name(), parse_topology(), kAllTopologies, make_network(), the wiring route() and
// the fabrics follow, the digit maps of the Latin square's O(1) round loop, the
// register code of the HAL and the lines of `a2a list`.
//
// Adding a topology (docs/extending.md): its code in network.hpp's enum, its
// description here, and one line in Topologies. The digit maps are closed forms
// derived from the wiring; the exhaustive tests check every round of every topology
// in the list against route(), which knows nothing of them.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/network.hpp"
#include "a2a/status.hpp"
#include "a2a/topology_description.hpp"
#include "a2a/topology_list.hpp"
#include "a2a/wiring.hpp"

namespace a2a::topologies {

using detail::DigitMap;

/// The d-ary perfect shuffle before every stage (shuffle-exchange). Its digit maps are
/// the identity: n rotations bring every digit back to where it started.
struct Omega : DigitNetwork {
  static constexpr Topology code = Topology::omega;
  static constexpr std::string_view name = "omega";
  static constexpr std::string_view rule = "d-ary perfect shuffle before every stage; N = d^n";
  static constexpr std::uint8_t register_code = 0;
  static constexpr detail::TopologyDigitMaps digit_maps{};
  static constexpr std::uint32_t before(const Network& net, std::uint32_t, std::uint32_t t) {
    return wiring::shuffle(net, t);
  }
  static constexpr std::uint32_t before_inverse(const Network& net, std::uint32_t, std::uint32_t t) {
    return wiring::unshuffle(net, t);
  }
  static constexpr std::uint32_t after_inverse(const Network&, std::uint32_t, std::uint32_t t) { return t; }
};

/// pi_i after stage i: the n-i low digits rotated right by one.
struct Baseline : DigitNetwork {
  static constexpr Topology code = Topology::baseline;
  static constexpr std::string_view name = "baseline";
  static constexpr std::string_view rule = "pi_i after stage i (low digits rotated right); N = d^n";
  static constexpr std::uint8_t register_code = 1;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::identity, DigitMap::reverse, DigitMap::reverse};
  static constexpr std::uint32_t after(const Network& net, std::uint32_t s, std::uint32_t t) {
    if (s + 1 >= net.stages) return t;  // no wiring after the last stage
    return wiring::rotate_low_digits(net, t, net.stages - s, true);
  }
  static constexpr std::uint32_t before_inverse(const Network&, std::uint32_t, std::uint32_t t) { return t; }
  static constexpr std::uint32_t after_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
    if (s + 1 >= net.stages) return t;
    return wiring::rotate_low_digits(net, t, net.stages - s, false);
  }
};

/// tau_j after stage j: digit 0 swapped with digit j+1 (paper 004).
struct Banyan : DigitNetwork {
  static constexpr Topology code = Topology::banyan;
  static constexpr std::string_view name = "banyan";
  static constexpr std::string_view rule = "tau_j after stage j (digit 0 swapped with digit j+1); N = d^n";
  static constexpr std::uint8_t register_code = 2;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::reverse_high, DigitMap::rotate_left,
                                                        DigitMap::reverse};
  static constexpr std::uint32_t after(const Network& net, std::uint32_t s, std::uint32_t t) {
    if (s + 1 >= net.stages) return t;
    return wiring::swap_digit0(net, t, s + 1);
  }
  static constexpr std::uint32_t before_inverse(const Network&, std::uint32_t, std::uint32_t t) { return t; }
  static constexpr std::uint32_t after_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
    return after(net, s, t);  // a swap is its own inverse
  }
};

// The mirror images: Mirror<Forward> forms the wiring; the digit maps are their own.
struct ReverseOmega : Mirror<Omega> {
  static constexpr Topology code = Topology::reverse_omega;
  static constexpr std::string_view name = "reverse-omega";
  static constexpr std::string_view rule = "mirror image of omega; N = d^n";
  static constexpr std::uint8_t register_code = 3;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::reverse, DigitMap::identity, DigitMap::reverse};
};
struct ReverseBaseline : Mirror<Baseline> {
  static constexpr Topology code = Topology::reverse_baseline;
  static constexpr std::string_view name = "reverse-baseline";
  static constexpr std::string_view rule = "mirror image of baseline; N = d^n";
  static constexpr std::uint8_t register_code = 4;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::identity, DigitMap::reverse, DigitMap::reverse};
};
struct ReverseBanyan : Mirror<Banyan> {
  static constexpr Topology code = Topology::reverse_banyan;
  static constexpr std::string_view name = "reverse-banyan";
  static constexpr std::string_view rule = "mirror image of banyan; N = d^n";
  static constexpr std::uint8_t register_code = 5;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::identity, DigitMap::rotate_right,
                                                        DigitMap::rotate_right};
};

/// Generalized shuffle-exchange network (paper 000): any even N >= 4, 2x2 switches,
/// ceil(log2 N) stages, pi before every stage. For N = 2^n it is the omega network
/// (same digit maps, a unique path); otherwise paths repeat and the GSEN schedules apply.
struct Gsen : DigitNetwork {
  static constexpr Topology code = Topology::gsen;
  static constexpr std::string_view name = "gsen";
  static constexpr std::string_view rule = "generalized shuffle-exchange; d = 2, any even N >= 4, ceil(log2 N) stages";
  static constexpr std::uint8_t register_code = 6;
  static constexpr std::uint32_t list_up_to = 32;  // every even N: the first few are enough
  static constexpr detail::TopologyDigitMaps digit_maps{};
  static constexpr Result<std::uint32_t> stages(std::uint32_t ports, std::uint32_t radix) {
    if (radix != 2) return Errc::topology_needs_binary;
    if (ports < 4) return Errc::ports_too_small;
    if (ports % 2 != 0) return Errc::ports_odd;
    std::uint32_t n = 0;
    while ((std::uint32_t{1} << n) < ports) ++n;  // n = ceil(log2 N)
    return n;
  }
  static constexpr bool unique_path(const Network& net) { return (std::uint32_t{1} << net.stages) == net.ports; }
  static constexpr std::uint32_t before(const Network& net, std::uint32_t, std::uint32_t t) {
    return wiring::gsen_shuffle(net, t);
  }
};

/// Paper 003's shift network: log2 N + 1 stages of N switches (wiring.hpp). No banyan
/// MIN, so no digit maps: it runs its own schedule (shift_network.hpp).
struct Shift : DigitNetwork {
  static constexpr Topology code = Topology::shift;
  static constexpr std::string_view name = "shift";
  static constexpr std::string_view rule = "paper 003: log2 N + 1 stages of N switches; d = 2, N = 2^m <= 32768";
  static constexpr std::uint8_t register_code = 7;  // N switches per stage (see FabricLayout::fits)
  static constexpr detail::TopologyDigitMaps digit_maps{};
  static constexpr Result<std::uint32_t> stages(std::uint32_t ports, std::uint32_t radix) {
    if (radix != 2) return Errc::shift_needs_binary;
    if (ports < 2) return Errc::ports_too_small;
    std::uint32_t m = 0;
    while ((std::uint32_t{1} << m) < ports) ++m;
    if ((std::uint32_t{1} << m) != ports) return Errc::ports_not_power_of_radix;
    if (m + 1 > kMaxStages) return Errc::shift_ports_too_large;
    return m + 1;
  }
  static constexpr std::uint32_t switches_per_stage(std::uint32_t ports, std::uint32_t) { return ports; }
  static constexpr bool unique_path(const Network&) { return false; }
  static constexpr std::uint32_t before(const Network&, std::uint32_t s, std::uint32_t t) {
    return wiring::shift_before(s, t);
  }
  static constexpr std::uint32_t after(const Network& net, std::uint32_t s, std::uint32_t t) {
    return wiring::shift_after(net, s, t);
  }
};

}  // namespace a2a::topologies

namespace a2a {

/// Every topology, in code order: position I holds the description whose code is I.
using Topologies =
    TopologyList<topologies::Omega, topologies::Baseline, topologies::Banyan, topologies::ReverseOmega,
                 topologies::ReverseBaseline, topologies::ReverseBanyan, topologies::Gsen, topologies::Shift>;

}  // namespace a2a
