/* The few C/C++ run-time functions an image may reference, in versions that
 * need no operating system and no heap. Defining them here keeps newlib's own
 * (which reach for stdio, signals or malloc) out of the link. exit(), _exit()
 * and abort() depend on the console backend: console_semihost.c,
 * console_uart.c. */
#include <stdlib.h>

#include "a2a/board/console.h"

/* Registration of static destructors: nothing to register (see exit()). */
int __cxa_atexit(void (*destructor)(void*), void* object, void* dso) {
  (void)destructor;
  (void)object;
  (void)dso;
  return 0;
}
__attribute__((visibility("hidden"))) void* __dso_handle = &__dso_handle;

/* Called through a vtable slot of a pure virtual function (a bug). */
void __cxa_pure_virtual(void) {
  a2a_console_puts("\na2a: pure virtual function called\n");
  abort();
}
