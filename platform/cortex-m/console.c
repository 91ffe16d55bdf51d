/* Semihosting console and command line (see include/a2a/board/console.h). */
#include "a2a/board/console.h"

#include "a2a/board/semihost.h"

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

void a2a_console_write(const char *text, size_t length) {
  for (size_t i = 0; i < length; ++i) a2a_console_putc(text[i]);
}

void a2a_console_puts(const char *text) {
  while (*text != '\0') a2a_console_putc(*text++);
}

void a2a_console_put_u64(uint64_t value) {
  char digits[20]; /* 2^64 - 1 has 20 decimal digits */
  size_t n = 0;
  do {
    digits[n++] = (char)('0' + (int)(value % 10u));
    value /= 10u;
  } while (value != 0);
  while (n > 0) a2a_console_putc(digits[--n]);
}

void a2a_console_put_i64(int64_t value) {
  if (value < 0) {
    a2a_console_putc('-');
    /* -(value + 1) + 1 avoids overflowing on INT64_MIN. */
    a2a_console_put_u64((uint64_t)(-(value + 1)) + 1u);
  } else {
    a2a_console_put_u64((uint64_t)value);
  }
}

void a2a_console_put_hex32(uint32_t value) {
  static const char hex[] = "0123456789abcdef";
  a2a_console_puts("0x");
  for (int shift = 28; shift >= 0; shift -= 4) a2a_console_putc(hex[(value >> shift) & 0xFu]);
}

int a2a_command_line(char ***argv) {
  static char text[512];
  static char *args[A2A_CONSOLE_MAX_ARGS + 1];
  static char fallback[] = "a2a";
  struct {
    char *buffer;
    int32_t length;
  } block = {text, (int32_t)sizeof text};

  int argc = 0;
  if (a2a_semihost_call(A2A_SYS_GET_CMDLINE, &block) == 0) {
    char *p = text;
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
