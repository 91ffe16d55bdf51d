/* capi_test_io.h on the host: stdout. */
#include <stdio.h>

#include "capi_test_io.h"

void capi_test_write(const char* text) { fputs(text, stdout); }
void capi_test_flush(void) { fflush(stdout); }
