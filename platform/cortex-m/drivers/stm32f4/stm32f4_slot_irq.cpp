// The slot timer's interrupt on the STM32F2/F4 boards: TIM3's update, interrupt
// 29 (stm32f4_board.c starts it). Acknowledge first (SR.UIF = 0), then the
// slot's two stores (slot_service.hpp).
#include "slot_service.hpp"
#include "stm32f4.h"

static_assert(A2A_STM32F4_TIM3_IRQ == 29, "IRQ29_Handler is TIM3's");

// a2a_board_slot_irq names the handler for bench/target (the vector table's IRQ29_Handler).
extern "C" void a2a_board_slot_irq(void) {
  A2A_STM32F4_TIM3->SR = 0U;
  a2a::board::detail::serve_slot();
}
extern "C" void IRQ29_Handler(void) __attribute__((alias("a2a_board_slot_irq")));
