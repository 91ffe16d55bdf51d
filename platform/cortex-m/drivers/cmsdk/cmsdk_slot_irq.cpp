// The slot timer's interrupt on the MPS2 boards: CMSDK TIMER1, interrupt 9
// (mps2_board.c starts it). Acknowledge first (a new boundary during the
// handler pends it again), then the slot's two stores (slot_service.hpp).
#include "mps2.h"
#include "slot_service.hpp"

static_assert(MPS2_TIMER1_IRQ == 9, "IRQ9_Handler is TIMER1's");

// a2a_board_slot_irq names the handler for bench/target (the vector table's IRQ9_Handler).
extern "C" void a2a_board_slot_irq(void) {
  MPS2_TIMER1->INTSTATUS = 1U;
  a2a::board::detail::serve_slot();
}
extern "C" void IRQ9_Handler(void) __attribute__((alias("a2a_board_slot_irq")));
