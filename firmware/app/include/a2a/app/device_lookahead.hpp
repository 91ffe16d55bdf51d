// `run` in look-ahead mode (`set mode=lookahead`, docs/console.md): the board's
// slot timer commits each round from the SlotRing (lookahead.hpp), one round
// every slot_us, while the main loop produces the next round and confirms each
// from ROUND_COUNTER and LAST_ERROR. The fabric's counters judge the exchange,
// as in the direct loop (device_run.hpp includes this header).
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

/// How long the look-ahead loop waits for a committed round before it stops
/// (fabric_timeout): a second (a round takes microseconds; a QEMU timer thread may
/// be descheduled for a while) plus four slots (a slot may be a second long).
constexpr std::uint64_t lookahead_stall_us(std::uint32_t slot_us) { return 1000000 + std::uint64_t{4} * slot_us; }

/// Out of line, one per family: inlined into the device's run, its loop's state would
/// sit beneath the direct mode's re-plan too (the image's deepest chain).
template <class Layout, class Board, class Bus, class Driver, class Hooks, class S>
[[gnu::noinline]] LookaheadRun lookahead_exchange(Board& board, Bus& bus, Driver& fabric, const S& gray,
                                                  const AnySchedule& planned, const JobResources& resources, Hooks& hooks,
                                                  std::uint32_t slot_us) {
  LookaheadRun run;
  auto timer = board.slot_timer(slot_us * 1000U);  // slot_us <= kMaxSlotMicros: fits 32-bit ns
  LookaheadOptions options;
  options.stall_us = lookahead_stall_us(slot_us);
  hooks.pace(false);  // the slot timer paces; a wait after a round would make the next one late
  const LookaheadOutcome out = run_lookahead<Layout>(
      bus, gray, timer, options,
      [&](std::uint32_t r, const typename S::Round& round) { hooks.after_round(r, gray, round); });
  hooks.pace(true);
  run.slots_written = out.slots_written;
  run.underruns = out.underruns;
  run.report.rounds_planned = gray.rounds();
  run.report.rounds_run = out.rounds_done;
  if (out.error == Errc::ok) return run;
  if (out.error == Errc::fabric_round_faulted || out.error == Errc::fabric_round_not_run) {
    // Window 1: round rounds_done was the last committed and delivered nothing.
    if (const Errc e = fabric.probe(); e != Errc::ok) {  // the driver takes up the slots' tickets
      run.report.error = e;
    } else {
      // The caller's exchange job runs from here (JobRunner from handover_round).
      run.handed_over = true;
      run.handover_round = out.rounds_done;
      run.flagged = out.error;
      return run;
    }
  } else {
    run.report.error = out.error;
  }
  run.report.failed_round = out.rounds_done;
  const auto tick = [&] { a2a::detail::replay_step(resources.planning.meter); };  // feeds the watchdog
  run.report.messages_pending = messages_from_round(planned, out.rounds_done, tick);
  return run;
}

/// Runs `planned` in look-ahead mode as its Gray-step family `family` (not none).
template <class Layout, class Board, class Bus, class Driver, class Hooks>
LookaheadRun lookahead_exchange(Board& board, Bus& bus, Driver& fabric, GraySteps family, const AnySchedule& planned,
                                const JobResources& resources, Hooks& hooks, std::uint32_t slot_us) {
  const Network net = planned.network();
  if (family == GraySteps::alternating) {
    const AlternatingSchedule alternating = AlternatingSchedule::make(net).value();
    return lookahead_exchange<Layout>(board, bus, fabric, alternating, planned, resources, hooks, slot_us);
  }
  const LatinSquareSchedule<> gray = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  return lookahead_exchange<Layout>(board, bus, fabric, gray, planned, resources, hooks, slot_us);
}

}  // namespace detail

}  // namespace a2a::app
