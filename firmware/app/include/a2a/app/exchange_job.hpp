// One all-to-all exchange as the device runs it: plan, drive every round
// through the fabric's registers, and when the fabric marks a switch faulty in
// the middle, re-plan around it and finish what is left. This header holds the
// job's parts (what it remembers, how it re-plans and diagnoses); JobRunner
// (job_runner.hpp) runs them one bounded step at a time, run_job() to the end.
//
// The outcome comes only from the fabric: STATUS per round (through the HAL's
// round loop, round_runner.hpp) and the fabric's delivery counters at the end. The
// controller never models the fabric itself; relayed messages carry their
// origin and final destination in the PORT_MESSAGE registers (relay mode).
//
// Re-planning (job_runner.hpp, held_rounds.hpp): from the round that showed a fault the
// rounds go on with the paths it blocks held, and the completion of what they hold is
// planned beside them (completion_planner.hpp), every held message carried on from where
// it is; nothing is sent twice. What a diagnosed stop's round delivered in part is one bit
// per (origin, destination) in the caller's storage (N^2 / 8 bytes, DeliveredMessages),
// asked in O(1) per message. A fault no schedule can avoid (first or last stage without
// degraded mode, a network without a fault-tolerant design, more faults than the storage
// holds) stops the exchange with the count of messages not delivered.
#pragma once

#include <array>
#include <cstdint>
#include <new>
#include <span>
#include <type_traits>

#include "a2a/any_schedule.hpp"
#include "a2a/app/controller.hpp"
#include "a2a/app/sliced_call.hpp"
#include "a2a/app/fault_diagnosis.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// A fault an exchange found: named by the fabric (its FAULT bitmap marked the switch:
/// a dead switch) or located from what the outputs received (a diagnosis).
struct FoundFault {
  FaultCandidate fault{};
  std::uint32_t round{0};  ///< the round of the stop that found it, counted over all plans
  bool named_by_fabric{false};
};

/// Every fault an exchange found, in the order found, in one list (JobResources::found;
/// the report points at it), and what its diagnoses cost.
struct FoundFaults {
  std::array<FoundFault, kMaxConfigFaults> faults{};
  std::uint32_t count{0};
  std::uint32_t test_rounds{0};      ///< test rounds all diagnoses ran
  bool exact{true};                  ///< every located fault alone in its class
  std::uint32_t last_stop_found{0};  ///< faults the last diagnosed stop found (0: nothing explains it)
  constexpr void add(const FaultCandidate& f, std::uint32_t round, bool named_by_fabric) {
    if (count < faults.size()) faults[count++] = {f, round, named_by_fabric};
  }
  /// How many the fabric named (or, false: the diagnoses located).
  [[nodiscard]] constexpr std::uint32_t count_named(bool named_by_fabric) const {
    std::uint32_t n = 0;
    for (std::uint32_t k = 0; k < count; ++k) n += faults[k].named_by_fabric == named_by_fabric ? 1U : 0U;
    return n;
  }
};

/// What one exchange did, for the summary line.
struct ExchangeReport {
  /// ok: every round ran, the counters say whether all arrived; exchange_unacknowledged:
  /// every round ran, `lost` hops not acknowledged (the options' acknowledgements)
  Errc error{Errc::ok};
  std::uint32_t rounds_run{0};        ///< rounds delivered, over every plan
  std::uint32_t rounds_planned{0};    ///< rounds_run at the last stop plus the rounds known after it
  std::uint32_t failed_round{0};      ///< when error != ok: the round it stopped in (= rounds_run)
  std::uint64_t messages_pending{0};  ///< when error != ok: messages not delivered
  std::uint32_t replans{0};           ///< faults planned around (each: held rounds, then a completion)
  /// The longest standstill a fault caused: from the round that showed it (or the end of
  /// the rounds that held its messages) to the next round committed, in the hooks' micros().
  std::uint64_t standstill_us{0};
  Errc replan_error{Errc::ok};         ///< why no schedule avoids the last fault found (then error != ok)
  std::uint64_t stranded{0};           ///< copies a diagnosed round left in relays' stores (held, resent from origin)
  std::uint64_t left_out{0};           ///< a degraded plan: the pairs it does not deliver (the last plan's)
  UndeliverablePair first_left_out{};  ///< the first of them, and why
  std::uint32_t retries{0};
  /// Every fault found, named by the fabric or located from the outputs, in the order
  /// found: in JobResources::found (a report stays small: boards' stacks); null: none kept.
  const FoundFaults* found{nullptr};
  std::uint32_t located_round{0};  ///< the last stop no FAULT bit explained, counted over all plans
  std::uint32_t located_stops{0};  ///< stops diagnosed from the outputs
  std::uint32_t test_rounds{0};    ///< test rounds all diagnoses ran
  std::uint32_t acknowledged{0};   ///< with acknowledgements: hops whose receipts named their origin, over every plan
  std::uint32_t lost{0};           ///<   and those whose did not
};

/// Adds the switch the round runner found newly marked faulty (the one FAULT read
/// passed over the switches `around` lists already) to `around`: faults_not_supported
/// when the stop was flagged where no new switch is marked, config_too_many_faults when
/// the set is full.
template <std::size_t Capacity>
constexpr Errc add_found_fault(FaultSet<Capacity>& around, const ExchangeOutcome& last) {
  if (!last.fault_located) return Errc::faults_not_supported;
  if (around.size() >= Capacity) return Errc::config_too_many_faults;
  return around.add(SwitchFault{last.faulty_stage, last.faulty_switch});
}

/// A switch the fabric marked faulty in `round` (counted over all plans), into the list.
constexpr void note_named_fault(FoundFaults* found, std::uint32_t stage, std::uint32_t sw, std::uint32_t round) {
  if (found != nullptr) found->add({LocatedKind::dead_switch, stage, sw, 0}, round, true);
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

/// The messages the plans run so far delivered: one bit per ordered pair (origin,
/// final destination), origin-major, in the caller's storage (words_for(N) words:
/// N^2 / 8 bytes, 8 KiB at N = 256). No heap, no table of rounds.
class DeliveredMessages {
 public:
  [[nodiscard]] static constexpr std::size_t words_for(std::uint32_t ports) {
    return (std::size_t{ports} * ports + 31) / 32;
  }
  /// Clears the bits of N ports; false when `words` is too small for them.
  constexpr bool start(std::span<std::uint32_t> words, std::uint32_t ports) {
    if (words.size() < words_for(ports)) return false;
    words_ = words.first(words_for(ports));
    ports_ = ports;
    for (std::uint32_t& w : words_) w = 0;
    return true;
  }
  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_destination) const {
    const std::size_t bit = std::size_t{origin} * ports_ + final_destination;
    return ((words_[bit / 32] >> (bit % 32)) & 1U) != 0;
  }
  /// Marks what rounds 0 .. rounds_done - 1 of `plan` delivered (the plan as it ran: a
  /// resumed plan asks these bits, which only grow, so it reads them as it ran). One pass,
  /// O(rounds_done x N); `meter` ticks once per round (a device feeds its watchdog).
  /// Returns the copies those rounds left in relays' stores: relayed first hops whose
  /// forward had not come yet (the next plan sends them again from their origin, so
  /// the fabric ends with them held, never delivered twice).
  template <Schedule S>
  constexpr std::uint64_t record(const S& plan, std::uint32_t rounds_done, PlanMeter* meter) {
    std::uint64_t first_hops = 0;
    std::uint64_t forwards = 0;
    for (std::uint32_t r = 0; r < rounds_done && r < plan.rounds(); ++r) {
      a2a::detail::replay_step(meter);
      const typename S::Round round = plan.round(r);
      for (std::uint32_t port = 0; port < ports_; ++port) {
        port_checkpoint(meter, port);
        const PortSend s = plan.send(round, port);
        if (!s.sends) continue;
        const std::uint32_t origin = s.message_origin(port);
        if (origin != port) ++forwards;
        if (!completes_message(s)) {
          ++first_hops;
          continue;
        }
        const std::size_t bit = std::size_t{origin} * ports_ + s.message_final();
        words_[bit / 32] |= std::uint32_t{1} << (bit % 32);
      }
    }
    return first_hops - forwards;
  }

  /// Round r of `plan` stopped with its arrivals in `observed` (by input port): marks the
  /// messages whose last hop arrived where it was sent. Returns how the copies in relays'
  /// stores changed: + first hops that arrived (held; their messages go again from their
  /// origin), - forwards that arrived (out of the store).
  template <Schedule S>
  constexpr std::int64_t mark_arrived(const S& plan, std::uint32_t r, std::span<const std::uint16_t> observed,
                                      const PlanMeter* meter = nullptr) {
    std::int64_t stores = 0;
    const typename S::Round round = plan.round(r);
    for (std::uint32_t port = 0; port < ports_; ++port) {
      port_checkpoint(meter, port);
      const PortSend s = plan.send(round, port);
      if (!s.sends || observed[port] != s.destination) continue;
      const std::uint32_t origin = s.message_origin(port);
      if (origin != port) --stores;
      if (!completes_message(s)) {
        ++stores;
        continue;
      }
      const std::size_t bit = std::size_t{origin} * ports_ + s.message_final();
      words_[bit / 32] |= std::uint32_t{1} << (bit % 32);
    }
    return stores;
  }

 private:
  /// A send through a schedule costs up to hundreds of instructions (a fault-tolerant
  /// round's relays): a checkpoint of the meter every kPortsPerCheckpoint ports.
  static constexpr void port_checkpoint(const PlanMeter* meter, std::uint32_t port) {
    if (port % kPortsPerCheckpoint == kPortsPerCheckpoint - 1) a2a::detail::checkpoint(meter);
  }
  std::span<std::uint32_t> words_{};
  std::uint32_t ports_{0};
};

/// The rounds of `next` minus every message the plans before delivered (those ports
/// idle), over any number of earlier plans, O(1) per message (by the history of
/// what arrived, not by replaying the rounds as the tests' ResumedSchedule does).
class ResumedAfterHistory {
 public:
  using Round = AnySchedule::Round;
  constexpr ResumedAfterHistory(const DeliveredMessages& history, const AnySchedule& next)
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
  const DeliveredMessages* history_;
  const AnySchedule* next_;
};

/// What a job may use besides the fabric: storage for the re-plans (taken in turn; a
/// plan that is running is never overwritten: the one before is in the bits by then;
/// the schedule the job was given may be), for the delivered-message bits (DeliveredMessages::words_for(N)
/// words), and how to plan (a device: bounded, its meter feeding the watchdog).
struct JobResources {
  std::span<const PlanStorageSpan> replan_storage{};
  std::span<std::uint32_t> delivered_bits{};
  FaultPlanOptions planning{};
  /// N entries: what the outputs received in a stopped round, by input port (fault
  /// diagnosis on a fabric with monitors; empty: faults the fabric does not name stop the job).
  std::span<std::uint16_t> observation{};
  FoundFaults* found{nullptr};  ///< every fault the job finds, named or located (cleared when it starts)
  /// Where a recovery (recording, diagnosis, re-planning) runs in slices, each ending at
  /// a tick of planning.meter that yields (sliced_call.hpp); null: each in one step.
  SlicedCall* slices{nullptr};
  /// Which of replan_storage the job's schedule itself is planned in (kNoStorage: none of
  /// them): a completion is never planned into the storage of the plan that runs.
  std::size_t schedule_storage{kNoStorage};
  static constexpr std::size_t kNoStorage = ~std::size_t{0};
};

namespace detail {

/// A stop no FAULT bit explains (ExchangeOutcome::unnamed_fault), in round
/// `last.rounds_done` of `running`: what its outputs received (when the round ran clean,
/// the arrivals that went where they were sent are delivered: into `history`), then the
/// faults behind it, added to `around` (diagnose(), fault_diagnosis.hpp).
template <hal::FabricController Fabric, hal::ControlledSchedule S, std::size_t Capacity>
[[gnu::noinline]] Errc diagnose_stop(Fabric& fabric, const S& running, const ExchangeOutcome& last,
                                     std::uint32_t offset, const JobResources& resources, std::uint32_t max_polls,
                                     FaultSet<Capacity>& around, DeliveredMessages& history, ExchangeReport& report) {
  if constexpr (!hal::OutputMonitors<Fabric>) {
    return Errc::faults_not_supported;
  } else {
    const Network net = running.network();
    if (resources.observation.size() < net.ports) return Errc::fault_plan_storage_too_small;
    const std::span<std::uint16_t> observed = resources.observation.first(net.ports);
    A2A_TRY(observe_round(fabric, running, last.rounds_done, observed, resources.planning.meter));
    if (last.error == Errc::fabric_round_incomplete) {
      const std::int64_t stores = history.mark_arrived(running, last.rounds_done, observed, resources.planning.meter);
      report.stranded = static_cast<std::uint64_t>(static_cast<std::int64_t>(report.stranded) + stores);
    }
    if (resources.found == nullptr) return Errc::fault_plan_storage_too_small;
    FoundFaults& found = *resources.found;  // what every stop of this job found
    const std::uint32_t allowance = test_round_allowance(net);
    const LocatedFaults stop =
        diagnose(fabric, running, last.rounds_done, around.view(), observed, max_polls, resources.planning.meter,
                 report.test_rounds < allowance ? allowance - report.test_rounds : 0U);
    report.located_round = offset + last.rounds_done;
    report.located_stops += 1;
    report.test_rounds += stop.test_rounds;
    found.test_rounds += stop.test_rounds;
    found.last_stop_found = stop.count;
    if (stop.count == 0) return Errc::faults_not_supported;
    found.exact = found.exact && stop.exact;
    for (std::uint32_t k = 0; k < stop.count; ++k) {
      if (around.size() >= Capacity) return Errc::config_too_many_faults;
      const FaultCandidate& f = stop.faults[k];
      found.add(f, report.located_round, false);
      A2A_TRY(f.kind == LocatedKind::dead_link      ? around.add(LinkFault{f.stage, f.index})
              : f.kind == LocatedKind::stuck_switch ? around.add(StuckFault{f.stage, f.index, f.state})
                                                    : around.add(SwitchFault{f.stage, f.index}));
    }
    return Errc::ok;
  }
}

}  // namespace detail

}  // namespace a2a::app
