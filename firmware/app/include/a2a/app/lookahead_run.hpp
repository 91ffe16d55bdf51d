// run_lookahead(): the look-ahead mode's main loop (docs/PERFORMANCE.md, "Look-ahead
// mode"). The producer (lookahead.hpp) computes each round's register stores into the
// slot ring ahead of time, the board's slot timer commits one entry a slot, and this
// loop reads back what the fabric did (detail::LookaheadObserver): every counted round
// is confirmed in order, a flagged one stops the run with the round it names.
#pragma once

#include <cstdint>
#include <type_traits>

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
      : bus_(bus), ring_(ring), timer_(timer), schedule_(schedule), on_round_(on_round), first_ticket_(first_ticket),
        stall_us_(stall_us), base_(bus.read32(Layout::kRoundCounter)), last_error_before_(bus.read32(Layout::kLastError)),
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

/// Runs every round of `schedule` in look-ahead mode on a fabric configured for its
/// network (NET_PORTS, NET_SHAPE written; counters cleared). `bus`: the main loop's
/// view of the block (ROUND_COUNTER, LAST_ERROR, STATUS reads; header writes); the
/// timer's interrupt writes the entries through its own bus to the same block.
/// on_round(r, round) is called for every confirmed round, in order.
template <class Layout, hal::RegisterBus Bus, LookaheadSchedule S, SlotTimer Timer, class OnRound>
LookaheadOutcome run_lookahead(Bus& bus, const S& schedule, Timer& timer, const LookaheadOptions& options,
                               OnRound&& on_round) {
  using namespace hal::reg;
  auto& ring = timer.ring();
  using Ring = std::remove_reference_t<decltype(ring)>;
  LookaheadOutcome out;
  if (!window_allowed<Ring::kCapacity>(options)) {
    out.error = Errc::lookahead_bad_window;
    return out;
  }
  const std::uint32_t first_ticket = (Status::Ticket::extract(bus.read32(Layout::kStatus)) + 1) & Control::Ticket::max;
  SlotProducer<Layout, S> producer(schedule, first_ticket);
  if (const Errc e = producer.check(); e != Errc::ok) {
    out.error = e;
    return out;
  }
  const bool relay = NetShape::Relay::extract(bus.read32(Layout::kNetShape)) != 0;
  detail::LookaheadObserver<Layout, Bus, Ring, S, Timer, std::remove_reference_t<OnRound>> fabric(
      bus, ring, timer, schedule, on_round, first_ticket, options.stall_us);
  ring.reset();
  auto finish = [&]() -> LookaheadOutcome {
    timer.stop();
    out.rounds_done = fabric.confirmed();
    out.slots_written = ring.written();
    out.underruns = ring.underruns();
    return out;
  };

  typename SlotProducer<Layout, S>::StageWrites extra;
  while (!producer.done()) {
    const std::uint32_t r = producer.produced();
    while (r >= fabric.confirmed() + options.window || ring.space() == 0) {
      if (!fabric.observe(out)) return finish();
      timer.idle();
    }
    if (r != 0 && !options.write_ports && producer.one_stage_per_round()) {
      producer.fill(ring, fabric.confirmed() + options.window - r);  // the rounds the window allows, in one loop
      continue;
    }
    const SlotEntry entry = producer.step(extra);
    // Shadow registers are free here: nothing is committed (round 0), or the round
    // before was counted (window 1), so the block has latched it.
    if (extra.mask != 0) {
      if (r != 0 && options.window != 1) {
        out.error = Errc::lookahead_needs_one_stage;
        return finish();
      }
      for (std::uint32_t s = 0; s < kMaxStages; ++s)
        if ((extra.mask >> s & 1U) != 0) bus.write32(Layout::stage_control(s), extra.value[s]);
    }
    if (options.write_ports) write_round_ports<Layout>(bus, schedule, producer.round(), relay);
    ring.push(entry);  // there is room: checked above, and only this loop pushes
    if (!fabric.started()) {
      if (!timer.start()) {
        out.error = Errc::slot_timer_refused;
        return finish();
      }
      fabric.mark_started();
    }
  }
  ring.finish();
  while (fabric.confirmed() < schedule.rounds()) {
    if (!fabric.observe(out)) return finish();
    timer.idle();
  }
  return finish();
}

}  // namespace a2a::app
