// What the switch-backend tests share: a clock that moves a microsecond every look
// (settle and guard times pass as the runner polls), a plan for a configuration,
// and an exchange run by a2a's RoundRunner over a SwitchFabric that asks, after each
// delivered round, whether the hardware model latched exactly the round's states.
#pragma once

#include <a2a/app/round_runner.hpp>
#include <a2a/config/config_block.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace a2a::test {

struct TickingClock {
  std::uint64_t t{0};
  std::uint64_t now_us() { return t++; }
};

/// A family on a network, as the backend tests list them.
struct FamilyCase {
  Topology topology;
  std::uint32_t ports;
  std::uint32_t radix;
  ScheduleKind kind;
  RoundOrder order;
};

inline AnySchedule plan_for(const FamilyCase& f) {
  ControllerConfig c;
  c.topology = f.topology;
  c.ports = f.ports;
  c.radix = f.radix;
  c.schedule = f.kind;
  c.order = f.order;
  const Result<AnySchedule> planned = plan_exchange(c);
  REQUIRE(planned);
  return *planned;
}

/// Runs `schedule` on `fabric` to its end; `latched_as_planned(r)` after every delivered
/// round, `before_step(outcome)` before every step (a test's injection). Returns how
/// many delivered rounds the hardware did not latch as planned.
template <class Fabric, class Check, class BeforeStep>
std::uint32_t run_counting_differences(Fabric& fabric, const AnySchedule& schedule, app::ExchangeOutcome& outcome,
                                       Check&& latched_as_planned, BeforeStep&& before_step) {
  REQUIRE(fabric.configure(schedule.network(), false) == Errc::ok);
  app::ExchangeOptions options;
  options.max_polls = 100;
  app::RoundRunner<Fabric, AnySchedule> runner(fabric, schedule, options);
  std::uint32_t differing = 0;
  for (std::uint32_t k = 0; k < 10'000'000; ++k) {
    before_step(runner.outcome());
    const app::RunnerStep s = runner.step();
    if (s.event == app::RunnerEvent::delivered) differing += latched_as_planned(s.round) ? 0U : 1U;
    if (s.finished()) break;
  }
  outcome = runner.outcome();
  return differing;
}

}  // namespace a2a::test
