// One all-to-all exchange as the device runs it: plan, drive every round
// through the fabric's registers, and when the fabric marks a switch faulty in
// the middle, re-plan around it and finish what is left.
//
// The outcome comes only from the fabric: STATUS per round (through the HAL's
// round loop, controller.hpp) and the fabric's delivery counters at the end. The
// controller never models the fabric itself; relayed messages carry their
// origin and final destination in the PORT_MESSAGE registers (relay mode).
//
// Re-planning: the fault-tolerant schedule around the switch the FAULT bitmap
// names (and the configuration's faults and any found before), run so that it
// leaves out every message the rounds before already delivered (ResumedAfterHistory),
// so nothing is sent twice. A switch found faulty during a re-planned run is
// re-planned around again, up to kMaxReplans times, each plan in a storage of its
// own. A fault no schedule can avoid (first or last stage, a network without a
// fault-tolerant design, no storage left) stops the exchange with the count of
// messages not delivered.
#pragma once

#include <array>
#include <cstdint>
#include <span>

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
  std::uint64_t stranded{0};           ///< copies stopped plans left in relays' stores (held, resent from origin)
  std::uint64_t left_out{0};           ///< a degraded plan: the pairs it does not deliver (the last plan's)
  UndeliverablePair first_left_out{};  ///< the first of them, and why
  bool second_fault_found{false};      ///< a re-planned run found another faulty switch (the last one found:)
  std::uint32_t second_fault_stage{0};
  std::uint32_t second_fault_switch{0};
  std::uint32_t second_fault_round{0};  ///< counted over all plans
  std::uint32_t retries{0};
};

/// Messages a stopped plan left in relays' stores: relayed first hops in its rounds
/// before `rounds_done` whose forward had not come yet (each relayed message has one
/// first hop, from its origin, and one forward, from the relay). The next plan sends
/// them again from their origin, so the fabric ends with these copies held, never
/// delivered twice. O(rounds_done x N).
template <Schedule S>
[[nodiscard]] constexpr std::uint64_t stranded_in_stores(const S& schedule, std::uint32_t rounds_done) {
  std::uint64_t first_hops = 0;
  std::uint64_t forwards = 0;
  const std::uint32_t ports = schedule.network().ports;
  for (std::uint32_t r = 0; r < rounds_done && r < schedule.rounds(); ++r) {
    const typename S::Round round = schedule.round(r);
    for (std::uint32_t port = 0; port < ports; ++port) {
      const PortSend s = schedule.send(round, port);
      if (!s.sends) continue;
      if (s.message_origin(port) != port) {
        ++forwards;
      } else if (!completes_message(s)) {
        ++first_hops;
      }
    }
  }
  return first_hops - forwards;
}

/// The first switch the fabric marks faulty that `known` does not list yet (the FAULT
/// bitmap keeps the switches found before): into outcome's fault fields; false: none.
template <hal::FabricController Fabric>
constexpr bool locate_new_fault(Fabric& fabric, const Network& net, const ControllerConfig& known,
                                ExchangeOutcome& outcome) {
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    for (std::uint32_t sw = 0; sw < net.switches_per_stage(); ++sw) {
      bool listed = false;
      for (std::size_t f = 0; f < known.fault_count; ++f)
        listed = listed || (!known.faults[f].link && known.faults[f].stage == stage && known.faults[f].switch_index == sw);
      const Result<bool> faulty = fabric.switch_faulty(stage, sw);
      if (!listed && faulty && *faulty) {
        outcome.faulty_stage = stage;
        outcome.faulty_switch = sw;
        return true;
      }
    }
  }
  return false;
}

/// A degraded fault-tolerant plan's left-out pairs: how many, and the first.
constexpr void count_left_out(const AnySchedule& plan, ExchangeReport& report) {
  report.left_out = 0;
  report.first_left_out = {};
  const FaultTolerantSchedule* ft = plan.fault_tolerant();
  if (ft == nullptr || !ft->degraded()) return;
  report.first_left_out = ft->first_left_out();
  for (UndeliverablePair p = report.first_left_out; p.found; p = ft->next_left_out(p)) ++report.left_out;
}

/// Re-plans an exchange can make: each keeps its plan in a storage of its own, since
/// what the earlier plans delivered is read from them while the next one runs.
inline constexpr std::size_t kMaxReplans = 2;

/// What the plans run so far delivered: each plan and the rounds of it that ran.
class DeliveredHistory {
 public:
  constexpr void add(const AnySchedule& plan, std::uint32_t rounds_done) {
    plans_[count_] = &plan;
    done_[count_] = rounds_done;
    ++count_;
  }
  /// Whether message (origin, final) arrived in one of them. A plan's own rounds are
  /// asked unfiltered: a message it left out because an earlier one delivered it is
  /// found in that earlier one all the same.
  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_destination) const {
    for (std::size_t k = 0; k < count_; ++k)
      if (delivered_before(*plans_[k], done_[k], origin, final_destination)) return true;
    return false;
  }

 private:
  std::array<const AnySchedule*, kMaxReplans + 1> plans_{};
  std::array<std::uint32_t, kMaxReplans + 1> done_{};
  std::size_t count_{0};
};

/// The rounds of `next` minus every message the history delivered (those ports idle):
/// ResumedSchedule over any number of earlier plans.
class ResumedAfterHistory {
 public:
  using Round = AnySchedule::Round;
  constexpr ResumedAfterHistory(const DeliveredHistory& history, const AnySchedule& next)
      : history_(&history), next_(&next) {}
  [[nodiscard]] constexpr Network network() const { return next_->network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return next_->rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return next_->round(r); }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t port) const {
    const PortSend s = next_->send(round, port);
    if (s.sends && history_->delivered(s.message_origin(port), s.message_final())) return {};
    return s;
  }
  [[nodiscard]] constexpr bool optical() const { return next_->optical(); }

 private:
  const DeliveredHistory* history_;
  const AnySchedule* next_;
};

/// Runs `schedule` (planned from `config`) on a probed `fabric`; each time the fabric
/// locates a faulty switch, re-plans around it and every fault before it (one
/// `replan_storage` each, at most kMaxReplans) and resumes, sending nothing twice.
/// `optical` as is_optical(schedule). Hooks: after_round(r, schedule, round)
/// for every delivered round r (counted over all plans): pacing, watchdog, trace.
template <hal::FabricController Fabric, class Hooks>
ExchangeReport run_job(Fabric& fabric, const ControllerConfig& config, const AnySchedule& schedule,
                       std::span<const RelayPlanSpan> replan_storage, Hooks& hooks, const ExchangeOptions& options) {
  ExchangeReport report;
  const Network net = schedule.network();
  report.rounds_planned = schedule.rounds();
  count_left_out(schedule, report);
  const ExchangeOutcome first =
      run_exchange(fabric, schedule,
                   [&](std::uint32_t r, const AnySchedule::Round& round) { hooks.after_round(r, schedule, round); },
                   options);
  report.rounds_run = first.rounds_done;
  report.retries = first.retries;
  report.error = first.error;
  report.failed_round = first.rounds_done;
  report.messages_pending = first.messages_pending;
  if (first.error == Errc::ok || !first.fault_located) return report;

  report.fault_found = true;
  report.fault_stage = first.faulty_stage;
  report.fault_switch = first.faulty_switch;
  report.fault_round = first.rounds_done;
  report.stranded = stranded_in_stores(schedule, first.rounds_done);
  DeliveredHistory history;
  history.add(schedule, first.rounds_done);
  std::array<AnySchedule, kMaxReplans> plans{};
  ControllerConfig around = config;  // the configuration's faults plus each one found
  ExchangeOutcome last = first;
  std::uint32_t offset = first.rounds_done;  // the hooks count rounds over all plans
  for (std::size_t k = 0; last.error != Errc::ok && last.fault_located; ++k) {
    if (k == kMaxReplans || k >= replan_storage.size()) {
      report.replan_error = Errc::fault_plan_storage_too_small;  // no storage left for another plan
      return report;
    }
    if (around.fault_count >= kMaxConfigFaults) {
      report.replan_error = Errc::config_too_many_faults;
      return report;
    }
    // The fabric still marks the switches found before: re-plan around the new one.
    if (!locate_new_fault(fabric, net, around, last)) {
      report.replan_error = Errc::faults_not_supported;  // flagged where no new switch is marked
      return report;
    }
    around.faults[around.fault_count++] = {static_cast<std::uint16_t>(last.faulty_stage),
                                           static_cast<std::uint16_t>(last.faulty_switch), false};
    around.schedule = ScheduleKind::fault_tolerant;
    const Result<AnySchedule> next = plan_exchange(around, replan_storage[k]);
    if (!next) {
      report.replan_error = next.error();
      return report;
    }
    plans[k] = *next;
    count_left_out(plans[k], report);
    if (const Errc e = fabric.configure(net, is_optical(plans[k]), true); e != Errc::ok) {
      report.replan_error = e;
      return report;
    }
    ++report.replans;
    const ResumedAfterHistory resumed(history, plans[k]);
    ExchangeOptions again = options;
    again.start_round = 0;
    last = run_exchange(
        fabric, resumed,
        [&](std::uint32_t r, const AnySchedule::Round& round) { hooks.after_round(offset + r, resumed, round); },
        again);
    report.rounds_planned = offset + plans[k].rounds();
    report.rounds_run = offset + last.rounds_done;
    report.retries += last.retries;
    report.error = last.error;
    report.failed_round = last.rounds_done;
    report.messages_pending = last.messages_pending;
    if (last.fault_located) {
      report.stranded += stranded_in_stores(resumed, last.rounds_done);
      report.second_fault_found = true;
      if (locate_new_fault(fabric, net, around, last)) {
        report.second_fault_stage = last.faulty_stage;
        report.second_fault_switch = last.faulty_switch;
      }
      report.second_fault_round = report.rounds_run;
    }
    history.add(plans[k], last.rounds_done);
    offset += last.rounds_done;
  }
  return report;
}

/// One re-plan at most, into `replan_storage`.
template <hal::FabricController Fabric, class Hooks>
ExchangeReport run_job(Fabric& fabric, const ControllerConfig& config, const AnySchedule& schedule,
                       RelayPlanSpan replan_storage, Hooks& hooks, const ExchangeOptions& options) {
  const RelayPlanSpan one[] = {replan_storage};
  return run_job(fabric, config, schedule, std::span<const RelayPlanSpan>(one), hooks, options);
}

}  // namespace a2a::app
