// Output of the light test runner on Cortex-M: the board's semihosting console.
#include <cstddef>

#include "a2a/board/console.h"

extern "C" void a2a_light_test_write(const char* text, std::size_t length) { a2a_console_write(text, length); }
