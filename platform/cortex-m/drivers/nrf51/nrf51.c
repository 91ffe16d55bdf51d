/* nRF51 UART0, TIMER0, TIMER1, WDT and reset-reason drivers (see nrf51.h). Polled,
 * except UART0 (receive and transmit by interrupt, the board's rings) and TIMER1's
 * compare interrupt (the slot timer, nrf51_slot_irq.cpp). */
#include "nrf51.h"

#include <stdbool.h>
#include <stddef.h>

#include "a2a/board/board.h"
#include "board_common.h"

/* The register blocks must sit at the reference manual's offsets. */
_Static_assert(offsetof(a2a_nrf51_uart_regs, EVENTS_RXDRDY) == 0x108, "UART EVENTS_RXDRDY");
_Static_assert(offsetof(a2a_nrf51_uart_regs, EVENTS_TXDRDY) == 0x11C, "UART EVENTS_TXDRDY");
_Static_assert(offsetof(a2a_nrf51_uart_regs, INTENSET) == 0x304, "UART INTENSET");
_Static_assert(offsetof(a2a_nrf51_uart_regs, ENABLE) == 0x500, "UART ENABLE");
_Static_assert(offsetof(a2a_nrf51_uart_regs, TXD) == 0x51C, "UART TXD");
_Static_assert(offsetof(a2a_nrf51_uart_regs, BAUDRATE) == 0x524, "UART BAUDRATE");
_Static_assert(offsetof(a2a_nrf51_uart_regs, CONFIG) == 0x56C, "UART CONFIG");
_Static_assert(offsetof(a2a_nrf51_timer_regs, TASKS_CAPTURE) == 0x040, "TIMER TASKS_CAPTURE");
_Static_assert(offsetof(a2a_nrf51_timer_regs, EVENTS_COMPARE) == 0x140, "TIMER EVENTS_COMPARE");
_Static_assert(offsetof(a2a_nrf51_timer_regs, SHORTS) == 0x200, "TIMER SHORTS");
_Static_assert(offsetof(a2a_nrf51_timer_regs, INTENSET) == 0x304, "TIMER INTENSET");
_Static_assert(offsetof(a2a_nrf51_timer_regs, MODE) == 0x504, "TIMER MODE");
_Static_assert(offsetof(a2a_nrf51_timer_regs, PRESCALER) == 0x510, "TIMER PRESCALER");
_Static_assert(offsetof(a2a_nrf51_timer_regs, CC) == 0x540, "TIMER CC");
_Static_assert(offsetof(a2a_nrf51_wdt_regs, EVENTS_TIMEOUT) == 0x100, "WDT EVENTS_TIMEOUT");
_Static_assert(offsetof(a2a_nrf51_wdt_regs, RUNSTATUS) == 0x400, "WDT RUNSTATUS");
_Static_assert(offsetof(a2a_nrf51_wdt_regs, CRV) == 0x504, "WDT CRV");
_Static_assert(offsetof(a2a_nrf51_wdt_regs, RR) == 0x600, "WDT RR");

void a2a_nrf51_uart_init(uint32_t tx_pin, uint32_t rx_pin) {
  a2a_nrf51_uart_regs* const uart = A2A_NRF51_UART0;
  uart->ENABLE = 0;
  uart->PSELTXD = tx_pin;
  uart->PSELRXD = rx_pin;
  uart->PSELRTS = A2A_NRF51_PSEL_DISCONNECTED;
  uart->PSELCTS = A2A_NRF51_PSEL_DISCONNECTED;
  uart->BAUDRATE = A2A_NRF51_UART_BAUD_115200;
  uart->CONFIG = 0; /* 8N1, no flow control */
  uart->ENABLE = A2A_NRF51_UART_ENABLE;
  uart->EVENTS_RXDRDY = 0;
  uart->EVENTS_TXDRDY = 0;
  uart->INTENSET = A2A_NRF51_UART_INT_RXDRDY | A2A_NRF51_UART_INT_TXDRDY;
  uart->TASKS_STARTRX = 1;
  uart->TASKS_STARTTX = 1;
}

/* A byte is in TXD and its TXDRDY has not been taken yet. */
static bool tx_busy;

void a2a_nrf51_uart_transmit(void) {
  a2a_nrf51_uart_regs* const uart = A2A_NRF51_UART0;
  for (;;) {
    if (tx_busy) {
      /* TXDRDY: the byte has left TXD; only then may the next be written. */
      if (uart->EVENTS_TXDRDY == 0u) return;
      uart->EVENTS_TXDRDY = 0;
      tx_busy = false;
    }
    const int byte = a2a_board_tx_pop();
    if (byte < 0) return;
    uart->TXD = (uint32_t)byte;
    tx_busy = true;
  }
}

void a2a_nrf51_uart_receive(void) {
  a2a_nrf51_uart_regs* const uart = A2A_NRF51_UART0;
  while (uart->EVENTS_RXDRDY != 0u) {
    uart->EVENTS_RXDRDY = 0; /* cleared before RXD is read: the next byte raises it again */
    a2a_board_rx_push((uint8_t)(uart->RXD & 0xFFu));
  }
}

void a2a_nrf51_timer0_start(void) {
  a2a_nrf51_timer_regs* const timer = A2A_NRF51_TIMER0;
  timer->TASKS_STOP = 1;
  timer->MODE = 0;      /* timer, not counter */
  timer->BITMODE = 3;   /* 32 bits: wraps after 71 minutes at 1 MHz */
  timer->PRESCALER = 4; /* 16 MHz / 2^4 = 1 MHz */
  timer->TASKS_CLEAR = 1;
  timer->TASKS_START = 1;
}

uint32_t a2a_nrf51_timer0_ticks(void) {
  /* The counter is not readable directly: capture it into CC[0]. */
  a2a_nrf51_timer_regs* const timer = A2A_NRF51_TIMER0;
  timer->TASKS_CAPTURE[0] = 1;
  return timer->CC[0];
}

void a2a_nrf51_timer1_start_periodic(uint32_t prescaler, uint32_t ticks) {
  a2a_nrf51_timer_regs* const timer = A2A_NRF51_TIMER1;
  timer->TASKS_STOP = 1;
  timer->INTENCLR = 0xFFFFFFFFu;
  timer->MODE = 0;    /* timer */
  timer->BITMODE = 0; /* 16 bits */
  timer->PRESCALER = prescaler;
  timer->CC[0] = ticks;
  timer->SHORTS = A2A_NRF51_TIMER_SHORTS_COMPARE0_CLEAR;
  timer->EVENTS_COMPARE[0] = 0;
  timer->TASKS_CLEAR = 1;
  timer->INTENSET = A2A_NRF51_TIMER_INT_COMPARE0;
  timer->TASKS_START = 1;
}

void a2a_nrf51_timer1_stop(void) {
  a2a_nrf51_timer_regs* const timer = A2A_NRF51_TIMER1;
  timer->TASKS_STOP = 1;
  timer->INTENCLR = 0xFFFFFFFFu;
  timer->EVENTS_COMPARE[0] = 0;
}

void a2a_nrf51_wdt_start(uint32_t timeout_ms) {
  a2a_nrf51_wdt_regs* const wdt = A2A_NRF51_WDT;
  uint64_t crv = (uint64_t)timeout_ms * 32768u / 1000u;
  if (crv < 15u) crv = 15u; /* the manual's minimum CRV */
  if (crv > 0xFFFFFFFFu) crv = 0xFFFFFFFFu;
  wdt->CRV = (uint32_t)crv;
  wdt->RREN = 1u;       /* RR[0] only */
  wdt->CONFIG = 1u;     /* keep counting while the CPU sleeps; pause under the debugger */
  wdt->TASKS_START = 1; /* from here CRV/RREN/CONFIG are fixed until a reset */
}

void a2a_nrf51_wdt_feed(void) { A2A_NRF51_WDT->RR[0] = A2A_NRF51_WDT_RELOAD; }

int a2a_nrf51_take_reset_reason(void) {
  const uint32_t reason = *A2A_NRF51_POWER_RESETREAS;
  *A2A_NRF51_POWER_RESETREAS = reason; /* write 1s to clear: the flags accumulate otherwise */
  if ((reason & A2A_NRF51_RESETREAS_DOG) != 0u) return A2A_RESET_WATCHDOG;
  if ((reason & A2A_NRF51_RESETREAS_LOCKUP) != 0u) return A2A_RESET_LOCKUP;
  if ((reason & A2A_NRF51_RESETREAS_SREQ) != 0u) return A2A_RESET_SOFTWARE;
  if ((reason & A2A_NRF51_RESETREAS_RESETPIN) != 0u) return A2A_RESET_PIN;
  return -1; /* none: power-on (RESETREAS is 0 then; QEMU reads it as 0 too) */
}
