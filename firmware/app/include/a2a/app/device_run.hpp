// `run`: one exchange on the fabric, from plan to the verdict of the fabric's
// counters (device.hpp includes it), by the direct round loop (run_job) or, with
// `set mode=lookahead`, by the board's slot timer (device_lookahead.hpp).
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (Device's exchanges: device.hpp declares the class and includes this at its end.)

#include "a2a/app/device_lookahead.hpp"

namespace a2a::app {

namespace detail {

/// Around every delivered round: the breadcrumb a reset would leave, the trace
/// line, the watchdog, and the slot pacing (a round is late when it ends after
/// its slot; the next round never starts before its slot does).
template <class Board, class Bus>
class DeviceRoundHooks {
 public:
  /// The exchange's clock starts here: construct right before the first round.
  DeviceRoundHooks(Board& board, Bus& bus, const DeviceKnobs& knobs, std::uint32_t crumb_round)
      : board_(&board), bus_(&bus), knobs_(knobs), crumb_round_(crumb_round), start_us_(board.micros()),
        writes_before_(bus.writes()) {}

  template <class S>
  void after_round(std::uint32_t r, const S& schedule, const typename S::Round& round) {
    board_->set_crumb(crumb_round_, r + 1);
    board_->feed_watchdog();
    if (knobs_.trace) {
      board_->print("round ", r, ": word ", round.word(), ", ", bus_->writes() - writes_before_, " register writes");
      const std::uint32_t ports = schedule.network().ports;
      if (ports <= kTracePortsUpTo) {
        board_->print(", sends");
        for (std::uint32_t i = 0; i < ports; ++i) {
          const PortSend s = schedule.send(round, i);
          if (s.sends) board_->print(" ", i, "->", s.destination);
        }
      }
      board_->print("\n");
    }
    writes_before_ = bus_->writes();
    if (knobs_.slot_us == 0 || !pace_) return;
    const std::uint64_t slot_end = end_of_slot(r);
    if (board_->micros() > slot_end) {
      ++late_;
      return;
    }
    while (board_->micros() < slot_end) board_->feed_watchdog();
  }
  [[nodiscard]] std::uint32_t late() const { return late_; }
  /// Off while the slot timer paces the rounds (look-ahead mode).
  void pace(bool on) { pace_ = on; }

 private:
  /// When round r's slot ends: slot r is [start + r T, start + (r + 1) T).
  [[nodiscard]] std::uint64_t end_of_slot(std::uint32_t r) const {
    return start_us_ + std::uint64_t{r + 1} * knobs_.slot_us;
  }
  static constexpr std::uint32_t kTracePortsUpTo = 16;  ///< wider networks: no per-port list
  Board* board_;
  Bus* bus_;
  DeviceKnobs knobs_;
  std::uint32_t crumb_round_;
  std::uint64_t start_us_;
  std::uint64_t writes_before_;
  std::uint32_t late_{0};
  bool pace_{true};
};

}  // namespace detail

template <DeviceBoard Board, std::uint32_t MaxPorts>
bool Device<Board, MaxPorts>::run_one(std::uint32_t index, std::uint32_t count) {
  if (!planned_ok_ || !(planned_for_ == config_)) {  // a refused set planned over it
    if (const Errc e = check(config_); e != Errc::ok) return fail("configuration refused: ", describe(e));
  }
  const AnySchedule& schedule = planned_;
  const bool lookahead = knobs_.mode == RunMode::lookahead;
  detail::GraySteps family = detail::GraySteps::none;
  // Look-ahead's refusals come before the fabric is touched (injections stay armed).
  if (lookahead && !lookahead_runs(schedule, family)) return false;
  Driver fabric(bus_);
  if (!prepare_fabric(fabric, schedule)) return false;
  print_exchange_line(index, count, schedule);

  board_->set_crumb(crumb::kExchangeRound, 0);
  board_->set_crumb(crumb::kExchange, crumb::kExchangeRunning);
  detail::DeviceRoundHooks<Board, Bus> hooks(*board_, bus_, knobs_, crumb::kExchangeRound);
  const std::uint64_t writes_at_start = bus_.writes();
  detail::LookaheadRun slots;  // the slot timer's part (look-ahead mode)
  if (lookahead) {
    if constexpr (SlotTimerBoard<Board>)
      slots = detail::lookahead_exchange<Layout>(*board_, bus_, fabric, family, config_, schedule, job_resources(),
                                                 hooks, knobs_.slot_us, board_->fabric_polls());
  } else {
    slots.report = run_job(fabric, config_, schedule, job_resources(), hooks,
                           ExchangeOptions{0, kDefaultRoundRetries, board_->fabric_polls()});
  }
  const ExchangeReport& report = slots.report;
  board_->set_crumb(crumb::kExchange, 0);
  if (report.replans != 0) planned_ok_ = false;  // a re-plan may have taken the plan's storage

  DeliveryTally c = fabric.counters();
  // A degraded plan leaves out the pairs no fault-free path or relay reaches.
  const std::uint64_t ports = schedule.network().ports;
  const std::uint64_t expected = ports * ports - report.left_out;
  c.count_missing(expected);
  // The slot interrupt's two stores a round count as the controller's writes too.
  const std::uint64_t writes = bus_.writes() - writes_at_start + 2 * std::uint64_t{slots.slots_written};
  print_summary(slots, c, expected, writes, hooks.late());
  print_what_happened(slots);
  // Copies a stopped plan left in relays' stores stay there (held); nothing else may.
  const bool exact = report.error == Errc::ok && c.delivered == expected && c.duplicates == 0 &&
                     c.relay_errors == 0 && c.left_in_store == report.stranded;
  record(report, c, expected, exact, hooks.late());
  if (report.error != Errc::ok) {
    return fail("exchange ", index + 1, " stopped in round ", report.failed_round, ": ", describe(report.error), "; ",
                report.messages_pending, " messages not delivered (fabric: ", c.missing, " pairs missing)");
  }
  if (!exact) return fail("the fabric's counters do not show every pair delivered exactly once");
  if (report.left_out != 0) {
    board_->print("verified by the fabric's counters: every deliverable pair delivered exactly once, ", report.left_out,
                  " pairs left out (degraded)\n");
  } else {
    board_->print("verified by the fabric's counters: every pair delivered exactly once\n");
  }
  return true;
}

/// Look-ahead mode's refusals (no slot period, no slot timer, rounds that change more
/// than one stage); `family`: how the rounds step when it runs.
template <DeviceBoard Board, std::uint32_t MaxPorts>
bool Device<Board, MaxPorts>::lookahead_runs(const AnySchedule& schedule, detail::GraySteps& family) {
  if (knobs_.slot_us == 0)
    return fail("look-ahead mode needs slot_us > 0 (the slot timer's period in microseconds); nothing was run");
  if constexpr (!SlotTimerBoard<Board>)
    return fail("this board has no slot timer for look-ahead mode; nothing was run");
  family = detail::gray_steps(schedule);
  if (family == detail::GraySteps::none)
    return fail("look-ahead mode runs only rounds that change one stage each (latin-square in gray order with "
                "d = 2^w, alternating), not ", a2a::name(schedule.kind()), " in ", order_name(), " order with d = ",
                schedule.network().radix, "; nothing was run (mode=direct runs it)");
  return true;
}

/// The fabric found, configured for the network, its counters cleared and the armed
/// injections handed to it (they are the fabric's from then on: `clear` repairs).
template <DeviceBoard Board, std::uint32_t MaxPorts>
bool Device<Board, MaxPorts>::prepare_fabric(Driver& fabric, const AnySchedule& schedule) {
  fabric.set_write_verification(true);  // a register that did not take is never committed
  if (const Errc e = fabric.probe(); e != Errc::ok) return fail("fabric block not recognised: ", describe(e));
  const bool relays = schedule.fault_tolerant() != nullptr;
  if (const Errc e = fabric.configure(schedule.network(), is_optical(schedule), relays); e != Errc::ok)
    return fail("fabric refused the network: ", describe(e));
  if (const Errc e = fabric.clear_counters(board_->fabric_polls()); e != Errc::ok)
    return fail("fabric did not clear its counters: ", describe(e));
  const std::uint32_t first_round = fabric.round_counter();
  for (std::uint32_t k = 0; k < injection_count_; ++k) {
    const Injection& in = injections_[k];
    if (const Errc e = fabric.inject_fault(in.stage, in.switch_index, first_round + in.round,
                                           hal::InjectedKind{in.stuck, in.state, in.hidden}, board_->fabric_polls());
        e != Errc::ok)
      return fail("inject ", in.stage, ":", in.switch_index, " refused by the fabric: ", describe(e));
  }
  injection_count_ = 0;
  return true;
}

template <DeviceBoard Board, std::uint32_t MaxPorts>
void Device<Board, MaxPorts>::print_exchange_line(std::uint32_t index, std::uint32_t count,
                                                  const AnySchedule& schedule) {
  const Network net = schedule.network();
  board_->print("exchange ", index + 1, "/", count, ": ", a2a::name(net.topology), ", N = ", net.ports, ", d = ",
                net.radix, ", ", net.stages, " stages; schedule ", a2a::name(schedule.kind()), ", ",
                order_name(), " order, ", schedule.rounds(), " rounds");
  if (knobs_.mode == RunMode::lookahead) board_->print("; look-ahead, a slot every ", knobs_.slot_us, " us");
  board_->print("\n");
}

template <DeviceBoard Board, std::uint32_t MaxPorts>
void Device<Board, MaxPorts>::print_summary(const detail::LookaheadRun& slots, const DeliveryTally& c,
                                            std::uint64_t expected, std::uint64_t writes, std::uint32_t late) {
  const ExchangeReport& report = slots.report;
  board_->print("summary: rounds ", report.rounds_run, "/", report.rounds_planned, ", register writes ", writes,
                ", pairs delivered ", c.delivered, "/", expected, ", missing ", c.missing, ", duplicates ",
                c.duplicates, ", misroutes ", c.misroutes, ", conflicts ", c.conflicts, ", crosstalk ", c.crosstalk,
                ", relayed ", c.relayed, ", relay errors ", c.relay_errors, ", held ", c.left_in_store,
                ", faulted rounds ", c.faulted_rounds, ", retries ", report.retries, ", late ", late,
                ", replans ", report.replans);
  if (knobs_.mode == RunMode::lookahead) board_->print(", underruns ", slots.underruns);
  board_->print("\n");
}

/// The paragraphs after the summary: pairs left out (degraded), the look-ahead's
/// hand-over, the faults the fabric marked and the re-plans around them.
template <DeviceBoard Board, std::uint32_t MaxPorts>
void Device<Board, MaxPorts>::print_what_happened(const detail::LookaheadRun& slots) {
  const ExchangeReport& report = slots.report;
  if (report.left_out != 0) {
    const UndeliverablePair& p = report.first_left_out;
    board_->print("degraded: ", report.left_out, " pairs left out, no fault-free path or relay reaches them; the first: (",
                  p.origin, ", ", p.destination, "), ",
                  p.reason == PairReach::cut_off_sender     ? "its origin reaches no output"
                  : p.reason == PairReach::cut_off_receiver ? "nothing reaches its destination"
                                                            : "no relay joins them",
                  "\n");
  }
  if (slots.handed_over)
    board_->print("look-ahead: stopped at round ", slots.handover_round, ": ", describe(slots.flagged),
                  "; the direct round loop took over from that round\n");
  print_located(report);
  if (!report.fault_found) return;
  board_->print("fault: the fabric marked switch ", report.fault_switch, " of stage ", report.fault_stage,
                " faulty in round ", report.fault_round, "; ");
  if (report.replans == 0) return board_->print("no schedule avoids it: ", describe(report.replan_error), "\n");
  board_->print("re-planned around it (fault-tolerant schedule), resumed without resending what was delivered\n");
  if (report.second_fault_found) {
    board_->print("fault: the fabric marked switch ", report.second_fault_switch, " of stage ",
                  report.second_fault_stage, " faulty in round ", report.second_fault_round, "; ");
    if (report.replan_error == Errc::ok)
      board_->print("re-planned around both, resumed without resending what was delivered\n");
    else
      board_->print("no schedule avoids it too: ", describe(report.replan_error), "\n");
  }
  if (report.stranded != 0)
    board_->print("fault: ", report.stranded,
                  " relayed copies the stopped plan left in relays' stores are held; their messages were sent "
                  "again from their origin\n");
}

/// The faults found from what the outputs received (the fabric did not name them), by
/// every stop of the exchange.
template <DeviceBoard Board, std::uint32_t MaxPorts>
void Device<Board, MaxPorts>::print_located(const ExchangeReport& report) {
  if (report.located_stops == 0 || report.located == nullptr) return;
  const LocatedFaults& found = *report.located;
  const bool explained = found.last_stop_found != 0;
  board_->print("fault: round ", report.located_round, " did not arrive as sent",
                explained ? "" : ", and no single switch or link explains it");
  if (found.count == 0) return board_->print("\n");
  board_->print(explained ? "; located " : "; the stops before it located ",
                found.exact ? "" : "(with a class the outputs cannot tell apart) ");
  for (std::uint32_t k = 0; k < found.count; ++k) {
    const FaultCandidate& f = found.faults[k];
    if (k != 0) board_->print(", ");
    if (f.kind == LocatedKind::dead_link)
      board_->print("the link behind stage ", f.stage, " on terminal ", f.index, " dead");
    else
      board_->print("switch ", f.index, " of stage ", f.stage,
                    f.kind == LocatedKind::dead_switch ? " dead" : f.state == 0 ? " stuck straight" : " stuck cross");
  }
  board_->print(", with ", found.test_rounds, " test round", found.test_rounds == 1 ? "" : "s", " (", report.located_stops,
                " stop", report.located_stops == 1 ? "" : "s", "); ");
  if (!explained) return board_->print("stopped there\n");
  if (report.replans == 0) return board_->print("no schedule avoids it: ", describe(report.replan_error), "\n");
  board_->print("re-planned around ", found.count == 1 ? "it" : "them", ", resumed without resending what was delivered\n");
}

/// What `status` reports of the last exchange.
template <DeviceBoard Board, std::uint32_t MaxPorts>
void Device<Board, MaxPorts>::record(const ExchangeReport& report, const DeliveryTally& c, std::uint64_t expected,
                                     bool exact, std::uint32_t late) {
  record_.exchanges += 1;
  record_.failed += exact ? 0U : 1U;
  record_.last_ok = exact;
  record_.rounds_run = report.rounds_run;
  record_.rounds_planned = report.rounds_planned;
  record_.delivered = c.delivered;
  record_.expected = expected;
  record_.duplicates = c.duplicates;
  record_.late = late;
  record_.replans = report.replans;
}

}  // namespace a2a::app
