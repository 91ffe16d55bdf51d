/* The board code of the STM32F2/F4 boards (netduinoplus2: STM32F405RG,
 * netduino2: STM32F205RF), which use the same peripherals at the same addresses
 * (RM0090 and RM0033 agree on every register used here):
 *   USART1  0x40011000  console, PA9 TX / PA10 RX (QEMU's first -serial)
 *   TIM2    0x40000000  time base: 32-bit, 1 MHz (HSI 16 MHz / 16), wraps in 71 min
 *   IWDG    0x40003000  watchdog (not modelled by QEMU 7.2: writes are ignored)
 *   TIM3    0x40000400  slot timer of the look-ahead mode: interrupt 29, 16 bits
 *                       and a prescaler; 62.5 ns steps on the chip, 1 ns under
 *                       QEMU (handler: stm32f4_slot_irq.cpp)
 *   RCC_CSR             reset flags (QEMU: reads 0, so causes come from word 0)
 * The clock tree stays at its reset default (HSI 16 MHz). The board's own
 * board.c names it and gives its QEMU machine's core clock
 * (a2a_stm32f4_qemu_cpu_hz). */
#include <stdbool.h>

#include "board_clock.h"
#include "board_common.h"
#include "stm32f4.h"

static bool initialized;

/* QEMU 7.2 models neither the RCC nor the STM32 clock tree: its TIM2..TIM5
 * count at a fixed 1 GHz before the prescaler (hw/arm/stm32f405_soc.c,
 * stm32f205_soc.c), not at the 16 MHz of the chip's reset clock, and its core
 * (SysTick) runs at the machine's own clock (a2a_stm32f4_qemu_cpu_hz). RCC_CR
 * tells them apart: on the chip HSION and HSIRDY are set from reset on
 * (CR = 0x..83), under QEMU the RCC reads as 0 (netduinoplus2: an unimplemented
 * device; netduino2: unmapped, and the machine ignores failed accesses). */
#define QEMU_TIMER_HZ 1000000000u
static bool under_qemu(void) { return A2A_STM32F4_RCC->CR == 0u; }

uint32_t a2a_board_cpu_hz(void) { return under_qemu() ? a2a_stm32f4_qemu_cpu_hz : A2A_BOARD_CPU_HZ; }

static void usart1_receive(void) { a2a_stm32f4_usart_receive(A2A_STM32F4_USART1); }

void a2a_board_init(void) {
  if (initialized) return;
  /* APB1 and APB2 run at the HSI's 16 MHz after reset (prescalers 1). */
  if ((A2A_STM32F4_USART1->CR1 & A2A_STM32F4_USART_CR1_UE) == 0u) a2a_board_console_early();
  a2a_board_rx_start(A2A_STM32F4_USART1_IRQ, usart1_receive); /* from here every byte goes into the ring */
  const uint32_t timer_hz = under_qemu() ? QEMU_TIMER_HZ : A2A_BOARD_CPU_HZ;
  a2a_stm32f4_tim2_start(timer_hz / 1000000u - 1u); /* 1 MHz either way */
  initialized = true;
}

void a2a_board_console_early(void) { a2a_stm32f4_usart1_init(A2A_BOARD_CPU_HZ, A2A_BOARD_BAUD); }

void a2a_board_tx_service(void) { a2a_stm32f4_usart_transmit(A2A_STM32F4_USART1); }

/* USART1's interrupt (receive and transmit share it): the bytes into the console's
   ring, the next bytes of the transmit ring out. */
void IRQ37_Handler(void) {
  usart1_receive();
  a2a_board_tx_service();
}

int a2a_board_uart_read(void) { return a2a_board_rx_pop(); }

static uint32_t tim2_ticks(void) { return A2A_STM32F4_TIM2->CNT; }

uint64_t a2a_board_micros(void) {
  if (!initialized) return 0;
  return a2a_board_extend_ticks(tim2_ticks); /* one tick per microsecond */
}

uint32_t a2a_board_slot_timer_start(uint32_t period_ns) {
  /* TIM3's clock: APB1 x 1 = 16 MHz on the chip (prescaler 1), 1 GHz under QEMU. */
  const uint64_t hz = under_qemu() ? QEMU_TIMER_HZ : A2A_BOARD_CPU_HZ;
  const uint64_t ticks = ((uint64_t)period_ns * hz + 500000000u) / 1000000000u;
  if (!a2a_board_slot_service_linked() || ticks < 2u) return 0;
  /* The smallest prescaler whose 16-bit reload holds the period. */
  const uint64_t prescaler = (ticks - 1u) / 65536u;
  if (prescaler > 0xFFFFu) return 0;
  const uint64_t reload = ticks / (prescaler + 1u) - 1u;
  a2a_board_slot_timer_stop();
  a2a_stm32f4_tim3_start_periodic((uint32_t)prescaler, (uint32_t)reload);
  a2a_board_irq_enable(A2A_STM32F4_TIM3_IRQ);
  return (uint32_t)((prescaler + 1u) * (reload + 1u) * 1000000000u / hz);
}

void a2a_board_slot_timer_stop(void) {
  a2a_stm32f4_tim3_stop();
  a2a_board_irq_disable(A2A_STM32F4_TIM3_IRQ);
}

/* The chip has the IWDG; QEMU 7.2 does not model it (board.cmake:
   A2A_BOARD_WATCHDOG_IN_QEMU OFF), so under QEMU nothing resets. */
bool a2a_board_watchdog_supported(void) { return true; }
void a2a_board_watchdog_start(uint32_t timeout_ms) { a2a_stm32f4_iwdg_start(timeout_ms); }
void a2a_board_watchdog_feed(void) { a2a_stm32f4_iwdg_feed(); }

int a2a_board_hw_reset_cause(void) { return a2a_stm32f4_take_reset_flags(); }

/* A sector erase of the configuration store (a2a/flash/stm32f4_flash.hpp): from RAM,
   interrupts masked (their handlers and the vector table are in flash), the IWDG
   reloaded while BSY holds. The bound, 16 M passes of about 6 cycles, is 6 s at 16 MHz:
   above the data sheets' longest 128 KiB erase (2 s on the F4 at x32). */
__attribute__((section(".ramfunc"), noinline, long_call)) void a2a_stm32f4_flash_erase_in_ram(uint32_t cr) {
  volatile uint32_t* const flash_sr = (volatile uint32_t*)0x40023C0Cu;
  volatile uint32_t* const flash_cr = (volatile uint32_t*)0x40023C10u;
  uint32_t primask;
  __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
  *flash_cr = cr;
  for (uint32_t n = 0; n < 16000000u && (*flash_sr & (1u << 16)) != 0u; ++n)
    A2A_STM32F4_IWDG->KR = A2A_STM32F4_IWDG_KEY_RELOAD;
  __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
}
