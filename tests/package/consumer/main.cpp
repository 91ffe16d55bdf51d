// A consumer of the installed (or embedded) a2a: every target's headers compile in
// one program, the C API links, and the versions it sees agree. Run by the
// package tests; exit status 0 only when a2a_version() == a2a::kVersion and, when
// the test passes one, == the version it asked find_package for.
#include <a2a.h>
#include <a2a/a2a.hpp>
#include <a2a/app/device.hpp>
#include <a2a/config/config_block.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/version.hpp>

#include <cstdio>
#include <string_view>

int main() {
  const std::string_view c_version = a2a_version();
  std::printf("a2a %s (C API), %.*s (headers)\n", a2a_version(), static_cast<int>(a2a::kVersion.size()),
              a2a::kVersion.data());
  if (c_version != a2a::kVersion) return 1;
#ifdef A2A_EXPECTED_VERSION
  if (c_version != A2A_EXPECTED_VERSION) return 2;
#endif
  // The core at work through both faces: the same network by C++ and by C.
  const auto net = a2a::make_network(a2a::Topology::omega, 16, 2);
  a2a_network c_net;
  if (!net || a2a_network_make(A2A_OMEGA, 16, 2, &c_net) != A2A_OK) return 3;
  std::printf("omega 16: %u stages\n", static_cast<unsigned>(net->stages));
  return 0;
}
