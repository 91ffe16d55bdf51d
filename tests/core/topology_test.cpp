// a2a/topology.hpp: names, parsing, make_network's shapes and refusals, and the wiring of a
// stage as docs/conventions.md defines it for each topology.
#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace topology_unit {
using namespace a2a;
static_assert(name(Topology::reverse_baseline) == "reverse-baseline");
static_assert(parse_topology("banyan").value() == Topology::banyan);
static_assert(parse_topology("Omega").error() == Errc::topology_unknown);
static_assert(is_reverse(Topology::reverse_omega) && !is_reverse(Topology::gsen));
static_assert(wiring::forward_of(Topology::reverse_banyan) == Topology::banyan);
static_assert(wiring::forward_of(Topology::omega) == Topology::omega);
}  // namespace topology_unit

TEST_CASE("topology: every name parses back to its topology and has a rule") {
  using namespace a2a;
  for (const Topology t : kAllTopologies) {
    INFO("topology ", name(t));
    CHECK(parse_topology(name(t)).value() == t);
    CHECK(!topology_rule(t).empty());
  }
  CHECK(kAllTopologies.size() == 8);
}

TEST_CASE("topology: make_network's shapes and refusals") {
  using namespace a2a;
  const Network omega = make_network(Topology::omega, 81, 3).value();
  CHECK(omega.stages == 4);
  CHECK(omega.switches_per_stage() == 27);
  CHECK(make_network(Topology::baseline, 24).error() == Errc::ports_not_power_of_radix);
  CHECK(make_network(Topology::gsen, 11).error() == Errc::ports_odd);
  CHECK(make_network(Topology::gsen, 12, 4).error() == Errc::topology_needs_binary);
  CHECK(make_network(Topology::shift, 9, 3).error() == Errc::shift_needs_binary);
  CHECK(make_network(Topology::omega, 16, 1).error() == Errc::radix_too_small);
  CHECK(make_network(static_cast<Topology>(200), 16).error() == Errc::topology_unknown);
}

TEST_CASE("topology: each stage's wiring as the conventions define it") {
  using namespace a2a;
  const Network omega = make_network(Topology::omega, 8).value();
  const Network baseline = make_network(Topology::baseline, 8).value();
  const Network banyan = make_network(Topology::banyan, 8).value();
  const Network reverse = make_network(Topology::reverse_omega, 8).value();
  for (std::uint32_t t = 0; t < 8; ++t) {
    INFO("terminal ", t);
    // omega: the perfect shuffle before every stage, nothing after.
    CHECK(wiring::before_stage(omega, 0, t) == wiring::shuffle(omega, t));
    CHECK(wiring::before_stage(omega, 2, t) == wiring::shuffle(omega, t));
    CHECK(wiring::after_stage(omega, 1, t) == t);
    // baseline: after stage i, the n - i low digits rotate right; nothing after the last.
    CHECK(wiring::after_stage(baseline, 0, t) == wiring::rotate_low_digits(baseline, t, 3, true));
    CHECK(wiring::after_stage(baseline, 1, t) == wiring::rotate_low_digits(baseline, t, 2, true));
    CHECK(wiring::after_stage(baseline, 2, t) == t);
    // banyan: after stage j, binary digit 0 swaps with digit j + 1.
    CHECK(wiring::after_stage(banyan, 0, t) == wiring::swap_digit0(banyan, t, 1));
    CHECK(wiring::after_stage(banyan, 1, t) == wiring::swap_digit0(banyan, t, 2));
    // reverse omega: omega's stages backwards, the wiring inverted: unshuffle after every stage.
    CHECK(wiring::after_stage(reverse, 0, t) == wiring::unshuffle(reverse, t));
    CHECK(wiring::before_stage(reverse, 1, t) == t);
  }
}
