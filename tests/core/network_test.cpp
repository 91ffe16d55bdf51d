// a2a/network.hpp: the network value, its pinned topology codes and its stage words.
#include <a2a/network.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace network_unit {
using namespace a2a;

// The codes are stored in configuration blocks (flash): pinned (docs/configuration.md).
static_assert(static_cast<int>(Topology::omega) == 0 && static_cast<int>(Topology::baseline) == 1 &&
              static_cast<int>(Topology::banyan) == 2 && static_cast<int>(Topology::reverse_omega) == 3 &&
              static_cast<int>(Topology::reverse_baseline) == 4 && static_cast<int>(Topology::reverse_banyan) == 5 &&
              static_cast<int>(Topology::gsen) == 6 && static_cast<int>(Topology::shift) == 7);
static_assert(sizeof(Topology) == 1);

// stage_words() = d^n: 2^4 for N = 16; 3^3 for N = 27; 2^4 = 16 > N for GSEN N = 10.
static_assert(Network{Topology::omega, 16, 2, 4}.stage_words() == 16);
static_assert(Network{Topology::omega, 27, 3, 3}.stage_words() == 27);
static_assert(Network{Topology::gsen, 10, 2, 4}.stage_words() == 16);
static_assert(Network{Topology::omega, 16, 2, 4} != Network{Topology::baseline, 16, 2, 4});
}  // namespace network_unit

TEST_CASE("network: switches per stage are N/d, N in the shift network") {
  using namespace a2a;
  CHECK(make_network(Topology::omega, 64, 4).value().switches_per_stage() == 16);
  CHECK(make_network(Topology::gsen, 10).value().switches_per_stage() == 5);
  CHECK(make_network(Topology::shift, 8).value().switches_per_stage() == 8);
  CHECK(make_network(Topology::shift, 8).value().stages == 4);
  CHECK(make_network(Topology::gsen, 10).value().stages == 4);  // ceil(log2 10)
}
