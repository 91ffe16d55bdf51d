// a2a/fault/plan_meter.hpp: planning work counted in steps, each one ticking, a cap that
// turns into fault_plan_over_budget, and replayed rounds that are counted but not capped.
#include <a2a/fault/plan_meter.hpp>

#include <a2a/fault/fault_tolerant_schedule.hpp>
#include <a2a/fault/plan_options.hpp>
#include <a2a/fault/plan_storage.hpp>

#include "a2a_test.hpp"
#include "unit_storage.hpp"

namespace plan_meter_unit {
using namespace a2a;
void count(void* context) { ++*static_cast<std::uint32_t*>(context); }

static_assert([] {
  PlanMeter m(2);
  const bool first = m.step();
  const bool second = m.step();
  const bool third = m.step();  // the third step is over a cap of 2
  return first && second && !third && m.over() && m.steps() == 3;
}());
static_assert([] {
  PlanMeter unlimited;  // max_steps 0: never over
  for (int k = 0; k < 1000; ++k) (void)unlimited.step();
  return !unlimited.over() && unlimited.steps() == 1000;
}());
static_assert([] {
  PlanMeter m(1);
  const detail::RunMeter replay{&m, true};
  const detail::RunMeter search{&m, false};
  const bool replayed = replay.round() && replay.round() && replay.round();  // counted, never refused
  return replayed && m.steps() == 3 && !search.round() && m.steps() == 4;
}());
static_assert(detail::search_step(nullptr));  // no meter: no limit
}  // namespace plan_meter_unit

TEST_CASE("plan meter: every step ticks, restart starts the count again") {
  using namespace a2a;
  std::uint32_t ticks = 0;
  PlanMeter m(10, plan_meter_unit::count, &ticks);
  for (int k = 0; k < 4; ++k) CHECK(m.step());
  m.step_uncapped();
  CHECK(ticks == 5);
  CHECK(m.steps() == 5);
  m.restart();
  CHECK(m.steps() == 0);
  CHECK(m.max_steps() == 10);
}

TEST_CASE("plan meter: a planner over the cap refuses with fault_plan_over_budget") {
  using namespace a2a;
  FaultPlanStorage<16, 1>& storage = test::unit_plan_storage();
  const Network net = make_network(Topology::banyan, 16).value();
  const SwitchFault fault{1, 3};
  const FaultSetView faults{std::span<const SwitchFault>(&fault, 1), {}};
  PlanMeter tiny(1);
  FaultPlanOptions options;
  options.bounded = true;
  options.meter = &tiny;
  CHECK(FaultTolerantSchedule::make(net, faults, storage.span(), options).error() == Errc::fault_plan_over_budget);
  PlanMeter enough(1000000);
  options.meter = &enough;
  CHECK(FaultTolerantSchedule::make(net, faults, storage.span(), options).ok());
  CHECK(enough.steps() > 1);
}
