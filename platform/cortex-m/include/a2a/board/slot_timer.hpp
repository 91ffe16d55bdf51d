// The board's slot timer for the look-ahead mode (firmware/app lookahead.hpp,
// docs/PERFORMANCE.md "Look-ahead mode"): a periodic interrupt of a board timer
// that writes the next SlotRing entry (a STAGE_CTRL word and the COMMIT) to the
// fabric's register block at every slot boundary, through the memory-mapped bus.
//
// Link a2a::cortex_m_slot_timer (platform/cortex-m/CMakeLists.txt): the ring and
// the board's interrupt handler (drivers/<family>/*_slot_irq.cpp, named by
// board.cmake's A2A_BOARD_SLOT_TIMER_SOURCES). Without it
// a2a_board_slot_timer_start() refuses (returns 0).
#pragma once

#include <a2a/hal/slot_ring.hpp>
#include <a2a/board/board.h>

#include <cstdint>

namespace a2a::board {

/// Entries the ring holds: the look-ahead window is at most one less.
inline constexpr std::uint32_t kSlotRingCapacity = 16;
using SlotRing = hal::SlotRing<kSlotRingCapacity>;

namespace detail {
extern SlotRing g_slot_ring;  // platform/cortex-m/slot_timer.cpp
}  // namespace detail

/// The ring the slot interrupt writes to the fabric.
inline SlotRing& slot_ring() { return detail::g_slot_ring; }

/// run_lookahead's SlotTimer (app::SlotTimer) on this board: the board's slot
/// timer at `period_ns`, its ring, the board's time; idle() feeds the watchdog.
class BoardSlotTimer {
 public:
  explicit BoardSlotTimer(std::uint32_t period_ns) : period_ns_(period_ns) {}
  SlotRing& ring() { return slot_ring(); }
  bool start() {
    running_ns_ = a2a_board_slot_timer_start(period_ns_);
    return running_ns_ != 0;
  }
  void stop() { a2a_board_slot_timer_stop(); }
  std::uint64_t micros() { return a2a_board_micros(); }
  void idle() { a2a_board_watchdog_feed(); }
  /// The period the timer runs at (the asked one rounded to its steps); 0 before start().
  [[nodiscard]] std::uint32_t period_ns() const { return running_ns_; }

 private:
  std::uint32_t period_ns_;
  std::uint32_t running_ns_{0};
};

}  // namespace a2a::board
