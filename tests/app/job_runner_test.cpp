// JobRunner (job_runner.hpp): the exchange job one bounded step at a time over the
// host's simulated fabric. A switch the fabric marks faulty mid-exchange is recorded
// and planned around between round steps and the job ends with every pair exactly once
// in what the receivers kept; a stop asked for mid-exchange (and mid re-plan) ends at a
// round boundary with exchange_stopped, every round that ran delivered clean, nothing
// half-run, and the pairs left counted; run_job() is the runner stepped to the end. With
// one storage holding the configured plan, a found fault's completion goes beside it.
#include <a2a/a2a.hpp>
#include <a2a/app/job_runner.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<64, 6>;
using Simulated = host::SimulatedFabric<Layout>;
using Driver = hal::FabricDriver<Simulated, Layout>;

/// The job's hooks: a switch fails once round `fail_after` is delivered; the job is
/// asked to stop once round `stop_after` is (counted over all plans).
struct Hooks {
  Simulated* fabric;
  std::uint32_t fail_after{~0U};
  std::uint32_t stop_after{~0U};
  bool stop_now{false};
  std::uint32_t delivered{0};
  void after_round(std::uint32_t r, const auto&, const auto&) {
    ++delivered;
    if (r == fail_after) REQUIRE(fabric->inject_faulty(1, 2) == Errc::ok);
    if (r == stop_after) stop_now = true;
  }
};

/// Everything a job may use besides the fabric (heap here: a host test).
struct Resources {
  std::unique_ptr<FaultPlanStorage<64>> storage = std::make_unique<FaultPlanStorage<64>>();
  std::array<PlanStorageSpan, 1> replan{storage->span()};
  std::vector<std::uint32_t> delivered = std::vector<std::uint32_t>(app::DeliveredMessages::words_for(64));
  std::array<std::uint16_t, 64> observation{};
  app::FoundFaults found{};
  app::JobResources job() { return {replan, delivered, FaultPlanOptions{}, observation, &found}; }
};

/// What the receivers kept (rounds the fabric completed clean), summed by pair.
DeliveryTally kept(const Simulated& fabric, std::uint32_t ports) {
  std::vector<host::Delivery> clean;
  for (const host::Delivery& d : fabric.deliveries())
    if (!d.flagged) clean.push_back(d);
  return host::summarize(clean, ports);
}

struct Steps {
  std::uint32_t round_steps{0};
  std::uint32_t recoveries{0};
  std::uint32_t counting{0};
};

/// Steps `job` to its end, asking it to stop when the hooks say so.
template <class Job>
Steps run_to_end(Job& job, Hooks& hooks) {
  Steps steps;
  for (std::uint32_t k = 0; k < 1000000; ++k) {
    const app::JobEvent e = job.step();
    if (hooks.stop_now) {
      job.request_stop();
      hooks.stop_now = false;
    }
    if (e == app::JobEvent::done) break;
    steps.round_steps += e == app::JobEvent::round_step ? 1U : 0U;
    steps.recoveries += e == app::JobEvent::recovery ? 1U : 0U;
    steps.counting += e == app::JobEvent::counting ? 1U : 0U;
  }
  return steps;
}

ControllerConfig omega(std::uint32_t ports) {
  ControllerConfig config;
  config.topology = Topology::omega;
  config.ports = ports;
  return config;
}

/// An omega network of N ports planned, a fresh simulated fabric configured for it.
struct Bench {
  ControllerConfig config;
  ConfiguredFabric configured;
  AnySchedule schedule;
  Simulated fabric;
  Driver driver{fabric};
  Resources resources;
  explicit Bench(std::uint32_t ports)
      : config(omega(ports)), configured(configured_fabric(config).value()), schedule(plan_exchange(config).value()) {
    REQUIRE(driver.probe() == Errc::ok);
    REQUIRE(driver.configure(schedule.network(), false) == Errc::ok);
  }
};

}  // namespace

TEST_CASE("job runner: a switch marked faulty mid-exchange is planned around between steps; every pair once") {
  Bench b(32);
  Hooks hooks{&b.fabric, 6};
  app::JobRunner<Driver, Hooks> job(b.driver, b.configured, b.schedule, b.resources.job(), hooks,
                                    app::ExchangeOptions{});
  const Steps steps = run_to_end(job, hooks);
  const app::ExchangeReport& report = job.report();
  REQUIRE(job.finished());
  CHECK(report.error == Errc::ok);
  REQUIRE(report.found != nullptr);  // one list: the switch the fabric named, when
  REQUIRE(report.found->count == 1);
  const app::FoundFault& named = report.found->faults[0];
  CHECK(named.named_by_fabric);
  CHECK(named.fault.kind == LocatedKind::dead_switch);
  CHECK(named.fault.stage == 1);
  CHECK(named.fault.index == 2);
  CHECK(named.round == 7);  // Hooks{&fabric, 6}: it fails once round 6 is delivered; round 7 stops
  CHECK(report.replans == 1);
  // The fault's rectangles, the rounds held from its round on, the completion started.
  CHECK(steps.recoveries == 3);
  CHECK(steps.round_steps > report.rounds_run);  // several steps a round: commit, then STATUS
  CHECK(hooks.delivered == report.rounds_run);
  const DeliveryTally sum = kept(b.fabric, 32);
  CHECK(sum.delivered == 32 * 32);
  CHECK(sum.duplicates == 0);
  CHECK(sum.missing == 0);
}

TEST_CASE("job runner: stop mid-exchange ends at a round boundary, the rounds that ran delivered, the rest counted") {
  Bench b(16);  // the Latin square: every port sends in every round
  const AnySchedule& schedule = b.schedule;
  Hooks hooks{&b.fabric};
  hooks.stop_after = 5;
  app::JobRunner<Driver, Hooks> job(b.driver, b.configured, schedule, b.resources.job(), hooks, app::ExchangeOptions{});
  const Steps steps = run_to_end(job, hooks);
  const app::ExchangeReport& report = job.report();
  CHECK(report.error == Errc::exchange_stopped);
  CHECK(report.rounds_run == 6);
  CHECK(report.failed_round == 6);
  CHECK(report.replans == 0);
  CHECK(steps.counting == schedule.rounds() - 6);
  CHECK(report.messages_pending == std::uint64_t{schedule.rounds() - 6} * 16);
  // Nothing half-run: every round the fabric saw was completed clean, 6 rounds of 16.
  const DeliveryTally sum = kept(b.fabric, 16);
  CHECK(sum.delivered == 6 * 16);
  CHECK(b.fabric.deliveries().size() == 6 * 16);
  CHECK(b.driver.round_counter() == 6);
  // The next job runs clean from the start (run_job: the runner stepped to its end).
  Bench again(16);
  Hooks quiet{&again.fabric};
  const app::ExchangeReport whole = app::run_job(again.driver, again.configured, again.schedule, again.resources.job(),
                                                 quiet, app::ExchangeOptions{});
  CHECK(whole.error == Errc::ok);
  CHECK(kept(again.fabric, 16).delivered == 256);
}

TEST_CASE("job runner: stop while the re-planned exchange runs ends it there, nothing delivered twice") {
  Bench b(32);
  Hooks hooks{&b.fabric, 4};
  hooks.stop_after = 12;  // in the re-planned rounds (counted over both plans)
  app::JobRunner<Driver, Hooks> job(b.driver, b.configured, b.schedule, b.resources.job(), hooks,
                                    app::ExchangeOptions{});
  (void)run_to_end(job, hooks);
  const app::ExchangeReport& report = job.report();
  CHECK(report.error == Errc::exchange_stopped);
  CHECK(report.replans == 1);
  CHECK(report.rounds_run == 13);
  CHECK(report.messages_pending > 0);
  const DeliveryTally sum = kept(b.fabric, 32);
  CHECK(sum.duplicates == 0);
  CHECK(sum.delivered + report.messages_pending + sum.left_in_store >= 32 * 32);
}

TEST_CASE("job runner: one storage, the configured plan in it: the completion of a second fault goes beside it") {
  // Baseline N = 64 with switch (2, 9) configured: its relay plan is in the one storage
  // (schedule_storage 0). Switch (1, 2) then fails mid-exchange: the completion is
  // planned into what the running plan leaves of the storage (or, where it does not
  // fit, into the whole once the held rounds end). Either way the running plan is read
  // intact to its end: every pair exactly once.
  for (const std::uint32_t fail_after : {3U, 40U, 62U}) {  // regular rounds: every switch carries two
    INFO("the fault after round ", fail_after);
    ControllerConfig config;
    config.topology = Topology::baseline;
    config.ports = 64;
    config.fault_count = 1;
    config.faults[0] = {2, 9, false};
    Resources resources;
    const AnySchedule schedule = plan_exchange(config, resources.storage->span()).value();
    REQUIRE(schedule.fault_tolerant() != nullptr);
    REQUIRE(schedule.fault_tolerant()->planned());
    Simulated fabric;
    Driver driver{fabric};
    REQUIRE(driver.probe() == Errc::ok);
    REQUIRE(driver.configure(schedule.network(), false, true) == Errc::ok);
    app::JobResources job_resources = resources.job();
    job_resources.schedule_storage = 0;
    Hooks hooks{&fabric, fail_after};
    const ConfiguredFabric configured = configured_fabric(config).value();
    app::JobRunner<Driver, Hooks> job(driver, configured, schedule, job_resources, hooks, app::ExchangeOptions{});
    (void)run_to_end(job, hooks);
    const app::ExchangeReport& report = job.report();
    REQUIRE(job.finished());
    CHECK(report.error == Errc::ok);
    CHECK(report.replans == 1);
    const DeliveryTally sum = kept(fabric, 64);
    CHECK(sum.delivered == 64 * 64);
    CHECK(sum.duplicates == 0);
    CHECK(sum.missing == 0);
  }
}
