// How a device plans around faults: bounded, metered, the same rule on a board and in
// the host tool (`a2a config encode|decode --board`), so the tool says exactly which
// blocks a board refuses and how many rounds it plans for the others.
//
// The host's default planning tries hundreds of variants of the fault planners and
// keeps the shortest plan: a fraction of a second on a PC, tens of seconds on a 25 MHz
// Cortex-M3 at N = 256, far beyond the watchdog. A device plans instead
//  - one internal faulty switch: by its single-fault design alone (paper 004's closed
//    forms on omega, reverse omega and GSEN 2^n, no search; one numbering of the relay
//    planner on baseline, banyan and their reverses);
//  - any other fault set: one variant of the general planner, in one direction;
//  - with a PlanMeter: every planned round is a step, every step feeds the watchdog,
//    and a search that passes kDevicePlanStepsPerPort * N steps is refused
//    (fault_plan_over_budget).
// docs/fault-tolerance.md ("Planning on a device") and docs/PERFORMANCE.md give the
// instructions this costs per board, worst case over fault positions.
#pragma once

#include <cstdint>

#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/fault/plan_meter.hpp"

namespace a2a {

/// Planning steps a device allows per port: one variant plans at most this many extra
/// rounds (the host's planner allows kMaxFaultRoundsPerPort = 8 per port).
inline constexpr std::uint32_t kDevicePlanStepsPerPort = 4;

/// The meter of a device's plan: the cap for N ports, `tick(context)` every step.
constexpr PlanMeter device_plan_meter(std::uint32_t ports, PlanMeter::Tick tick = nullptr, void* context = nullptr) {
  return PlanMeter(kDevicePlanStepsPerPort * ports, tick, context);
}

/// The planner options of a device, counting into `meter` (restart() it per plan).
constexpr FaultPlanOptions device_planning(PlanMeter* meter) {
  FaultPlanOptions o;
  o.bounded = true;
  o.tries = 1;
  o.relay_numberings = 1;
  o.meter = meter;
  return o;
}

}  // namespace a2a
