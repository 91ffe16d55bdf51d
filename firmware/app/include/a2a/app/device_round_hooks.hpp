// What the device does around every delivered round of an exchange (the job's
// after_round hook): the breadcrumb a reset would leave, the trace line, the
// watchdog, and the slot pacing as a deadline: a round is late when it ends after its
// slot; the next round never starts before its slot does (not_before(), which the
// device's poll() honours: nothing here waits).
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (Device's round hooks: device.hpp includes this before it declares the class.)

#include <cstdint>

#include "a2a/app/device_settings.hpp"
#include "a2a/schedule.hpp"

namespace a2a::app::detail {

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
    rounds_ = r + 1;
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
    not_before_ = slot_end;
  }
  [[nodiscard]] std::uint32_t late() const { return late_; }
  /// Rounds delivered so far (counted over all plans).
  [[nodiscard]] std::uint32_t rounds() const { return rounds_; }
  /// The next round may not start before this time (board micros): the end of the
  /// slot of the round just delivered; 0 without pacing.
  [[nodiscard]] std::uint64_t not_before() const { return pace_ ? not_before_ : 0; }
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
  std::uint64_t not_before_{0};
  std::uint32_t late_{0};
  std::uint32_t rounds_{0};
  bool pace_{true};
};

}  // namespace a2a::app::detail
