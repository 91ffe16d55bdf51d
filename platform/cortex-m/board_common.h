/* Internal interface between the board-independent part of the board support
 * (board_common.c, startup.c) and each board's board.c. Not for applications:
 * they use <a2a/board/board.h>. */
#pragma once

#include <stdint.h>

#include "a2a/board/board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- provided by each board (boards/<board>/board.c) --------------------- */
/* The reset cause the hardware's own flags tell (and clears them), or -1 when
 * the board has no such flags or they say nothing useful. Called once at boot,
 * before main, after .bss is zeroed. */
int a2a_board_hw_reset_cause(void);
/* Enables the console UART with its receiver and receive interrupt request,
 * touching registers only (no RAM, no NVIC): Reset_Handler calls it first, before
 * .data and .bss are set up, so that bytes sent from the first instant are held
 * in the UART until a2a_board_init() starts taking them into the ring. */
void a2a_board_console_early(void);
/* The console's transmit work: hands the UART bytes from the transmit ring
 * (a2a_board_tx_pop) while it takes them, and arms or disarms its transmit
 * interrupt. Called from that interrupt and from the thread with interrupts
 * masked (board_common.c), never waits. */
void a2a_board_tx_service(void);

/* --- provided by board_common.c ------------------------------------------ */
/* The console's receive ring (single producer: the board's UART receive
   interrupt; single consumer: a2a_board_uart_read). Push from the interrupt
   only; a full ring counts the byte as lost. */
void a2a_board_rx_push(uint8_t byte);
/* A byte the UART itself lost (its overrun flag), counted with the ring's. */
void a2a_board_rx_lost(void);
/* Starts the ring's producer: enables the UART's receive interrupt `irq`, then
   takes what the UART already holds by calling `receive` (the interrupt's own
   work) with interrupts masked, so the ring keeps one producer at a time. */
void a2a_board_rx_start(uint32_t irq, void (*receive)(void));
/* The next byte of the ring, or -1 (what a2a_board_uart_read returns). */
int a2a_board_rx_pop(void);
/* The next byte of the console's transmit ring, or -1 when it is empty: for the
   board's transmit service only. */
int a2a_board_tx_pop(void);
/* One byte into the transmit ring (a2a_board_uart_write's step; the console's putc):
   false when it could not be queued (counted as lost). Starts the transmitter at a
   line's end. */
bool a2a_board_tx_put(char c);
/* Called by Reset_Handler after .data/.bss: settles the reset cause. */
void a2a_board_boot(void);
/* Writes the cause the next boot reports into persistent word 0. */
void a2a_board_record_reset_cause(enum a2a_reset_cause cause);
/* SYSRESETREQ without recording a cause (the caller has). */
_Noreturn void a2a_board_system_reset(void);
/* Extends a free-running 32-bit up-counting tick count, read by `read_ticks`,
 * to 64 bits (call at least once per wrap). Interrupts are masked around the
 * read and the update, so any context may call. */
uint64_t a2a_board_extend_ticks(uint32_t (*read_ticks)(void));
/* The NVIC: enables external interrupt `irq` (a stale pending one cleared first);
   disables it, after which its handler does not run again. */
void a2a_board_irq_enable(uint32_t irq);
void a2a_board_irq_disable(uint32_t irq);
/* Whether the image links the slot timer's interrupt handler and ring
   (a2a::cortex_m_slot_timer): a board's a2a_board_slot_timer_start refuses
   without it rather than take an interrupt nothing handles. */
bool a2a_board_slot_service_linked(void);

#ifdef __cplusplus
}
#endif
