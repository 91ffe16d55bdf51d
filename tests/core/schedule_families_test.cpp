// The family list (schedule_families.hpp) and the tagged union built from it
// (AnySchedule): codes and names pinned, the union no larger than its largest
// family plus the tag, and whole exchanges through it in constant expressions,
// including switching an AnySchedule from one family to another.
#include <a2a/family_union.hpp>
#include <a2a/schedule_families.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

// Golden: these codes are in configuration blocks in flash; this table is written
// out by hand on purpose (the header's own table could drift together with the enum).
struct Golden {
  ScheduleKind kind;
  std::uint8_t code;
  const char* name;
};
constexpr Golden kGolden[] = {
    {ScheduleKind::latin_square, 0, "latin-square"},
    {ScheduleKind::alternating, 1, "alternating"},
    {ScheduleKind::optical, 2, "optical"},
    {ScheduleKind::shift, 3, "shift"},
    {ScheduleKind::gsen_stage_control, 4, "gsen-stage-control"},
    {ScheduleKind::doubly_alternating, 5, "doubly-alternating"},
    {ScheduleKind::quadruply_alternating, 6, "quadruply-alternating"},
    {ScheduleKind::broadcast, 7, "broadcast"},
    {ScheduleKind::fault_tolerant, 8, "fault-tolerant"},
    {ScheduleKind::table, 9, "table"},
};

constexpr bool golden_holds() {
  if (std::size(kGolden) != kAllScheduleKinds.size()) return false;
  for (std::size_t i = 0; i < std::size(kGolden); ++i) {
    const Golden& g = kGolden[i];
    if (static_cast<std::uint8_t>(g.kind) != g.code || kAllScheduleKinds[i] != g.kind) return false;
    if (name(g.kind) != std::string_view(g.name)) return false;
    const auto parsed = parse_schedule_kind(g.name);
    if (!parsed || *parsed != g.kind) return false;
  }
  return true;
}
static_assert(golden_holds());

static_assert(sizeof(AnySchedule) <= sizeof(FaultTolerantSchedule) + 8);
// The largest round is the optical one; a table round's pointer makes the union 8-aligned on a 64-bit host.
static_assert(sizeof(AnySchedule::Round) <= sizeof(OpticalSchedule::Round) + 2 * alignof(AnySchedule::Round));
static_assert(std::is_trivially_copyable_v<AnySchedule> && std::is_trivially_copyable_v<AnySchedule::Round>);

// GSEN set families are derived from the schedule type, not a hand-kept list.
static_assert(is_gsen_set_kind(ScheduleKind::gsen_stage_control) && is_gsen_set_kind(ScheduleKind::broadcast) &&
              is_gsen_set_kind(ScheduleKind::doubly_alternating) &&
              is_gsen_set_kind(ScheduleKind::quadruply_alternating));
static_assert(!is_gsen_set_kind(ScheduleKind::latin_square) && !is_gsen_set_kind(ScheduleKind::alternating) &&
              !is_gsen_set_kind(ScheduleKind::fault_tolerant));

constexpr Network net_of(Topology t, std::uint32_t ports) { return make_network(t, ports).value(); }

/// Builds one family, then reassigns the same object to another: the union's active
/// member changes in a constant expression, and both exchanges check out.
constexpr bool switch_families() {
  AnySchedule any = AnySchedule::make(net_of(Topology::omega, 8), ScheduleKind::latin_square).value();
  if (!check_exchange_small<8>(any).ok() || any.rounds() != 8) return false;
  any = AnySchedule::make(net_of(Topology::gsen, 10), ScheduleKind::alternating).value();
  if (!check_exchange_small<10>(any).ok() || any.kind() != ScheduleKind::alternating) return false;
  any = AnySchedule::make(net_of(Topology::omega, 8), ScheduleKind::optical).value();
  if (!check_exchange_small<8>(any).ok() || !any.optical() || any.rounds() != 16) return false;
  any = AnySchedule::make(net_of(Topology::gsen, 12), ScheduleKind::broadcast).value();
  if (!any.broadcast() || any.fault_tolerant() != nullptr) return false;
  AnySchedule::Round round = any.round(0);
  round = any.round(any.rounds() - 1);  // a round is reassigned like the schedule
  return round.kind() == ScheduleKind::broadcast && round.index() == any.rounds() - 1;
}
static_assert(switch_families());

}  // namespace

TEST_CASE("schedule families: codes, names and summaries come from one list") {
  CHECK(golden_holds());
  for (ScheduleKind k : kAllScheduleKinds) {
    CHECK(!schedule_summary(k).empty());
    CHECK(name(k) != "unknown");
  }
  CHECK(name(static_cast<ScheduleKind>(kAllScheduleKinds.size())) == "unknown");
  CHECK(parse_schedule_kind("no-such-family").error() == Errc::schedule_unknown);
  CHECK(AnySchedule::make(net_of(Topology::omega, 8), static_cast<ScheduleKind>(200)).error() ==
        Errc::schedule_unknown);
  CHECK(AnySchedule::make(net_of(Topology::omega, 16), ScheduleKind::fault_tolerant).error() ==
        Errc::schedule_needs_fault);
}

TEST_CASE("schedule families: switching families at run time") {
  CHECK(switch_families());
  const auto ft = AnySchedule::make(net_of(Topology::omega, 16), SwitchFault{1, 2});
  REQUIRE(ft.ok());
  CHECK(ft->kind() == ScheduleKind::fault_tolerant);
  REQUIRE(ft->fault_tolerant() != nullptr);
  CHECK(ft->fault_tolerant()->fault().stage == 1U);
  CHECK(test::check_fixed<16>(*ft).ok());
}
