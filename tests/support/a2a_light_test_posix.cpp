// Output of the light test runner on a POSIX host: straight to file
// descriptor 1 (no stdio buffer, so the text is complete even if the process dies).
#include <unistd.h>

#include <cstddef>

extern "C" void a2a_light_test_write(const char* text, std::size_t length) {
  while (length > 0) {
    const ssize_t n = ::write(STDOUT_FILENO, text, length);
    if (n <= 0) return;
    text += n;
    length -= static_cast<std::size_t>(n);
  }
}
