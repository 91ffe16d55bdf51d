// The networks: Topology, Network, make_network() and the fixed wiring of every
// stage, exactly as docs/conventions.md fixes them (stage 0 on the input side,
// switch s reads terminal d*s + u on input port u and drives d*s + v).
//
// Each topology is one description (topologies.hpp) in one list, Topologies; every
// function here is that list's answer (topology_list.hpp), so none of them names a
// topology and adding one changes nothing in this file (docs/extending.md).
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/limits.hpp"
#include "a2a/network.hpp"
#include "a2a/status.hpp"
#include "a2a/topologies.hpp"
#include "a2a/wiring.hpp"

namespace a2a {

/// Every topology, in code order.
inline constexpr auto kAllTopologies = Topologies::codes;

#if defined(A2A_TOPOLOGIES)
static_assert(detail::listed_names(A2A_TOPOLOGIES, Topologies::names).all_known,
              "A2A_TOPOLOGIES names a topology a2a does not have, or an empty one (the names: `a2a list`)");
#endif
/// Whether this build makes networks of topology t (A2A_TOPOLOGIES, built_choice.hpp).
constexpr bool topology_built(Topology t) { return Topologies::built(t); }

/// The names used by the schedule dump ("topology" field), the host tool and the console.
constexpr std::string_view name(Topology t) { return Topologies::name(t); }

constexpr Result<Topology> parse_topology(std::string_view text) { return Topologies::parse(text); }

/// Where the topology applies and what its wiring is, as `a2a list` prints it.
constexpr std::string_view topology_rule(Topology t) { return Topologies::rule(t); }

/// A mirror image of another topology (its description is Mirror<Forward>).
constexpr bool is_reverse(Topology t) { return Topologies::is_reverse(t); }

/// Checks the parameters and returns the network, or the specific reason it does not exist.
constexpr Result<Network> make_network(Topology topology, std::uint32_t ports, std::uint32_t radix = 2) {
  return Topologies::make_network(topology, ports, radix);
}

constexpr std::uint32_t Network::switches_per_stage() const { return Topologies::switches_per_stage(*this); }

// ---------------------------------------------------------------------------
// Fixed wiring: each function maps a terminal to the terminal it is wired to; the
// description of net.topology says which (the building blocks are in wiring.hpp).
// These are the ground truth of route(); they favour clarity over speed.
namespace wiring {

/// The forward network a mirror image was formed from (itself for a forward one).
constexpr Topology forward_of(Topology t) { return Topologies::forward_of(t); }

/// Wiring in front of the switches of stage s. The reverse of X runs X's stages
/// backwards, so its stage s is X's stage n-1-s with the wiring inverted and swapped.
constexpr std::uint32_t before_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
  return Topologies::before_stage(net, s, t);
}
/// Wiring behind the switches of stage s.
constexpr std::uint32_t after_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
  return Topologies::after_stage(net, s, t);
}

}  // namespace wiring

/// Golden codes: configuration blocks in flash and fabrics' NET_SHAPE registers carry
/// these numbers, and the tool and dumps these names. Add, never renumber.
namespace detail {
struct GoldenTopologyCode {
  std::string_view name;
  std::uint8_t code;           ///< the configuration block's byte 8 (Topology's value)
  std::uint8_t register_code;  ///< NET_SHAPE.TOPOLOGY
};
inline constexpr GoldenTopologyCode kGoldenTopologyCodes[] = {
    {"omega", 0, 0},          {"baseline", 1, 1}, {"banyan", 2, 2}, {"reverse-omega", 3, 3}, {"reverse-baseline", 4, 4},
    {"reverse-banyan", 5, 5}, {"gsen", 6, 6},     {"shift", 7, 7},
};
constexpr bool golden_topology_codes_hold() {
  for (const GoldenTopologyCode& g : kGoldenTopologyCodes) {
    const auto t = parse_topology(g.name);
    if (!t || static_cast<std::uint8_t>(*t) != g.code || Topologies::register_code(*t) != g.register_code) return false;
  }
  return std::size(kGoldenTopologyCodes) <= kAllTopologies.size();
}
}  // namespace detail
static_assert(detail::golden_topology_codes_hold(),
              "a topology's code, register code or name changed: "
              "configuration blocks, fabrics and dumps depend on them");

}  // namespace a2a
