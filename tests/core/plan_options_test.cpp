// a2a/fault/plan_options.hpp: the variants tried by N, and what degraded mode changes.
#include <a2a/fault/plan_options.hpp>

#include <a2a/fault/fault_tolerant_schedule.hpp>
#include <a2a/fault/plan_storage.hpp>

#include "a2a_test.hpp"
#include "unit_storage.hpp"

namespace plan_options_unit {
using namespace a2a;
static_assert(FaultPlanOptions{}.tries_for(16) == 128 && FaultPlanOptions{}.tries_for(64) == 128);
static_assert(FaultPlanOptions{}.tries_for(128) == 32 && FaultPlanOptions{}.tries_for(256) == 32);
static_assert(FaultPlanOptions{}.tries_for(1024) == 16);
static_assert(FaultPlanOptions{false, 5}.tries_for(1024) == 5);  // asked for: as asked
static_assert(!FaultPlanOptions{}.degraded && FaultPlanOptions{}.single_designs && !FaultPlanOptions{}.bounded);
}  // namespace plan_options_unit

TEST_CASE("plan options: a fault on stage 0 is refused, in degraded mode planned without the cut pairs") {
  using namespace a2a;
  FaultPlanStorage<16, 1>& storage = test::unit_plan_storage();
  const Network net = make_network(Topology::omega, 16).value();
  const SwitchFault fault{0, 2};  // stage 0: its two processors cannot send at all
  const FaultSetView faults{std::span<const SwitchFault>(&fault, 1), {}};
  FaultPlanOptions options;
  options.tries = 4;
  CHECK(FaultTolerantSchedule::make(net, faults, storage.span(), options).error() == Errc::fault_cuts_off_processors);
  options.degraded = true;
  const auto degraded = FaultTolerantSchedule::make(net, faults, storage.span(), options);
  REQUIRE(degraded.ok());
  CHECK(degraded->degraded());
}
