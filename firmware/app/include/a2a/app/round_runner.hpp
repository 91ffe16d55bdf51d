// The round loop as a runner that never waits: RoundRunner::step() does one
// bounded piece of an exchange (program and commit a round, read STATUS once,
// check a delivered round's outputs, count one round of what a stop left) and
// says what happened, so the caller decides what runs in between: a timer
// interrupt, an RTOS task, a super-loop with other duties. run_exchange() is the
// same runner stepped to its end, for a caller that wants to block.
//
// A round counts as delivered only when the fabric reports it done and clean.
// A round that fails is retried a bounded number of times (max_retries), each
// retry re-programming the whole round, because every failure here leaves that
// round undelivered:
//  - a register whose read-back differs (read-back verification on): nothing
//    was committed, the fabric still runs the previous configuration;
//  - a commit that stays busy for max_polls STATUS reads: the runner ABORTs it
//    (nothing of an aborted round is delivered) and reads STATUS again, up to
//    max_polls more times; if the round completed cleanly just before the abort
//    it is delivered and not sent again;
//  - a round flagged by the fabric (conflict, crosstalk, faulty switch,
//    misroute): receivers discard a flagged round, so sending it again does not
//    duplicate anything. If the fabric's FAULT bitmap names a faulty switch the
//    fault is persistent: no retry, the switch is reported for re-planning. The
//    bitmap keeps the switches marked before: those the caller knows (options.known)
//    are passed over, so one read of FAULT names the new one.
// When the retries run out the runner stops cleanly and reports the round, the
// count of messages not yet delivered, and (if found) the faulty switch. Running
// again with start_round = that round resumes the exchange without resending
// what was delivered. On a fabric without delivery counters the product's
// acknowledgements (ExchangeOptions::acknowledgements, acknowledgements.hpp) verify
// each delivered round pair by pair. Every step is bounded: see docs/reliability.md.
#pragma once

#include <bit>
#include <cstdint>

#include "a2a/app/acknowledgements.hpp"
#include "a2a/app/round_programmer.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/limits.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Upper bound on STATUS reads per round before the controller gives up (bounded wait).
inline constexpr std::uint32_t kMaxStatusPolls = 100000;
/// Extra attempts of a failed round before the controller stops.
inline constexpr std::uint32_t kDefaultRoundRetries = 2;

struct ExchangeOptions {
  std::uint32_t start_round{0};                     ///< first round to run (an earlier outcome's rounds_done)
  std::uint32_t max_retries{kDefaultRoundRetries};  ///< extra attempts per round after a failure
  std::uint32_t max_polls{kMaxStatusPolls};         ///< STATUS reads per wait
  /// At a stop, count the messages not delivered (messages_pending): one round per
  /// step over the rounds left. false: left 0, for a caller that re-plans first and
  /// counts only if it gives up (run_job).
  bool count_pending{true};
  /// After each clean round, compare what the outputs received (ARRIVED, on a fabric
  /// with monitors) with what the round sent: a difference stops the exchange there
  /// (fabric_round_incomplete), the messages that did arrive being delivered.
  bool check_arrivals{true};
  /// Switches known faulty (dead or stuck; null: none): the fabric's FAULT bitmap may
  /// mark them still; a faulted round names the first switch marked that is not among
  /// them. The caller's view (a pointer: options are copied into every runner).
  const FaultSetView* known{nullptr};
  /// The product's receipts (a fabric without delivery counters): each delivered round's
  /// hops asked of them, kPortsPerStep a step; a hop whose receipt does not name its
  /// origin is lost (RunnerEvent::lost), and the exchange, every round run, ends
  /// exchange_unacknowledged. Unset: not asked.
  AcknowledgementHook acknowledgements{};
};

struct ExchangeOutcome {
  Errc error{Errc::ok};               ///< ok, or why round `rounds_done` failed (its last attempt)
  std::uint32_t rounds_done{0};       ///< rounds 0 .. rounds_done - 1 are delivered: resume from rounds_done
  std::uint32_t attempts{0};          ///< round attempts made by this run (successful or not)
  std::uint32_t retries{0};           ///< attempts that repeated a failed round
  std::uint64_t messages_pending{0};  ///< messages of rounds >= rounds_done: not delivered yet
  bool fault_located{false};          ///< the fabric's FAULT bitmap names a faulty switch:
  std::uint32_t faulty_stage{0};      ///<   the first one not in ExchangeOptions::known, by stage then switch
  std::uint32_t faulty_switch{0};
  /// A fault the fabric does not name stopped it: a clean round whose outputs did not
  /// receive what it sent (fabric_round_incomplete: the ones that did are delivered), or
  /// a round still flagged after its retries with no switch in FAULT. The outputs'
  /// monitors (ARRIVED) of round rounds_done show what happened.
  bool unnamed_fault{false};
};

/// Whether hop `send` completes its message (a relay's first hop does not).
[[nodiscard]] constexpr bool completes_message(const PortSend& send) {
  return send.sends && send.message_final() == send.destination;
}

/// Messages whose last hop is in round r: O(N).
template <Schedule S>
[[nodiscard]] constexpr std::uint32_t messages_in_round(const S& schedule, std::uint32_t r) {
  std::uint32_t count = 0;
  const typename S::Round round = schedule.round(r);
  for (std::uint32_t port = 0; port < schedule.network().ports; ++port)
    count += completes_message(schedule.send(round, port)) ? 1U : 0U;
  return count;
}

/// Messages whose last hop is in a round >= from_round: what is still to deliver
/// when rounds 0 .. from_round - 1 are. O(rounds x N) time, O(1) memory.
/// `each_round()` is called once per round counted (a device feeds its watchdog there).
struct NoTick {
  constexpr void operator()() const {}
};
template <Schedule S, class Tick = NoTick>
[[nodiscard]] constexpr std::uint64_t messages_from_round(const S& schedule, std::uint32_t from_round,
                                                          Tick each_round = {}) {
  std::uint64_t count = 0;
  for (std::uint32_t r = from_round; r < schedule.rounds(); ++r) {
    each_round();
    count += messages_in_round(schedule, r);
  }
  return count;
}

namespace detail {

/// The switches one FAULT read gives: 32 where the fabric reads words (hal::FaultWords).
template <hal::FabricController C>
constexpr std::uint32_t switches_per_read() {
  if constexpr (hal::FaultWords<C>) {
    return 32;
  } else {
    return 1;
  }
}

/// The FAULT bits of the switches `known` lists, of word w (switches 32 w ..) of `stage`.
constexpr std::uint32_t known_bits(FaultSetView known, std::uint32_t stage, std::uint32_t w) {
  std::uint32_t bits = 0;
  auto mark = [&](std::uint32_t s, std::uint32_t sw) {
    if (s == stage && sw / 32 == w) bits |= std::uint32_t{1} << (sw % 32);
  };
  for (const SwitchFault& f : known.switches) mark(f.stage, f.switch_index);
  for (const StuckFault& f : known.stuck) mark(f.stage, f.switch_index);
  return bits;
}

/// The first switch the fabric marks faulty among switches [first, end) of the network
/// (numbered stage by stage) that `known` does not list, if any (reads the FAULT bitmap,
/// each bit once); true once found. A fabric with hal::FaultWords gives 32 a read.
template <hal::FabricController C>
constexpr bool locate_fault(C& fabric, const Network& net, ExchangeOutcome& outcome, std::uint32_t first,
                            std::uint32_t end, FaultSetView known) {
  const std::uint32_t per_stage = net.switches_per_stage();
  const std::uint32_t total = net.stages * per_stage;
  auto found = [&](std::uint32_t k) {
    outcome.fault_located = true;
    outcome.faulty_stage = k / per_stage;
    outcome.faulty_switch = k % per_stage;
    return true;
  };
  if constexpr (hal::FaultWords<C>) {
    for (std::uint32_t k = first; k < end && k < total;) {
      const std::uint32_t sw = k % per_stage;
      const std::uint32_t word_end = (sw / 32 + 1) * 32 < per_stage ? (sw / 32 + 1) * 32 : per_stage;
      const std::uint32_t span = word_end - sw;  // switches sw .. word_end - 1 of this word
      const Result<std::uint32_t> word = fabric.fault_word(k / per_stage, sw / 32);
      std::uint32_t marked = word ? (*word & ~known_bits(known, k / per_stage, sw / 32)) >> (sw % 32) : 0;
      if (span < 32) marked &= (std::uint32_t{1} << span) - 1U;
      if (marked != 0) return found(k + static_cast<std::uint32_t>(std::countr_zero(marked)));
      k += span;
    }
    return false;
  } else if constexpr (hal::FaultMarking<C>) {
    for (std::uint32_t k = first; k < end && k < total; ++k) {
      const std::uint32_t sw = k % per_stage;
      if (((known_bits(known, k / per_stage, sw / 32) >> (sw % 32)) & 1U) != 0) continue;
      const Result<bool> faulty = fabric.switch_faulty(k / per_stage, sw);
      if (faulty && *faulty) return found(k);
    }
    return false;
  } else {
    (void)fabric, (void)first, (void)end, (void)known, (void)found, (void)total;
    return false;  // the fabric marks no switch: the fault stays unlocated
  }
}
/// The first switch the fabric marks faulty, if any.
template <hal::FabricController C>
constexpr void locate_fault(C& fabric, const Network& net, ExchangeOutcome& outcome, FaultSetView known = {}) {
  (void)locate_fault(fabric, net, outcome, 0, net.stages * net.switches_per_stage(), known);
}

}  // namespace detail

/// What one RoundRunner::step() did.
enum class RunnerEvent : std::uint8_t {
  writing,    ///< part of round `round`'s ports written (a round of many ports takes several steps)
  committed,  ///< round `round` is written and committed: the fabric runs it
  checking,   ///< round `round` ran: part of what it did checked (its outputs, ARRIVED; or the FAULT bits after a flag)
  polled,     ///< STATUS read once, the fabric has not answered for `round` yet
  retrying,   ///< round `round` failed; the next step programs it again
  lost,       ///< a hop of round `round` was not acknowledged (last_lost() names it); the round goes on being checked
  delivered,  ///< round `round` is delivered (done, clean, its outputs as sent, its hops acknowledged if asked)
  counting,   ///< stopped: one more round of what is left counted (messages_pending)
  done,       ///< every round delivered (outcome())
  stopped,    ///< stopped at round `round`: outcome().error says why
};

struct RunnerStep {
  RunnerEvent event{RunnerEvent::committed};
  std::uint32_t round{0};
  /// done or stopped: step() does nothing more.
  [[nodiscard]] constexpr bool finished() const { return event == RunnerEvent::done || event == RunnerEvent::stopped; }
};

/// Ports a step writes or checks: a round of more is written (checked) over several
/// steps, so a step's cost does not grow with N (a port costs one send(), hundreds of
/// instructions for some families: docs/PERFORMANCE.md, "The runner's slices").
inline constexpr std::uint32_t kPortsPerStep = 64;
static_assert(kPortsPerStep % hal::kPortsPerIdleWord == 0, "a step writes whole idle words");
/// Ports a step writes of a round the fabric writes from its pattern (a periodic
/// table's, hal::writes_periodic_ports): a port costs a store, under a quarter of the
/// cheapest send() and its header, so four times as many fit the same step (every
/// stored set's N at once: kMaxTablePorts).
inline constexpr std::uint32_t kPeriodicPortsPerStep = 4 * kPortsPerStep;
static_assert(kPeriodicPortsPerStep >= kMaxTablePorts, "a periodic round is written in one step");

/// Runs rounds options.start_round .. rounds() - 1 of `schedule` on `fabric`, one
/// bounded piece per step(): at most kPortsPerStep ports of a round written (of a
/// periodic one kPeriodicPortsPerStep; the round's switches with the first, its
/// COMMIT with the last), one STATUS read, one
/// ABORT, kPortsPerStep of a delivered round's outputs (ARRIVED) checked, or one
/// round counted. The fabric must be configured for the network;
/// the fabric and the schedule must outlive the runner.
template <hal::FabricController C, hal::ControlledSchedule S>
class RoundRunner {
 public:
  constexpr RoundRunner(C& fabric, const S& schedule, const ExchangeOptions& options)
      : fabric_(&fabric),
        schedule_(&schedule),
        options_(options),
        programmer_(fabric, schedule),
        round_(options.start_round) {
    outcome_.rounds_done = options.start_round;
    if constexpr (hal::OutputMonitors<C>) {
      monitored_ = options.check_arrivals && fabric.monitors();
      summarized_ = monitored_ && fabric.checks_rounds();
    }
    if (options.start_round > schedule.rounds()) {
      finish_with(Errc::round_out_of_range);
    } else if (options.max_polls == 0) {
      finish_with(Errc::poll_bound_zero);
    }
  }

  [[nodiscard]] constexpr RunnerStep step() {
    switch (phase_) {
      case Phase::program: return program();
      case Phase::write: return write();
      case Phase::confirm: return confirm();
      case Phase::arrivals:
      case Phase::arrivals_mismatch: return check_arrivals();
      case Phase::acknowledge: return acknowledge();
      case Phase::confirm_abort: return confirm_abort();
      case Phase::locate: return locate();
      case Phase::count: return count();
      case Phase::finished: break;
    }
    return finished_step();
  }
  [[nodiscard]] constexpr bool finished() const { return phase_ == Phase::finished; }
  /// Stop before the next round is programmed (exchange_stopped): a round under way is
  /// confirmed (delivered or failed) first, so nothing is left half-run.
  constexpr void request_stop() { stop_requested_ = true; }
  /// So far; final once finished().
  [[nodiscard]] constexpr const ExchangeOutcome& outcome() const { return outcome_; }
  /// With ExchangeOptions::acknowledgements: the hops of the rounds delivered whose
  /// receipts named their origin, and those whose did not (so far; final once finished()).
  /// Beside the outcome, not in it: a job keeps outcomes, and the smallest board's RAM.
  [[nodiscard]] constexpr std::uint32_t acknowledged() const { return acknowledged_; }
  [[nodiscard]] constexpr std::uint32_t lost() const { return lost_; }
  /// The hop the last RunnerEvent::lost reported, until the next step (its receipt asked
  /// again: the round's receipts stand until the next round is carried).
  [[nodiscard]] constexpr LostPair last_lost() const {
    const std::uint32_t origin = cursor_ - 1;
    const std::uint32_t destination = schedule_->send(schedule_->round(round_), origin).destination;
    const AcknowledgementHook& hook = options_.acknowledgements;
    return {round_, origin, destination, hook.received(hook.context, destination)};
  }

 private:
  // arrivals: a delivered round's outputs checked (ARRIVED); arrivals_mismatch: ROUND_CHECK
  // showed the round not as headed, its ports are read.
  enum class Phase : std::uint8_t {
    program,
    write,
    confirm,
    arrivals,
    arrivals_mismatch,
    acknowledge,
    confirm_abort,
    locate,
    count,
    finished
  };
  /// FAULT bits a step reads while it looks for the switch a faulted round crossed (32
  /// a read where the fabric reads words: the same reads a step).
  static constexpr std::uint32_t kSwitchesPerStep = 4 * kPortsPerStep * detail::switches_per_read<C>();

  constexpr RunnerStep program() {
    if (round_ >= schedule_->rounds()) return finish_with(lost_ != 0 ? Errc::exchange_unacknowledged : Errc::ok);
    if (stop_requested_) return stop(Errc::exchange_stopped);
    if (attempt_ > 0) ++outcome_.retries;
    ++outcome_.attempts;
    if (const Errc e = programmer_.begin(*fabric_, *schedule_, round_); e != Errc::ok) return attempt_ended(e, false);
    cursor_ = 0;
    phase_ = Phase::write;
    return write();
  }
  /// kPortsPerStep more ports of the round; after the last, its COMMIT.
  constexpr RunnerStep write() {
    const std::uint32_t end = cursor_ + (programmer_.periodic() ? kPeriodicPortsPerStep : kPortsPerStep);
    if (const Errc e = programmer_.write_ports(*fabric_, *schedule_, round_, cursor_, end); e != Errc::ok)
      return attempt_ended(e, false);
    cursor_ = end;
    if (cursor_ < schedule_->network().ports) return {RunnerEvent::writing, round_};
    if (const Errc e = programmer_.commit(*fabric_); e != Errc::ok) return attempt_ended(e, false);
    phase_ = Phase::confirm;
    polls_ = 0;
    return {RunnerEvent::committed, round_};
  }
  /// A clean round's outputs against what its headers named: ROUND_CHECK in one read
  /// where the block has it; port by port, kPortsPerStep inputs a step, where it has not
  /// or where ROUND_CHECK shows a mismatch (then the round stops even if the ports agree:
  /// the block saw a signal missing). After the last, delivered.
  constexpr RunnerStep check_arrivals() {
    if constexpr (hal::OutputMonitors<C>) {
      if (summarized_ && phase_ == Phase::arrivals) {
        if (detail::summary_clean(*fabric_)) return carried();
        phase_ = Phase::arrivals_mismatch;  // read port by port, then stop (no flag: the micro:bit's RAM)
      }
    }
    const std::uint32_t end = cursor_ + kPortsPerStep;
    if (!detail::arrivals_as_headed(*fabric_, cursor_, end))
      return stop(Errc::fabric_round_incomplete);  // not retried: what did arrive is delivered
    cursor_ = end;
    if (cursor_ < schedule_->network().ports) return {RunnerEvent::checking, round_};
    if (phase_ == Phase::arrivals_mismatch) return stop(Errc::fabric_round_incomplete);
    return carried();
  }
  /// The round ran clean, its outputs as sent: its hops asked of the receipts next, if
  /// the caller gave them.
  constexpr RunnerStep carried() {
    if (!options_.acknowledgements.set()) return delivered();
    cursor_ = 0;
    phase_ = Phase::acknowledge;
    return acknowledge();
  }
  /// kPortsPerStep more of the round's hops asked of their destinations' receipts; one
  /// whose receipt does not name its origin ends the step (lost: the caller hears of
  /// each). After the last, delivered: a lost receipt is not a reason to send again.
  constexpr RunnerStep acknowledge() {
    const typename S::Round round = schedule_->round(round_);
    const std::uint32_t ports = schedule_->network().ports;
    const std::uint32_t end = ports - cursor_ > kPortsPerStep ? cursor_ + kPortsPerStep : ports;
    const AcknowledgementHook& hook = options_.acknowledgements;
    for (; cursor_ < end; ++cursor_) {
      const PortSend s = schedule_->send(round, cursor_);
      if (!s.sends) continue;
      const std::uint32_t got = hook.received(hook.context, s.destination);
      if (got == cursor_) {
        ++acknowledged_;
        continue;
      }
      ++lost_;
      ++cursor_;  // last_lost(): the hop before the cursor
      return {RunnerEvent::lost, round_};
    }
    if (cursor_ < ports) return {RunnerEvent::checking, round_};
    return delivered();
  }
  /// One STATUS read for the round committed. After max_polls without an answer the
  /// round is hung: ABORT it, then look again (confirm_abort).
  constexpr RunnerStep confirm() {
    const Errc e = fabric_->wait_round(1);
    if (e != Errc::fabric_timeout) return attempt_ended(e, false);
    if (++polls_ < options_.max_polls) return {RunnerEvent::polled, round_};
    if (const Errc a = fabric_->abort(); a != Errc::ok) return attempt_ended(a, true);
    phase_ = Phase::confirm_abort;
    polls_ = 0;
    return {RunnerEvent::polled, round_};
  }
  /// After an ABORT: a clean completion just before it means the round was delivered
  /// (it must not be sent again); no answer at all leaves the round in doubt.
  constexpr RunnerStep confirm_abort() {
    const Result<hal::FabricStatus> after = fabric_->poll_status(1);
    if (!after) {
      if (++polls_ < options_.max_polls) return {RunnerEvent::polled, round_};
      return attempt_ended(Errc::fabric_round_in_doubt, true);  // ABORT ignored: the round may still complete
    }
    if (after->clean()) return attempt_ended(Errc::ok, true);
    if (after->aborted || after->error || !after->done) return attempt_ended(Errc::fabric_timeout, true);
    return attempt_ended(Errc::fabric_round_faulted, true);
  }
  /// An attempt's outcome: retry it, stop, or the round is delivered.
  constexpr RunnerStep attempt_ended(Errc e, bool aborted) {
    programmer_.confirmed(round_, e, aborted);
    if (e == Errc::fabric_round_faulted) {  // which switch, if the fabric knows: over the next steps
      cursor_ = 0;
      phase_ = Phase::locate;
      return locate();
    }
    return after_attempt(e);
  }
  /// kSwitchesPerStep more FAULT bits; at the first marked (or after the last), the attempt's end.
  constexpr RunnerStep locate() {
    const Network net = schedule_->network();
    const std::uint32_t end = cursor_ + kSwitchesPerStep;
    if (!detail::locate_fault(*fabric_, net, outcome_, cursor_, end,
                              options_.known != nullptr ? *options_.known : FaultSetView{}) &&
        end < net.stages * net.switches_per_stage()) {
      cursor_ = end;
      return {RunnerEvent::checking, round_};
    }
    return after_attempt(Errc::fabric_round_faulted);
  }
  /// Retry it, stop, or (clean) check its outputs and deliver it.
  constexpr RunnerStep after_attempt(Errc e) {
    if (e != Errc::ok && detail::retryable(e)) {
      const bool persistent = e == Errc::fabric_round_faulted && outcome_.fault_located;  // crossed again otherwise
      if (!persistent && attempt_ < options_.max_retries) {
        ++attempt_;
        phase_ = Phase::program;
        return {RunnerEvent::retrying, round_};
      }
    }
    if (e != Errc::ok) return stop(e);
    if (monitored_) {
      cursor_ = 0;
      phase_ = Phase::arrivals;
      return check_arrivals();
    }
    return carried();
  }
  constexpr RunnerStep delivered() {
    outcome_.rounds_done = round_ + 1;
    attempt_ = 0;
    phase_ = Phase::program;
    return {RunnerEvent::delivered, round_++};
  }
  constexpr RunnerStep stop(Errc e) {
    outcome_.error = e;
    outcome_.unnamed_fault = monitored_ && (e == Errc::fabric_round_incomplete ||
                                            (e == Errc::fabric_round_faulted && !outcome_.fault_located));
    if (!options_.count_pending) return finish_with(e);
    phase_ = Phase::count;
    counted_to_ = round_;
    return count();
  }
  /// One round of what the stop left undelivered.
  constexpr RunnerStep count() {
    if (counted_to_ >= schedule_->rounds()) return finish_with(outcome_.error);
    outcome_.messages_pending += messages_in_round(*schedule_, counted_to_++);
    return {RunnerEvent::counting, round_};
  }
  constexpr RunnerStep finish_with(Errc e) {
    outcome_.error = e;
    phase_ = Phase::finished;
    return finished_step();
  }
  [[nodiscard]] constexpr RunnerStep finished_step() const {
    return {outcome_.error == Errc::ok ? RunnerEvent::done : RunnerEvent::stopped, round_};
  }

  C* fabric_;
  const S* schedule_;
  ExchangeOptions options_;
  detail::RoundProgrammer<C, S> programmer_;
  ExchangeOutcome outcome_{};
  std::uint32_t acknowledged_{0};  // hops acknowledged (with the options' acknowledgements)
  std::uint32_t lost_{0};          // hops not acknowledged
  std::uint32_t round_;            // the round being run
  std::uint32_t attempt_{0};       // of round_: 0, then each retry
  std::uint32_t polls_{0};         // STATUS reads of this wait
  std::uint32_t cursor_{
      0};  // the next port to write (write), check (check) or ask (acknowledge), switch to read (locate)
  std::uint32_t counted_to_{0};  // messages_pending counted up to this round
  Phase phase_{Phase::program};
  bool monitored_{false};
  bool summarized_{false};  // the block has ROUND_CHECK (map 2.2): one read a round
  bool stop_requested_{false};
};

/// Runs rounds options.start_round .. rounds() - 1 of `schedule` on `fabric` to the
/// end: a RoundRunner stepped until it finishes (the caller blocks meanwhile).
/// `on_round(r, round)` is called after each delivered round (for logging). Out of
/// line: inlined into a job, the round loop's state would sit beneath the job's
/// re-plan (a small board's deepest chain).
template <hal::FabricController C, hal::ControlledSchedule S, class OnRound>
[[gnu::noinline]] ExchangeOutcome run_exchange(C& fabric, const S& schedule, OnRound&& on_round,
                                               const ExchangeOptions& options) {
  RoundRunner<C, S> runner(fabric, schedule, options);
  for (;;) {
    const RunnerStep s = runner.step();
    if (s.event == RunnerEvent::delivered) on_round(s.round, schedule.round(s.round));
    if (s.finished()) return runner.outcome();
  }
}

/// The original form: every round from 0, no retry, `max_polls` STATUS reads per round.
template <hal::FabricController C, hal::ControlledSchedule S, class OnRound>
ExchangeOutcome run_exchange(C& fabric, const S& schedule, OnRound&& on_round,
                             std::uint32_t max_polls = kMaxStatusPolls) {
  return run_exchange(fabric, schedule, static_cast<OnRound&&>(on_round), ExchangeOptions{0, 0, max_polls});
}

}  // namespace a2a::app
