// a2a/topologies.hpp: the descriptions of the core's topologies: codes, register codes and
// names as configuration blocks, fabrics and dumps expect them, and each one's wiring
// rule against docs/conventions.md.
#include <a2a/topologies.hpp>

#include <a2a/wiring.hpp>

#include "a2a_test.hpp"

namespace topologies_unit {
using namespace a2a;
using namespace a2a::topologies;
static_assert(Omega::code == Topology::omega && Omega::register_code == 0 && Omega::name == "omega");
static_assert(Baseline::register_code == 1 && Banyan::register_code == 2 && ReverseOmega::register_code == 3);
static_assert(ReverseBaseline::name == "reverse-baseline" && ReverseBaseline::register_code == 4);
static_assert(Topologies::size == 8);
static_assert(Topologies::register_code(Topology::shift) == 7 && Topologies::register_code(Topology::gsen) == 6);
static_assert(Topologies::forward_of(Topology::reverse_omega) == Topology::omega);
}  // namespace topologies_unit

TEST_CASE("topologies: each description's wiring is the rule it states") {
  using namespace a2a;
  using namespace a2a::topologies;
  const Network n27{Topology::omega, 27, 3, 3};
  for (std::uint32_t t = 0; t < 27; ++t) {
    INFO("terminal ", t);
    CHECK(Omega::before(n27, 1, t) == wiring::shuffle(n27, t));
    CHECK(Omega::after(n27, 1, t) == t);
    CHECK(Baseline::after(n27, 0, t) == wiring::rotate_low_digits(n27, t, 3, true));
    CHECK(Baseline::after(n27, 1, t) == wiring::rotate_low_digits(n27, t, 2, true));
    CHECK(Banyan::after(n27, 0, t) == wiring::swap_digit0(n27, t, 1));
    CHECK(Banyan::after(n27, 1, t) == wiring::swap_digit0(n27, t, 2));
  }
  const Network n10{Topology::gsen, 10, 2, 4};
  for (std::uint32_t t = 0; t < 10; ++t) CHECK(Topologies::before_stage(n10, 2, t) == wiring::gsen_shuffle(n10, t));
  CHECK(!Topologies::unique_path(n10));
  CHECK(Topologies::unique_path(Network{Topology::gsen, 16, 2, 4}));
}
