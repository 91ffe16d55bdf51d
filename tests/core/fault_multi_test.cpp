// Several faults (switches and dead links) planned by the general planner
// (general_fault_planner.hpp) through FaultTolerantSchedule::make(net, FaultSetView, ...).
// Every schedule is judged by check_exchange (every message once, relays in order)
// and by the test's own replay: each sending port's path, traced by route(), passes
// no faulty switch and no dead link. A refusal must name a pair that a brute force
// (every source routed under every stage word) finds undeliverable, for the reason
// named. Degraded schedules deliver exactly the deliverable pairs, once each, and
// list exactly the others. Heap-free: the Cortex-M build runs N = 16.
#include <a2a/fault/fault_tolerant_schedule.hpp>

#include "support.hpp"

namespace {

using a2a::FaultSetView;
using a2a::FaultTolerantSchedule;
using a2a::LinkFault;
using a2a::PairReach;
using a2a::SwitchFault;
using a2a::Topology;

#ifdef A2A_TEST_LIGHT  // the micro:bit has 16 KiB of RAM: N = 16 (about 8 KiB of plan storage and bitmaps)
constexpr std::uint32_t kUpTo = 16;
constexpr std::uint32_t kSetsSmall = 3;
constexpr std::uint32_t kSetsLarge = 1;
#else
constexpr std::uint32_t kUpTo = a2a::test::kSweepPorts;
constexpr std::uint32_t kSetsSmall = 12;
constexpr std::uint32_t kSetsLarge = 3;
#endif

constexpr Topology kBinary[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan,
                                Topology::gsen};

// docs/fault-tolerance.md and general_fault_planner.hpp quote the bytes per port: 184 for one
// fault, 344 for four (plus the one offset past the last round).
static_assert(sizeof(a2a::FaultPlanStorage<256, 1>) == 256 * 184 + 4);
static_assert(sizeof(a2a::FaultPlanStorage<256, 4>) == 256 * 344 + 4);

a2a::PlanStorageSpan storage() {
  static a2a::FaultPlanStorage<kUpTo, 6> s;  // .bss, not the stack
  return s.span();
}

/// The test's own view of the faults: blocked[i][j] from route() under every stage word.
struct Truth {
  std::array<std::array<bool, kUpTo>, kUpTo> blocked{};
  std::uint32_t ports{0};
  [[nodiscard]] bool path_hits(const a2a::Network& net, const a2a::Path& p, FaultSetView faults) const {
    for (const SwitchFault f : faults.switches)
      if (p.hops[f.stage].switch_index == f.switch_index) return true;
    for (const LinkFault f : faults.links) {
      const a2a::Hop h = p.hops[f.stage];
      if (a2a::wiring::after_stage(net, f.stage, 2 * h.switch_index + h.out_port) == f.terminal) return true;
    }
    return false;
  }
  [[nodiscard]] bool deliverable(std::uint32_t i, std::uint32_t j) const {
    if (!blocked[i][j]) return true;
    for (std::uint32_t p = 0; p < ports; ++p)
      if (!blocked[i][p] && !blocked[p][j]) return true;
    return false;
  }
  [[nodiscard]] bool cannot_send(std::uint32_t i) const {
    for (std::uint32_t j = 0; j < ports; ++j)
      if (!blocked[i][j]) return false;
    return true;
  }
  [[nodiscard]] bool cannot_receive(std::uint32_t j) const {
    for (std::uint32_t i = 0; i < ports; ++i)
      if (!blocked[i][j]) return false;
    return true;
  }
};

Truth& truth(const a2a::Network& net, FaultSetView faults) {
  static Truth t;
  t.ports = net.ports;
  for (std::uint32_t i = 0; i < net.ports; ++i)
    for (std::uint32_t w = 0; w < net.ports; ++w) {
      const a2a::Path p = a2a::route(net, i, a2a::StageControl{w, 2, net.stages});
      t.blocked[i][p.destination] = t.path_hits(net, p, faults);
    }
  return t;
}

/// Replays the schedule by route(): no sending path crosses a fault, every hop arrives
/// where it claims, a hop out of a relay takes a message the relay holds from an earlier
/// round, each (origin, final) delivered at most once. Returns the pairs delivered, or
/// a number above N^2 on a violation.
std::uint32_t replay(const FaultTolerantSchedule& f, FaultSetView faults, const Truth& t) {
  static std::array<std::array<std::uint16_t, kUpTo>, kUpTo> holder;   // who holds (origin, final)
  static std::array<std::array<std::uint32_t, kUpTo>, kUpTo> arrived;  // round + 1 it got there
  static std::array<std::array<bool, kUpTo>, kUpTo> delivered;
  const a2a::Network net = f.network();
  const std::uint32_t n = net.ports;
  constexpr std::uint32_t kBad = 0xFFFFFFFFU;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = 0; j < n; ++j)
      holder[i][j] = static_cast<std::uint16_t>(i), arrived[i][j] = 0, delivered[i][j] = false;
  std::uint32_t count = 0;
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto round = f.round(r);
    for (std::uint32_t u = 0; u < n; ++u) {
      const a2a::PortSend s = f.send(round, u);
      if (!s.sends) continue;
      const a2a::Path path = a2a::route(net, u, round);
      if (path.destination != s.destination || t.path_hits(net, path, faults)) return kBad;
      const std::uint32_t o = s.message_origin(u);
      const std::uint32_t fin = s.message_final();
      if (holder[o][fin] != u || arrived[o][fin] > r) return kBad;  // not here, or arrived this round
      if (s.destination == fin) {
        if (delivered[o][fin]) return kBad;
        delivered[o][fin] = true;
        ++count;
      }
      holder[o][fin] = static_cast<std::uint16_t>(s.destination);
      arrived[o][fin] = r + 1;
    }
  }
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = 0; j < n; ++j)
      if (delivered[i][j] != t.deliverable(i, j)) return kBad;  // exactly the deliverable pairs
  return count;
}

/// `switches` switch faults in stages [first, last] and `links` link faults, at random.
a2a::FaultSet<> random_faults(const a2a::Network& net, a2a::test::Lcg& rng, std::uint32_t switches, std::uint32_t links,
                              std::uint32_t first, std::uint32_t last) {
  a2a::FaultSet<> set;
  while (set.size() < switches)
    (void)set.add(SwitchFault{first + rng.next() % (last - first + 1), rng.next() % net.switches_per_stage()});
  while (set.size() < switches + links) (void)set.add(LinkFault{rng.next() % (net.stages - 1), rng.next() % net.ports});
  return set;
}

/// Fewer variants than make()'s default: this test is about correctness, not rounds.
a2a::FaultPlanOptions quick(bool degraded = false) {
  a2a::FaultPlanOptions o;
  o.tries = 8;
  o.degraded = degraded;
  return o;
}

struct Tally {
  std::uint32_t planned{0};
  std::uint32_t refused{0};
};

/// Plans one set in normal mode and judges the outcome either way.
void judge(const a2a::Network& net, FaultSetView faults, Tally& tally) {
  const Truth& t = truth(net, faults);
  const auto f = FaultTolerantSchedule::make(net, faults, storage(), quick());
  if (f.ok()) {
    ++tally.planned;
    CHECK(f->general());
    CHECK_FALSE(f->degraded());
    CHECK(a2a::test::check_fixed<kUpTo>(*f).ok());
    CHECK(replay(*f, faults, t) == net.ports * net.ports);
    // Never below the stated lower bound (it would mean a message was not relayed).
    const auto map = a2a::FaultMap::make(net, faults).value();
    CHECK(f->rounds() >= net.ports + a2a::GeneralFaultPlanner::extra_lower_bound(map));
    return;
  }
  ++tally.refused;
  INFO("refused: ", a2a::describe(f.error()));
  const auto first = a2a::first_undeliverable(net, faults);
  REQUIRE(first.ok());
  REQUIRE(first->found);
  CHECK_FALSE(t.deliverable(first->origin, first->destination));
  // Nothing before it in origin-major order is undeliverable.
  bool earlier = false;
  for (std::uint32_t i = 0; i <= first->origin; ++i)
    for (std::uint32_t j = 0; j < (i == first->origin ? first->destination : net.ports); ++j)
      earlier = earlier || !t.deliverable(i, j);
  CHECK_FALSE(earlier);
  const bool cut = t.cannot_send(first->origin) || t.cannot_receive(first->destination);
  CHECK(f.error() == (cut ? a2a::Errc::fault_cuts_off_processors : a2a::Errc::faults_separate_processors));
  CHECK(first->reason == (t.cannot_send(first->origin)           ? PairReach::cut_off_sender
                          : t.cannot_receive(first->destination) ? PairReach::cut_off_receiver
                                                                 : PairReach::separated));
}

}  // namespace

TEST_CASE("fault multi: random sets of 2-4 internal switches and some links, every binary topology") {
  a2a::test::Lcg rng{15};
  Tally tally;
  for (const Topology topology : kBinary)
    for (std::uint32_t ports = 16; ports <= kUpTo; ports *= 2) {
      const auto net = a2a::make_network(topology, ports).value();
      const std::uint32_t sets = ports <= 32 ? kSetsSmall : kSetsLarge;
      for (std::uint32_t k = 0; k < sets; ++k) {
        const std::uint32_t switches = 2 + rng.next() % 3;
        const std::uint32_t links = k % 3 == 0 ? 0 : 1 + rng.next() % 2;
        const auto set = random_faults(net, rng, switches, links, 1, net.stages - 2);
        INFO(a2a::name(topology), " N = ", ports, " set ", k, " switches ", switches, " links ", links);
        judge(net, set.view(), tally);
      }
    }
  CHECK(tally.planned > 0);  // the sweep meets both outcomes
  CHECK(tally.refused > 0);
}

TEST_CASE("fault multi: degraded mode with first- and last-stage faults lists exactly what it leaves out") {
  a2a::test::Lcg rng{404};
  for (const Topology topology : kBinary)
    for (std::uint32_t ports = 16; ports <= (kUpTo < 64 ? kUpTo : 64); ports *= 2) {
      const auto net = a2a::make_network(topology, ports).value();
      for (std::uint32_t k = 0; k < kSetsSmall; ++k) {
        a2a::FaultSet<> set = random_faults(net, rng, 1 + k % 3, k % 2, 1, net.stages - 2);
        (void)set.add(SwitchFault{k % 2 == 0 ? 0 : net.stages - 1, rng.next() % net.switches_per_stage()});
        if (k % 3 == 0) (void)set.add(SwitchFault{net.stages - 1 - (k % 2) * (net.stages - 1), rng.next() % 4});
        INFO(a2a::name(topology), " N = ", ports, " set ", k);
        const Truth& t = truth(net, set.view());
        const auto first = a2a::first_undeliverable(net, set.view()).value();
        REQUIRE(first.found);
        CHECK(FaultTolerantSchedule::make(net, set.view(), storage(), quick()).error() ==
              (first.reason == PairReach::separated ? a2a::Errc::faults_separate_processors
                                                    : a2a::Errc::fault_cuts_off_processors));
        const auto f = FaultTolerantSchedule::make(net, set.view(), storage(), quick(true));
        INFO("refused: ", a2a::describe(f.ok() ? a2a::Errc::ok : f.error()));
        REQUIRE(f.ok());
        CHECK(f->degraded());
        std::uint32_t deliverable = 0;
        for (std::uint32_t i = 0; i < ports; ++i)
          for (std::uint32_t j = 0; j < ports; ++j) deliverable += t.deliverable(i, j) ? 1U : 0U;
        CHECK(deliverable < ports * ports);
        CHECK(replay(*f, set.view(), t) == deliverable);  // each deliverable pair once, no other
        // The left-out list, in order, is exactly the brute force's undeliverable set.
        a2a::UndeliverablePair p = f->first_left_out();
        bool same = true;
        for (std::uint32_t i = 0; i < ports; ++i)
          for (std::uint32_t j = 0; j < ports; ++j) {
            if (t.deliverable(i, j)) continue;
            same = same && p.found && p.origin == i && p.destination == j && p.reason != PairReach::direct &&
                   p.reason != PairReach::relay;
            p = f->next_left_out(p);
          }
        CHECK(same);
        CHECK_FALSE(p.found);
      }
    }
}

TEST_CASE("fault multi: refusals are specific") {
  const auto net = a2a::make_network(Topology::omega, 16).value();
  const SwitchFault two[] = {{1, 2}, {2, 5}};
  const LinkFault link[] = {{1, 3}};
  CHECK(FaultTolerantSchedule::make(net, {two, link}, {}).error() == a2a::Errc::fault_plan_storage_too_small);
  const SwitchFault bad[] = {{1, 2}, {4, 0}};
  CHECK(FaultTolerantSchedule::make(net, {bad, {}}, storage()).error() == a2a::Errc::fault_out_of_range);
  const LinkFault bad_link[] = {{3, 0}};
  CHECK(FaultTolerantSchedule::make(net, {{}, bad_link}, storage()).error() == a2a::Errc::link_fault_out_of_range);
  const auto small = a2a::make_network(Topology::omega, 8).value();
  const SwitchFault one[] = {{1, 0}};
  CHECK(FaultTolerantSchedule::make(small, {one, {}}, storage()).error() == a2a::Errc::faults_not_supported);
  CHECK(FaultTolerantSchedule::make(a2a::make_network(Topology::omega, 16, 4).value(), FaultSetView{}, storage())
            .error() == a2a::Errc::faults_not_supported);
  // No faults at all: the Latin square alone.
  const auto none = FaultTolerantSchedule::make(net, FaultSetView{}, storage());
  REQUIRE(none.ok());
  CHECK(none->rounds() == 16);
  CHECK(a2a::test::check_fixed<kUpTo>(*none).ok());
  // One internal switch of omega without storage: the closed form, as make(net, fault).
  const SwitchFault middle[] = {{2, 3}};
  const auto closed = FaultTolerantSchedule::make(net, {middle, {}}, {});
  REQUIRE(closed.ok());
  CHECK(closed->rounds() == FaultTolerantSchedule::make(net, SwitchFault{2, 3}).value().rounds());
}

namespace {
/// A plan of two faults (a switch and a link) made in a constant expression: the
/// planner, FaultMap and the schedule are constexpr like the rest of the core.
constexpr std::uint32_t planned_at_compile_time() {
  a2a::FaultPlanStorage<16, 2> s;
  const auto net = a2a::make_network(Topology::banyan, 16).value();
  const SwitchFault switches[] = {{1, 2}};
  const LinkFault links[] = {{2, 9}};
  a2a::FaultPlanOptions one;
  one.tries = 1;
  const auto f = FaultTolerantSchedule::make(net, {switches, links}, s.span(), one);
  if (!f) return 0;
  std::uint32_t sends = 0;  // read the plan back while its storage lives
  for (std::uint32_t r = 0; r < f->rounds(); ++r)
    for (std::uint32_t i = 0; i < 16; ++i) sends += f->send(f->round(r), i).sends ? 1U : 0U;
  return sends;
}
}  // namespace

TEST_CASE("fault multi: a plan made in a constant expression") {
  constexpr std::uint32_t sends = planned_at_compile_time();
  // Every pair once directly or in two hops: 256 + the relayed messages.
  const auto net = a2a::make_network(Topology::banyan, 16).value();
  const SwitchFault switches[] = {{1, 2}};
  const LinkFault links[] = {{2, 9}};
  const auto map = a2a::FaultMap::make(net, {switches, links}).value();
  CHECK(sends == 256 + a2a::GeneralFaultPlanner::messages(map));
  CHECK(a2a::GeneralFaultPlanner::messages(map) > 0);
}
