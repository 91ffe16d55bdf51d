// No heap in firmware, enforced at link time: a2a::no_heap (platform/no_heap), which a
// product links into its firmware image (a2a's own images link it through the board
// library). Not for a hosted program: it takes the C library's malloc away.
//
// Every allocation entry point of C and C++ is defined here, and each one
// refers to a symbol that exists nowhere: a2a_heap_is_forbidden_in_firmware.
// Because these definitions are linked as objects, they take the place of the
// C library's and libstdc++'s (an archive member is only pulled in for a still
// undefined symbol). The images link with --gc-sections and every function here
// has its own section, so while nothing calls them they are dropped together
// with their reference; once any code path calls malloc, free or operator
// new/delete, the link fails with
//   undefined reference to `a2a_heap_is_forbidden_in_firmware'
// naming the allocation function in "in function ...". To find the caller, link
// with -Wl,--trace-symbol=malloc (or the mangled operator, e.g. _Znwj). The exception
// runtime's entry points are banned the same way (a throw allocates its exception).
#include <cstddef>
#include <new>

extern "C" {
// Deliberately never defined (see above).
void* a2a_heap_is_forbidden_in_firmware(void);

struct _reent;

void* malloc(std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* calloc(std::size_t, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* realloc(void*, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void free(void*) { a2a_heap_is_forbidden_in_firmware(); }
void* aligned_alloc(std::size_t, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* memalign(std::size_t, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
int posix_memalign(void**, std::size_t, std::size_t) {
  a2a_heap_is_forbidden_in_firmware();
  return 1;
}
// newlib's reentrant forms, called by its stdio (printf, FILE buffers).
void* _malloc_r(_reent*, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* _calloc_r(_reent*, std::size_t, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* _realloc_r(_reent*, void*, std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void _free_r(_reent*, void*) { a2a_heap_is_forbidden_in_firmware(); }
// The exception runtime: what a throw (or libstdc++'s __throw_* helpers) calls.
void* __cxa_allocate_exception(std::size_t) noexcept { return a2a_heap_is_forbidden_in_firmware(); }
void __cxa_free_exception(void*) noexcept { a2a_heap_is_forbidden_in_firmware(); }
[[noreturn]] void __cxa_throw(void*, void*, void (*)(void*)) {
  a2a_heap_is_forbidden_in_firmware();
  __builtin_trap();
}
}

void* operator new(std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new[](std::size_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new(std::size_t, const std::nothrow_t&) noexcept { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new[](std::size_t, const std::nothrow_t&) noexcept { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new(std::size_t, std::align_val_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new[](std::size_t, std::align_val_t) { return a2a_heap_is_forbidden_in_firmware(); }
void* operator new(std::size_t, std::align_val_t, const std::nothrow_t&) noexcept {
  return a2a_heap_is_forbidden_in_firmware();
}
void* operator new[](std::size_t, std::align_val_t, const std::nothrow_t&) noexcept {
  return a2a_heap_is_forbidden_in_firmware();
}

void operator delete(void*) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete(void*, std::size_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*, std::size_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete(void*, const std::nothrow_t&) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*, const std::nothrow_t&) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete(void*, std::align_val_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*, std::align_val_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete(void*, std::size_t, std::align_val_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*, std::size_t, std::align_val_t) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete(void*, std::align_val_t, const std::nothrow_t&) noexcept { a2a_heap_is_forbidden_in_firmware(); }
void operator delete[](void*, std::align_val_t, const std::nothrow_t&) noexcept { a2a_heap_is_forbidden_in_firmware(); }
