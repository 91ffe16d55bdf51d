/* The product's board support (mps2-an385 under QEMU): its UART, its timer, its
   exit. Plain C: a2a does not provide any of it. */
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void board_init(void);
void board_put_char(char c);
void board_print(const char* text);
void board_print_u32(uint32_t value);
/* The console's next byte, or -1 (never waits); RX overruns so far. */
int board_read_byte(void);
uint32_t board_rx_overruns(void);
/* TIMER1 interrupts (IRQ 9) every `ticks` cycles of the 25 MHz clock. */
void board_timer1_start(uint32_t ticks);
/* Clears TIMER1's interrupt and counts the tick (board_micros). */
void board_timer1_clear(void);
/* Time since TIMER1 started, in microseconds, to one tick. */
uint64_t board_micros(void);
void board_wait_for_interrupt(void);
void board_exit(int code) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif
