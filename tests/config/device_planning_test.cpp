// How a device plans around faults (device_planning.hpp): its search of a few variants
// up to N = 64, bounded (one variant) above, a meter whose cap is kDevicePlanStepsPerPort
// steps a port and run and whose tick runs every step. The plans it makes are judged at switch level; a cap too small is refused
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

TEST_CASE("a device's planning options: its search up to N = 64, bounded above, its meter") {
  PlanMeter meter = device_plan_meter(256);
  CHECK(meter.max_steps() == kDevicePlanStepsPerPort * 256);
  const FaultPlanOptions above = device_planning(&meter, 256);
  CHECK(above.bounded);
  CHECK(above.tries == 1);
  CHECK(above.relay_numberings == 1);
  CHECK(above.variants.empty());
  CHECK(above.meter == &meter);
  for (const std::uint32_t ports : {16U, 32U, 64U}) {
    const FaultPlanOptions search = device_planning(&meter, ports);
    CHECK(!search.bounded);
    CHECK(search.relay_numberings == 1);
    CHECK(search.variants.size() == kDeviceSearch.size());
    // A cap for every run of the search, each as long as one at N = 64.
    CHECK(device_plan_meter(ports).max_steps() == kDevicePlanStepsPerPort * 64 * (kDeviceSearch.size() + 1));
  }
  const FaultPlanOptions replan = device_replanning(&meter);
  CHECK(replan.bounded);
  CHECK(replan.tries == 1);
  CHECK(replan.variants.empty());
  CHECK(device_replan_meter(64).max_steps() == kDevicePlanStepsPerPort * 64);
}

TEST_CASE("the device's search: every variant a distinct one of the planner's 128, in either direction") {
  for (std::size_t i = 0; i < kDeviceSearch.size(); ++i) {
    CHECK(kDeviceSearch[i].k < 128);
    for (std::size_t j = 0; j < i; ++j) CHECK(!(kDeviceSearch[i] == kDeviceSearch[j]));
  }
}

TEST_CASE("the device's search plans as the host's variants do: the shorter of its variants and the design") {
  // Omega N = 32, stage 2: the closed form takes 59 rounds; the host's search 48; the
  // device's within 5 % of it (docs/fault-tolerance.md, "The device's plans against the host's").
  auto storage = std::make_unique<FaultPlanStorage<64, 1>>();
  const Network net = make_network(Topology::omega, 32).value();
  const SwitchFault fault{2, 5};
  const FaultSetView faults{std::span<const SwitchFault>(&fault, 1), {}};
  const auto host = FaultTolerantSchedule::make(net, faults, storage->span());
  REQUIRE(host.ok());
  CHECK(host->rounds() == 48);
  const auto closed = FaultTolerantSchedule::make(net, fault, storage->span());
  REQUIRE(closed.ok());
  CHECK(closed->rounds() == 59);
  PlanMeter meter = device_plan_meter(32);
  const auto device = FaultTolerantSchedule::make(net, faults, storage->span(), device_planning(&meter, 32));
  REQUIRE(device.ok());
  CHECK(device->rounds() * 100 <= host->rounds() * 105);
  CHECK(meter.steps() <= meter.max_steps());
  CHECK(test::check_fixed<32>(*device).ok());
}

TEST_CASE("a device plans one fault within its cap, every step ticking, and the plan is exact") {
  auto storage = std::make_unique<FaultPlanStorage<64, 1>>();
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan}) {
    std::uint32_t ticks = 0;
    PlanMeter meter = device_plan_meter(64, &count_tick, &ticks);
    const Result<AnySchedule> plan = plan_exchange(faulted(t, 64, 2, 5), storage->span(), device_planning(&meter, 64));
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
      plan_exchange(faulted(Topology::baseline, 64, 2, 5), storage->span(), device_planning(&meter, 64));
  CHECK(plan.error() == Errc::fault_plan_over_budget);
}
