// a2a/any_schedule.hpp: one schedule chosen at run time, the family's own rounds and sends
// through the union, and the default family of each network.
#include <a2a/any_schedule.hpp>

#include <a2a/latin_square.hpp>

#include "support.hpp"

TEST_CASE("AnySchedule: the union sends what the family it holds sends") {
  using namespace a2a;
  const Network net = make_network(Topology::baseline, 16).value();
  const auto any = AnySchedule::make(net, ScheduleKind::latin_square, RoundOrder::gray).value();
  const auto latin = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  CHECK(any.kind() == ScheduleKind::latin_square);
  REQUIRE(any.rounds() == latin.rounds());
  for (std::uint32_t r = 0; r < any.rounds(); ++r) {
    CHECK(any.round(r).word() == latin.round(r).word());
    for (std::uint32_t i = 0; i < 16; ++i) CHECK(any.send(any.round(r), i) == latin.send(latin.round(r), i));
  }
  CHECK(any.checked_round(16).error() == Errc::round_out_of_range);
  CHECK(any.fault_tolerant() == nullptr);
}

TEST_CASE("AnySchedule: the default family of each network") {
  using namespace a2a;
  using a2a::test::gsen;
  CHECK(default_schedule_kind(make_network(Topology::omega, 64).value()) == ScheduleKind::latin_square);
  CHECK(default_schedule_kind(make_network(Topology::shift, 16).value()) == ScheduleKind::shift);
  CHECK(default_schedule_kind(gsen(36)) == ScheduleKind::table);  // the catalogue's stored set
  // Its origin names the stored file; other families have none.
  CHECK(stored_set_origin(gsen(36), ScheduleKind::table).starts_with("data/gsen-sets/gsen-36.txt: "));
  CHECK(stored_set_origin(gsen(36), ScheduleKind::doubly_alternating).empty());
  CHECK(stored_set_origin(gsen(20), ScheduleKind::table).empty());
}

TEST_CASE("AnySchedule: the GSEN families by name, and the default never above Fig. 14") {
  using namespace a2a;
  using a2a::test::check_fixed;
  using a2a::test::gsen;
  CHECK(parse_schedule_kind("gsen-stage-control").value() == ScheduleKind::gsen_stage_control);
  CHECK(parse_schedule_kind("doubly-alternating").value() == ScheduleKind::doubly_alternating);
  CHECK(parse_schedule_kind("quadruply-alternating").value() == ScheduleKind::quadruply_alternating);
  CHECK(parse_schedule_kind("broadcast").value() == ScheduleKind::broadcast);
  CHECK(default_schedule_kind(gsen(12)) == ScheduleKind::gsen_stage_control);
  CHECK(default_schedule_kind(gsen(20)) == ScheduleKind::doubly_alternating);
  CHECK(default_schedule_kind(gsen(72)) == ScheduleKind::quadruply_alternating);
  CHECK(default_schedule_kind(gsen(16)) == ScheduleKind::latin_square);
  CHECK(default_schedule_kind(gsen(10)) == ScheduleKind::alternating);
  const auto any = AnySchedule::make(gsen(20), ScheduleKind::doubly_alternating).value();
  CHECK(any.rounds() == 24);
  CHECK(any.round(16).word() == 20);
  CHECK(any.round(16).control() == ControlMode::doubly_alternating);
  CHECK_FALSE(any.broadcast());
  CHECK(check_fixed<20>(any).ok());
  const auto b = AnySchedule::make(gsen(20), ScheduleKind::broadcast).value();
  CHECK(b.broadcast());
  CHECK(b.rounds() == 24);
  CHECK(AnySchedule::make(gsen(20), ScheduleKind::gsen_stage_control, RoundOrder::gray).value().rounds() == 32);
  CHECK(AnySchedule::make(gsen(20), ScheduleKind::doubly_alternating, RoundOrder::gray).error() ==
        Errc::schedule_order_needs_all_configurations);
  CHECK(AnySchedule::make(make_network(Topology::omega, 8).value(), ScheduleKind::broadcast).error() ==
        Errc::gsen_schedule_on_other_topology);
}
