// a2a/fault/plan_storage.hpp: the caller's storage for relay plans, its sizes per N, and
// too little of it is a specific error.
#include <a2a/fault/plan_storage.hpp>

#include <a2a/any_schedule.hpp>
#include <a2a/fault/fault_tolerant_schedule.hpp>

#include "a2a_test.hpp"

namespace plan_storage_unit {
using namespace a2a;
// One fault: 3N translation vectors, 4N + 1 offsets, 5N hops (2 per relayed message).
static_assert(SingleFaultPlanStorage<16>{}.vectors.size() == 48 && SingleFaultPlanStorage<16>{}.offsets.size() == 65);
static_assert([] {
  SingleFaultPlanStorage<16> s;
  return s.span().fits(16) && !s.span().fits(17) && s.span().fits(8);
}());
// Several faults: sized from the messages that may need a relay (2 N per fault).
static_assert(FaultPlanSizes::of(16, 64).hops == 2 * 64 + 2 * 16);
static_assert(FaultPlanSizes::of(16, 64).vectors == kMaxFaultRoundsPerPort * 16);
static_assert([] {
  FaultPlanStorage<16, 2> s;
  return FaultPlanStorage<16, 2>::kSizes.fit(s.span()) && !FaultPlanStorage<32, 2>::kSizes.fit(s.span());
}());
}  // namespace plan_storage_unit

TEST_CASE("fault planner: storage is the caller's, and too little is a specific error") {
  using a2a::FaultTolerantSchedule;
  using a2a::SwitchFault;
  using a2a::Topology;
  const auto net = a2a::make_network(Topology::banyan, 16);
  REQUIRE(net.ok());
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{2, 1}).error() == a2a::Errc::fault_plan_storage_too_small);
  static a2a::SingleFaultPlanStorage<8> small;  // sized for N = 8: too small for 16 ports
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{2, 1}, small.span()).error() ==
        a2a::Errc::fault_plan_storage_too_small);
  CHECK(a2a::AnySchedule::make(*net, SwitchFault{2, 1}).error() == a2a::Errc::fault_plan_storage_too_small);
  // The translation networks need none.
  const auto omega = a2a::make_network(Topology::omega, 16);
  REQUIRE(omega.ok());
  CHECK(FaultTolerantSchedule::make(*omega, SwitchFault{2, 1}).ok());
  // Stage 0 and n-1 still name what is cut off, before any storage is looked at.
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{0, 1}).error() == a2a::Errc::fault_cuts_off_processors);
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{3, 1}).error() == a2a::Errc::fault_cuts_off_processors);
}
