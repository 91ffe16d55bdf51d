// a2a/topology_description.hpp: what a topology description must say (the concept), the
// digit maps' positions, N = d^n, and Mirror: a reverse network's stages are the
// forward network's backwards, each wiring inverted.
#include <a2a/topology_description.hpp>

#include <a2a/topologies.hpp>

#include "a2a_test.hpp"

namespace topology_description_unit {
using namespace a2a;
using detail::DigitMap;
using detail::mapped_position;
static_assert(TopologyDescription<topologies::Omega> && TopologyDescription<topologies::ReverseBaseline>);
struct Incomplete {
  static constexpr Topology code = Topology::omega;
};
static_assert(!TopologyDescription<Incomplete>);
// Positions, n = 4: reverse 1 -> 2; reverse_high 0 -> 0, 1 -> 3; rotate_left 3 -> 0; rotate_right 0 -> 3.
static_assert(mapped_position(DigitMap::reverse, 1, 4) == 2 && mapped_position(DigitMap::reverse_high, 0, 4) == 0 &&
              mapped_position(DigitMap::reverse_high, 1, 4) == 3 && mapped_position(DigitMap::rotate_left, 3, 4) == 0 &&
              mapped_position(DigitMap::rotate_right, 0, 4) == 3);
static_assert(detail::stages_power_of_radix(81, 3).value() == 4);
static_assert(detail::stages_power_of_radix(24, 2).error() == Errc::ports_not_power_of_radix);
static_assert(detail::stages_power_of_radix(2, 3).error() == Errc::ports_too_small);
}  // namespace topology_description_unit

TEST_CASE("topology description: Mirror runs the forward stages backwards with the wiring inverted") {
  using namespace a2a;
  using Forward = topologies::Baseline;
  using Reverse = topologies::ReverseBaseline;
  const Network net{Topology::baseline, 16, 2, 4};
  for (std::uint32_t s = 0; s < 4; ++s)
    for (std::uint32_t t = 0; t < 16; ++t) {
      INFO("stage ", s, " terminal ", t);
      // What comes after the reverse's stage s undoes what came before the forward's stage n-1-s.
      CHECK(Reverse::after(net, s, Forward::before(net, 3 - s, t)) == t);
      CHECK(Forward::after(net, 3 - s, Reverse::before(net, s, t)) == t);
    }
  CHECK(Reverse::unique_path(net));
  CHECK(Reverse::stages(16, 2).value() == Forward::stages(16, 2).value());
}
