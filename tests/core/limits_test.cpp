// a2a/limits.hpp: the named bounds agree with each other and with what make_network accepts.
#include <a2a/limits.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace limits_unit {
using namespace a2a;

// 2^kMaxStages ports of 2x2 switches is the largest binary network: kMaxPorts.
static_assert(std::uint64_t{1} << kMaxStages == kMaxPorts);
// The shift network has log2 N + 1 stages, so one stage less of ports.
static_assert(std::uint64_t{kMaxShiftPorts} * 2 == kMaxPorts);
// The configuration block cannot carry more faults than the planner takes.
static_assert(kMaxConfigFaults <= kMaxFaults);
// A stored configuration set is checked with an N-bit mark on the stack: small.
static_assert(kMaxTablePorts <= 1024);
static_assert(kMaxRelayRoundsPerPort < kMaxFaultRoundsPerPort);
}  // namespace limits_unit

TEST_CASE("limits: make_network accepts each bound and refuses one beyond it") {
  using namespace a2a;
  CHECK(make_network(Topology::omega, kMaxPorts).ok());
  CHECK(make_network(Topology::omega, 2 * kMaxPorts).error() == Errc::ports_too_large);
  CHECK(make_network(Topology::omega, kMaxRadix, kMaxRadix).ok());
  CHECK(make_network(Topology::omega, (kMaxRadix + 1) * (kMaxRadix + 1), kMaxRadix + 1).error() ==
        Errc::radix_too_large);
  CHECK(make_network(Topology::shift, kMaxShiftPorts).ok());
  CHECK(make_network(Topology::shift, 2 * kMaxShiftPorts).error() == Errc::shift_ports_too_large);
  CHECK(make_network(Topology::omega, kMaxPorts).value().stages == kMaxStages);
}
