// A build that carries some families and topologies only (A2A_FAMILIES,
// A2A_TOPOLOGIES: built_choice.hpp, docs/c-api.md "Sizes"), defined here as a
// product's CMake passes them (-DA2A_FAMILIES="..."), before any a2a header.
#define A2A_FAMILIES "latin-square,gsen-stage-control,table"
#define A2A_TOPOLOGIES "omega,gsen"
#include "a2a/built_choice.hpp"
#include "support.hpp"

using namespace a2a;

namespace {

// The list reader: every name known, or the choice is refused (the static_asserts of
// topology.hpp and schedule_families.hpp); an empty word is not a name.
static_assert(detail::listed_names("omega,gsen", Topologies::names).mask == ((1U << 0) | (1U << 6)));
static_assert(detail::listed_names("omega,gsen", Topologies::names).all_known);
static_assert(!detail::listed_names("omega,gsn", Topologies::names).all_known);
static_assert(!detail::listed_names("omega,,gsen", Topologies::names).all_known);
static_assert(!detail::listed_names("", Topologies::names).all_known);
static_assert(detail::all_positions(8) == 0xFFU && detail::all_positions(32) == ~0U);

// The union holds the three families, in code order, and nothing else.
static_assert(BuiltScheduleFamilies::size == 3);
static_assert(
    std::is_same_v<BuiltScheduleFamilies, FamilyList<family::LatinSquare, family::GsenStageControl, family::Table>>);
static_assert(family_built(ScheduleKind::latin_square) && family_built(ScheduleKind::table));
static_assert(!family_built(ScheduleKind::fault_tolerant) && !family_built(ScheduleKind::alternating));
static_assert(kBuiltFamilyMask == ((1U << 0) | (1U << 4) | (1U << 9)));
// Smaller than the union of every family (the fault-tolerant schedule is the largest).
static_assert(sizeof(AnySchedule) < sizeof(BasicAnySchedule<ScheduleFamilies>));
static_assert(Schedule<AnySchedule>);

static_assert(topology_built(Topology::omega) && topology_built(Topology::gsen));
static_assert(!topology_built(Topology::baseline) && !topology_built(Topology::shift));
static_assert(Topologies::built_mask == ((1U << 0) | (1U << 6)));
// Names and parsing still know every topology and family: a name is refused as not
// built, not as unknown.
static_assert(parse_topology("baseline").value() == Topology::baseline);
static_assert(parse_schedule_kind("alternating").value() == ScheduleKind::alternating);

constexpr Network net_of(Topology t, std::uint32_t ports) { return make_network(t, ports).value(); }

}  // namespace

TEST_CASE("built choice: a topology left out is refused by name, with its own error") {
  CHECK(make_network(Topology::baseline, 16).error() == Errc::topology_not_built);
  CHECK(make_network(Topology::shift, 16).error() == Errc::topology_not_built);
  CHECK(make_network(Topology::reverse_omega, 16).error() == Errc::topology_not_built);
  CHECK(make_network(static_cast<Topology>(99), 16).error() == Errc::topology_unknown);
  // The parameters of a built topology are still checked as before.
  CHECK(make_network(Topology::omega, 12).error() == Errc::ports_not_power_of_radix);
  CHECK(make_network(Topology::gsen, 11).error() == Errc::ports_odd);
}

TEST_CASE("built choice: a family left out is refused with its own error, an unknown code as unknown") {
  const Network omega = net_of(Topology::omega, 16);
  CHECK(AnySchedule::make(omega, ScheduleKind::optical).error() == Errc::schedule_not_built);
  CHECK(AnySchedule::make(omega, ScheduleKind::broadcast).error() == Errc::schedule_not_built);
  CHECK(AnySchedule::make(omega, static_cast<ScheduleKind>(42)).error() == Errc::schedule_unknown);
  CHECK(AnySchedule::make(omega, SwitchFault{1, 0}).error() == Errc::schedule_not_built);
  CHECK(describe(Errc::schedule_not_built).find("A2A_FAMILIES") != std::string_view::npos);
  CHECK(describe(Errc::topology_not_built).find("A2A_TOPOLOGIES") != std::string_view::npos);
}

TEST_CASE("built choice: the families carried run complete exchanges at switch level") {
  for (std::uint32_t ports : {8U, 16U, 64U}) {
    const auto latin = AnySchedule::make(net_of(Topology::omega, ports), ScheduleKind::latin_square);
    REQUIRE(latin.ok());
    CHECK(latin->kind() == ScheduleKind::latin_square);
    CHECK(latin->rounds() == ports);
    CHECK(test::check_fixed(*latin).ok());
    CHECK(latin->fault_tolerant() == nullptr);
  }
  // N = 20: the paper's doubly alternating set is the default where it is carried;
  // here it is not, so the default is all 2^n stage-control words (32 rounds).
  const Network gsen20 = net_of(Topology::gsen, 20);
  CHECK(default_schedule_kind(gsen20) == ScheduleKind::gsen_stage_control);
  const auto words = AnySchedule::make(gsen20, default_schedule_kind(gsen20));
  REQUIRE(words.ok());
  CHECK(words->rounds() == 32);
  CHECK(test::check_fixed(*words).ok());
  // N = 36: the catalogue's stored set (36 rounds, paper 000's Fig. 14 says 40).
  const Network gsen36 = net_of(Topology::gsen, 36);
  CHECK(default_schedule_kind(gsen36) == ScheduleKind::table);
  const auto table = AnySchedule::make(gsen36, ScheduleKind::table);
  REQUIRE(table.ok());
  CHECK(table->rounds() == 36);
  CHECK(test::check_fixed(*table).ok());
  // N = 10 (2 mod 4): alternating control is not carried, all 16 words run instead.
  CHECK(default_schedule_kind(net_of(Topology::gsen, 10)) == ScheduleKind::gsen_stage_control);
}

TEST_CASE("built choice: a default-made AnySchedule holds the first family carried") {
  const AnySchedule schedule;
  CHECK(schedule.kind() == ScheduleKind::latin_square);
  const AnySchedule::Round round;
  CHECK(round.kind() == ScheduleKind::latin_square);
}
