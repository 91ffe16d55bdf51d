// RoundRunner on a stored periodic set (a2a/gsen_catalogue_data.hpp): a round the
// fabric writes from its pattern (hal::writes_periodic_ports) is written and committed
// in one step, kPeriodicPortsPerStep ports at once, where a round port by port takes
// ceil(N / kPortsPerStep) steps; and the exchange is every pair once by the emulated
// block's counters (switch level: the block routes each header through the switches).
// Host only: the 256-port block and its record of N^2 pairs pass the micro:bit's RAM.
#include <a2a/a2a.hpp>
#include <a2a/app/round_runner.hpp>
#include <a2a/gsen_catalogue_data.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "loop_bench.hpp"

namespace periodic_runner_unit {
using namespace a2a;
using namespace a2a::hal;

// The round loop's bench (loop_bench.hpp) at the device's 256 ports.
using Bench = test_loop::EmulatedBench<256, 8>;
using Driver = Bench::Driver;
using test_loop::exactly_once;

/// What a run's steps showed: steps that wrote part of a round and no COMMIT, rounds delivered.
struct Run {
  std::uint32_t writing{0};
  std::uint32_t committed{0};
  std::uint32_t delivered{0};
  Errc error{Errc::ok};
};
inline Run run(Bench& b, const AnySchedule& schedule) {
  app::RoundRunner<Driver, AnySchedule> runner(b.driver, schedule, app::ExchangeOptions{});
  Run seen;
  for (std::uint32_t steps = 0; !runner.finished() && steps < 1'000'000; ++steps) {
    const app::RunnerStep s = runner.step();
    seen.writing += s.event == app::RunnerEvent::writing ? 1U : 0U;
    seen.committed += s.event == app::RunnerEvent::committed ? 1U : 0U;
    seen.delivered += s.event == app::RunnerEvent::delivered ? 1U : 0U;
  }
  seen.error = runner.outcome().error;
  return seen;
}
}  // namespace periodic_runner_unit

TEST_CASE("runner: a stored periodic set's round is written in one step, every pair delivered once") {
  using namespace periodic_runner_unit;
  static_assert(app::kPeriodicPortsPerStep == 4 * app::kPortsPerStep);
  for (const std::uint32_t ports : {36U, 132U, 136U, 188U}) {
    INFO("N = ", ports);
    const Network net = make_network(Topology::gsen, ports).value();
    const AnySchedule table = AnySchedule::make(net, ScheduleKind::table).value();
    REQUIRE(table.rounds() < (ports > 128 ? 256U : 64U));  // a stored set, not the on-the-fly default
    Bench& b = Bench::fresh();
    b.driver.set_write_verification(true);
    REQUIRE(b.driver.configure(net, false) == Errc::ok);
    CHECK(table.periodic());
    CHECK(writes_periodic_ports(b.driver, table, 0));
    const Run seen = run(b, table);
    CHECK(seen.error == Errc::ok);
    CHECK(seen.delivered == table.rounds());
    CHECK(seen.committed == table.rounds());
    CHECK(seen.writing == 0);  // each round's first step commits it
    CHECK(exactly_once(b, ports));
  }
}

TEST_CASE("runner: a round written port by port takes N / kPortsPerStep steps (stage control at 188)") {
  using namespace periodic_runner_unit;
  const Network net = make_network(Topology::gsen, 188).value();
  const AnySchedule stage_words = AnySchedule::make(net, ScheduleKind::gsen_stage_control).value();
  Bench& b = Bench::fresh();
  REQUIRE(b.driver.configure(net, false) == Errc::ok);
  CHECK_FALSE(stage_words.periodic());
  CHECK_FALSE(writes_periodic_ports(b.driver, stage_words, 0));
  const Run seen = run(b, stage_words);
  CHECK(seen.error == Errc::ok);
  CHECK(seen.committed == stage_words.rounds());
  CHECK(seen.writing == stage_words.rounds() * 2);  // 188 ports: 64 + 64 a step, the last 60 with the COMMIT
  CHECK(exactly_once(b, 188));
}
