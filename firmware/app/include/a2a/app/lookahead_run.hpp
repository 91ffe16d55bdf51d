// LookaheadRunner: the look-ahead mode's main loop (docs/PERFORMANCE.md, "Look-ahead
// mode"), one bounded piece per step(). The producer (lookahead.hpp) computes each
// round's register stores into the slot ring ahead of time, the board's slot timer
// commits one entry a slot, and the runner reads back what the fabric did
// (detail::LookaheadObserver): every counted round is confirmed in order, a flagged
// one stops the run with the round it names. run_lookahead() steps it to its end.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "a2a/app/lookahead.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Whether run_lookahead takes options.window with a ring of Capacity entries: 1 ..
/// min(Capacity - 1, kMaxLookaheadWindow), and 1 while the main loop writes the headers.
template <std::uint32_t Capacity>
[[nodiscard]] constexpr bool window_allowed(const LookaheadOptions& options) {
  constexpr std::uint32_t kLimit = Capacity - 1 < kMaxLookaheadWindow ? Capacity - 1 : kMaxLookaheadWindow;
  if (options.write_ports) return options.window == 1;
  return options.window >= 1 && options.window <= kLimit;
}

namespace detail {

/// What run_lookahead reads back from the fabric while the slot timer commits: it
/// confirms the counted rounds in order (on_round for each) and stops at a flagged
/// one, or when nothing moved for stall_us after the timer started.
template <class Layout, hal::RegisterBus Bus, class Ring, class S, class Timer, class OnRound>
class LookaheadObserver {
 public:
  LookaheadObserver(Bus& bus, Ring& ring, Timer& timer, const S& schedule, OnRound& on_round,
                    std::uint32_t first_ticket, std::uint64_t stall_us)
      : bus_(bus),
        ring_(ring),
        timer_(timer),
        schedule_(schedule),
        on_round_(on_round),
        first_ticket_(first_ticket),
        stall_us_(stall_us),
        base_(bus.read32(Layout::kRoundCounter)),
        last_error_before_(bus.read32(Layout::kLastError)),
        progress_at_(timer.micros()) {}

  [[nodiscard]] std::uint32_t confirmed() const { return confirmed_; }
  [[nodiscard]] bool started() const { return started_; }
  /// The timer runs from now: a stall is measured from here.
  void mark_started() {
    started_ = true;
    progress_at_ = timer_.micros();
  }

  /// False when the run must stop (out.error set).
  bool observe(LookaheadOutcome& out) {
    using namespace hal::reg;
    const std::uint32_t counted = bus_.read32(Layout::kRoundCounter) - base_;
    const std::uint32_t last_error = bus_.read32(Layout::kLastError);
    const std::uint32_t written = ring_.written();
    std::uint32_t good = counted < written ? counted : written;  // never more than were committed
    if (last_error != last_error_before_) {
      // The flagged round's ticket names it among the rounds in flight (window < 256).
      const std::uint32_t in_flight =
          (Status::Ticket::extract(last_error) - (first_ticket_ + confirmed_)) & Control::Ticket::max;
      const std::uint32_t flagged = confirmed_ + in_flight;
      if (flagged < good) good = flagged;
      confirm_up_to(good);
      out.last_error = last_error;
      out.error = (last_error & Status::Error::mask) != 0 ? Errc::fabric_round_not_run : Errc::fabric_round_faulted;
      return false;
    }
    if (good > confirmed_ || written != written_seen_) progress_at_ = timer_.micros();
    written_seen_ = written;
    confirm_up_to(good);
    if (started_ && timer_.micros() - progress_at_ > stall_us_) {
      out.error = Errc::fabric_timeout;
      return false;
    }
    return true;
  }

 private:
  void confirm_up_to(std::uint32_t good) {
    while (confirmed_ < good) on_round_(confirmed_, schedule_.round(confirmed_)), ++confirmed_;
  }

  Bus& bus_;
  Ring& ring_;
  Timer& timer_;
  const S& schedule_;
  OnRound& on_round_;
  std::uint32_t first_ticket_;
  std::uint64_t stall_us_;
  std::uint32_t base_;
  std::uint32_t last_error_before_;
  std::uint64_t progress_at_;
  std::uint32_t confirmed_{0};
  std::uint32_t written_seen_{0};
  bool started_{false};
};

}  // namespace detail

/// What one LookaheadRunner::step() did.
enum class LookaheadEvent : std::uint8_t {
  produced,  ///< a round's entry (or the window's rounds) went into the slot ring
  observed,  ///< the fabric was read back (rounds confirmed, or nothing yet): idle until the next slot
  done,      ///< the run ended: outcome()
};

/// Look-ahead mode's main loop, one bounded piece per step(): the producer puts a
/// round's register stores into the slot ring ahead of time, the board's slot timer
/// commits one entry a slot, and the runner reads back what the fabric did (every
/// counted round confirmed in order, on_round(r, round) for each; a flagged one stops
/// the run with the round it names). It never waits: after `observed` the caller idles
/// until the next slot (the timer's interrupt), or does other work. `bus`: the main
/// loop's view of the block (ROUND_COUNTER, LAST_ERROR, STATUS reads; header writes);
/// the timer's interrupt writes the entries through its own bus to the same block. The
/// fabric must be configured for the schedule's network (NET_PORTS, NET_SHAPE written;
/// counters cleared). Everything passed in must outlive the runner.
template <class Layout, hal::RegisterBus Bus, LookaheadSchedule S, SlotTimer Timer, class OnRound>
class LookaheadRunner {
  using Ring = std::remove_reference_t<decltype(std::declval<Timer&>().ring())>;
  using Observer = detail::LookaheadObserver<Layout, Bus, Ring, S, Timer, OnRound>;

 public:
  LookaheadRunner(Bus& bus, const S& schedule, Timer& timer, const LookaheadOptions& options, OnRound& on_round)
      : bus_(bus),
        schedule_(schedule),
        timer_(timer),
        ring_(timer.ring()),
        options_(options),
        first_ticket_((hal::reg::Status::Ticket::extract(bus.read32(Layout::kStatus)) + 1) &
                      hal::reg::Control::Ticket::max),
        producer_(schedule, first_ticket_),
        relay_(hal::reg::NetShape::Relay::extract(bus.read32(Layout::kNetShape)) != 0),
        fabric_(bus, ring_, timer, schedule, on_round, first_ticket_, options.stall_us) {
    if (!window_allowed<Ring::kCapacity>(options)) {
      out_.error = Errc::lookahead_bad_window;
      finished_ = true;
    } else if (const Errc e = producer_.check(); e != Errc::ok) {
      out_.error = e;
      finished_ = true;
    }
    ring_.reset();
  }
  LookaheadRunner(const LookaheadRunner&) = delete;  // the observer points at its parts
  LookaheadRunner& operator=(const LookaheadRunner&) = delete;
  LookaheadRunner(LookaheadRunner&&) = delete;
  LookaheadRunner& operator=(LookaheadRunner&&) = delete;
  ~LookaheadRunner() = default;

  /// One piece: produce the next round (or the rounds the window allows), or read the
  /// fabric back once when the window or the ring is full, or after the last round.
  [[nodiscard]] LookaheadEvent step() {
    if (finished_) return LookaheadEvent::done;
    if (producer_.done() || stop_requested_) {  // no more entries: the ring drains, every one confirmed
      if (!ring_finished_) ring_.finish(), ring_finished_ = true;
      const std::uint32_t last = producer_.produced();
      if (fabric_.confirmed() < last) return observe();
      if (last < schedule_.rounds()) out_.error = Errc::exchange_stopped;
      return finish();
    }
    const std::uint32_t r = producer_.produced();
    if (r >= fabric_.confirmed() + options_.window || ring_.space() == 0) return observe();
    if (r != 0 && !options_.write_ports && producer_.one_stage_per_round()) {
      producer_.fill(ring_, fabric_.confirmed() + options_.window - r);  // the rounds the window allows, in one loop
      return LookaheadEvent::produced;
    }
    return produce(r);
  }
  [[nodiscard]] bool finished() const { return finished_; }
  /// Final once finished().
  [[nodiscard]] const LookaheadOutcome& outcome() const { return out_; }
  /// Ends the run at a round boundary (exchange_stopped): nothing more is produced, the
  /// rounds in the ring are committed and confirmed, then the timer stops.
  void request_stop() { stop_requested_ = true; }

 private:
  LookaheadEvent observe() {
    if (!fabric_.observe(out_)) return finish();
    return LookaheadEvent::observed;
  }
  LookaheadEvent produce(std::uint32_t r) {
    typename SlotProducer<Layout, S>::StageWrites extra;
    const SlotEntry entry = producer_.step(extra);
    // Shadow registers are free here: nothing is committed (round 0), or the round
    // before was counted (window 1), so the block has latched it.
    if (extra.mask != 0) {
      if (r != 0 && options_.window != 1) {
        out_.error = Errc::lookahead_needs_one_stage;
        return finish();
      }
      for (std::uint32_t s = 0; s < kMaxStages; ++s)
        if ((extra.mask >> s & 1U) != 0) bus_.write32(Layout::stage_control(s), extra.value[s]);
    }
    if (options_.write_ports) write_round_ports<Layout>(bus_, schedule_, producer_.round(), relay_);
    ring_.push(entry);  // there is room: step() checked it, and only this runner pushes
    if (!fabric_.started()) {
      if (!timer_.start()) {
        out_.error = Errc::slot_timer_refused;
        return finish();
      }
      fabric_.mark_started();
    }
    return LookaheadEvent::produced;
  }
  LookaheadEvent finish() {
    timer_.stop();
    out_.rounds_done = fabric_.confirmed();
    out_.slots_written = ring_.written();
    out_.underruns = ring_.underruns();
    finished_ = true;
    return LookaheadEvent::done;
  }

  Bus& bus_;
  const S& schedule_;
  Timer& timer_;
  Ring& ring_;
  LookaheadOptions options_;
  std::uint32_t first_ticket_;
  SlotProducer<Layout, S> producer_;
  bool relay_;
  Observer fabric_;
  LookaheadOutcome out_{};
  bool finished_{false};
  bool ring_finished_{false};
  bool stop_requested_{false};
};

/// Runs every round of `schedule` in look-ahead mode: the LookaheadRunner stepped to
/// its end, idling (timer.idle()) whenever it waits for the slot timer.
template <class Layout, hal::RegisterBus Bus, LookaheadSchedule S, SlotTimer Timer, class OnRound>
LookaheadOutcome run_lookahead(Bus& bus, const S& schedule, Timer& timer, const LookaheadOptions& options,
                               OnRound&& on_round) {
  LookaheadRunner<Layout, Bus, S, Timer, std::remove_reference_t<OnRound>> runner(bus, schedule, timer, options,
                                                                                  on_round);
  for (;;) {
    const LookaheadEvent e = runner.step();
    if (e == LookaheadEvent::done) return runner.outcome();
    if (e == LookaheadEvent::observed) timer.idle();
  }
}

}  // namespace a2a::app
