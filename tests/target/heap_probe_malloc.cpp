// Must NOT link (test target_no_heap_malloc): calls malloc and free, which
// the Cortex-M images forbid (platform/no_heap/no_heap.cpp).
#include <cstdlib>

// The block escapes through a volatile, so the compiler cannot elide the calls.
void* volatile g_escape = nullptr;

int main(int argc, char**) {
  g_escape = std::malloc(static_cast<std::size_t>(argc) * 16U);
  std::free(g_escape);
  return 0;
}
