/* What each console backend (console_semihost.c, console_uart.c) gives the
 * board-independent start-up code (startup.c). One backend is linked into an
 * image: a2a_cortex_m_image(<target> CONSOLE semihost|uart). */
#pragma once

#include <stdint.h>

/* Before the static constructors: brings the console up (the UART backend
 * initialises the board; semihosting needs nothing). */
void a2a_image_console_init(void);

/* An exception nobody handles (IPSR's exception number): reports it and ends
 * the image (semihosting: exit status 99; UART: records A2A_RESET_LOCKUP and
 * resets the board). */
_Noreturn void a2a_image_fault(uint32_t exception);
