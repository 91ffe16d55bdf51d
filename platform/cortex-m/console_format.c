/* The console's formatting, shared by both backends (see
 * include/a2a/board/console.h): everything goes through a2a_console_putc,
 * which the backend provides. Own decimal/hex conversions: newlib's printf
 * allocates. */
#include "a2a/board/console.h"

void a2a_console_write(const char* text, size_t length) {
  for (size_t i = 0; i < length; ++i) a2a_console_putc(text[i]);
}

void a2a_console_puts(const char* text) {
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
