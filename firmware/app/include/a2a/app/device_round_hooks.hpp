// What the device does around every delivered round of an exchange (the job's
// after_round hook): the breadcrumb a reset would leave, the trace line, the
// watchdog, the lost acknowledgements named (the round runner asks the product's
// receipts, a fabric without delivery counters: acknowledgements.hpp), and the slot pacing as a deadline: a round
// is late when it ends after its slot; the next round never starts before its slot
// does (not_before(), which the device's poll() honours: nothing here waits).
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (Device's round hooks: device.hpp includes this before it declares the class.)

#include <cstdint>

#include "a2a/app/device_board.hpp"
#include "a2a/app/device_fabric.hpp"
#include "a2a/app/device_settings.hpp"
#include "a2a/schedule.hpp"

namespace a2a::app::detail {

/// Lost acknowledgements listed by pair per exchange; the summary counts the rest.
inline constexpr std::uint32_t kLostPairsListed = 8;

/// Access: the device's fabric access (device_fabric.hpp), for the writes it counts.
template <class Board, class Access>
class DeviceRoundHooks {
 public:
  /// The exchange's clock starts here: construct right before the first round.
  DeviceRoundHooks(Board& board, const Access& access, const DeviceKnobs& knobs, std::uint32_t crumb_round)
      : board_(&board),
        access_(&access),
        knobs_(knobs),
        crumb_round_(crumb_round),
        start_us_(board.micros()),
        writes_before_(access.writes()) {}

  template <class S>
  void after_round(std::uint32_t r, const S& schedule, const typename S::Round& round) {
    board_->set_crumb(crumb_round_, r + 1);
    board_->feed_watchdog();
    rounds_ = r + 1;
    if (knobs_.trace) trace(r, schedule, round);
    writes_before_ = access_->writes();
    if (knobs_.slot_us == 0 || !pace_) return;
    const std::uint64_t slot_end = end_of_slot(r);
    if (board_->micros() > slot_end) {
      ++late_;
      return;
    }
    not_before_ = slot_end;
  }
  [[nodiscard]] std::uint32_t late() const { return late_; }
  /// Trace lines left out so far because the console had no room for them.
  [[nodiscard]] std::uint32_t trace_dropped() const { return trace_dropped_; }
  /// Rounds delivered so far (counted over all plans).
  [[nodiscard]] std::uint32_t rounds() const { return rounds_; }
  /// The board's clock (microseconds): what the job measures a fault's standstill by.
  [[nodiscard]] std::uint64_t micros() const { return board_->micros(); }
  /// The next round may not start before this time (board micros): the end of the
  /// slot of the round just delivered; 0 without pacing.
  [[nodiscard]] std::uint64_t not_before() const { return pace_ ? not_before_ : 0; }
  /// Off while the slot timer paces the rounds (look-ahead mode).
  void pace(bool on) { pace_ = on; }
  /// A hop the round runner found unacknowledged, the n-th of the exchange: the first
  /// kLostPairsListed named (the summary counts them all).
  void pair_lost(const LostPair& p, std::uint32_t n) {
    if (n > kLostPairsListed) return;
    board_->print("lost: pair (", p.origin, ", ", p.destination, ") of round ", p.round, " not acknowledged");
    if (p.received == kNoReceipt)
      board_->print(" (no receipt at ", p.destination, ")\n");
    else
      board_->print(" (", p.destination, " received from ", p.received, ")\n");
  }

 private:
  /// Round r's trace line, or, where the console has no room for it, the line left out
  /// whole and counted (the host reads too slowly).
  template <class S>
  void trace(std::uint32_t r, const S& schedule, const typename S::Round& round) {
    if (!console_takes_trace(*board_)) {
      ++trace_dropped_;
      return;
    }
    board_->print("round ", r, ": word ", round.word());
    if constexpr (Access::kCountsWrites) board_->print(", ", access_->writes() - writes_before_, " register writes");
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
  /// When round r's slot ends: slot r is [start + r T, start + (r + 1) T).
  [[nodiscard]] std::uint64_t end_of_slot(std::uint32_t r) const {
    return start_us_ + std::uint64_t{r + 1} * knobs_.slot_us;
  }
  static constexpr std::uint32_t kTracePortsUpTo = 16;  ///< wider networks: no per-port list
  Board* board_;
  const Access* access_;
  DeviceKnobs knobs_;
  std::uint32_t crumb_round_;
  std::uint64_t start_us_;
  std::uint64_t writes_before_;
  std::uint64_t not_before_{0};
  std::uint32_t late_{0};
  std::uint32_t trace_dropped_{0};
  std::uint32_t rounds_{0};
  bool pace_{true};
};

}  // namespace a2a::app::detail
