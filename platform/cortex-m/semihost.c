/* The semihosting trap and the exit call (see include/a2a/board/semihost.h). */
#include "a2a/board/semihost.h"

int32_t a2a_semihost_call(uint32_t op, const void* arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = arg;
  /* "memory": the debugger reads and writes the block r1 points to. */
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return (int32_t)r0;
}

_Noreturn void a2a_semihost_exit(int status) {
  /* SYS_EXIT_EXTENDED carries the status; plain SYS_EXIT on 32-bit ARM only
     tells success from failure, so it is the fallback. */
  const uint32_t block[2] = {A2A_SEMIHOST_APPLICATION_EXIT, (uint32_t)status};
  (void)a2a_semihost_call(A2A_SYS_EXIT_EXTENDED, block);
  (void)a2a_semihost_call(A2A_SYS_EXIT,
                          (const void*)(uintptr_t)(status == 0 ? A2A_SEMIHOST_APPLICATION_EXIT : 0x20023u));
  for (;;) {
    /* No debugger answered: stop here rather than run off into flash. */
  }
}
