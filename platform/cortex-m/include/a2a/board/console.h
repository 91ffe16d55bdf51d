/* The board console: text to the host over semihosting, without the C
 * library's stdio (newlib's printf and FILE buffers allocate from the heap,
 * which the images forbid). Output is kept in a small static line buffer and
 * handed over a line at a time (one semihosting trap per line). */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void a2a_console_write(const char* text, size_t length);
void a2a_console_puts(const char* text); /* no newline added */
void a2a_console_putc(char c);
void a2a_console_put_u64(uint64_t value);   /* decimal */
void a2a_console_put_i64(int64_t value);    /* decimal, '-' when negative */
void a2a_console_put_hex32(uint32_t value); /* 0x%08x */
void a2a_console_flush(void);

/* The program's arguments from the debugger (SYS_GET_CMDLINE), split at
 * spaces into static storage: argv[0] is the image, argv[argc] is NULL. At
 * most A2A_CONSOLE_MAX_ARGS arguments (including argv[0]) are kept. */
#define A2A_CONSOLE_MAX_ARGS 16
int a2a_command_line(char*** argv);

#ifdef __cplusplus
}
#endif
