/* The few C/C++ run-time functions an image may reference, in versions that
 * need no operating system and no heap. Defining them here keeps newlib's own
 * (which reach for stdio, signals or malloc) out of the link. */
#include <stdlib.h>

#include "a2a/board/console.h"
#include "a2a/board/semihost.h"

/* Status of abort(), as a host shell reports a SIGABRT death (128 + 6). */
#define A2A_EXIT_ABORT 134

void exit(int status) {
  /* No atexit handlers or static destructors: firmware never returns from
     main(), and the tests end here after printing their summary. */
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

/* Registration of static destructors: nothing to register (see exit()). */
int __cxa_atexit(void (*destructor)(void *), void *object, void *dso) {
  (void)destructor;
  (void)object;
  (void)dso;
  return 0;
}
__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

/* Called through a vtable slot of a pure virtual function (a bug). */
void __cxa_pure_virtual(void) {
  a2a_console_puts("\na2a: pure virtual function called\n");
  abort();
}
