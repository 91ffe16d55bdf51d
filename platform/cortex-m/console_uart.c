/* The UART console backend (production images, e.g. a2a_controller): output
 * goes to the board's console UART (a2a_board_uart_write, 115200 8N1), and
 * nothing here or in startup.c uses semihosting, so a board without a
 * debugger runs the image. There is no command line (argv = {"a2a"}), and no
 * debugger to take an exit status: exit() and abort() print the status and
 * reset the board (SYSRESETREQ), so a controller that ends starts again from
 * a clean state. Under QEMU, -no-reboot turns that reset into QEMU's exit. */
#include <stdlib.h>

#include "a2a/board/board.h"
#include "a2a/board/console.h"
#include "board_common.h"
#include "image_backend.h"

/* Characters go straight into the UART's transmit ring; the transmitter starts at each
 * line's end and its interrupt sends the ring: nothing waits on the UART. Lines end in
 * "\n" alone, as on the semihosting console: set the terminal to add the carriage
 * return (picocom --imap lfcrlf, docs/flashing.md). */
void a2a_console_putc(char c) { (void)a2a_board_tx_put(c); /* a byte not queued is counted */ }

/* The last words before a reset: the ring sent by polling. */
void a2a_console_flush(void) { a2a_board_uart_drain(); }

int a2a_command_line(char*** argv) {
  static char name[] = "a2a";
  static char* args[2] = {name, 0};
  *argv = args;
  return 1;
}

void a2a_image_console_init(void) { a2a_board_init(); }

_Noreturn void a2a_image_fault(uint32_t exception, const uint32_t* frame) {
  a2a_image_print_fault(exception, frame);
  a2a_console_puts(": reset\n");
  a2a_console_flush();
  a2a_board_record_reset_cause(A2A_RESET_LOCKUP);
  a2a_board_system_reset();
}

void exit(int status) {
  a2a_console_puts("\na2a: exit status ");
  a2a_console_put_i64(status);
  a2a_console_puts(": reset\n");
  a2a_console_flush();
  a2a_board_reset(); /* records A2A_RESET_SOFTWARE */
}

void _exit(int status) { exit(status); }

void abort(void) {
  a2a_console_puts("\na2a: abort(): reset\n");
  a2a_console_flush();
  a2a_board_reset();
}
