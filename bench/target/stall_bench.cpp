// The standstill a fault causes (docs/PERFORMANCE.md, "A fault's standstill"): an
// exchange job (JobRunner) at the board's capacity N = A2A_FW_MAX_PORTS over the
// emulated fabric, as the controller image runs it, a switch the fabric marks faulty in
// the first, a middle or the last round of the Latin square, on every binary topology;
// and the board's most faults: A2A_FW_PLAN_FAULTS - 1 configured (their plan in the
// first storage) and one more found. Only the steps from the one that met the fault
// (JobRunner::stalled()) to the one that committed the next round are intervals, each
// standstill a group (icount_plugin.c); the rest of the job runs uncounted, the
// emulated fabric answering between the steps (on a board its interrupt does).
// collect.py stall pairs each "bench stall ..." line with its groups.
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

// The image's plan storages: two where it has two or more slots (the configured plan's
// and the completion's), else one.
constexpr std::size_t kSlots = A2A_FW_PLAN_SLOTS >= 2 ? 2 : 1;
#if A2A_FW_PLAN_FAULTS == 0
std::array<SingleFaultPlanStorage<kPorts>, kSlots> g_storage;
#else
std::array<FaultPlanStorage<kPorts, A2A_FW_PLAN_FAULTS>, kSlots> g_storage;
#endif

Result<AnySchedule> g_plan{Errc::fault_plan_storage_too_small};

/// Which steps of a job are its standstills: each a run of consecutive steps [begin,
/// end). Learned by a first run of the job, measured by a second, identical one (the job
/// and the emulator are deterministic).
struct Standstills {
  static constexpr std::uint32_t kMax = 8;
  std::array<std::uint32_t, kMax> begin{};
  std::array<std::uint32_t, kMax> end{};
  std::uint32_t count{0};
  bool open{false};
  void note(std::uint32_t step, bool in_standstill, bool ends) {
    if (!in_standstill) return;
    if (!open && count < kMax) {
      begin[count] = step;
      open = true;
    }
    if (open && ends) {
      end[count++] = step + 1;
      open = false;
    }
  }
};

/// One job of `c` whose switch (stage, sw) the fabric marks faulty from round `from`;
/// `learn`: the standstill steps are recorded, else `measure`'s are bracketed.
app::ExchangeReport run_job(const ControllerConfig& c, std::uint32_t stage, std::uint32_t sw, std::uint32_t from,
                            Standstills* learn, const Standstills* measure, const char* what) {
  static Driver fabric(g_counting);
  g_bus.serving = true;
  g_emulator.power_on(g_bus.raw);  // the same start for both runs
  PlanMeter unmetered = device_plan_meter(c.ports);
  ::new (static_cast<void*>(&g_plan))
      Result<AnySchedule>(plan_exchange(c, g_storage[0].span(), device_planning(&unmetered, c.ports)));
  if (!g_plan) {
    println("error: the plan failed: ", describe(g_plan.error()));
    return {};
  }
  fabric.set_write_verification(true);
  if (fabric.probe() != Errc::ok || fabric.configure(g_plan->network(), false, true) != Errc::ok ||
      fabric.clear_injected_faults() != Errc::ok || fabric.clear_counters(1000) != Errc::ok ||
      fabric.inject_fault(stage, sw, fabric.round_counter() + from, hal::InjectedKind{false, 0, false}) != Errc::ok) {
    println("error: the emulated fabric did not take the set-up");
    return {};
  }
  PlanMeter meter = device_replan_meter(c.ports, &tick, nullptr);
  // The configured plan (if planned) in the first storage; the completions in the others.
  const FaultTolerantSchedule* configured = g_plan->fault_tolerant();
  const bool stored = configured != nullptr && configured->planned();
  std::array<PlanStorageSpan, kSlots> spans{};
  for (std::size_t k = 0; k < kSlots; ++k) spans[k] = g_storage[k].span();
  const std::span<const PlanStorageSpan> replans = stored && kSlots > 1
                                                       ? std::span<const PlanStorageSpan>(spans).subspan(1)
                                                       : std::span<const PlanStorageSpan>(spans);
  app::JobResources resources{replans, g_bits, device_replanning(&meter), g_observation, &g_found, &g_slices};
  if (stored && kSlots == 1) resources.schedule_storage = 0;
  NoHooks hooks;
  g_bus.serving = false;
  static ConfiguredFabric known_fabric;  // static: off a small board's stack
  known_fabric = configured_fabric(c).value();
  app::JobRunner<Driver, NoHooks> job(fabric, known_fabric, *g_plan, resources, hooks,
                                      app::ExchangeOptions{0, app::kDefaultRoundRetries, 1000});
  std::uint32_t steps = 0;
  std::uint32_t next = 0;  // measure: the standstill under way or next
  std::uint32_t stalls = 0;
  app::JobEvent event = app::JobEvent::round_step;
  while (event != app::JobEvent::done && steps < 4000000) {
    const bool bracket = measure != nullptr && next < measure->count && steps >= measure->begin[next];
    const bool before = job.stalled();
    const std::uint32_t met = job.faults_met();
    if (bracket) A2A_ICOUNT_START();
    event = job.step();
    if (bracket) A2A_ICOUNT_STOP();
    // A step of a standstill: the one that met a fault, and each while the rounds wait.
    if (learn != nullptr) learn->note(steps, before || job.stalled() || job.faults_met() != met, !job.stalled());
    ++steps;
    if (bracket && steps == measure->end[next]) {
      println("bench stall part=", what, " topology=", name(c.topology), " N=", kPorts, " faults=", c.fault_count + 1U,
              " from=", from, " k=", stalls++);
      A2A_ICOUNT_FLUSH();
      ++next;
    }
    g_emulator.service(g_bus.raw);
  }
  return job.report();
}

void measure(const char* what, const ControllerConfig& c, std::uint32_t stage, std::uint32_t sw, std::uint32_t from) {
  static Standstills standstills;
  standstills = {};
  (void)run_job(c, stage, sw, from, &standstills, nullptr, what);
  const app::ExchangeReport r = run_job(c, stage, sw, from, nullptr, &standstills, what);
  const bool delivered = r.error == Errc::ok && g_emulator.missing(kPorts) == 0 && g_emulator.tally().duplicates == 0;
  println("stall-job part=", what, " topology=", name(c.topology), " N=", kPorts, " faults=", c.fault_count + 1U,
          " from=", from, " ok=", delivered ? 1U : 0U, " rounds=", r.rounds_run, " planned=", g_plan->rounds(),
          " error=", describe(r.error));
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ, " N=", kPorts, " plan_faults=", A2A_FW_PLAN_FAULTS,
          " slots=", kSlots);
  constexpr Topology kTopologies[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                      Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan};
  for (const Topology t : kTopologies)
    for (const std::uint32_t from : std::array<std::uint32_t, 3>{0, kPorts / 2, kPorts - 1})
      measure("one", bench::config(t, kPorts), kStages / 2, kPorts / 4 + 3, from);
#if A2A_FW_PLAN_FAULTS > 1
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan})
    for (const std::uint32_t from : std::array<std::uint32_t, 3>{0, kPorts / 2, kPorts - 1})
      measure("most", bench::most_faults(t, kPorts, A2A_FW_PLAN_FAULTS - 1, 0), kStages - 2, kPorts / 8 + 1, from);
#endif
  println("bench done");
  return 0;
}
