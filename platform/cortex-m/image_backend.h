/* What each console backend (console_semihost.c, console_uart.c) gives the
 * board-independent start-up code (startup.c). One backend is linked into an
 * image: a2a_cortex_m_image(<target> CONSOLE semihost|uart). */
#pragma once

#include <stdint.h>

/* Before the static constructors: brings the console up (the UART backend
 * initialises the board; semihosting needs nothing). */
void a2a_image_console_init(void);

/* An exception nobody handles (IPSR's exception number; `frame`: the eight words
 * the core stacked, r0-r3, r12, lr, pc, xpsr): reports it with where it struck
 * (a2a_image_print_fault) and ends the image (semihosting: exit status 99; UART:
 * records A2A_RESET_LOCKUP and resets the board). */
_Noreturn void a2a_image_fault(uint32_t exception, const uint32_t* frame);

/* "\na2a: unhandled exception 3 (HardFault) at pc 0x..., lr 0x..., sp 0x..." (no
 * newline): the faulting instruction, its caller and the stack pointer, so that a
 * report from the field names the function (arm-none-eabi-addr2line) and shows a
 * stack that ran into .bss (sp near the top of .bss). */
void a2a_image_print_fault(uint32_t exception, const uint32_t* frame);
