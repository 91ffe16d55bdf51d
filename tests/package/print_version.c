/* Prints a2a_version() (the C API's), for tests/package/version_test.py. */
#include <a2a.h>
#include <stdio.h>

int main(void) {
  puts(a2a_version());
  return 0;
}
