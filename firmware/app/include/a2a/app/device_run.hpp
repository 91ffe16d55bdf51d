// `run`: exchanges on the fabric, each from plan to its verdict: the fabric's delivery
// counters, or the product's acknowledgements, or "unverified" where the fabric has
// neither (device.hpp includes it), by the exchange job (JobRunner, one step per
// poll(): the console is read between steps) or, with `set mode=lookahead`, by the
// board's slot timer (device_lookahead.hpp), handing over to the job at a flagged round.
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (Device's exchanges: device.hpp declares the class and includes this at its end.)

// Self-contained: included first, this brings the class in (device.hpp then includes
// this part at its end once more, passed over by #pragma once, and the members follow).
#include "a2a/app/device.hpp"

#include "a2a/app/device_lookahead.hpp"

namespace a2a::app {

/// Exchange `running_.index` of `running_.count`: the plan, look-ahead's refusals and
/// its slot-timer part, the fabric prepared, the job that poll() then steps (from the
/// first round, or from where look-ahead handed over). false: the reply ended with its
/// error line.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::start_exchange() {
  if (!planned_ok_ || !(planned_for_ == config_)) {    // a refused set, or a re-plan, planned over it
    start_planning(config_, AfterPlanning::exchange);  // planned again, in slices; the exchange follows
    (void)plan_in_one_piece();                         // without slices: the exchange starts now
    return true;
  }
  return prepare_fabric();
}

/// The exchange, once its configuration is planned again (a `stop` meanwhile ends the run).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::exchange_planned(Errc e) {
  if (e != Errc::ok) {
    error("configuration refused: ", describe(e));
    return end_run();
  }
  if (running_.stop_asked) return stopped_before_first_round();
  if (!prepare_fabric()) end_run();
}

/// `stop` came before the exchange's first round (while it was planned again or its
/// fabric prepared): nothing of it ran, the fabric is idle; the run's reply ends as a
/// stop's always does, with its error line (not counted in status: no round ran).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::stopped_before_first_round() {
  const std::uint64_t ports = planned().network().ports;
  end_run();
  error("exchange ", running_.index + 1, " stopped before its first round: ", describe(Errc::exchange_stopped), "; ",
        ports * ports, " messages not delivered");
}

/// start_exchange() with the plan in place: look-ahead's refusals, the fabric probed
/// and configured, then its first action started; poll() confirms each action
/// (prepare_step) and start_rounds() starts the rounds.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::prepare_fabric() {
  const AnySchedule& schedule = planned();
  detail::GraySteps family = detail::GraySteps::none;
  // Look-ahead's refusals come before the fabric is touched (injections stay armed).
  if (knobs_.mode == RunMode::lookahead && !lookahead_runs(schedule, family)) return false;
  Driver& fabric = access_.driver();
  if (!configure_fabric(fabric, schedule)) return false;
  Preparing& preparing = exchange_.template emplace<Preparing>();
  preparing.family = family;
  if constexpr (hal::FaultInjection<Driver>) preparing.first_round = fabric.round_counter();
  if constexpr (kCounted) {
    if (const Errc e = fabric.start_clear_counters(); e != Errc::ok) {
      exchange_.template emplace<std::monostate>();
      return fail("fabric did not clear its counters: ", describe(e));
    }
    preparing.action = Preparing::Action::clearing;
    preparing.polls_left = action_polls();
  }
  return true;
}

/// One step of an exchange's start: one read that confirms the fabric's action under
/// way (at most fabric_polls() of them), or the next action started. The armed
/// injections are the fabric's from then on (`clear` repairs).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
typename Device<Board, MaxPorts, Fabric>::Prepared Device<Board, MaxPorts, Fabric>::prepare_step(Preparing& p) {
  using Action = typename Preparing::Action;
  Driver& fabric = access_.driver();
  if (p.action != Action::none) {
    bool taken = false;
    if constexpr (kCounted) taken = p.action == Action::clearing && fabric.action_taken();
    if constexpr (hal::FaultInjection<Driver>)
      taken = taken || (p.action == Action::injecting && fabric.injection_taken());
    if (!taken && --p.polls_left != 0) return Prepared::waiting;
    if (!taken && p.action == Action::clearing) {
      (void)fail("fabric did not clear its counters: ", describe(Errc::fabric_timeout));
      return Prepared::failed;
    }
    if (!taken) {
      const Injection& in = injections_[p.injection];
      (void)fail("inject ", in.stage, ":", in.switch_index, " refused by the fabric: ", describe(Errc::fabric_timeout));
      return Prepared::failed;
    }
    if (p.action == Action::injecting) ++p.injection;
    p.action = Action::none;
  }
  if constexpr (hal::FaultInjection<Driver>) {
    if (p.injection < injection_count_) {
      const Injection& in = injections_[p.injection];
      if (const Errc e = fabric.start_inject_fault(in.stage, in.switch_index, p.first_round + in.round,
                                                   hal::InjectedKind{in.stuck, in.state, in.hidden});
          e != Errc::ok) {
        (void)fail("inject ", in.stage, ":", in.switch_index, " refused by the fabric: ", describe(e));
        return Prepared::failed;
      }
      p.action = Action::injecting;
      p.polls_left = action_polls();
      return Prepared::waiting;
    }
  }
  injection_count_ = 0;
  return Prepared::ready;
}

/// The exchange's rounds, once the fabric is prepared: its line, the round hooks, and
/// the job (or the look-ahead session of `family`).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::start_rounds(detail::GraySteps family) {
  const AnySchedule& schedule = planned();
  print_exchange_line(running_.index, running_.count, schedule);
  board_->set_crumb(crumb::kExchangeRound, 0);
  board_->set_crumb(crumb::kExchange, crumb::kExchangeRunning);
  Hooks& hooks = hooks_.emplace(*board_, access_, knobs_, crumb::kExchangeRound);
  running_.writes_at_start = access_.writes();
  running_.slots = {};  // the slot timer's part (look-ahead mode)
  running_.stop_asked = false;
  if (knobs_.mode == RunMode::lookahead) {
    start_lookahead(family, schedule, hooks);
    return;
  }
  start_job(hooks, 0);
}

/// The exchange job of the planned configuration from round `from`: it keeps the
/// network and faults the configuration describes (configured_fabric()), and adds each
/// fault it finds (a frame of its own: the set is not on the round loop's chain).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
typename Device<Board, MaxPorts, Fabric>::Job& Device<Board, MaxPorts, Fabric>::start_job(Hooks& hooks,
                                                                                          std::uint32_t from) {
  ConfiguredFabric fabric;
  (void)configured_fabric(planned_for_, fabric);  // planned_for_ was planned: it is valid
  ExchangeOptions options{from, kDefaultRoundRetries, board_->fabric_polls()};
  if constexpr (!kCounted) options.acknowledgements = acks_;  // counters verify a counting fabric
  return exchange_.template emplace<Job>(access_.driver(), fabric, planned(), job_resources(), hooks, options);
}

/// The look-ahead session of `family` (its slot timer starts with the first round).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::start_lookahead(detail::GraySteps family, const AnySchedule& schedule,
                                                      Hooks& hooks) {
  if constexpr (kLookahead) {
    const Network net = schedule.network();
    if (family == detail::GraySteps::alternating)
      exchange_.template emplace<AlternatingSession>(*board_, access_.bus(), AlternatingSchedule::make(net).value(),
                                                     hooks, knobs_.slot_us);
    else
      exchange_.template emplace<LatinSession>(
          *board_, access_.bus(), LatinSquareSchedule<>::make(net, RoundOrder::gray).value(), hooks, knobs_.slot_us);
  }
}

/// One step of the look-ahead session under way; true once the exchange has ended in
/// it. A flagged round hands over to the exchange job, which runs from that round on.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::step_lookahead() {
  if constexpr (kLookahead) {
    bool ended = false;
    if (LatinSession* s = std::get_if<LatinSession>(&exchange_); s != nullptr && s->step()) {
      s->finish(access_.driver(), running_.slots);
      ended = true;
    } else if (AlternatingSession* a = std::get_if<AlternatingSession>(&exchange_); a != nullptr && a->step()) {
      a->finish(access_.driver(), running_.slots);
      ended = true;
    }
    if (!ended) return false;
    if (!running_.slots.handed_over) return true;
    Job& job = start_job(*hooks_, running_.slots.handover_round);
    if (running_.stop_asked) job.request_stop();
    return false;  // the job goes on from the flagged round
  }
  return true;
}

/// One step of the exchange under way (poll()), none before the round's slot; at the
/// job's end, its verdict, then the next exchange of the run or the run's `ok`.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::step_exchange() {
  if (Preparing* preparing = std::get_if<Preparing>(&exchange_)) {
    const Prepared prepared = prepare_step(*preparing);
    if (prepared == Prepared::waiting) return;
    const detail::GraySteps family = preparing->family;
    exchange_.template emplace<std::monostate>();
    if (prepared == Prepared::failed) return end_run();  // the reply ended with its error line
    if (running_.stop_asked) return stopped_before_first_round();
    return start_rounds(family);
  }
  if (Job* job = std::get_if<Job>(&exchange_)) {
    if (board_->micros() < hooks_->not_before()) return;  // the slot pacing: a deadline, not a wait
    if (job->step() != JobEvent::done) return;
    running_.slots.report = job->report();  // over both loops after a hand-over
  } else if (exchange_.index() != 0 && !step_lookahead()) {
    return;  // the session goes on, or handed over to the job
  }
  const bool delivered = finish_exchange();
  exchange_.template emplace<std::monostate>();
  hooks_.reset();
  if (!delivered) return end_run();  // the run's reply ended with the error line
  if (++running_.index < running_.count) {
    // A stop that came in the exchange's last round: the next exchange does not start,
    // and the run's reply ends as a stop's always does (not with ok: the run is cut short).
    if (running_.stop_asked) return stopped_before_first_round();
    if (!start_exchange()) end_run();
    return;
  }
  end_run();
  ok();
}

/// The verdict of the exchange that ended, by the fabric's counters where it has them,
/// else by the acknowledgements (or none); false (after the error line) unless every
/// pair was delivered exactly once, as far as the verdict can tell.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::finish_exchange() {
  board_->set_crumb(crumb::kExchange, 0);
  record_.trace_dropped += hooks_->trace_dropped();
  // A wire injection is for one exchange: fired or not, it is disarmed here (one left
  // unfired is reported in what happened).
  if constexpr (WireInjectingBoard<Board>) {
    wire_.unfired = wire_.armed && board_->wire_fault_pending();
    if (wire_.armed) board_->clear_wire_faults();
    wire_.armed = false;
  }
  if (running_.slots.report.replans != 0) planned_ok_ = false;  // a re-plan may have taken the plan's storage
  if constexpr (kCounted) return verify_by_counters();
  return verify_by_acknowledgements();
}

/// The register writes of the exchange that ended. The slot interrupt's two stores a
/// round count as the controller's writes too.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
std::uint64_t Device<Board, MaxPorts, Fabric>::exchange_writes() const {
  return access_.writes() - running_.writes_at_start + 2 * std::uint64_t{running_.slots.slots_written};
}

/// The summary from the fabric's counters, what happened, the record for status.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::verify_by_counters() {
  const AnySchedule& schedule = planned();
  const detail::LookaheadRun& slots = running_.slots;
  const ExchangeReport& report = slots.report;
  DeliveryTally c = access_.driver().counters();
  // A degraded plan leaves out the pairs no fault-free path or relay reaches.
  const std::uint64_t ports = schedule.network().ports;
  const std::uint64_t expected = ports * ports - report.left_out;
  c.count_missing(expected);
  print_summary(slots, c, expected, exchange_writes(), hooks_->late());
  print_what_happened(slots);
  // Copies a stopped plan left in relays' stores stay there (held); nothing else may.
  const bool exact = report.error == Errc::ok && c.delivered == expected && c.duplicates == 0 && c.relay_errors == 0 &&
                     c.left_in_store == report.stranded;
  record(report, c, expected, exact, hooks_->late());
  if (report.error != Errc::ok) {
    return fail("exchange ", running_.index + 1, " stopped in round ", report.failed_round, ": ",
                describe(report.error), "; ", report.messages_pending, " messages not delivered (fabric: ", c.missing,
                " pairs missing)");
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

/// A fabric without delivery counters: the pairs sent (every round committed and
/// carried) and what the product's acknowledgements say of them; without a hook the
/// summary says the exchange ran unverified, and `ok` means exactly that.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::verify_by_acknowledgements() {
  const detail::LookaheadRun& slots = running_.slots;
  const ExchangeReport& report = slots.report;
  const Hooks& hooks = *hooks_;
  const std::uint64_t ports = planned().network().ports;
  const std::uint64_t expected = ports * ports - report.left_out;
  // Lost receipts end a job that ran every round exchange_unacknowledged: it did not stop.
  const bool stopped = report.error != Errc::ok && report.error != Errc::exchange_unacknowledged;
  const std::uint64_t pending = stopped ? report.messages_pending : 0;
  const std::uint64_t sent = pending < expected ? expected - pending : 0;
  const bool acked = acks_.set();
  board_->print("summary: rounds ", report.rounds_run, "/", report.rounds_planned);
  if constexpr (Access::kCountsWrites) board_->print(", register writes ", exchange_writes());
  board_->print(", pairs sent ", sent, "/", expected);
  if (acked)
    board_->print(", acknowledged ", report.acknowledged, ", lost ", report.lost);
  else
    board_->print(", unverified ", sent);
  board_->print(", retries ", report.retries, ", late ", hooks.late(), ", replans ", report.replans);
  if (report.replans != 0) board_->print(", stall_us ", report.standstill_us);
  if (hooks.trace_dropped() != 0) board_->print(", trace dropped ", hooks.trace_dropped());
  board_->print("\n");
  print_what_happened(slots);
  DeliveryTally c{};
  c.delivered = acked ? report.acknowledged : sent;
  const bool exact = !stopped && c.delivered == expected && report.lost == 0;
  record(report, c, expected, exact, hooks.late());
  if (stopped) {
    return fail("exchange ", running_.index + 1, " stopped in round ", report.failed_round, ": ",
                describe(report.error), "; ", report.messages_pending, " messages not delivered");
  }
  if (acked && !exact)
    return fail("the acknowledgements do not show every pair delivered exactly once: ", report.lost, " lost");
  const std::string_view pairs = report.left_out != 0 ? "every deliverable pair" : "every pair";
  if (acked)
    board_->print("verified by acknowledgements: ", pairs, " acknowledged exactly once");
  else
    board_->print("unverified: ", pairs, " sent in rounds committed and carried without error; ",
                  "no delivery counters or acknowledgements confirm what arrived");
  if (report.left_out != 0) board_->print(", ", report.left_out, " pairs left out (degraded)");
  board_->print("\n");
  return true;
}

/// Look-ahead mode's refusals (no slot period, no slot timer, rounds that change more
/// than one stage); `family`: how the rounds step when it runs.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::lookahead_runs(const AnySchedule& schedule, detail::GraySteps& family) {
  if constexpr (!Access::kBlock)
    return fail(
        "look-ahead mode needs the a2a block's slot ring; this device drives the product's fabric; "
        "nothing was run (mode=direct runs it)");
  if (config_.fabric != FabricBackend::a2a_block)
    return fail("look-ahead mode writes the a2a block's slot ring; fabric=", name(config_.fabric),
                " latches each round over its own wire: nothing was run (mode=direct runs it)");
  if (knobs_.slot_us == 0)
    return fail("look-ahead mode needs slot_us > 0 (the slot timer's period in microseconds); nothing was run");
  if constexpr (!SlotTimerBoard<Board>)
    return fail("this board has no slot timer for look-ahead mode; nothing was run");
  family = detail::gray_steps(schedule);
  if (family == detail::GraySteps::none)
    return fail(
        "look-ahead mode runs only rounds that change one stage each (latin-square in gray order with "
        "d = 2^w, alternating), not ",
        a2a::name(schedule.kind()), " in ", order_name(), " order with d = ", schedule.network().radix,
        "; nothing was run (mode=direct runs it)");
  return true;
}

/// The fabric found and configured for the network (writes, no waits).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::configure_fabric(Driver& fabric, const AnySchedule& schedule) {
  if constexpr (requires { fabric.set_write_verification(true); })
    fabric.set_write_verification(true);  // a register that did not take is never committed
  if constexpr (detail::ProbedFabric<Driver>) {
    if (const Errc e = fabric.probe(); e != Errc::ok) return fail("fabric not recognised: ", describe(e));
  }
  const bool relays = schedule.fault_tolerant() != nullptr;
  if constexpr (kSplit) fabric.use_switch_path(config_.fabric == FabricBackend::spi_chain);
  if (const Errc e = hal::configure_fabric(fabric, schedule.network(), is_optical(schedule), relays); e != Errc::ok)
    return fail("fabric refused the network: ", describe(e));
  if constexpr (kTimed) fabric.set_timing(hal::SwitchTiming{config_.settle_us, config_.guard_us});
  return true;
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_exchange_line(std::uint32_t index, std::uint32_t count,
                                                          const AnySchedule& schedule) {
  const Network net = schedule.network();
  board_->print("exchange ", index + 1, "/", count, ": ", a2a::name(net.topology), ", N = ", net.ports,
                ", d = ", net.radix, ", ", net.stages, " stages; schedule ", a2a::name(schedule.kind()));
  if (const std::string_view origin = stored_set_origin(net, schedule.kind()); !origin.empty())
    board_->print(" (", origin, ")");
  board_->print(", ", order_name(), " order, ", schedule.rounds(), " rounds");
  if (knobs_.mode == RunMode::lookahead) board_->print("; look-ahead, a slot every ", knobs_.slot_us, " us");
  if (config_.fabric != FabricBackend::a2a_block)
    board_->print("; switches on ", name(config_.fabric), ", settle ", config_.settle_us, " us, guard ",
                  config_.guard_us, " us");
  board_->print("\n");
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_summary(const detail::LookaheadRun& slots, const DeliveryTally& c,
                                                    std::uint64_t expected, std::uint64_t writes, std::uint32_t late) {
  const ExchangeReport& report = slots.report;
  board_->print("summary: rounds ", report.rounds_run, "/", report.rounds_planned, ", register writes ", writes,
                ", pairs delivered ", c.delivered, "/", expected, ", missing ", c.missing, ", duplicates ",
                c.duplicates, ", misroutes ", c.misroutes, ", conflicts ", c.conflicts, ", crosstalk ", c.crosstalk,
                ", relayed ", c.relayed, ", relay errors ", c.relay_errors, ", held ", c.left_in_store,
                ", faulted rounds ", c.faulted_rounds, ", retries ", report.retries, ", late ", late, ", replans ",
                report.replans);
  if (report.replans != 0) board_->print(", stall_us ", report.standstill_us);
  if (knobs_.mode == RunMode::lookahead) board_->print(", underruns ", slots.underruns);
  if (hooks_->trace_dropped() != 0) board_->print(", trace dropped ", hooks_->trace_dropped());
  board_->print("\n");
}

/// The paragraphs after the summary: pairs left out (degraded), the look-ahead's
/// hand-over, the faults the fabric marked and the re-plans around them.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_what_happened(const detail::LookaheadRun& slots) {
  const ExchangeReport& report = slots.report;
  if (report.left_out != 0) {
    const UndeliverablePair& p = report.first_left_out;
    board_->print("degraded: ", report.left_out,
                  " pairs left out, no fault-free path or relay reaches them; the first: (", p.origin, ", ",
                  p.destination, "), ",
                  p.reason == PairReach::cut_off_sender     ? "its origin reaches no output"
                  : p.reason == PairReach::cut_off_receiver ? "nothing reaches its destination"
                                                            : "no relay joins them",
                  "\n");
  }
  if (slots.handed_over)
    board_->print("look-ahead: stopped at round ", slots.handover_round, ": ", describe(slots.flagged),
                  "; the direct round loop took over from that round\n");
  print_located(report);
  print_named(report);
  if constexpr (requires(const Driver& d) { d.wire_fault(); }) {
    const hal::WireFault wire = access_.driver().wire_fault();
    if (report.error == Errc::bus_readback_mismatch && wire.place == hal::WireFault::Place::chain_element)
      board_->print("wire: round ", report.failed_round, ", the chain of stage ", wire.unit, ": element ", wire.index,
                    " read back different from what was shifted in\n");
    if (report.error == Errc::bus_readback_mismatch && wire.place == hal::WireFault::Place::chip_output)
      board_->print("wire: round ", report.failed_round, ", chip ", wire.unit, ": output ", wire.index,
                    " read back a select other than the one written\n");
    const std::string_view how = report.error == Errc::bus_timeout ? "a bus timeout"
                                 : report.error == Errc::bus_nack  ? "not acknowledged"
                                                                   : "a transport error";
    if (wire.place == hal::WireFault::Place::chain_transfer)
      board_->print("wire: round ", report.failed_round, ", chain ", wire.unit, ": its transfer did not complete (",
                    how, "); nothing of the round was latched\n");
    if (wire.place == hal::WireFault::Place::chip_transfer)
      board_->print("wire: round ", report.failed_round, ", chip ", wire.unit, ": the transfer for output ", wire.index,
                    " did not complete (", how, "); nothing of the round was latched\n");
  }
  if constexpr (WireInjectingBoard<Board>) {
    if (wire_.unfired)
      board_->print("injection not triggered: ", wire_.kind == WireInjection::timeout ? "the timeout" : "the read-back",
                    " armed on the chain of stage ", wire_.chain, " from round ", wire_.round,
                    ": the chain was not shifted from that round on in this exchange; nothing was injected\n");
  }
  if (report.stranded != 0)
    board_->print("fault: ", report.stranded,
                  " relayed copies the stopped plan left in relays' stores are held; their messages were sent "
                  "again from their origin\n");
}

/// The switches the fabric marked faulty (its FAULT bitmap), each with what was done:
/// every one but an unavoidable last was re-planned around.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_named(const ExchangeReport& report) {
  if (report.found == nullptr) return;
  const FoundFaults& found = *report.found;
  std::uint32_t named = 0;
  for (std::uint32_t k = 0; k < found.count; ++k) {
    const FoundFault& f = found.faults[k];
    if (!f.named_by_fabric) continue;
    board_->print("fault: the fabric marked switch ", f.fault.index, " of stage ", f.fault.stage, " faulty in round ",
                  f.round, "; ");
    const bool unavoided = k + 1 == found.count && report.replan_error != Errc::ok;
    if (unavoided)
      board_->print("no schedule avoids it", named == 0 ? "" : " too", ": ", describe(report.replan_error), "\n");
    else if (named == 0)
      board_->print("re-planned around it (fault-tolerant schedule), resumed without resending what was delivered\n");
    else
      board_->print("re-planned around ", named == 1 ? "both" : "all of them",
                    ", resumed without resending what was delivered\n");
    ++named;
  }
}

/// The faults found from what the outputs received (the fabric did not name them), by
/// every stop of the exchange.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_located(const ExchangeReport& report) {
  if (report.located_stops == 0 || report.found == nullptr) return;
  const FoundFaults& found = *report.found;
  const bool explained = found.last_stop_found != 0;
  const std::uint32_t located = found.count_named(false);
  board_->print("fault: round ", report.located_round, " did not arrive as sent",
                explained ? "" : ", and no single switch or link explains it");
  if (located == 0) return board_->print("\n");
  board_->print(explained ? "; located " : "; the stops before it located ",
                found.exact ? "" : "(with a class the outputs cannot tell apart) ");
  std::uint32_t listed = 0;
  for (std::uint32_t k = 0; k < found.count; ++k) {
    if (found.faults[k].named_by_fabric) continue;
    const FaultCandidate& f = found.faults[k].fault;
    if (listed++ != 0) board_->print(", ");
    if (f.kind == LocatedKind::dead_link)
      board_->print("the link behind stage ", f.stage, " on terminal ", f.index, " dead");
    else
      board_->print("switch ", f.index, " of stage ", f.stage,
                    f.kind == LocatedKind::dead_switch ? " dead"
                    : f.state == 0                     ? " stuck straight"
                                                       : " stuck cross");
  }
  board_->print(", with ", found.test_rounds, " test round", found.test_rounds == 1 ? "" : "s", " (",
                report.located_stops, " stop", report.located_stops == 1 ? "" : "s", "); ");
  if (!explained) return board_->print("stopped there\n");
  if (report.replans == 0) return board_->print("no schedule avoids it: ", describe(report.replan_error), "\n");
  board_->print("re-planned around ", located == 1 ? "it" : "them", ", resumed without resending what was delivered\n");
}

/// What `status` reports of the last exchange.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::record(const ExchangeReport& report, const DeliveryTally& c,
                                             std::uint64_t expected, bool exact, std::uint32_t late) {
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
