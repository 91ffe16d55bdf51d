// Must NOT link (test target_no_heap_new): uses operator new and delete,
// which the Cortex-M images forbid (platform/no_heap/no_heap.cpp).

// The object escapes through a volatile, so the compiler cannot elide new/delete.
int* volatile g_escape = nullptr;

int main(int argc, char**) {
  g_escape = new int(argc);
  delete g_escape;
  return 0;
}
