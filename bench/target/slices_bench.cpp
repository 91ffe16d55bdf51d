// The runner's slices with planning and diagnosis (docs/PERFORMANCE.md, "The runner's
// slices"): what one call of the device's loop computes at most, at the board's
// capacity N = A2A_FW_MAX_PORTS, measured by icount_plugin.c, each call one interval.
//  - set: a configuration planned as the device plans it (Device::plan_configuration): bounded, on
//    the image's slice stack (A2A_FW_SLICE_STACK; 0: in one piece, the micro:bit), its
//    meter's tick a yield: every resume() of the SlicedCall is an interval. The board's
//    most faults (A2A_FW_PLAN_FAULTS) in the placements bench_planning plans, and one
//    switch of the relay planner's topologies in stages 1, n/2 and n-2.
//  - job: an exchange job (JobRunner) over the emulated fabric as the controller image
//    runs it (FabricDriver over a counting bus, read-back verification, output
//    monitors), a switch failing in the first, a middle and the last round: named by
//    the fabric (FAULT), or hidden (stuck, or dead: located from the outputs with test
//    rounds); every JobRunner::step() is an interval: the rounds, the recording of what
//    was delivered, the diagnosis, the re-plan and the resumed rounds. The emulated
//    fabric answers between the steps, outside the intervals (on the boards its
//    interrupt does).
// Each computation's intervals end with a "bench ..." line and a flush (count, min, max,
// total), paired in order by collect.py slices.
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>

#include "a2a/a2a.hpp"
#include "a2a/app/counting_bus.hpp"
#include "a2a/app/job_runner.hpp"
#include "a2a/app/sliced_call.hpp"
#include "a2a/board/board.h"
#include "a2a/board/console.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/config/device_planning.hpp"
#include "a2a/emulated/fabric_emulator.hpp"
#include "a2a/hal/hal.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "bench_configs.hpp"
#include "job_bench.hpp"
#include "icount_markers.h"

namespace {

using namespace a2a;
using board::println;

using namespace bench;  // the image's capacity, fabric, bus and slices (job_bench.hpp)

// One storage, as the image with one plan slot: the set's plans, then each job's re-plan
// (a job's first plan, the fault-free Latin square, needs none).
#if A2A_FW_PLAN_FAULTS == 0
SingleFaultPlanStorage<kPorts> g_storage;
#else
FaultPlanStorage<kPorts, A2A_FW_PLAN_FAULTS> g_storage;
#endif

ControllerConfig config(Topology t) { return bench::config(t, kPorts); }

struct Planning {
  const ControllerConfig* config{nullptr};
  PlanMeter meter{};
  bool ok{false};
  std::uint32_t rounds{0};
};
/// The plan, placed as the device places its own (Device::plan_configuration: no schedule-sized
/// temporary on the slice stack), so the slice stack holds the image's chain.
Result<AnySchedule> g_plan{Errc::fault_plan_storage_too_small};
void plan_body(void* context) {
  auto* p = static_cast<Planning*>(context);
  ::new (static_cast<void*>(&g_plan))
      Result<AnySchedule>(plan_exchange(*p->config, g_storage.span(), device_planning(&p->meter, p->config->ports)));
  p->ok = static_cast<bool>(g_plan);
  p->rounds = g_plan ? g_plan->rounds() : 0U;
}

/// Plans `c` as the device's check() does, every resume an interval.
void measure_set(const char* what, const ControllerConfig& c) {
  Planning p{&c, device_plan_meter(c.ports, &tick, nullptr)};
  if (!g_slices.start(&plan_body, &p)) return println("error: a sliced call is under way");
  std::uint32_t slices = 0;
  bool done = false;
  while (!done) {
    A2A_ICOUNT_START();
    done = g_slices.resume();
    A2A_ICOUNT_STOP();
    ++slices;
  }
  println("bench slices part=set class=", what, " topology=", name(c.topology), " N=", c.ports,
          " faults=", c.fault_count, " stage=", c.faults[0].stage, " ok=", p.ok ? 1U : 0U, " rounds=", p.rounds,
          " slices=", slices, " steps=", p.meter.steps());
  A2A_ICOUNT_FLUSH();
}

void planning() {
  for (Topology t : {Topology::baseline, Topology::banyan, Topology::reverse_baseline, Topology::reverse_banyan})
    for (const std::uint32_t s : std::array<std::uint32_t, 3>{1, kStages / 2, kStages - 2}) {
      ControllerConfig c = config(t);
      c.faults[c.fault_count++] = {static_cast<std::uint16_t>(s), static_cast<std::uint16_t>(kPorts / 4 + 3), false};
      measure_set("one", c);
    }
#if A2A_FW_PLAN_FAULTS > 0
  for (Topology t : {Topology::omega, Topology::baseline, Topology::banyan, Topology::reverse_banyan})
    for (std::uint32_t shift = 0; shift < 3; ++shift)
      measure_set("most", bench::most_faults(t, kPorts, A2A_FW_PLAN_FAULTS, shift));
#endif
}

/// A job on baseline at capacity whose switch (stage, sw) fails from round `from`:
/// every step an interval, the emulated fabric answering between them.
void measure_job(const char* kind, std::uint32_t stage, std::uint32_t sw, std::uint32_t from, hal::InjectedKind how) {
  static Driver fabric(g_counting);  // one driver: its ticket runs on across jobs, as the device's
  g_bus.serving = true;
  const ControllerConfig c = config(Topology::baseline);
  PlanMeter unmetered = device_plan_meter(c.ports);
  const Result<AnySchedule> plan = plan_exchange(c, g_storage.span(), device_planning(&unmetered, c.ports));
  if (!plan) return println("error: the fault-free plan failed");
  fabric.set_write_verification(true);
  if (fabric.probe() != Errc::ok || fabric.configure(plan->network(), false, false) != Errc::ok ||
      fabric.clear_injected_faults() != Errc::ok || fabric.clear_counters(1000) != Errc::ok)
    return println("error: the emulated fabric did not take the set-up");
  if (fabric.inject_fault(stage, sw, fabric.round_counter() + from, how) != Errc::ok)
    return println("error: injection refused");
  PlanMeter meter = device_replan_meter(c.ports, &tick, nullptr);
  const std::array<PlanStorageSpan, 1> replans{g_storage.span()};
  const app::JobResources resources{replans, g_bits, device_replanning(&meter), g_observation, &g_found, &g_slices};
  NoHooks hooks;
  g_bus.serving = false;
  static ConfiguredFabric configured;  // static: off a small board's stack
  configured = configured_fabric(c).value();
  app::JobRunner<Driver, NoHooks> job(fabric, configured, *plan, resources, hooks,
                                      app::ExchangeOptions{0, app::kDefaultRoundRetries, 1000});
  std::uint32_t steps = 0;
  app::JobEvent event = app::JobEvent::round_step;
  while (event != app::JobEvent::done && steps < 1000000) {
    A2A_ICOUNT_START();
    event = job.step();
    A2A_ICOUNT_STOP();
    ++steps;
    g_emulator.service(g_bus.raw);  // the fabric's answer, outside the intervals
  }
  const app::ExchangeReport& r = job.report();
  const bool delivered = r.error == Errc::ok && g_emulator.missing(kPorts) == 0 && g_emulator.tally().duplicates == 0;
  println("bench slices part=job kind=", kind, " topology=baseline N=", kPorts, " stage=", stage, " from=", from,
          " ok=", delivered ? 1U : 0U, " replans=", r.replans, " test_rounds=", r.test_rounds, " steps=", steps);
  A2A_ICOUNT_FLUSH();
}

void jobs() {
  const std::uint32_t last = kPorts - 1;  // the Latin square's last round
  for (const std::uint32_t from : std::array<std::uint32_t, 3>{0, kPorts / 2, last}) {
    measure_job("named", kStages / 2, kPorts / 4 + 3, from, hal::InjectedKind{false, 0, false});
    measure_job("hidden-stuck", 2, 5, from, hal::InjectedKind{true, 1, true});
  }
  measure_job("hidden-dead", kStages - 2, kPorts / 8 + 1, kPorts / 2, hal::InjectedKind{false, 0, true});
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ, " N=", kPorts, " plan_faults=", A2A_FW_PLAN_FAULTS,
          " slice_stack=", A2A_FW_SLICE_STACK);
  g_emulator.power_on(g_bus.raw);
  jobs();
  planning();
  println("bench done slice_stack_used=", g_slices.stack_used());
  return 0;
}
