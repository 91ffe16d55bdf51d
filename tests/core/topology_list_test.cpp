// a2a/topology_list.hpp: a list of descriptions answers every question by the code it is
// asked about, and With<> extends it (toy_topology_test.cpp adds whole topologies).
#include <a2a/topology_list.hpp>

#include <a2a/topologies.hpp>

#include "a2a_test.hpp"

namespace topology_list_unit {
using namespace a2a;
using namespace a2a::topologies;
using Two = TopologyList<Omega, Baseline>;  // in code order: the code is the position
static_assert(Two::size == 2 && Two::codes[1] == Topology::baseline && Two::names[0] == "omega");
static_assert(Two::name(Topology::omega) == "omega" && Two::name(Topology::banyan) == "unknown");
static_assert(Two::parse("baseline").value() == Topology::baseline);
static_assert(Two::parse("banyan").error() == Errc::topology_unknown);
static_assert(Two::make_network(Topology::banyan, 16).error() == Errc::topology_unknown);
static_assert(Two::make_network(Topology::omega, 16).value().stages == 4);
using Three = Two::With<Banyan>;
static_assert(Three::size == 3 && Three::name(Topology::banyan) == "banyan" && !Three::is_reverse(Topology::banyan));
static_assert(std::is_same_v<Two::At<1>, Baseline>);
// Out of code order, or a code twice, does not form a list (a static_assert in TopologyList).
}  // namespace topology_list_unit

TEST_CASE("topology list: visit dispatches to the description of the code") {
  using namespace a2a;
  using topology_list_unit::Three;
  for (const Topology t : Three::codes) {
    const std::string_view seen = Three::visit(t, [](auto description) { return decltype(description)::type::name; });
    CHECK(seen == Three::name(t));
  }
  CHECK(Three::register_code(Topology::banyan) == 2);
}
