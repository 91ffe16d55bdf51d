/* capi_test_io.h on a board: the console (semihosting in test images). */
#include "a2a/board/console.h"
#include "capi_test_io.h"

void capi_test_write(const char* text) { a2a_console_puts(text); }
void capi_test_flush(void) { a2a_console_flush(); }
