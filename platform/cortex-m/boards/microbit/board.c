/* Board microbit: BBC micro:bit v1 (nRF51822, Cortex-M0), QEMU's "microbit".
 *   UART0    0x40002000  console on the interface chip's USB serial: TX P0.24, RX P0.25;
 *                        interrupt 2 (receive into the console's ring, transmit from its own)
 *   TIMER0   0x40008000  time base: 1 MHz, 32 bits, wraps in 71 min
 *   WDT      0x40010000  watchdog (not modelled by QEMU 7.2)
 *   TIMER1   0x40009000  slot timer of the look-ahead mode: interrupt 9, 16 bits,
 *                        62.5 ns steps (handler: drivers/nrf51/nrf51_slot_irq.cpp)
 *   POWER.RESETREAS      reset reason (QEMU: reads 0)
 * The HFCLK stays on the internal 16 MHz RC oscillator (no crystal start, so no
 * wait on a ready event: QEMU does not model the CLOCK block). */
#include <stdbool.h>

#include "board_common.h"
#include "nrf51.h"

#define MICROBIT_UART_TX_PIN 24u
#define MICROBIT_UART_RX_PIN 25u

static bool initialized;

const char* a2a_board_name(void) { return "microbit"; }

uint32_t a2a_board_cpu_hz(void) { return A2A_BOARD_CPU_HZ; } /* 16 MHz, in QEMU too */

void a2a_board_init(void) {
  if (initialized) return;
  if (A2A_NRF51_UART0->ENABLE != A2A_NRF51_UART_ENABLE) a2a_board_console_early();
  a2a_board_rx_start(A2A_NRF51_UART0_IRQ, a2a_nrf51_uart_receive); /* from here every byte goes into the ring */
  a2a_nrf51_timer0_start();
  initialized = true;
}

void a2a_board_console_early(void) { a2a_nrf51_uart_init(MICROBIT_UART_TX_PIN, MICROBIT_UART_RX_PIN); }

void a2a_board_tx_service(void) { a2a_nrf51_uart_transmit(); }

/* UART0's interrupt (receive and transmit share it): the bytes into the console's
   ring, the next byte of the transmit ring out. */
void IRQ2_Handler(void) {
  a2a_nrf51_uart_receive();
  a2a_nrf51_uart_transmit();
}

int a2a_board_uart_read(void) { return a2a_board_rx_pop(); }

uint64_t a2a_board_micros(void) {
  if (!initialized) return 0;
  return a2a_board_extend_ticks(a2a_nrf51_timer0_ticks); /* 1 tick = 1 us */
}

uint32_t a2a_board_slot_timer_start(uint32_t period_ns) {
  if (!a2a_board_slot_service_linked()) return 0;
  /* TIMER1 at 16 MHz / 2^prescaler: the smallest prescaler whose 16-bit compare
     holds the period (prescaler 0: 62.5 ns steps, up to 4 ms; 9: up to 2 s). */
  for (uint32_t prescaler = 0; prescaler <= 9u; ++prescaler) {
    const uint64_t hz = A2A_BOARD_CPU_HZ >> prescaler;
    const uint64_t ticks = ((uint64_t)period_ns * hz + 500000000u) / 1000000000u;
    if (ticks > 0xFFFFu) continue;
    if (ticks < 2u) return 0;
    a2a_board_slot_timer_stop();
    a2a_nrf51_timer1_start_periodic(prescaler, (uint32_t)ticks);
    a2a_board_irq_enable(A2A_NRF51_TIMER1_IRQ);
    return (uint32_t)(ticks * 1000000000u / hz);
  }
  return 0;
}

void a2a_board_slot_timer_stop(void) {
  a2a_nrf51_timer1_stop();
  a2a_board_irq_disable(A2A_NRF51_TIMER1_IRQ);
}

/* The chip has the WDT; QEMU 7.2 does not model it (board.cmake:
   A2A_BOARD_WATCHDOG_IN_QEMU OFF). The nRF51's WDT has no early warning the
   image could use to record a cause: POWER.RESETREAS (DOG) tells instead. */
bool a2a_board_watchdog_supported(void) { return true; }
void a2a_board_watchdog_start(uint32_t timeout_ms) { a2a_nrf51_wdt_start(timeout_ms); }
void a2a_board_watchdog_feed(void) { a2a_nrf51_wdt_feed(); }

/* QEMU 7.2 does not model the POWER/CLOCK block: every register of that page
 * reads 1, so RESETREAS would say "reset pin" at every boot. POWER.RAMON tells
 * QEMU apart: the chip resets it to 3 (RAM blocks 0 and 1 on) and this image
 * never changes it. Under QEMU the causes come from persistent word 0 alone. */
static bool under_qemu(void) { return *A2A_NRF51_POWER_RAMON == 1u; }

int a2a_board_hw_reset_cause(void) {
  if (under_qemu()) return -1;
  return a2a_nrf51_take_reset_reason();
}
