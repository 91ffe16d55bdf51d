// The slot timer's interrupt on the micro:bit: nRF51 TIMER1's COMPARE[0],
// interrupt 9 (board.c starts it). Acknowledge first (EVENTS_COMPARE[0] = 0),
// then the slot's two stores (slot_service.hpp).
#include "nrf51.h"
#include "slot_service.hpp"

static_assert(A2A_NRF51_TIMER1_IRQ == 9, "IRQ9_Handler is TIMER1's");

// a2a_board_slot_irq names the handler for bench/target (the vector table's IRQ9_Handler).
extern "C" void a2a_board_slot_irq(void) {
  A2A_NRF51_TIMER1->EVENTS_COMPARE[0] = 0U;
  a2a::board::detail::serve_slot();
}
extern "C" void IRQ9_Handler(void) __attribute__((alias("a2a_board_slot_irq")));
