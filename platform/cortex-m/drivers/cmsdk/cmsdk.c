/* CMSDK APB UART, timer and watchdog drivers (see cmsdk.h). Interrupts: the
 * UART's receive (into the board's ring, a2a_cmsdk_uart_receive) and transmit
 * (from the board's transmit ring, a2a_cmsdk_uart_transmit), the watchdog's (the
 * board's NMI handler) and the slot timer's (cmsdk_slot_irq.cpp, look-ahead mode);
 * everything else is polled. */
#include "cmsdk.h"

#include "board_common.h"

#include <stddef.h>

/* The register blocks must sit at the CMSDK manual's offsets. */
_Static_assert(offsetof(a2a_cmsdk_uart_regs, BAUDDIV) == 0x010, "UART BAUDDIV");
_Static_assert(offsetof(a2a_cmsdk_timer_regs, INTSTATUS) == 0x00C, "TIMER INTSTATUS");
_Static_assert(offsetof(a2a_cmsdk_watchdog_regs, MIS) == 0x014, "WATCHDOG MIS");
_Static_assert(offsetof(a2a_cmsdk_watchdog_regs, LOCK) == 0xC00, "WATCHDOG LOCK");

void a2a_cmsdk_uart_init(a2a_cmsdk_uart_regs* uart, uint32_t pclk_hz, uint32_t baud) {
  uint32_t div = pclk_hz / baud;
  if (div < 16u) div = 16u; /* the UART's minimum (and QEMU drops output below it) */
  uart->CTRL = 0;
  uart->BAUDDIV = div;
  uart->STATE = 0xCu; /* clear stale overrun flags */
  uart->CTRL = A2A_CMSDK_UART_CTRL_TX_EN | A2A_CMSDK_UART_CTRL_RX_EN | A2A_CMSDK_UART_CTRL_TX_INT_EN |
               A2A_CMSDK_UART_CTRL_RX_INT_EN;
}

void a2a_cmsdk_uart_transmit(a2a_cmsdk_uart_regs* uart) {
  uart->INTSTATUS = A2A_CMSDK_UART_INT_TX; /* cleared first: the next byte's departure raises it again */
  while ((uart->STATE & A2A_CMSDK_UART_STATE_TX_FULL) == 0u) {
    const int byte = a2a_board_tx_pop();
    if (byte < 0) return;
    uart->DATA = (uint32_t)byte;
  }
}

void a2a_cmsdk_uart_receive(a2a_cmsdk_uart_regs* uart) {
  uart->INTSTATUS = A2A_CMSDK_UART_INT_RX; /* cleared first: a byte after this raises it again */
  if ((uart->STATE & A2A_CMSDK_UART_STATE_RX_OVERRUN) != 0u) {
    uart->STATE = A2A_CMSDK_UART_STATE_RX_OVERRUN; /* write 1 clears */
    a2a_board_rx_lost();
  }
  while ((uart->STATE & A2A_CMSDK_UART_STATE_RX_FULL) != 0u) a2a_board_rx_push((uint8_t)(uart->DATA & 0xFFu));
}

void a2a_cmsdk_timer_start(a2a_cmsdk_timer_regs* timer) {
  timer->CTRL = 0;
  timer->RELOAD = 0xFFFFFFFFu;
  timer->VALUE = 0xFFFFFFFFu;
  timer->INTSTATUS = 1u;
  timer->CTRL = A2A_CMSDK_TIMER_CTRL_EN;
}

void a2a_cmsdk_timer_start_periodic(a2a_cmsdk_timer_regs* timer, uint32_t ticks) {
  timer->CTRL = 0;
  timer->RELOAD = ticks - 1u;
  timer->VALUE = ticks - 1u;
  timer->INTSTATUS = 1u;
  timer->CTRL = A2A_CMSDK_TIMER_CTRL_EN | A2A_CMSDK_TIMER_CTRL_IRQ_EN;
}

void a2a_cmsdk_timer_stop(a2a_cmsdk_timer_regs* timer) {
  timer->CTRL = 0;
  timer->INTSTATUS = 1u;
}

uint32_t a2a_cmsdk_timer_ticks(const a2a_cmsdk_timer_regs* timer) {
  /* Counts down from 0xFFFFFFFF and reloads it: the complement counts up and
     wraps modulo 2^32 like an up-counter. */
  return ~timer->VALUE;
}

void a2a_cmsdk_watchdog_start(a2a_cmsdk_watchdog_regs* wdog, uint32_t ticks_per_expiry) {
  wdog->LOCK = A2A_CMSDK_WATCHDOG_UNLOCK;
  wdog->LOAD = ticks_per_expiry;
  wdog->INTCLR = 1u;
  wdog->CONTROL = A2A_CMSDK_WATCHDOG_CONTROL_INTEN | A2A_CMSDK_WATCHDOG_CONTROL_RESEN;
  wdog->LOCK = 0u; /* locked again: a stray write cannot stop it */
}

void a2a_cmsdk_watchdog_feed(a2a_cmsdk_watchdog_regs* wdog) {
  wdog->LOCK = A2A_CMSDK_WATCHDOG_UNLOCK;
  wdog->INTCLR = 1u; /* clears a pending early warning and reloads LOAD */
  wdog->LOCK = 0u;
}
