/* ARM semihosting: the guest asks the debugger (here QEMU, started with
 * -semihosting-config enable=on) to do I/O for it with "bkpt 0xAB". The images
 * use it for their console, their command line and their exit status, so they
 * need no UART driver and no C library system calls. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Operation numbers from the ARM semihosting specification (v2). */
enum a2a_semihost_op {
  A2A_SYS_WRITEC = 0x03,       /* one character at *arg */
  A2A_SYS_WRITE0 = 0x04,       /* NUL-terminated string at arg */
  A2A_SYS_GET_CMDLINE = 0x15,  /* arg: {char *buffer; int length} */
  A2A_SYS_EXIT = 0x18,         /* arg: reason code (no status on 32-bit ARM) */
  A2A_SYS_EXIT_EXTENDED = 0x20 /* arg: {reason, status} */
};

/* ADP_Stopped_ApplicationExit: the "normal exit" reason code. */
#define A2A_SEMIHOST_APPLICATION_EXIT 0x20026u

/* Performs one semihosting call and returns the debugger's r0. */
int32_t a2a_semihost_call(uint32_t op, const void* arg);

/* Ends the program: QEMU exits with `status` (0..255 reach the shell). */
_Noreturn void a2a_semihost_exit(int status);

#ifdef __cplusplus
}
#endif
