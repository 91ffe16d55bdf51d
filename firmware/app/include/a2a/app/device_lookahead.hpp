// `run` in look-ahead mode (`set mode=lookahead`, docs/console.md): the board's
// slot timer commits each round from the SlotRing (lookahead.hpp), one round
// every slot_us, while the device's poll() steps a LookaheadSession: it produces the
// next round and confirms each from ROUND_COUNTER and LAST_ERROR, one piece a poll.
// The fabric's counters judge the exchange, as in the direct loop (device_run.hpp
// includes this header).
//
// Which schedules: those whose rounds are one-stage Gray steps, the Latin square
// in gray order with d = 2^w and the alternating schedule (paper 000, Algorithm
// 4), run as their own family (O(1) next() per round). Any other schedule is
// refused before anything is written: it would need several stage writes a slot,
// which the slot interrupt's two stores are not.
//
// A flagged round (window 1, the only window while the controller writes the
// port headers): nothing after it was committed, so the device's exchange job takes
// over from exactly that round (JobRunner, job_runner.hpp), which retries
// it or, when the fabric names a faulty switch, re-plans around it. Nothing is
// lost or sent twice: a flagged round delivers nothing. Any other stop (a round
// that never completes, a timer that refuses the period) ends the exchange with
// the round and the messages not delivered.
#pragma once

#include <concepts>
#include <cstdint>
#include <utility>

#include "a2a/alternating.hpp"
#include "a2a/any_schedule.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/app/controller.hpp"
#include "a2a/app/device_board.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/app/lookahead_run.hpp"
#include "a2a/latin_square.hpp"

namespace a2a::app {

/// A board with a slot timer: slot_timer(period_ns) is a SlotTimer (lookahead.hpp)
/// at that period. Optional: on a board without one, `run` refuses mode=lookahead.
template <class B>
concept SlotTimerBoard = DeviceBoard<B> && requires(B& b, std::uint32_t period_ns) {
  { b.slot_timer(period_ns) } -> SlotTimer;
};

namespace detail {

/// The one-stage Gray-step family a planned schedule is, if any.
enum class GraySteps : std::uint8_t { none, latin_square, alternating };

/// Checked against the planned schedule's own stage settings (O(rounds x stages),
/// once per exchange), so the family run is the very exchange planned.
inline GraySteps gray_steps(const AnySchedule& planned) {
  const Network net = planned.network();
  if (planned.kind() == ScheduleKind::latin_square && (net.radix & (net.radix - 1)) == 0) {
    const Result<LatinSquareSchedule<>> gray = LatinSquareSchedule<>::make(net, RoundOrder::gray);
    if (gray && same_stage_control(planned, *gray)) return GraySteps::latin_square;
  }
  if (planned.kind() == ScheduleKind::alternating) {
    const Result<AlternatingSchedule> alternating = AlternatingSchedule::make(net);
    if (alternating && same_stage_control(planned, *alternating)) return GraySteps::alternating;
  }
  return GraySteps::none;
}

/// What a look-ahead exchange did: the exchange's report (over both loops after a
/// hand-over) and the slot timer's counts.
struct LookaheadRun {
  ExchangeReport report{};
  std::uint32_t slots_written{0};  ///< COMMITs the slot interrupt wrote (two stores each)
  std::uint32_t underruns{0};      ///< slot boundaries with no round ready
  bool handed_over{false};         ///< the fabric flagged a round: the direct loop ran from it
  std::uint32_t handover_round{0};
  Errc flagged{Errc::ok};  ///< why the look-ahead loop stopped there
};

/// The messages a look-ahead exchange of `schedule` (the Latin square or alternating,
/// whose every round sends one message from each of the N ports, no relays) leaves
/// when it stops after `rounds_done` rounds: N for each round not run. O(1).
template <class S>
constexpr std::uint64_t lookahead_pending(const S& schedule, std::uint32_t rounds_done) {
  const std::uint32_t rounds = schedule.rounds();
  return rounds_done >= rounds ? 0 : std::uint64_t{rounds - rounds_done} * schedule.network().ports;
}

/// How long the look-ahead loop waits for a committed round before it stops
/// (fabric_timeout): a second (a round takes microseconds; a QEMU timer thread may
/// be descheduled for a while) plus four slots (a slot may be a second long).
constexpr std::uint64_t lookahead_stall_us(std::uint32_t slot_us) { return 1000000 + std::uint64_t{4} * slot_us; }

/// A look-ahead exchange as the device steps it from poll(): the Gray-step family's
/// schedule, the board's slot timer and the LookaheadRunner, kept across steps in the
/// device's own storage (none of it on the stack between steps).
template <class Layout, class Board, class Bus, class Hooks, class S>
class LookaheadSession {
  using Timer = decltype(std::declval<Board&>().slot_timer(0U));
  /// Every confirmed round through the device's round hooks (breadcrumb, trace, watchdog).
  struct AfterRound {
    Hooks* hooks;
    const S* gray;
    void operator()(std::uint32_t r, const typename S::Round& round) const { hooks->after_round(r, *gray, round); }
  };
  static LookaheadOptions options(std::uint32_t slot_us) {
    LookaheadOptions o;
    o.stall_us = lookahead_stall_us(slot_us);
    return o;
  }

 public:
  LookaheadSession(Board& board, Bus& bus, const S& gray, Hooks& hooks, std::uint32_t slot_us)
      : gray_(gray),
        timer_(board.slot_timer(slot_us * 1000U)),  // slot_us <= kMaxSlotMicros: fits 32-bit ns
        after_round_{&hooks, &gray_},
        hooks_(&hooks),
        runner_(bus, gray_, timer_, options(slot_us), after_round_) {
    hooks.pace(false);  // the slot timer paces; a wait after a round would make the next one late
  }
  LookaheadSession(const LookaheadSession&) = delete;  // the runner points at the parts
  LookaheadSession& operator=(const LookaheadSession&) = delete;
  LookaheadSession(LookaheadSession&&) = delete;
  LookaheadSession& operator=(LookaheadSession&&) = delete;
  ~LookaheadSession() = default;

  /// One piece of the run (LookaheadRunner::step()), then the timer's idle() if it
  /// waits for a slot; true once it has ended.
  [[nodiscard]] bool step() {
    const LookaheadEvent e = runner_.step();
    if (e == LookaheadEvent::observed) timer_.idle();
    return e == LookaheadEvent::done;
  }
  void request_stop() { runner_.request_stop(); }

  /// The run that ended, into `run` (the device's own: no copy on a small board's
  /// stack): the slot timer's counts, and either the hand-over (a flagged round: the
  /// caller's exchange job runs from it) or the report of how it ended.
  template <class Driver>
  void finish(Driver& fabric, LookaheadRun& run) {
    hooks_->pace(true);
    const LookaheadOutcome& out = runner_.outcome();
    run = {};
    run.slots_written = out.slots_written;
    run.underruns = out.underruns;
    run.report.rounds_planned = gray_.rounds();
    run.report.rounds_run = out.rounds_done;
    if (out.error == Errc::ok) return;
    if (out.error == Errc::fabric_round_faulted || out.error == Errc::fabric_round_not_run) {
      // Window 1: round rounds_done was the last committed and delivered nothing.
      if (const Errc e = fabric.probe(); e != Errc::ok) {  // the driver takes up the slots' tickets
        run.report.error = e;
      } else {
        run.handed_over = true;
        run.handover_round = out.rounds_done;
        run.flagged = out.error;
        return;
      }
    } else {
      run.report.error = out.error;
    }
    run.report.failed_round = out.rounds_done;
    // Both families look-ahead runs (the Latin square, alternating) send one message from
    // every port in every round, each round a permutation without relays: what is left
    // is N a round not run, whatever the order (messages_from_round counts the same:
    // device_lookahead_test.cpp; counted here it would take O(rounds x N) in one step).
    run.report.messages_pending = lookahead_pending(gray_, out.rounds_done);
  }

 private:
  S gray_;
  Timer timer_;
  AfterRound after_round_;
  Hooks* hooks_;
  LookaheadRunner<Layout, Bus, S, Timer, AfterRound> runner_;
};

/// The device's session type for family S: a LookaheadSession where the board has a
/// slot timer and the fabric is the a2a block, else an empty stand-in (never made).
template <bool Enabled, class Layout, class Board, class Access, class Hooks, class S>
struct LookaheadSessionOf {
  struct type {};
};
template <class Layout, class Board, class Access, class Hooks, class S>
struct LookaheadSessionOf<true, Layout, Board, Access, Hooks, S> {
  using type = LookaheadSession<Layout, Board, typename Access::Bus, Hooks, S>;
};

}  // namespace detail

}  // namespace a2a::app
