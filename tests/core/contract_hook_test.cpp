// The contract-violation hook (status.hpp) is a link-time function: this program
// defines a2a_contract_violation(), and value() of a failed Result must call it
// (the default, with no definition, traps: contract_default_test.cpp).
// CTest checks the line printed and the exit status.
#include <a2a/status.hpp>

#include <cstdio>
#include <cstdlib>

extern "C" void a2a_contract_violation(void) {
  std::puts("contract hook: the program's handler was called");
  std::fflush(stdout);
  std::_Exit(0);
}

int main() {
  const a2a::Result<int> refused(a2a::Errc::port_out_of_range);
  std::printf("value %d\n", refused.value());  // a broken contract: never printed
  return 1;
}
