/* An image that allocates: with a2a::no_heap it must not link (tests/package/product_test.cmake). */
#include <stdlib.h>

int main(void) {
  void* volatile p = malloc(16);
  free(p);
  return p != 0;
}
