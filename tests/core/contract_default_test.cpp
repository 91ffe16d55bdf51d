// The default contract-violation policy (status.hpp): a program that defines no
// a2a_contract_violation() traps on a broken contract. CTest expects this
// program to die (WILL_FAIL); reaching the end returns 0, which fails the test.
#include <a2a/status.hpp>

#include <cstdio>

int main() {
  const a2a::Result<int> refused(a2a::Errc::port_out_of_range);
  std::printf("value %d\n", refused.value());  // traps before printing
  return 0;
}
