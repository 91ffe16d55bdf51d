// HeldRounds and HoldRule (held_rounds.hpp): the rounds that go on after a fault hold
// exactly the hops whose path the fault blocks from the round it showed in (the test
// judges by route(), not by the fault map), and HeldReader lists every held message once,
// at its origin.
#include <a2a/a2a.hpp>
#include <a2a/app/held_rounds.hpp>
#include <doctest/doctest.h>

#include <cstdint>

using namespace a2a;

namespace {
/// Every round of the reader's plan read, each step fine.
void read_all(app::HeldReader& reader) {
  for (;;) {
    const Result<bool> more = reader.step();
    REQUIRE(more.ok());
    if (!*more) return;
  }
}
}  // namespace

TEST_CASE("held rounds: a switch failing in round 9 of omega 32 holds exactly the paths through it, from then on") {
  const Network net = make_network(Topology::omega, 32).value();
  const AnySchedule square = AnySchedule::make(net, ScheduleKind::latin_square).value();
  const SwitchFault fault{2, 5};
  FaultSet<> set;
  REQUIRE(set.add(fault) == Errc::ok);
  const FaultMap map = FaultMap::make(net, set.view()).value();
  app::HoldRule rule;
  CHECK(rule.empty());
  REQUIRE(rule.add(map, 9));
  CHECK(rule.first_onset() == 9);
  const app::HeldRounds held(square, 9, rule, nullptr);
  CHECK(held.rounds() == 32 - 9);
  std::uint32_t blocked = 0;
  for (std::uint32_t r = 0; r < held.rounds(); ++r) {
    const auto round = held.round(r);
    CHECK(round.index() == 9 + r);
    for (std::uint32_t u = 0; u < net.ports; ++u) {
      const bool through = route(net, u, round).hops[fault.stage].switch_index == fault.switch_index;
      CHECK(held.send(round, u).sends == !through);
      blocked += through ? 1U : 0U;
    }
  }
  CHECK(blocked == 2 * (32 - 9));  // a translation round passes two paths through a switch
  // Before its onset the fault holds nothing.
  const auto early = square.round(3);
  for (std::uint32_t u = 0; u < net.ports; ++u) CHECK(held.fate(3, u, square.send(early, u)) == app::HopFate::runs);
  // The reader lists the held messages, each once, at its origin.
  static FaultPlanStorage<32, 1> storage;
  HeldList list(storage.span(), 32);
  app::HeldReader reader;
  reader.start(held, list, rule.first_onset());
  read_all(reader);
  CHECK(list.size() == blocked);
  CHECK(reader.count() == blocked);
  for (std::uint32_t k = 0; k < list.size(); ++k) {
    const HeldMessage m = list.at(k);
    CHECK(m.holder == m.origin);
    CHECK(map.crosses(m.origin, m.final_destination));
  }
}

TEST_CASE("held rounds: on a planned fault-tolerant base the reader lists what a scan of every port finds") {
  const Network net = make_network(Topology::baseline, 32).value();
  static FaultPlanStorage<32, 2> plan_storage;
  FaultSet<> configured;
  REQUIRE(configured.add(SwitchFault{2, 3}) == Errc::ok);
  const AnySchedule base = AnySchedule::make(net, configured.view(), plan_storage.span()).value();
  REQUIRE(base.fault_tolerant() != nullptr);
  REQUIRE(base.fault_tolerant()->planned());
  FaultSet<> found;
  REQUIRE(found.add(SwitchFault{1, 6}) == Errc::ok);
  app::HoldRule rule;
  REQUIRE(rule.add(FaultMap::make(net, found.view()).value(), 11));
  const app::HeldRounds held(base, 11, rule, nullptr);
  static FaultPlanStorage<32, 2> list_storage;
  HeldList list(list_storage.span(), 32);
  app::HeldReader reader;
  reader.start(held, list, rule.first_onset());
  read_all(reader);
  // The scan: every port of every round from the onset, as fate() sees it.
  std::uint32_t expected = 0;
  std::uint32_t in_store = 0;
  for (std::uint32_t r = 11; r < base.rounds(); ++r) {
    const auto round = base.round(r);
    for (std::uint32_t u = 0; u < net.ports; ++u) {
      const PortSend s = base.send(round, u);
      const app::HopFate fate = held.fate(r, u, s);
      if (fate == app::HopFate::held_at_origin) ++expected;
      if (fate == app::HopFate::held_in_store && !list.at_origin(s.message_origin(u), s.message_final())) ++in_store;
    }
  }
  CHECK(expected > 0);
  CHECK(list.size() == expected + in_store);
  CHECK(reader.count() == list.size());
}
