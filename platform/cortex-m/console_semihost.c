/* The semihosting console backend (test images): output, command line and
 * exit status go to the debugger (QEMU -semihosting) with "bkpt 0xAB". A
 * flashed board without a debugger stops at the first call: production
 * images use console_uart.c. */
#include <stdlib.h>

#include "a2a/board/console.h"
#include "a2a/board/semihost.h"
#include "image_backend.h"

/* Exit status of an image stopped by an exception nobody handles. */
#define A2A_EXIT_UNHANDLED_EXCEPTION 99
/* Status of abort(), as a host shell reports a SIGABRT death (128 + 6). */
#define A2A_EXIT_ABORT 134

/* One line of output; SYS_WRITE0 wants it NUL-terminated. */
static char line[128 + 1];
static size_t used;

void a2a_console_flush(void) {
  if (used == 0) return;
  line[used] = '\0';
  (void)a2a_semihost_call(A2A_SYS_WRITE0, line);
  used = 0;
}

void a2a_console_putc(char c) {
  line[used++] = c;
  if (c == '\n' || used == sizeof line - 1) a2a_console_flush();
}

int a2a_command_line(char*** argv) {
  static char text[512];
  static char* args[A2A_CONSOLE_MAX_ARGS + 1];
  static char fallback[] = "a2a";
  struct {
    char* buffer;
    int32_t length;
  } block = {text, (int32_t)sizeof text};

  int argc = 0;
  if (a2a_semihost_call(A2A_SYS_GET_CMDLINE, &block) == 0) {
    char* p = text;
    while (*p != '\0' && argc < A2A_CONSOLE_MAX_ARGS) {
      while (*p == ' ') *p++ = '\0';
      if (*p == '\0') break;
      args[argc++] = p;
      while (*p != '\0' && *p != ' ') ++p;
    }
    *p = '\0'; /* ends the last argument when more were dropped */
  }
  if (argc == 0) args[argc++] = fallback;
  args[argc] = 0;
  *argv = args;
  return argc;
}

void a2a_image_console_init(void) {}

_Noreturn void a2a_image_fault(uint32_t exception, const uint32_t* frame) {
  a2a_console_flush();
  a2a_image_print_fault(exception, frame);
  a2a_console_puts("\n");
  a2a_console_flush();
  a2a_semihost_exit(A2A_EXIT_UNHANDLED_EXCEPTION);
}

/* No atexit handlers or static destructors: firmware never returns from
   main(), and the tests end here after printing their summary. Defined here,
   newlib's versions (stdio, signals) stay out of the link. */
void exit(int status) {
  a2a_console_flush();
  a2a_semihost_exit(status);
}

void _exit(int status) { exit(status); }

void abort(void) {
  a2a_console_flush();
  a2a_console_puts("\na2a: abort()\n");
  a2a_console_flush();
  a2a_semihost_exit(A2A_EXIT_ABORT);
}
