// The look-ahead mode's ring on a board (<a2a/board/slot_timer.hpp>) and what
// the slot interrupt does when it finds no entry. Part of a2a::cortex_m_slot_timer
// with the board's handler (A2A_BOARD_SLOT_TIMER_SOURCES).
#include <a2a/board/board.h>
#include <a2a/board/slot_timer.hpp>

#include <cstdint>

#include "slot_service.hpp"

namespace a2a::board::detail {

SlotRing g_slot_ring;

void empty_slot() {
  if (g_slot_ring.empty_slot() == hal::SlotServed::finished) a2a_board_slot_timer_stop();
}

}  // namespace a2a::board::detail

// Tells the board's a2a_board_slot_timer_start() that the handler is linked
// (board_common.c declares it weak).
extern "C" const std::uint32_t a2a_slot_service_present = 1;
