// A board's slot timer on the host (the SlotTimer concept of lookahead.hpp), for
// the host boards that run the controller device (device_bench.hpp, the docs
// test's tests/docs/device_standin.cpp): the slot interrupt is played on the
// look-ahead loop's waits (idle()), when the board's clock has passed the next
// slot boundary. Like the board's handler it writes one ring entry (STAGE_CTRL
// and COMMIT) through the fabric's raw bus, never the controller's counting one,
// or counts an underrun, and stops after the ring's last entry.
#pragma once

#include <a2a/hal/slot_ring.hpp>
#include <cstdint>

namespace a2a::test {

/// The ring of a host board: the capacity of the Cortex-M boards' (slot_timer.hpp).
using HostSlotRing = hal::SlotRing<16>;

/// Board: micros() and feed_watchdog(); Bus: the fabric's register block.
template <class Board, class Bus>
class PlayedSlotTimer {
 public:
  PlayedSlotTimer(Board& board, Bus& bus, HostSlotRing& ring, std::uint32_t period_ns)
      : board_(&board), bus_(&bus), ring_(&ring), period_us_(period_ns / 1000) {}

  HostSlotRing& ring() { return *ring_; }
  /// Refuses below a microsecond (the host clock's step), as a board refuses a
  /// period below two steps of its timer.
  bool start() {
    if (period_us_ == 0) return false;
    running_ = true;
    next_us_ = board_->micros() + period_us_;
    return true;
  }
  void stop() { running_ = false; }
  std::uint64_t micros() { return board_->micros(); }
  /// A slot boundary that has passed fires once, however many have: a timer's
  /// interrupt pends one bit while the core is elsewhere (here: the host
  /// descheduled the process), and the next comes at the next boundary.
  void idle() {
    board_->feed_watchdog();
    const std::uint64_t now = board_->micros();
    if (!running_ || now < next_us_) return;
    next_us_ += period_us_ * ((now - next_us_) / period_us_ + 1);
    if (ring_->serve(*bus_) == hal::SlotServed::finished) running_ = false;
  }

 private:
  Board* board_;
  Bus* bus_;
  HostSlotRing* ring_;
  std::uint64_t period_us_;
  bool running_{false};
  std::uint64_t next_us_{0};
};

}  // namespace a2a::test
