// One all-to-all exchange as the device runs it: plan, drive every round
// through the fabric's registers, and when the fabric marks a switch faulty in
// the middle, re-plan around it and finish what is left.
//
// The outcome comes only from the fabric: STATUS per round (through the HAL's
// round loop, controller.hpp) and the fabric's delivery counters at the end. The
// controller never models the fabric itself; relayed messages carry their
// origin and final destination in the PORT_MESSAGE registers (relay mode).
//
// Re-planning: the fault-tolerant schedule (paper 004) around the switch the
// FAULT bitmap names, run as a ResumedSchedule that leaves out every message the
// rounds before the fault already delivered, so nothing is sent twice. A fault
// no schedule can avoid (first or last stage, a second fault, a network without
// a fault-tolerant design) stops the exchange with the count of messages not
// delivered.
#pragma once

#include <cstdint>

#include "a2a/any_schedule.hpp"
#include "a2a/app/controller.hpp"
#include "a2a/app/config_block.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// What one exchange did, for the summary line.
struct ExchangeReport {
  Errc error{Errc::ok};                ///< ok: every round ran; the counters say whether all arrived
  std::uint32_t rounds_run{0};         ///< rounds delivered (both plans together)
  std::uint32_t rounds_planned{0};     ///< rounds of the plan(s) that ran to their end or stop
  std::uint32_t failed_round{0};       ///< when error != ok: the round of the plan that stopped
  std::uint64_t messages_pending{0};   ///< when error != ok: messages not delivered
  std::uint32_t replans{0};            ///< re-plans around a switch found faulty
  bool fault_found{false};             ///< the fabric marked a switch faulty during the exchange
  std::uint32_t fault_stage{0};
  std::uint32_t fault_switch{0};
  std::uint32_t fault_round{0};        ///< round of the first plan in which it was found
  Errc replan_error{Errc::ok};         ///< why no schedule avoids the fault (when fault_found and error)
  std::uint32_t retries{0};
};

/// Runs `schedule` (planned from `config`) on a probed `fabric`; on a fault the
/// fabric locates, re-plans with `replan_storage` and resumes. `optical` as
/// is_optical(schedule). Hooks: after_round(r, schedule, round)
/// for every delivered round r (counted over both plans): pacing, watchdog, trace.
template <hal::FabricController Fabric, class Hooks>
ExchangeReport run_job(Fabric& fabric, const ControllerConfig& config, const AnySchedule& schedule,
                       RelayPlanSpan replan_storage, Hooks& hooks, const ExchangeOptions& options) {
  ExchangeReport report;
  const Network net = schedule.network();
  report.rounds_planned = schedule.rounds();
  const ExchangeOutcome first =
      run_exchange(fabric, schedule,
                   [&](std::uint32_t r, const AnySchedule::Round& round) { hooks.after_round(r, schedule, round); },
                   options);
  report.rounds_run = first.rounds_done;
  report.retries = first.retries;
  if (first.error == Errc::ok) return report;
  report.error = first.error;
  report.failed_round = first.rounds_done;
  report.messages_pending = first.messages_pending;
  if (!first.fault_located) return report;

  report.fault_found = true;
  report.fault_stage = first.faulty_stage;
  report.fault_switch = first.faulty_switch;
  report.fault_round = first.rounds_done;
  // The plan around the switch: the configuration's faults plus this one.
  ControllerConfig around = config;
  if (around.fault_count >= kMaxConfigFaults) {
    report.replan_error = Errc::config_too_many_faults;
    return report;
  }
  around.faults[around.fault_count++] = {static_cast<std::uint16_t>(first.faulty_stage),
                                         static_cast<std::uint16_t>(first.faulty_switch)};
  around.schedule = ScheduleKind::fault_tolerant;
  const Result<AnySchedule> next = plan_exchange(around, replan_storage);
  if (!next) {
    report.replan_error = next.error();
    return report;
  }
  if (const Errc e = fabric.configure(net, is_optical(*next), true); e != Errc::ok) {
    report.replan_error = e;
    return report;
  }
  ++report.replans;
  const std::uint32_t offset = first.rounds_done;  // the hooks count rounds over both plans
  const ResumedSchedule<AnySchedule, AnySchedule> resumed(schedule, first.rounds_done, *next);
  ExchangeOptions again = options;
  again.start_round = 0;
  const ExchangeOutcome second = run_exchange(
      fabric, resumed,
      [&](std::uint32_t r, const AnySchedule::Round& round) { hooks.after_round(offset + r, resumed, round); },
      again);
  report.rounds_planned = first.rounds_done + next->rounds();
  report.rounds_run = first.rounds_done + second.rounds_done;
  report.retries += second.retries;
  report.error = second.error;
  report.failed_round = second.rounds_done;
  report.messages_pending = second.messages_pending;
  if (second.error != Errc::ok && second.fault_located) report.replan_error = Errc::faults_not_supported;
  return report;
}

}  // namespace a2a::app
