// How a device plans around faults: metered, the same rule on a board and in the host
// tool (`a2a config encode|decode --board`), so the tool says exactly which blocks a
// board refuses and how many rounds it plans for the others.
//
// The host's default planning tries hundreds of variants of the fault planners and
// keeps the shortest plan: a fraction of a second on a PC, tens of seconds on a 25 MHz
// Cortex-M3 at N = 256, far beyond the watchdog. A device plans instead
//  - up to N = 64 (kDeviceSearchUpTo): the single-fault design with one numbering (one
//    internal faulty switch) and the few variants of the general planner in
//    kDeviceSearch, the shorter plan kept: within 5 % of the host's plan for one fault at
//    every position of every topology (docs/examples/device_search.cpp chose them and
//    checks it; docs/fault-tolerance.md has the table);
//  - above: bounded: one internal faulty switch by its single-fault design alone
//    (paper 004's closed forms on omega, reverse omega and GSEN 2^n, no search; one
//    numbering of the relay planner on baseline, banyan and their reverses), any other
//    fault set by one variant of the general planner, in one direction;
//  - with a PlanMeter: every planned round is a step, every step ticks (the device's
//    slices end there, or the watchdog is fed), and a search that passes
//    device_plan_steps(N) steps is refused (fault_plan_over_budget).
// docs/fault-tolerance.md ("Planning on a device") and docs/PERFORMANCE.md give the
// instructions this costs per board, worst case over fault positions.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/fault/plan_meter.hpp"

namespace a2a {

/// Planning steps a device allows per port and variant run: one variant plans at most
/// this many extra rounds (the host's planner allows kMaxFaultRoundsPerPort = 8 per port).
inline constexpr std::uint32_t kDevicePlanStepsPerPort = 4;

/// The largest N at which a device runs kDeviceSearch rather than one variant.
inline constexpr std::uint32_t kDeviceSearchUpTo = 64;

/// The general planner's variants a device runs up to kDeviceSearchUpTo ports: a greedy
/// weighted cover over every one-fault position at N = 16, 32 and 64 of the seven binary
/// topologies (dead, stuck straight, stuck cross) of "within 5 % of the host's plan",
/// the single-fault design's one numbering counted as run (docs/examples/device_search.cpp
/// derive). Late-binding variants (k % 16 >= 8) cost about 2.5 early-binding ones.
inline constexpr std::array<PlanVariant, 18> kDeviceSearch{{
    {50, true},
    {119, false},
    {94, true},
    {119, true},
    {92, false},
    {66, false},
    {66, true},
    {18, true},
    {55, false},
    {35, false},
    {120, false},
    {54, false},
    {8, true},
    {55, true},
    {83, true},
    {8, false},
    {56, true},
    {16, false},
}};

/// The runs a device's plan for N ports makes: kDeviceSearch's and the single-fault
/// design's up to kDeviceSearchUpTo, one above.
constexpr std::uint32_t device_plan_runs(std::uint32_t ports) {
  return ports <= kDeviceSearchUpTo ? static_cast<std::uint32_t>(kDeviceSearch.size()) + 1 : 1;
}
/// The steps a device's plan for N ports may take: kDevicePlanStepsPerPort a port and
/// run; up to kDeviceSearchUpTo as many as at that N (a step is O(N) work: fewer ports,
/// less work; baseline N = 16, whose relay planner lends regular rounds, needs 2.2 k).
constexpr std::uint32_t device_plan_steps(std::uint32_t ports) {
  const std::uint32_t per_run = ports <= kDeviceSearchUpTo ? kDeviceSearchUpTo : ports;
  return kDevicePlanStepsPerPort * per_run * device_plan_runs(ports);
}

/// The meter of a device's plan known in advance: the cap for N ports, `tick(context)`
/// every step.
constexpr PlanMeter device_plan_meter(std::uint32_t ports, PlanMeter::Tick tick = nullptr, void* context = nullptr) {
  return PlanMeter(device_plan_steps(ports), tick, context);
}
/// The meter of a device's re-plans (device_replanning): one run's cap, kDevicePlanStepsPerPort a port.
constexpr PlanMeter device_replan_meter(std::uint32_t ports, PlanMeter::Tick tick = nullptr, void* context = nullptr) {
  return PlanMeter(kDevicePlanStepsPerPort * ports, tick, context);
}

/// The planner options of a device's re-plans during an exchange (completions, the closed
/// forms of known_is_shorter), counting into `meter`: bounded, one variant, at every N
/// (they run beside the held rounds, which are few after a late fault).
constexpr FaultPlanOptions device_replanning(PlanMeter* meter) {
  FaultPlanOptions o;
  o.bounded = true;
  o.tries = 1;
  o.relay_numberings = 1;
  o.meter = meter;
  return o;
}

/// The planner options of a device's plan for N ports known in advance (the configured
/// faults: at `set`, at boot), counting into `meter` (restart() it per plan).
constexpr FaultPlanOptions device_planning(PlanMeter* meter, std::uint32_t ports) {
  FaultPlanOptions o = device_replanning(meter);
  if (ports <= kDeviceSearchUpTo) {
    o.bounded = false;
    o.tries = 0;
    o.variants = kDeviceSearch;
  }
  return o;
}

}  // namespace a2a
