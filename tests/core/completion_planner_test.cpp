// The completion of an exchange a fault interrupted (completion_planner.hpp,
// FaultTolerantSchedule::completion): the test runs the Latin square at switch level,
// a switch fails in round r (first, middle, last), the rounds left go on with every
// path through it held, and the completion planned for exactly what was held must
// deliver each held message once, by fault-free paths, a relay forwarding only what it
// holds from an earlier round. A second fault in the middle of the completion holds
// first hops at their origins and copies in relays' stores; the next completion hands
// the stranded copies on from their relays: every pair exactly once in the end, by
// the test's own holder table (route() under every round, no planner code).
#include <a2a/fault/completion_planner.hpp>
#include <a2a/fault/fault_tolerant_schedule.hpp>

#include "support.hpp"

namespace {

using a2a::FaultTolerantSchedule;
using a2a::HeldMessage;
using a2a::SwitchFault;
using a2a::Topology;

constexpr std::uint32_t kUpTo = a2a::test::kSweepPorts;

a2a::PlanStorageSpan storage() {
  static a2a::FaultPlanStorage<kUpTo, 2> s;  // .bss, not the stack
  return s.span();
}

/// Where every message is: holder[o][j] (kDelivered once it arrived), and the round + 1
/// it got there (a relay forwards from the round after).
struct Exchange {
  static constexpr std::uint16_t kDelivered = 0xFFFF;
  std::array<std::array<std::uint16_t, kUpTo>, kUpTo> holder{};
  std::array<std::array<std::uint32_t, kUpTo>, kUpTo> since{};
  std::uint32_t ports{0};
  std::uint32_t delivered{0};
  std::uint32_t clock{0};  // rounds run so far, over every plan
  bool broken{false};      // a duplicate, a hop of a message not held, a path through a fault
  void start(std::uint32_t n) {
    ports = n;
    delivered = 0;
    clock = 0;
    broken = false;
    for (std::uint32_t o = 0; o < n; ++o)
      for (std::uint32_t j = 0; j < n; ++j) holder[o][j] = static_cast<std::uint16_t>(o), since[o][j] = 0;
  }
};

bool hits(const a2a::Path& p, std::span<const SwitchFault> faults) {
  for (const SwitchFault f : faults)
    if (p.hops[f.stage].switch_index == f.switch_index) return true;
  return false;
}

/// Runs rounds [from, to) of `plan`: a hop whose message is not at its port (an earlier
/// hop was held) or whose path crosses `faults` is held (the message stays); a plan's
/// hop is expected only where the plan's own faults (`planned`) allow it.
template <class S>
void run_rounds(Exchange& x, const a2a::Network& net, const S& plan, std::uint32_t from, std::uint32_t to,
                std::span<const SwitchFault> faults, std::span<const SwitchFault> planned) {
  for (std::uint32_t r = from; r < to; ++r, ++x.clock) {
    const auto round = plan.round(r);
    for (std::uint32_t u = 0; u < net.ports; ++u) {
      const a2a::PortSend s = plan.send(round, u);
      if (!s.sends) continue;
      const a2a::Path path = a2a::route(net, u, round);
      if (path.destination != s.destination || hits(path, planned)) x.broken = true;
      const std::uint32_t o = s.message_origin(u);
      const std::uint32_t j = s.message_final();
      if (x.holder[o][j] == Exchange::kDelivered) {
        x.broken = true;  // sent again
        continue;
      }
      if (x.holder[o][j] != u) continue;  // held upstream: this hop has nothing to carry
      if (x.since[o][j] > x.clock) x.broken = true;
      if (hits(path, faults)) continue;  // held here
      if (s.destination == j) {
        x.holder[o][j] = Exchange::kDelivered;
        ++x.delivered;
      } else {
        x.holder[o][j] = static_cast<std::uint16_t>(s.destination);
        x.since[o][j] = x.clock + 1;
      }
    }
  }
}

/// Every message not delivered, where it is: the held list of the next completion.
bool list_held(const Exchange& x, a2a::HeldList& held) {
  held.clear();
  for (std::uint32_t o = 0; o < x.ports; ++o)
    for (std::uint32_t j = 0; j < x.ports; ++j)
      if (x.holder[o][j] != Exchange::kDelivered &&
          !held.add(HeldMessage{x.holder[o][j], static_cast<std::uint16_t>(o), static_cast<std::uint16_t>(j)}))
        return false;
  return true;
}

a2a::FaultPlanOptions options() { return {}; }

/// An internal switch (not `other`) on the path of a forward in rounds >= from of `plan`.
SwitchFault on_a_later_forward(const a2a::Network& net, const FaultTolerantSchedule& plan, std::uint32_t from,
                               SwitchFault other, a2a::test::Lcg& rng) {
  const std::uint32_t skip = rng.next() % 8;
  std::uint32_t seen = 0;
  SwitchFault found = other;
  for (std::uint32_t r = from; r < plan.rounds(); ++r) {
    const auto round = plan.round(r);
    for (std::uint32_t u = 0; u < net.ports; ++u) {
      const a2a::PortSend s = plan.send(round, u);
      if (!s.sends || s.message_origin(u) == u) continue;
      const a2a::Path path = a2a::route(net, u, round);
      const std::uint32_t stage = 1 + (u + r) % (net.stages - 2);
      const SwitchFault f{stage, path.hops[stage].switch_index};
      if (f == other) continue;
      // Only a pair of faults every pair can still get through (a relay joins it).
      a2a::FaultSet<> pair;
      (void)pair.add(other);
      (void)pair.add(f);
      const auto cut = a2a::first_undeliverable(net, pair.view());
      if (!cut || cut->found) continue;
      found = f;
      if (seen++ == skip) return f;
    }
  }
  return found;
}

struct Case {
  std::uint32_t completion_rounds{0};
  std::uint32_t held{0};
};

/// The Latin square with switch `fault` failing in round r; the completion of what it held.
Case one_fault(const a2a::Network& net, SwitchFault fault, std::uint32_t r, Exchange& x) {
  const auto square = a2a::AnySchedule::make(net, a2a::ScheduleKind::latin_square).value();
  x.start(net.ports);
  const SwitchFault faults[] = {fault};
  run_rounds(x, net, square, 0, r, {}, {});
  run_rounds(x, net, square, r, square.rounds(), faults, {});
  a2a::HeldList held(storage(), net.ports);
  REQUIRE(list_held(x, held));
  const std::uint32_t count = held.size();
  a2a::FaultSet<> set;
  REQUIRE(set.add(fault) == a2a::Errc::ok);
  a2a::LeftOutMessages left;
  const auto done = FaultTolerantSchedule::completion(net, set.view(), held, options(), left);
  REQUIRE(done.ok());
  CHECK(done->regular_rounds() == 0);
  CHECK(left.count == 0);
  run_rounds(x, net, *done, 0, done->rounds(), faults, faults);
  return {done->rounds(), count};
}

}  // namespace

TEST_CASE("fault completion: a switch failing in the first, a middle and the last round of the Latin square") {
  a2a::test::Lcg rng{46};
  for (const Topology topology : a2a::test::kBinaryTopologies)
    for (std::uint32_t ports = 16; ports <= kUpTo; ports *= 4) {
      const auto net = a2a::make_network(topology, ports).value();
      for (std::uint32_t k = 0; k < 3; ++k) {
        const SwitchFault fault{1 + rng.next() % (net.stages - 2), rng.next() % net.switches_per_stage()};
        // ports - 8 holds 16 (the few-held greedy's most), ports - 9 one more (the N-wide one).
        for (const std::uint32_t r : {0U, ports / 2, ports - 9, ports - 8, ports - 1}) {
          INFO(a2a::name(topology), " N = ", ports, " fault ", fault.stage, ":", fault.switch_index, " round ", r);
          static Exchange x;
          const Case c = one_fault(net, fault, r, x);
          CHECK_FALSE(x.broken);
          CHECK(x.delivered == ports * ports);
          // Each round crosses the switch with two paths: the rounds left held 2 (N - r).
          CHECK(c.held == 2 * (ports - r));
          // A late fault costs rounds in proportion to what it held, not a schedule.
          if (r == ports - 1) CHECK(c.completion_rounds <= 4);
        }
      }
    }
}

TEST_CASE("fault completion: a second fault in the middle of the relay phase hands the stranded copies on") {
  a2a::test::Lcg rng{47};
  for (const Topology topology : a2a::test::kBinaryTopologies)
    for (std::uint32_t ports = 64; ports <= kUpTo; ports *= 4) {
      const auto net = a2a::make_network(topology, ports).value();
      for (std::uint32_t k = 0; k < 2; ++k) {
        const SwitchFault first{1 + rng.next() % (net.stages - 2), rng.next() % net.switches_per_stage()};
        static Exchange x;
        const auto square = a2a::AnySchedule::make(net, a2a::ScheduleKind::latin_square).value();
        x.start(ports);
        const SwitchFault one[] = {first};
        run_rounds(x, net, square, 0, ports / 4, {}, {});
        run_rounds(x, net, square, ports / 4, ports, one, {});
        a2a::HeldList held(storage(), ports);
        REQUIRE(list_held(x, held));
        a2a::FaultSet<> set;
        REQUIRE(set.add(first) == a2a::Errc::ok);
        a2a::LeftOutMessages left;
        const auto done = FaultTolerantSchedule::completion(net, set.view(), held, options(), left);
        REQUIRE(done.ok());
        // The second switch fails in the middle of the relay phase, on the path of a
        // forward still to come: what the first completion's rounds left go on with its
        // paths held (first hops stay at their origins, forwards in the relays' stores).
        const std::uint32_t middle = done->rounds() / 2;
        const SwitchFault second = on_a_later_forward(net, *done, middle, first, rng);
        INFO(a2a::name(topology), " N = ", ports, " faults ", first.stage, ":", first.switch_index, " then ",
             second.stage, ":", second.switch_index);
        const SwitchFault both[] = {first, second};
        run_rounds(x, net, *done, 0, middle, one, one);
        run_rounds(x, net, *done, middle, done->rounds(), both, one);
        std::uint32_t stranded = 0;
        for (std::uint32_t o = 0; o < ports; ++o)
          for (std::uint32_t j = 0; j < ports; ++j)
            stranded += x.holder[o][j] != Exchange::kDelivered && x.holder[o][j] != o ? 1U : 0U;
        CHECK(stranded > 0);  // copies in relays' stores: the case this test is about
        // The stores: the completion after it is planned in the other storage.
        static a2a::FaultPlanStorage<kUpTo, 2> other;
        a2a::HeldList again(other.span(), ports);
        REQUIRE(list_held(x, again));
        REQUIRE(set.add(second) == a2a::Errc::ok);
        const auto next = FaultTolerantSchedule::completion(net, set.view(), again, options(), left);
        REQUIRE(next.ok());
        CHECK(left.count == 0);
        run_rounds(x, net, *next, 0, next->rounds(), both, both);
        CHECK_FALSE(x.broken);
        CHECK(x.delivered == ports * ports);
      }
    }
}

TEST_CASE("fault completion: a message no relay carries is refused, or left out in degraded mode") {
  const auto net = a2a::make_network(Topology::omega, 16).value();
  a2a::FaultSet<> set;
  REQUIRE(set.add(SwitchFault{0, 3}) == a2a::Errc::ok);  // stage 0: its two sources reach nothing
  const a2a::CutOffProcessors cut = a2a::cut_off_processors(net, SwitchFault{0, 3});
  a2a::HeldList held(storage(), 16);
  REQUIRE(held.add(
      HeldMessage{static_cast<std::uint16_t>(cut.processors[0]), static_cast<std::uint16_t>(cut.processors[0]), 9}));
  a2a::LeftOutMessages left;
  const auto refused = FaultTolerantSchedule::completion(net, set.view(), held, options(), left);
  CHECK(refused.error() == a2a::Errc::fault_cuts_off_processors);
  a2a::FaultPlanOptions degraded;
  degraded.degraded = true;
  const auto done = FaultTolerantSchedule::completion(net, set.view(), held, degraded, left);
  REQUIRE(done.ok());
  CHECK(done->rounds() == 0);
  CHECK(left.count == 1);
  CHECK(left.first.origin == cut.processors[0]);
  CHECK(left.first.destination == 9);
  // No storage: refused by name, nothing planned.
  a2a::HeldList none({}, 16);
  CHECK(none.capacity() == 0);
  CHECK(FaultTolerantSchedule::completion(net, set.view(), none, options(), left).error() ==
        a2a::Errc::fault_plan_storage_too_small);
}
