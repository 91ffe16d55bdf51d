/* What a board gives the controller image (firmware/app): its console UART, a
 * monotonic time base, pacing of rounds, the hardware watchdog, the reset cause,
 * words that survive a reset, where the fabric's register block lives, and the
 * slot timer of the look-ahead mode.
 *
 * Every board folder (platform/cortex-m/boards/<board>/) implements these with
 * its own peripheral drivers; nothing here uses semihosting, so a flashed board
 * with no debugger attached runs the image. All calls are bounded in time except
 * a2a_board_reset(), which does not return. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* _Noreturn is C only; C++ spells it [[noreturn]]. */
#ifdef __cplusplus
#define A2A_BOARD_NORETURN [[noreturn]]
#else
#define A2A_BOARD_NORETURN _Noreturn
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Clocks (left at the reset default or brought up with bounded waits), the
 * console UART (8N1, A2A_BOARD_BAUD), the time base. Called once by the board's
 * main before anything else. Idempotent. */
void a2a_board_init(void);

/* The board's name as a2a knows it (e.g. "mps2-an385"). */
const char* a2a_board_name(void);

/* The core clock as this image runs, in Hz: the rate of SysTick with
 * CLKSOURCE = processor clock. The board's A2A_BOARD_CPU_HZ (a compile
 * definition), except where QEMU clocks the core otherwise: netduinoplus2
 * runs its core at 168 MHz under QEMU (16 MHz HSI on the chip). */
uint32_t a2a_board_cpu_hz(void);

/* --- console UART --------------------------------------------------------- */
/* Receiving is interrupt-driven from the moment a2a_board_init() enables the UART
 * (Reset_Handler's console start, before the static constructors): the UART's
 * receive interrupt moves every byte into a ring of A2A_BOARD_RX_RING bytes,
 * so bytes that arrive while the image boots, prints or computes are kept in
 * order. Sending is interrupt-driven too: a2a_board_uart_write puts the bytes in a
 * ring of A2A_BOARD_TX_RING bytes (board.cmake: A2A_BOARD_TX_RING) and the UART's
 * transmit interrupt sends them, so a host that reads slowly, or not at all,
 * never holds the caller (docs/protocol.md, "A slow host"). */
#define A2A_BOARD_RX_RING 256u
#ifndef A2A_BOARD_TX_RING
#define A2A_BOARD_TX_RING 2048u
#endif
/* The next received byte (0..255) from the ring, or -1 when none is waiting.
 * Never blocks. */
int a2a_board_uart_read(void);
/* Received bytes lost so far: the ring was full, or the UART overran before its
 * interrupt could take the byte. Counted, never silent (`status`). */
uint32_t a2a_board_uart_overruns(void);
/* Queues `length` bytes for sending and returns how many were queued. While the
 * ring is full it serves the transmitter until a byte of room opens, bounded: a
 * transmitter that makes no progress for a few milliseconds (a host that does not
 * read) is given up, and the bytes that do not fit are counted as lost instead
 * (a2a_board_uart_tx_lost) until room opens again. A caller that asks
 * a2a_board_uart_tx_room() first, as the controller does, never gets there. */
size_t a2a_board_uart_write(const char* text, size_t length);
/* Bytes the transmit ring takes now without waiting. */
uint32_t a2a_board_uart_tx_room(void);
/* Bytes a2a_board_uart_write could not queue so far. */
uint32_t a2a_board_uart_tx_lost(void);
/* Sends what the ring holds by polling the UART (interrupts may be masked), bounded
 * as a full ring's wait is: for the last words before a reset. */
void a2a_board_uart_drain(void);

/* --- time ---------------------------------------------------------------- */
/* Microseconds since a2a_board_init(), monotonic. Must be called at least once
 * per wrap of the board's hardware counter (documented per board; >= 60 s). */
uint64_t a2a_board_micros(void);

/* --- watchdog ------------------------------------------------------------ */
/* Whether the board has a hardware watchdog the image can use: true on every
 * board so far. Under QEMU only the MPS2 boards' CMSDK watchdog is modelled;
 * the STM32 IWDG and the nRF51 WDT accept the calls and never fire there
 * (board.cmake: A2A_BOARD_WATCHDOG_IN_QEMU). */
bool a2a_board_watchdog_supported(void);
/* Starts the watchdog: a reset follows when it is not fed for `timeout_ms`
 * (the early-warning interrupt, where there is one, records the cause first). */
void a2a_board_watchdog_start(uint32_t timeout_ms);
void a2a_board_watchdog_feed(void);

/* --- reset --------------------------------------------------------------- */
enum a2a_reset_cause {
  A2A_RESET_POWER_ON = 0, /* cold start (or a cause the board cannot tell from it) */
  A2A_RESET_WATCHDOG = 1, /* the hardware watchdog expired */
  A2A_RESET_SOFTWARE = 2, /* a2a_board_reset() or SYSRESETREQ */
  A2A_RESET_PIN = 3,      /* the reset pin / debugger */
  A2A_RESET_LOCKUP = 4    /* an unhandled fault: the image reset itself */
};
/* Why the board last reset (read once at boot; stable afterwards). */
enum a2a_reset_cause a2a_board_reset_cause(void);
/* Resets the whole board (SYSRESETREQ); the next boot reports A2A_RESET_SOFTWARE. */
A2A_BOARD_NORETURN void a2a_board_reset(void);

/* Words in RAM that no start-up code touches (section .noinit): they keep their
 * value across a watchdog or software reset, not across power loss. The
 * application keeps its breadcrumbs there (e.g. the round a hung exchange was
 * in). A2A_BOARD_PERSISTENT_WORDS words; word 0 is the board's own. */
#define A2A_BOARD_PERSISTENT_WORDS 8
volatile uint32_t* a2a_board_persistent(void);

/* --- the fabric ------------------------------------------------------------ */
/* Address of the fabric's register block (hal/fabric_registers.hpp) on this
 * board: a hardware block on a real board; on a QEMU board, RAM that the
 * emulated fabric (platform/emulated) serves from its interrupt. */
uintptr_t a2a_board_fabric_base(void);

/* --- slot timer (look-ahead mode) ------------------------------------------ */
/* A periodic interrupt of the board's own timer (not SysTick, not the time
 * base): every period it writes the next entry of the slot ring to the fabric
 * (<a2a/board/slot_timer.hpp>; the handler comes with a2a::cortex_m_slot_timer).
 * `period_ns` is rounded to the timer's resolution; returns the period it runs
 * at in ns, or 0 when it cannot (out of the timer's range, a board without a
 * slot timer, or an image without the handler). The first boundary comes one
 * period after the call. Stop: disabled, and the handler does not run again. */
uint32_t a2a_board_slot_timer_start(uint32_t period_ns);
void a2a_board_slot_timer_stop(void);

#ifdef __cplusplus
}
#endif
