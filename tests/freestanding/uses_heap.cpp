// Negative sample for core_no_allocation_selftest: it must be rejected.
// Pointers are returned so the compiler cannot elide the allocations.
#include <new>

extern "C" void* malloc(decltype(sizeof(0)) size);

extern "C" void* a2a_uses_malloc() { return malloc(16); }
extern "C" void* a2a_uses_new() { return ::operator new(16); }
