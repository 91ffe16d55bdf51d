// Fault tolerance in baseline, banyan and their reverses (the relay planner,
// relay_plan.hpp): every schedule is judged at switch level by check_exchange (pairs
// by message, relays in order) plus a route check that no sending path crosses the
// faulty switch; rounds are held to paper 004's bound (3N for stage 1 and n-2, 2N
// otherwise), also for baseline N = 16 with A and B disjoint, where only a plan that
// lets one regular slot carry a relayed message (or its time reverse) reaches it.
// Heap-free: the Cortex-M build runs the small-N part.
#include <a2a/fault/fault_tolerant_schedule.hpp>
#include <a2a/fault/plan_meter.hpp>
#include <a2a/fault/plan_options.hpp>
#include <a2a/fault/plan_storage.hpp>

#include "support.hpp"

namespace {

using a2a::FaultTolerantSchedule;
using a2a::SwitchFault;
using a2a::Topology;

#ifdef A2A_TEST_LIGHT  // under QEMU: a few seconds per board
constexpr std::uint32_t kExhaustiveUpTo = 16;
constexpr std::uint32_t kSweepUpTo = 32;
#else
constexpr std::uint32_t kExhaustiveUpTo = 32;
constexpr std::uint32_t kSweepUpTo = a2a::test::kSweepPorts;
#endif

constexpr Topology kPlanned[] = {Topology::baseline, Topology::banyan, Topology::reverse_baseline,
                                 Topology::reverse_banyan};

a2a::SingleFaultPlanStorage<a2a::test::kSweepPorts>& storage() {
  static a2a::SingleFaultPlanStorage<a2a::test::kSweepPorts> s;  // .bss, not the stack
  return s;
}

bool avoids_fault(const FaultTolerantSchedule& f) {
  const a2a::Network net = f.network();
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto round = f.round(r);
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (f.send(round, i).sends &&
          a2a::route(net, i, round).hops[f.fault().stage].switch_index == f.fault().switch_index)
        return false;
  }
  return true;
}

/// Independently of the schedule: do A (sources through the switch) and B (outputs
/// it reaches) meet? Found by routing every source under every stage-control word.
bool a_meets_b(const a2a::Network& net, SwitchFault fault) {
  for (std::uint32_t i = 0; i < net.ports; ++i)
    for (std::uint32_t w = 0; w < net.ports; ++w) {
      const auto p = a2a::route(net, i, a2a::StageControl{w, 2, net.stages});
      if (p.hops[fault.stage].switch_index == fault.switch_index && p.destination == i) return true;
    }
  return false;
}

void check_network(Topology topology, std::uint32_t ports, std::uint32_t stride) {
  const auto net = a2a::make_network(topology, ports);
  REQUIRE(net.ok());
  for (std::uint32_t s = 1; s + 1 < net->stages; ++s) {
    for (std::uint32_t l = 0; l < net->switches_per_stage(); l += stride) {
      INFO("topology ", static_cast<int>(topology), " N = ", ports, " stage ", s, " switch ", l);
      const auto f = FaultTolerantSchedule::make(*net, SwitchFault{s, l}, storage().span());
      REQUIRE(f.ok());
      const a2a::ExchangeCheck c = a2a::test::check_fixed(*f);
      INFO("violation ", a2a::describe(c.violation), " round ", c.round, " port ", c.port);
      CHECK(c.ok());
      CHECK(c.delivered == std::uint64_t{ports} * ports);
      CHECK(c.relayed == 2 * std::uint64_t{ports});  // every blocked pair relayed once
      CHECK(avoids_fault(*f));
      const std::uint32_t m = s < net->stages - 1 - s ? s : net->stages - 1 - s;
      const std::uint32_t lower = ports + 1 + (ports + (1U << m) - 2) / ((1U << m) - 1);
      CHECK(f->rounds() >= lower);  // docs/fault-tolerance.md, "Lower bound"
      const std::uint32_t paper = (s == 1 || s + 2 == net->stages) ? 3 * ports : 2 * ports;
      CHECK(f->rounds() <= paper);
      // Baseline N = 16, A and B disjoint: 48 hops into the 4 relays, one per round at most.
      if (ports == 16 && (topology == Topology::baseline || topology == Topology::reverse_baseline) &&
          !a_meets_b(*net, SwitchFault{s, l}))
        CHECK(f->rounds() == 48);
    }
  }
}

}  // namespace

TEST_CASE("fault planner: every fault position of every internal stage, small N, exhaustive") {
  for (Topology t : kPlanned)
    for (std::uint32_t n = 16; n <= kExhaustiveUpTo && n <= a2a::test::kSweepPorts; n *= 2) check_network(t, n, 1);
}

TEST_CASE("fault planner: sweeps to the largest N of this build") {
  for (Topology t : kPlanned)
    for (std::uint32_t n = 2 * kExhaustiveUpTo; n <= kSweepUpTo; n *= 2) check_network(t, n, n <= 64 ? 3 : n / 4 + 1);
}

namespace {
/// Paper 004's 16 x 16 banyan with E_21 faulty, planned at compile time: every blocked
/// pair gets two hops (4N in all) within the paper's 3N rounds.
constexpr bool plans_at_compile_time() {
  a2a::SingleFaultPlanStorage<16> s;
  const auto net = a2a::make_network(Topology::banyan, 16).value();
  const auto f = FaultTolerantSchedule::make(net, SwitchFault{2, 1}, s.span());
  if (!f.ok() || f.value().rounds() > 48) return false;
  std::uint32_t relay_hops = 0;
  for (std::uint32_t r = f.value().regular_rounds(); r < f.value().rounds(); ++r) {
    const auto round = f.value().round(r);
    for (std::uint32_t i = 0; i < 16; ++i)
      if (f.value().send(round, i).sends) ++relay_hops;
  }
  return relay_hops == 4 * 16;
}
static_assert(plans_at_compile_time());
}  // namespace
