// How a device plans around faults (device_planning.hpp): bounded, one variant, a
// meter whose cap is kDevicePlanStepsPerPort steps a port and whose tick runs every
// step. The plans it makes are judged at switch level; a cap too small is refused
// with its own error instead of planning on.
#include <a2a/config/config_block.hpp>
#include <a2a/config/device_planning.hpp>
#include <a2a/verify.hpp>

#include <memory>

#include "support.hpp"

using namespace a2a;

namespace {

void count_tick(void* context) { ++*static_cast<std::uint32_t*>(context); }

ControllerConfig faulted(Topology t, std::uint32_t ports, std::uint16_t stage, std::uint16_t sw) {
  ControllerConfig c;
  c.topology = t;
  c.ports = ports;
  c.schedule = ScheduleKind::fault_tolerant;
  c.fault_count = 1;
  c.faults[0] = {stage, sw, false};
  return c;
}

}  // namespace

TEST_CASE("a device's planning options: bounded, one variant, its meter") {
  PlanMeter meter = device_plan_meter(64);
  CHECK(meter.max_steps() == kDevicePlanStepsPerPort * 64);
  const FaultPlanOptions o = device_planning(&meter);
  CHECK(o.bounded);
  CHECK(o.tries == 1);
  CHECK(o.relay_numberings == 1);
  CHECK(o.meter == &meter);
}

TEST_CASE("a device plans one fault within its cap, every step ticking, and the plan is exact") {
  auto storage = std::make_unique<FaultPlanStorage<64, 1>>();
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan}) {
    std::uint32_t ticks = 0;
    PlanMeter meter = device_plan_meter(64, &count_tick, &ticks);
    const Result<AnySchedule> plan = plan_exchange(faulted(t, 64, 2, 5), storage->span(), device_planning(&meter));
    REQUIRE(plan.ok());
    CHECK(meter.steps() <= meter.max_steps());
    CHECK(ticks >= meter.steps());  // every step ticks, and so does every checkpoint between steps (no step)
    CHECK(test::check_fixed<64>(*plan).ok());
  }
}

TEST_CASE("a cap the plan does not fit in is refused as over budget") {
  auto storage = std::make_unique<FaultPlanStorage<64, 1>>();
  PlanMeter meter(1);  // one planned round at most: no relay plan fits
  const Result<AnySchedule> plan =
      plan_exchange(faulted(Topology::baseline, 64, 2, 5), storage->span(), device_planning(&meter));
  CHECK(plan.error() == Errc::fault_plan_over_budget);
}
