/* <a2a/board/board.h> for the MPS2 FPGA images (AN385, AN386, AN500): they
 * share the CMSDK APB peripherals at the same addresses and the 25 MHz APB
 * clock, so one implementation serves the three boards; each board's board.c
 * only names the image (a2a_board_name).
 *   UART0     0x40004000  console (QEMU's first -serial); receive interrupt: IRQ 0,
 *                         transmit interrupt: IRQ 1
 *   TIMER0    0x40000000  time base: 25 ticks per microsecond, wraps in 171 s
 *   WATCHDOG  0x40008000  interrupt wired to NMI (hw/arm/mps2.c), reset on the
 *                         second expiry
 *   TIMER1    0x40001000  slot timer of the look-ahead mode: IRQ 9, 40 ns steps
 *                         (handler: cmsdk_slot_irq.cpp)
 * The timers are not SysTick: SysTick belongs to the emulated fabric. */
#include <stdbool.h>

#include "board_clock.h"
#include "board_common.h"
#include "cmsdk.h"
#include "mps2.h"

static bool initialized;

uint32_t a2a_board_cpu_hz(void) { return A2A_BOARD_CPU_HZ; } /* 25 MHz, in QEMU too */

static void uart0_receive(void) { a2a_cmsdk_uart_receive(MPS2_UART0); }

void a2a_board_init(void) {
  if (initialized) return;
  if ((MPS2_UART0->CTRL & A2A_CMSDK_UART_CTRL_RX_EN) == 0u) a2a_board_console_early();
  a2a_board_rx_start(MPS2_UART0_RX_IRQ, uart0_receive); /* from here every byte goes into the ring */
  a2a_board_irq_enable(MPS2_UART0_TX_IRQ);              /* and the transmit ring drains by interrupt */
  a2a_cmsdk_timer_start(MPS2_TIMER0);
  initialized = true;
}

void a2a_board_console_early(void) { a2a_cmsdk_uart_init(MPS2_UART0, A2A_BOARD_CPU_HZ, A2A_BOARD_BAUD); }

/* UART0's receive interrupt: the bytes into the console's ring. */
void IRQ0_Handler(void) { uart0_receive(); }

void a2a_board_tx_service(void) { a2a_cmsdk_uart_transmit(MPS2_UART0); }

/* UART0's transmit interrupt: the next bytes of the transmit ring. */
void IRQ1_Handler(void) { a2a_board_tx_service(); }

int a2a_board_uart_read(void) { return a2a_board_rx_pop(); }

static uint32_t timer0_ticks(void) { return a2a_cmsdk_timer_ticks(MPS2_TIMER0); }

uint64_t a2a_board_micros(void) {
  if (!initialized) return 0;
  return a2a_board_extend_ticks(timer0_ticks) / (A2A_BOARD_CPU_HZ / 1000000u);
}

uint32_t a2a_board_slot_timer_start(uint32_t period_ns) {
  /* TIMER1 counts PCLK (25 MHz): 40 ns a tick, at least 2 ticks a period. */
  const uint64_t ticks = ((uint64_t)period_ns * A2A_BOARD_CPU_HZ + 500000000u) / 1000000000u;
  if (!a2a_board_slot_service_linked() || ticks < 2u || ticks > 0xFFFFFFFFu) return 0;
  a2a_board_slot_timer_stop();
  a2a_cmsdk_timer_start_periodic(MPS2_TIMER1, (uint32_t)ticks);
  a2a_board_irq_enable(MPS2_TIMER1_IRQ);
  return (uint32_t)(ticks * 1000000000u / A2A_BOARD_CPU_HZ);
}

void a2a_board_slot_timer_stop(void) {
  a2a_cmsdk_timer_stop(MPS2_TIMER1);
  a2a_board_irq_disable(MPS2_TIMER1_IRQ);
}

bool a2a_board_watchdog_supported(void) { return true; }

void a2a_board_watchdog_start(uint32_t timeout_ms) {
  /* WDOGCLK is the 25 MHz system clock. Half the timeout to the early
     warning (NMI), the other half to the reset. */
  uint64_t ticks = (uint64_t)timeout_ms * (A2A_BOARD_CPU_HZ / 1000u) / 2u;
  if (ticks == 0) ticks = 1;
  if (ticks > 0xFFFFFFFFu) ticks = 0xFFFFFFFFu;
  a2a_cmsdk_watchdog_start(MPS2_WATCHDOG, (uint32_t)ticks);
}

void a2a_board_watchdog_feed(void) { a2a_cmsdk_watchdog_feed(MPS2_WATCHDOG); }

/* The CMSDK watchdog's early warning. Records the cause, then waits for the
 * second expiry to reset the board: the reset comes from the watchdog itself,
 * as it would if this handler could not run. Any other NMI (software-pended)
 * is an unhandled exception. */
void a2a_unhandled_exception(void);
void NMI_Handler(void) {
  if ((MPS2_WATCHDOG->MIS & 1u) == 0u) {
    a2a_unhandled_exception();
    return;
  }
  a2a_board_record_reset_cause(A2A_RESET_WATCHDOG);
  for (;;) {
  }
}

/* The MPS2 images have no reset-reason register the image can read (the FPGA's
 * SCC does not tell); causes come from persistent word 0 alone. */
int a2a_board_hw_reset_cause(void) { return -1; }
