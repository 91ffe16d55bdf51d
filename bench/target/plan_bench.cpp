// Instruction counts of what a device computes around faults (docs/PERFORMANCE.md,
// "Planning around faults on the device"), measured in QEMU by icount_plugin.c:
//  - planning: plan_exchange() as the controller image plans (device_planning.hpp:
//    bounded, metered), for every configuration class the board accepts at its
//    capacity N = A2A_FW_MAX_PORTS: one internal switch of every topology with a
//    fault-tolerant plan, in every internal stage at three switch positions; the
//    board's maximum of faults (A2A_FW_PLAN_FAULTS) in a few positions, with a dead link;
//    a degraded plan around a first-stage switch; and the device's search at N = 64
//    (one fault, dead and stuck). One interval per plan; collect.py keeps the worst of
//    each class.
//  - a resumed round against the same round run fresh: every port's send of a round of
//    a fault-tolerant plan, alone and through ResumedAfterHistory with half the
//    messages marked delivered (the bits of DeliveredMessages).
//  - locating a fault the fabric does not name, as diagnose() computes it
//    (fault_diagnosis.hpp), at capacity: in every stage of three topologies a hidden
//    switch dead, stuck either way, and a dead link. "narrow": the stopped round's
//    search (the first signal no known fault explains, its path's candidates, each
//    routed over every port); "choose": one test word chosen (every word's prediction per candidate);
//    "keep": a test round's outcome taken. What the outputs show (ARRIVED) is computed
//    outside the intervals (FaultedRound), as a fabric's rounds would deliver it. Also
//    two switches stuck on one path ("pair": each candidate tried with a partner).
// Each interval is followed by a "bench ..." line and a flush, paired in order.
#include <array>
#include <cstdint>
#include <span>

#include "a2a/a2a.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/config/device_planning.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/fault/fault_locator.hpp"
#include "a2a/board/console.hpp"
#include "a2a/hal/hal.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "bench_configs.hpp"
#include "icount_markers.h"

namespace {

using namespace a2a;
using board::println;

constexpr std::uint32_t kPorts = std::uint32_t{A2A_FW_MAX_PORTS};
#if A2A_FW_PLAN_FAULTS == 0
SingleFaultPlanStorage<kPorts> g_storage;
#else
FaultPlanStorage<kPorts, A2A_FW_PLAN_FAULTS> g_storage;
#endif
std::array<std::uint32_t, app::DeliveredMessages::words_for(kPorts)> g_bits{};

constexpr std::uint32_t kStages = bench::stages_of(kPorts);

/// Plans `c` as the device does, bracketed; prints its class and outcome.
void measure_plan(const char* what, const ControllerConfig& c) {
  PlanMeter meter = device_plan_meter(c.ports);
  A2A_ICOUNT_START();
  const Result<AnySchedule> plan = plan_exchange(c, g_storage.span(), device_planning(&meter, c.ports));
  A2A_ICOUNT_STOP();
  println("bench plan class=", what, " topology=", name(c.topology), " N=", c.ports, " faults=", c.fault_count,
          " stage=", c.faults[0].stage, " ok=", plan ? 1U : 0U, " rounds=", plan ? plan->rounds() : 0U,
          " steps=", meter.steps());
  A2A_ICOUNT_FLUSH();
}

ControllerConfig config(Topology t) { return bench::config(t, kPorts); }

void one_fault() {
  for (Topology t : kAllTopologies) {
    if (t == Topology::shift || t == Topology::gsen) continue;  // GSEN 2^n is the omega network
    for (std::uint32_t s = 1; s + 1 < kStages; ++s)
      for (const std::uint32_t sw : std::array<std::uint32_t, 3>{0, kPorts / 4 + 3, kPorts / 2 - 1}) {
        ControllerConfig c = config(t);
        c.faults[c.fault_count++] = {static_cast<std::uint16_t>(s), static_cast<std::uint16_t>(sw), false};
        measure_plan("one", c);
      }
  }
}

#if A2A_FW_PLAN_FAULTS > 0 && A2A_FW_MAX_PORTS >= 64
/// The device's search (device_planning.hpp, up to kDeviceSearchUpTo = 64 ports): one
/// fault at N = 64, dead in every internal stage, stuck either way in stages 1 and n/2.
void search_fault() {
  constexpr std::uint32_t kSearchPorts = kDeviceSearchUpTo;
  constexpr std::uint32_t kSearchStages = bench::stages_of(kSearchPorts);
  for (Topology t : kAllTopologies) {
    if (t == Topology::shift || t == Topology::gsen) continue;
    for (std::uint32_t s = 1; s + 1 < kSearchStages; ++s) {
      ControllerConfig c = bench::config(t, kSearchPorts);
      c.faults[c.fault_count++] = {static_cast<std::uint16_t>(s), 3, false};
      measure_plan("search", c);
    }
    for (const std::uint32_t s : std::array<std::uint32_t, 2>{1, static_cast<std::uint32_t>(kSearchStages / 2)})
      for (const std::uint8_t stuck : {std::uint8_t{1}, std::uint8_t{2}}) {
        ControllerConfig c = bench::config(t, kSearchPorts);
        c.faults[c.fault_count] = {static_cast<std::uint16_t>(s), 3, false};
        c.faults[c.fault_count++].stuck = stuck;
        measure_plan("search", c);
      }
  }
}
#endif

#if A2A_FW_PLAN_FAULTS > 0
/// The board's maximum of faults: switches spread over the internal stages, a dead link last.
void most_faults() {
  for (Topology t : {Topology::omega, Topology::baseline, Topology::banyan, Topology::reverse_banyan})
    for (std::uint32_t shift = 0; shift < 3; ++shift)
      measure_plan("most", bench::most_faults(t, kPorts, A2A_FW_PLAN_FAULTS, shift));
  // Degraded: a first-stage switch cuts two processors off; every other pair is planned.
  ControllerConfig c = config(Topology::omega);
  c.faults[c.fault_count++] = {0, 1, false};
  c.degraded = true;
  measure_plan("degraded", c);
}
#endif

/// What round `round` shows at the outputs with `faults` acting, by input port (kIdle:
/// the port sends nothing); returns whether any signal went astray.
bool observe(const AnySchedule& plan, const AnySchedule::Round& round, std::span<const FaultCandidate> faults,
             std::span<std::uint16_t> observed) {
  const FaultedRound<AnySchedule::Round> faulted(plan.network(), round, faults);
  bool astray = false;
  for (std::uint32_t i = 0; i < kPorts; ++i) {
    const PortSend send = plan.send(round, i);
    observed[i] = send.sends ? static_cast<std::uint16_t>(faulted.output(i)) : kIdle;
    astray = astray || (send.sends && observed[i] != send.destination);
  }
  return astray;
}

std::array<std::uint16_t, kPorts> g_observed{};

/// Hidden faults `planted` located from the first round they disturb, each step
/// bracketed; `kind` names the case. Test words as narrow_by_tests chooses them (none
/// twice; a test that keeps every candidate ends the search).
void locate(Topology t, std::span<const FaultCandidate> planted, const char* kind) {
  const ControllerConfig c = config(t);
  PlanMeter unmetered = device_plan_meter(c.ports);
  const Result<AnySchedule> plan = plan_exchange(c, g_storage.span(), device_planning(&unmetered, c.ports));
  if (!plan) return println("error: the fault-free plan failed");
  const Network net = plan->network();
  std::uint32_t r = 0;
  while (r < plan->rounds() && !observe(*plan, plan->round(r), planted, g_observed)) ++r;
  if (r == plan->rounds()) return println("error: the planted fault disturbs no round");
  const AnySchedule::Round round = plan->round(r);
  PlanMeter meter = device_plan_meter(c.ports);
  A2A_ICOUNT_START();
  std::uint32_t source = 0;
  const FaultedRound<AnySchedule::Round> unfaulted(net, round, {});
  while (g_observed[source] == kIdle || unfaulted.output(source) == g_observed[source]) ++source;
  FaultLocator<std::size_t{3} * kStages> locator(net, {}, &meter);
  locator.start(round, source);
  locator.keep_explaining(round, std::span<const std::uint16_t>(g_observed));
  A2A_ICOUNT_STOP();
  println("bench locate step=narrow topology=", name(t), " kind=", kind, " N=", kPorts, " round=", r,
          " candidates=", locator.candidates().size(), " steps=", meter.steps());
  A2A_ICOUNT_FLUSH();
  std::uint64_t tried = 0;
  for (std::uint32_t tests = 0; locator.candidates().size() > 1 && tests < 2 * net.stages + 2; ++tests) {
    const std::uint32_t before = meter.steps();
    A2A_ICOUNT_START();
    const auto choice = locator.choose_test(tried);
    A2A_ICOUNT_STOP();
    println("bench locate step=choose topology=", name(t), " kind=", kind, " N=", kPorts,
            " candidates=", locator.candidates().size(), " split=", choice.split ? 1U : 0U,
            " steps=", meter.steps() - before);
    A2A_ICOUNT_FLUSH();
    if (!choice.split) break;
    tried |= std::uint64_t{1} << choice.index;
    const StageControl test{choice.word, net.radix, net.stages};
    const FaultedRound<StageControl> faulted(net, test, planted);
    for (std::uint32_t i = 0; i < kPorts; ++i) g_observed[i] = static_cast<std::uint16_t>(faulted.output(i));
    const std::uint32_t kept_from = meter.steps();
    const std::size_t count = locator.candidates().size();
    A2A_ICOUNT_START();
    const bool kept = locator.keep_unless_none(test, std::span<const std::uint16_t>(g_observed));
    A2A_ICOUNT_STOP();
    println("bench locate step=keep topology=", name(t), " kind=", kind, " N=", kPorts,
            " candidates=", locator.candidates().size(), " steps=", meter.steps() - kept_from);
    A2A_ICOUNT_FLUSH();
    if (!kept || locator.candidates().size() == count) break;
  }
  bool exact = locator.candidates().size() == 1;
  for (const FaultCandidate& f : locator.candidates()) {
    bool among = false;
    for (const FaultCandidate& p : planted) among = among || f == p;
    exact = exact && among;
  }
  println("located topology=", name(t), " kind=", kind, " exact=", exact ? 1U : 0U);
}

void locate(Topology t, const FaultCandidate& planted) {
  const char* kind = planted.kind == LocatedKind::dead_link     ? "link"
                     : planted.kind == LocatedKind::dead_switch ? "dead"
                     : planted.state == 0                       ? "stuck=0"
                                                                : "stuck=1";
  locate(t, std::span<const FaultCandidate>(&planted, 1), kind);
}

/// Two switches stuck cross on one signal's path (round 0 sets every switch straight):
/// port 0's switch of stage 1 and the switch of stage n - 2 its diverted signal meets.
/// No single candidate explains the round; each is tried with a partner.
void locate_pair(Topology t) {
  const ControllerConfig c = config(t);
  PlanMeter unmetered = device_plan_meter(c.ports);
  const Result<AnySchedule> plan = plan_exchange(c, g_storage.span(), device_planning(&unmetered, c.ports));
  if (!plan) return println("error: the fault-free plan failed");
  const Network net = plan->network();
  std::array<FaultCandidate, 2> pair{FaultCandidate{LocatedKind::stuck_switch, 1, 0, 1},
                                     FaultCandidate{LocatedKind::stuck_switch, kStages - 2, 0, 1}};
  pair[0].index = route(net, 0, plan->round(0)).hops[1].switch_index;
  const FaultedRound<AnySchedule::Round> first(net, plan->round(0), std::span<const FaultCandidate>(pair.data(), 1));
  pair[1].index = route(net, 0, first).hops[kStages - 2].switch_index;
  locate(t, pair, "pair");
}

/// Every stage: switch N/4 + 3 dead, stuck straight and stuck cross, and the link
/// behind terminal N/2 + 5 (the faults some of which take test rounds: their
/// signals' paths meet elsewhere too); then two stuck switches on one path.
void locate_hidden() {
  const std::uint32_t sw = kPorts / 4 + 3;
  for (Topology t : {Topology::omega, Topology::baseline, Topology::banyan}) {
    for (std::uint32_t stage = 0; stage < kStages; ++stage) {
      locate(t, FaultCandidate{LocatedKind::dead_switch, stage, sw, 0});
      locate(t, FaultCandidate{LocatedKind::stuck_switch, stage, sw, 0});
      locate(t, FaultCandidate{LocatedKind::stuck_switch, stage, sw, 1});
      if (stage + 1 < kStages) locate(t, FaultCandidate{LocatedKind::dead_link, stage, kPorts / 2 + 5, 0});
    }
    locate_pair(t);
  }
}

/// A round computed fresh (every port's send) against the same round resumed after
/// history: half the pairs marked delivered, each send then also asks one bit.
void resumed_round() {
  ControllerConfig c = config(Topology::baseline);
  c.faults[c.fault_count++] = {static_cast<std::uint16_t>(kStages / 2), 5, false};
  PlanMeter meter = device_plan_meter(c.ports);
  const Result<AnySchedule> plan = plan_exchange(c, g_storage.span(), device_planning(&meter, c.ports));
  if (!plan) return println("error: the resumed-round plan failed");
  app::DeliveredMessages history;
  if (!history.start(g_bits, kPorts)) return println("error: no room for the bits");
  const std::uint32_t half = plan->rounds() / 2;
  (void)history.record(*plan, half, nullptr);
  const app::ResumedAfterHistory resumed(history, *plan);
  for (const std::uint32_t r :
       std::array<std::uint32_t, 2>{half, plan->rounds() - 1}) {  // a regular round and an extra one
    std::uint32_t sends = 0;
    const AnySchedule::Round round = plan->round(r);
    A2A_ICOUNT_START();
    for (std::uint32_t port = 0; port < kPorts; ++port) sends += plan->send(round, port).sends ? 1U : 0U;
    A2A_ICOUNT_STOP();
    println("bench round mode=fresh round=", r, " N=", kPorts, " sends=", sends);
    A2A_ICOUNT_FLUSH();
    sends = 0;
    A2A_ICOUNT_START();
    for (std::uint32_t port = 0; port < kPorts; ++port) sends += resumed.send(round, port).sends ? 1U : 0U;
    A2A_ICOUNT_STOP();
    println("bench round mode=resumed round=", r, " N=", kPorts, " sends=", sends);
    A2A_ICOUNT_FLUSH();
  }
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ, " watchdog_ms=", A2A_BENCH_WATCHDOG_MS,
          " N=", kPorts, " plan_faults=", A2A_FW_PLAN_FAULTS);
  // Locating first: run after the planning part, its markers go unseen on QEMU 7.2's
  // netduino2 from the 140th interval on (the plugin then logs fewer intervals than the
  // console names: collect.py refuses the run); first, every board logs all of them.
  locate_hidden();
  one_fault();
#if A2A_FW_PLAN_FAULTS > 0
  most_faults();
#endif
#if A2A_FW_PLAN_FAULTS > 0 && A2A_FW_MAX_PORTS >= 64
  search_fault();
#endif
  resumed_round();
  println("bench done");
  return 0;
}
