// Host: the fault-tolerant schedule (paper 004) driven by the controller's round
// loop through the simulated fabric with the switch marked faulty
// (inject_faulty). A signal through that switch would flag its round (and stop
// the loop: the fault is persistent), so a clean run of every round means no hop
// crossed it. Every switch of every internal stage (1..n-2) is tried for N <= 64. The
// fabric's delivery records, labelled with the message each hop carries, must
// give every (origin, final) exactly once, each relay's hop in before its hop out.
#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<64, 8>;
using Fabric = host::SimulatedFabric<Layout>;
using Driver = hal::FabricDriver<Fabric, Layout>;

/// The topologies the fault-tolerant schedule covers: the test loops over this list.
constexpr Topology kFaultTopologies[] = {Topology::omega,         Topology::reverse_omega,    Topology::gsen,
                                         Topology::baseline,      Topology::reverse_baseline, Topology::banyan,
                                         Topology::reverse_banyan};

/// Translation networks: the closed-form designs, exactly 2N + 1 rounds at stages 1 and n-2.
bool closed_form(Topology t) { return t == Topology::omega || t == Topology::reverse_omega || t == Topology::gsen; }

/// Paper 004's bound: 3N for a fault in stage 1 or n-2, 2N in the other internal stages.
std::uint32_t paper_bound(const Network& net, std::uint32_t s) {
  return s == 1 || s + 2 == net.stages ? 3 * net.ports : 2 * net.ports;
}

/// docs/fault-tolerance.md, "Lower bound": N + 1 + ceil(N / (2^m - 1)), m = min(s, n-1-s).
std::uint32_t lower_bound(const Network& net, std::uint32_t s) {
  const std::uint32_t m = std::min(s, net.stages - 1 - s);
  const std::uint32_t block = (std::uint32_t{1} << m) - 1;
  return net.ports + 1 + (net.ports + block - 1) / block;
}

/// Runs the schedule with `fault` injected; returns the number of problems found.
std::uint32_t run_with_fault(const AnySchedule& schedule, SwitchFault fault) {
  const Network net = schedule.network();
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(net, false) == Errc::ok);
  REQUIRE(fabric.inject_faulty(fault.stage, fault.switch_index) == Errc::ok);
  const app::ExchangeOutcome outcome = app::run_exchange(
      driver, schedule, [](std::uint32_t, const AnySchedule::Round&) {}, 16);
  std::uint32_t problems = 0;
  if (outcome.error != Errc::ok || outcome.rounds_done != schedule.rounds()) ++problems;
  if ((fabric.status_seen() & hal::reg::Status::FaultCrossed::mask) != 0) ++problems;
  std::vector<std::uint32_t> count(std::size_t{net.ports} * net.ports, 0);
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> stored;  // -> round of hop in
  for (const host::Delivery& d : fabric.deliveries()) {
    if (d.collided || d.wrong_destination || d.flagged || d.header_tag != d.tag_taken) {
      ++problems;
      continue;
    }
    const PortSend s = schedule.send(schedule.round(d.round), d.source);
    const std::uint32_t origin = s.message_origin(d.source);
    const std::uint32_t final_destination = s.message_final();
    if (origin != d.source) {  // hop out of a relay: hop in in an earlier round
      const auto it = stored.find({origin, final_destination, d.source});
      if (it == stored.end() || it->second >= d.round) ++problems;
      if (it != stored.end()) stored.erase(it);
    }
    if (final_destination == d.output)
      ++count[std::size_t{origin} * net.ports + final_destination];
    else
      stored.emplace(std::make_tuple(origin, final_destination, d.output), d.round);
  }
  for (std::uint32_t c : count) problems += c == 1 ? 0U : 1U;
  return problems + static_cast<std::uint32_t>(stored.size());
}

}  // namespace

TEST_CASE("the fault-tolerant schedule never crosses the faulty switch of the simulated fabric") {
  for (Topology topology : kFaultTopologies) {
    for (std::uint32_t ports : {16U, 32U, 64U}) {
      const Network net = make_network(topology, ports).value();
      for (std::uint32_t stage = 1; stage + 1 < net.stages; ++stage) {
        const bool edge = closed_form(topology) && (stage == 1 || stage + 2 == net.stages);
        for (std::uint32_t sw = 0; sw < net.switches_per_stage(); ++sw) {
          INFO(name(topology), " N = ", ports, " stage ", stage, " switch ", sw);
          // Baseline and banyan plan their relays into storage (ignored by the closed forms).
          static SingleFaultPlanStorage<64> storage;
          const auto schedule = AnySchedule::make(net, SwitchFault{stage, sw}, storage.span());
          REQUIRE(schedule.ok());
          INFO("rounds ", schedule->rounds());
          if (edge) CHECK(schedule->rounds() == 2 * ports + 1);
          CHECK(schedule->rounds() >= lower_bound(net, stage));
          CHECK(schedule->rounds() <= paper_bound(net, stage));
          CHECK(run_with_fault(*schedule, SwitchFault{stage, sw}) == 0);
        }
      }
    }
  }
}

TEST_CASE("the plain Latin square does cross the injected fault (the check can fail)") {
  const Network net = make_network(Topology::omega, 16).value();
  const auto plain = AnySchedule::make(net, ScheduleKind::latin_square).value();
  CHECK(run_with_fault(plain, SwitchFault{1, 3}) != 0);
  const Network net32 = make_network(Topology::omega, 32).value();
  const auto plain32 = AnySchedule::make(net32, ScheduleKind::latin_square).value();
  CHECK(run_with_fault(plain32, SwitchFault{2, 5}) != 0);  // a middle stage
}
