// The controller's round loop: for every round, compute it, write the shadow
// registers, commit, and wait (bounded) for the fabric to finish.
//
// A round counts as delivered only when the fabric reports it done and clean.
// A round that fails is retried a bounded number of times (max_retries), each
// retry re-programming the whole round, because every failure here leaves that
// round undelivered:
//  - a register whose read-back differs (read-back verification on): nothing
//    was committed, the fabric still runs the previous configuration;
//  - a commit that stays busy: the controller ABORTs it (nothing of an aborted
//    round is delivered) and reads STATUS again; if the round completed cleanly
//    just before the abort it is delivered and not sent again;
//  - a round flagged by the fabric (conflict, crosstalk, faulty switch,
//    misroute): receivers discard a flagged round, so sending it again does not
//    duplicate anything. If the fabric's FAULT bitmap names a faulty switch the
//    fault is persistent: no retry, the switch is reported for re-planning.
// When the retries run out the loop stops cleanly and reports the round, the
// count of messages not yet delivered, and (if found) the faulty switch. Running
// again with start_round = that round resumes the exchange without resending
// what was delivered; ResumedSchedule runs a re-planned schedule instead (e.g.
// the fault-tolerant one around the reported switch) minus what was delivered.
// Everything is bounded: see docs/reliability.md for the worst case per round.
//
// On a FabricDriver with read-back verification off, a schedule whose rounds are
// one-stage Gray steps (the Latin square in gray order with d = 2^w, the
// alternating schedule; an AnySchedule holding one) is stepped: after a round
// delivered by the attempt just before, the next writes its ports and then
// RoundStepper::step() (its one changed STAGE_CTRL and COMMIT). The first round,
// every retry and every round after an ABORT are programmed whole as before, and
// re-seat the stepper (seek). Outcomes, retries and counts are the same either way.
#pragma once

#include <concepts>
#include <cstdint>

#include "a2a/alternating.hpp"
#include "a2a/any_schedule.hpp"
#include "a2a/gray_stepper.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/hal/program_round.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Upper bound on STATUS reads per round before the controller gives up (bounded wait).
inline constexpr std::uint32_t kMaxStatusPolls = 100000;
/// Extra attempts of a failed round before the controller stops.
inline constexpr std::uint32_t kDefaultRoundRetries = 2;

struct ExchangeOptions {
  std::uint32_t start_round{0};                    ///< first round to run (an earlier outcome's rounds_done)
  std::uint32_t max_retries{kDefaultRoundRetries};  ///< extra attempts per round after a failure
  std::uint32_t max_polls{kMaxStatusPolls};        ///< STATUS reads per wait
  /// At a stop, count the messages not delivered (messages_pending): one pass over the
  /// rounds left, O(rounds x N). false: left 0, for a caller that re-plans first and
  /// counts only if it gives up (run_job).
  bool count_pending{true};
  /// After each clean round, compare what the outputs received (ARRIVED, on a fabric
  /// with monitors) with what the round sent: a difference stops the exchange there
  /// (fabric_round_incomplete), the messages that did arrive being delivered.
  bool check_arrivals{true};
};

struct ExchangeOutcome {
  Errc error{Errc::ok};           ///< ok, or why round `rounds_done` failed (its last attempt)
  std::uint32_t rounds_done{0};   ///< rounds 0 .. rounds_done - 1 are delivered: resume from rounds_done
  std::uint32_t attempts{0};      ///< round attempts made by this call (successful or not)
  std::uint32_t retries{0};       ///< attempts that repeated a failed round
  std::uint64_t messages_pending{0};  ///< messages of rounds >= rounds_done: not delivered yet
  bool fault_located{false};      ///< the fabric's FAULT bitmap names a faulty switch:
  std::uint32_t faulty_stage{0};  ///<   the first one, by stage then switch
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
  const std::uint32_t ports = schedule.network().ports;
  for (std::uint32_t r = from_round; r < schedule.rounds(); ++r) {
    each_round();
    const typename S::Round round = schedule.round(r);
    for (std::uint32_t port = 0; port < ports; ++port) count += completes_message(schedule.send(round, port)) ? 1U : 0U;
  }
  return count;
}

/// Whether rounds 0 .. rounds_done - 1 of `done` completed message (origin, final).
/// O(rounds_done x n) time, O(1) memory.
template <Schedule S>
[[nodiscard]] constexpr bool delivered_before(const S& done, std::uint32_t rounds_done, std::uint32_t origin,
                                              std::uint32_t final_destination) {
  for (std::uint32_t r = 0; r < rounds_done && r < done.rounds(); ++r) {
    // Every family sends each message's last hop from its origin or from a relay;
    // ask the origin port first (direct sends), then scan the round for a relay hop.
    const typename S::Round round = done.round(r);
    const PortSend direct = done.send(round, origin);
    if (completes_message(direct) && direct.message_origin(origin) == origin &&
        direct.message_final() == final_destination)
      return true;
    for (std::uint32_t port = 0; port < done.network().ports; ++port) {
      if (port == origin) continue;
      const PortSend s = done.send(round, port);
      if (completes_message(s) && s.message_origin(port) == origin && s.message_final() == final_destination)
        return true;
    }
  }
  return false;
}

/// Re-planning after a stop: the rounds of `next` (e.g. the fault-tolerant schedule
/// around the switch the stop report names), minus every hop of the messages that
/// rounds 0 .. rounds_done - 1 of `done` already delivered (those ports stay idle).
/// Both schedules must cover the same network and deliver every message once; then
/// running all of `next` this way delivers each remaining message exactly once and
/// nothing twice. send() costs O(rounds_done x N) for the check: a recovery path.
template <hal::ControlledSchedule Done, hal::ControlledSchedule Next>
class ResumedSchedule {
 public:
  using Round = typename Next::Round;
  constexpr ResumedSchedule(const Done& done, std::uint32_t rounds_done, const Next& next)
      : done_(&done), rounds_done_(rounds_done), next_(&next) {}

  [[nodiscard]] constexpr Network network() const { return next_->network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return next_->rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return next_->round(r); }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t port) const {
    const PortSend s = next_->send(round, port);
    if (s.sends && delivered_before(*done_, rounds_done_, s.message_origin(port), s.message_final())) return {};
    return s;
  }

 private:
  const Done* done_;
  std::uint32_t rounds_done_;
  const Next* next_;
};

namespace detail {

/// Failures a new attempt of the same round can cure (transient faults).
constexpr bool retryable(Errc e) {
  return e == Errc::fabric_readback_mismatch || e == Errc::fabric_timeout || e == Errc::fabric_round_not_run ||
         e == Errc::fabric_round_faulted;
}

/// The outcome of the round just committed: ok only if the fabric delivered it
/// (done and clean). `aborted`: the controller ABORTed it (hung).
template <hal::FabricController C>
[[nodiscard]] constexpr Errc confirm_round(C& fabric, std::uint32_t max_polls, bool& aborted) {
  aborted = false;
  const Errc waited = fabric.wait_round(max_polls);
  if (waited != Errc::fabric_timeout) return waited;
  // Hung: stop the round, then look once more. A clean completion just before the
  // ABORT means the round was delivered: it must not be sent again.
  aborted = true;
  A2A_TRY(fabric.abort());
  const Result<hal::FabricStatus> after = fabric.poll_status(max_polls);
  if (!after) return Errc::fabric_round_in_doubt;  // ABORT ignored: the round may still complete
  if (after->clean()) return Errc::ok;
  if (after->aborted || after->error || !after->done) return Errc::fabric_timeout;
  return Errc::fabric_round_faulted;
}

/// One attempt of a round programmed whole: ok only if the fabric delivered it.
template <hal::FabricController C, hal::ControlledSchedule S>
[[nodiscard]] constexpr Errc attempt_round(C& fabric, const S& schedule, std::uint32_t r, std::uint32_t max_polls,
                                           bool& aborted) {
  aborted = false;
  A2A_TRY(hal::program_round(fabric, schedule, r));  // nothing committed
  return confirm_round(fabric, max_polls, aborted);
}

/// A fabric that hands out a round stepper (hal::FabricDriver::stepper).
template <class C>
concept SteppingFabric = requires(C& c) {
  typename C::template RoundStepper<0>;
  { c.write_verification() } -> std::same_as<bool>;
};

struct NoStepper {};
template <class C>
struct StepperOf {
  using type = NoStepper;
};
template <SteppingFabric C>
struct StepperOf<C> {
  using type = typename C::template RoundStepper<0>;
};

/// Whether `candidate` sets every stage of every round as `schedule` does (the
/// stepper writes stage control only; the ports come from `schedule`). Once per
/// exchange: O(rounds x stages).
template <class S, class Candidate>
[[nodiscard]] constexpr bool same_stage_control(const S& schedule, const Candidate& candidate) {
  if (candidate.rounds() != schedule.rounds() || !(candidate.network() == schedule.network())) return false;
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const typename S::Round round = schedule.round(r);
    const typename Candidate::Round other = candidate.round(r);
    if (round.control() != other.control() || round.control() == ControlMode::individual) return false;
    for (std::uint32_t stage = 0; stage < schedule.network().stages; ++stage)
      if (static_cast<std::uint32_t>(round.switch_state(stage, 0)) !=
          static_cast<std::uint32_t>(other.switch_state(stage, 0)))
        return false;
  }
  return true;
}

/// The driver's stepper for `schedule`: directly for a Latin square or alternating
/// schedule; for an AnySchedule (which does not hand out its family's schedule)
/// through the gray-order Latin square or the alternating schedule of its network,
/// when that sets every round's stages as it does.
template <SteppingFabric C, class S>
[[nodiscard]] constexpr Result<typename C::template RoundStepper<0>> make_stepper(C& fabric, const S& schedule) {
  if constexpr (requires { { schedule.kind() } -> std::same_as<ScheduleKind>; }) {
    if (schedule.kind() == ScheduleKind::latin_square) {
      const Result<LatinSquareSchedule<>> gray = LatinSquareSchedule<>::make(schedule.network(), RoundOrder::gray);
      A2A_TRY(gray);
      if (!same_stage_control(schedule, *gray)) return Errc::stepper_needs_gray_steps;
      return fabric.template stepper<0>(*gray);
    }
    if (schedule.kind() == ScheduleKind::alternating) {
      const Result<AlternatingSchedule> alternating = AlternatingSchedule::make(schedule.network());
      A2A_TRY(alternating);
      if (!same_stage_control(schedule, *alternating)) return Errc::stepper_needs_gray_steps;
      return fabric.template stepper<0>(*alternating);
    }
    return Errc::stepper_needs_gray_steps;
  } else {
    return fabric.template stepper<0>(schedule);
  }
}

/// The round loop's two ways to program a round. Whole: program_round (every
/// round on any fabric; the first, every retry, every round after an ABORT).
/// Stepped: on a FabricDriver whose stepper() takes the schedule (an AnySchedule's
/// Latin square in gray order with d = 2^w, the alternating schedule) and with
/// read-back verification off (step() writes unverified): when round r - 1 was
/// delivered by the attempt just before, not aborted, round r writes its ports
/// (headers, idle mask, relay messages: step() does not) and step() writes the one
/// stage it changes and COMMIT. A round programmed whole re-seats the stepper (seek).
template <hal::FabricController C, hal::ControlledSchedule S>
class RoundProgrammer {
 public:
  constexpr RoundProgrammer(C& fabric, const S& schedule) {
    if constexpr (SteppingFabric<C>) {
      if (fabric.write_verification()) return;
      const auto made = make_stepper(fabric, schedule);
      if (made && made->rounds() == schedule.rounds()) {
        stepper_ = *made;
        usable_ = true;
      }
    }
  }

  /// One attempt of round r: ok only if the fabric delivered it (done and clean).
  [[nodiscard]] constexpr Errc attempt(C& fabric, const S& schedule, std::uint32_t r, std::uint32_t max_polls) {
    bool aborted = false;
    Errc e = Errc::ok;
    if constexpr (SteppingFabric<C>) {
      if (usable_ && seated_ && r != 0 && stepper_.index() + 1 == r) {
        seated_ = false;
        const typename S::Round round = schedule.round(r);
        A2A_TRY(fabric.relay() ? hal::detail::write_ports<true>(fabric, schedule, round)
                               : hal::detail::write_ports<false>(fabric, schedule, round));
        stepper_.step();
        e = confirm_round(fabric, max_polls, aborted);
        seated_ = e == Errc::ok && !aborted;
        return e;
      }
      seated_ = false;
      e = attempt_round(fabric, schedule, r, max_polls, aborted);
      if (usable_ && e == Errc::ok && !aborted) {
        stepper_.seek(r);  // round r is in the shadow registers; takes up the driver's ticket
        seated_ = true;
      }
      return e;
    } else {
      return attempt_round(fabric, schedule, r, max_polls, aborted);
    }
  }

 private:
  typename StepperOf<C>::type stepper_{};
  bool usable_{false};
  bool seated_{false};  // stepper_ stands at the round the shadow registers hold, delivered
};

/// A fabric that reports what each output received (hal::FabricDriver::arrived).
template <class C>
concept MonitoredFabric = requires(C& c, std::uint32_t j) {
  { c.monitors() } -> std::same_as<bool>;
  c.arrived(j);
};

/// Whether every port that round r sends from reached the output it was sent to (ARRIVED).
template <hal::FabricController C, hal::ControlledSchedule S>
[[nodiscard]] constexpr bool arrivals_as_sent(C& fabric, const S& schedule, std::uint32_t r) {
  if constexpr (MonitoredFabric<C>) {
    const typename S::Round round = schedule.round(r);
    for (std::uint32_t port = 0; port < schedule.network().ports; ++port) {
      const PortSend s = schedule.send(round, port);
      if (!s.sends) continue;
      const auto got = fabric.arrived(s.destination);
      if (!got || !got->valid || got->source != port) return false;
    }
  }
  return true;
}

/// The first switch the fabric marks faulty, if any (reads the FAULT bitmap).
template <hal::FabricController C>
constexpr void locate_fault(C& fabric, const Network& net, ExchangeOutcome& outcome) {
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    for (std::uint32_t sw = 0; sw < net.switches_per_stage(); ++sw) {
      const Result<bool> faulty = fabric.switch_faulty(stage, sw);
      if (faulty && *faulty) {
        outcome.fault_located = true;
        outcome.faulty_stage = stage;
        outcome.faulty_switch = sw;
        return;
      }
    }
  }
}

}  // namespace detail

/// Runs rounds options.start_round .. rounds() - 1 of `schedule` on `fabric`;
/// `on_round(r, round)` is called after each delivered round (for logging). The
/// fabric must be configured for the network. Stops at the first round that
/// still fails after options.max_retries retries. Out of line: inlined into a job, the
/// round loop's state would sit beneath the job's re-plan (a small board's deepest chain).
template <hal::FabricController C, hal::ControlledSchedule S, class OnRound>
[[gnu::noinline]] ExchangeOutcome run_exchange(C& fabric, const S& schedule, OnRound&& on_round,
                                               const ExchangeOptions& options) {
  ExchangeOutcome outcome;
  outcome.rounds_done = options.start_round;
  if (options.start_round > schedule.rounds()) {
    outcome.error = Errc::round_out_of_range;
    return outcome;
  }
  if (options.max_polls == 0) {
    outcome.error = Errc::poll_bound_zero;
    return outcome;
  }
  detail::RoundProgrammer<C, S> programmer(fabric, schedule);
  bool monitored = false;
  if constexpr (detail::MonitoredFabric<C>) monitored = options.check_arrivals && fabric.monitors();
  for (std::uint32_t r = options.start_round; r < schedule.rounds(); ++r) {
    Errc e = Errc::ok;
    for (std::uint32_t attempt = 0; attempt <= options.max_retries; ++attempt) {
      if (attempt > 0) ++outcome.retries;
      ++outcome.attempts;
      e = programmer.attempt(fabric, schedule, r, options.max_polls);
      if (e == Errc::ok || !detail::retryable(e)) break;
      if (e == Errc::fabric_round_faulted) {
        detail::locate_fault(fabric, schedule.network(), outcome);
        if (outcome.fault_located) break;  // persistent: the same switch would be crossed again
      }
    }
    if (e == Errc::ok && monitored && !detail::arrivals_as_sent(fabric, schedule, r))
      e = Errc::fabric_round_incomplete;  // not retried: what did arrive is delivered
    if (e != Errc::ok) {
      outcome.error = e;
      outcome.unnamed_fault = monitored && (e == Errc::fabric_round_incomplete ||
                                            (e == Errc::fabric_round_faulted && !outcome.fault_located));
      if (options.count_pending) outcome.messages_pending = messages_from_round(schedule, r);
      return outcome;
    }
    outcome.rounds_done = r + 1;
    on_round(r, schedule.round(r));
  }
  return outcome;
}

/// The original form: every round from 0, no retry, `max_polls` STATUS reads per round.
template <hal::FabricController C, hal::ControlledSchedule S, class OnRound>
ExchangeOutcome run_exchange(C& fabric, const S& schedule, OnRound&& on_round,
                             std::uint32_t max_polls = kMaxStatusPolls) {
  return run_exchange(fabric, schedule, static_cast<OnRound&&>(on_round), ExchangeOptions{0, 0, max_polls});
}

}  // namespace a2a::app
