// RoundRunner (round_runner.hpp): the round loop one bounded piece per step(), over
// the emulated fabric. Each step commits at most one round; two exchanges on two
// fabrics stepped in turn both deliver every message once (nothing blocks); a hung
// round costs at most max_polls STATUS reads per wait before its ABORT; a stop
// counts what is left one round per step; bad options finish at the first step;
// ROUND_CHECK (map 2.2) confirms a clean round in one read where a 2.1 block is read
// port by port, and both stop at the same round for a hidden dead switch.
// The block's own counters are the verdict.
//
// Portable (heap-free, small blocks): the Cortex-M build runs this file under QEMU too.
#include <a2a/app/round_runner.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "loop_bench.hpp"

using namespace a2a;
using namespace a2a::test_loop;

namespace {

/// What a run's steps showed.
struct StepLog {
  std::uint32_t steps{0};
  std::uint32_t committed{0};
  std::uint32_t partial{0};  // steps that wrote or checked part of a round (N > kPortsPerStep)
  std::uint32_t polled{0};
  std::uint32_t retrying{0};
  std::uint32_t delivered{0};
  std::uint32_t counting{0};
  bool in_order{true};           // delivered rounds came 0, 1, 2, ... from the start round
  bool one_commit_a_step{true};  // no step made more than one COMMIT
};

template <class S>
StepLog run_to_end(LoopBench& loop, app::RoundRunner<CountingDriver, S>& runner, std::uint32_t first_round = 0) {
  StepLog log;
  for (app::RunnerStep s{}; !s.finished(); ++log.steps) {
    const std::uint32_t commits_before = loop.counting.commits;
    s = runner.step();
    log.one_commit_a_step = log.one_commit_a_step && loop.counting.commits - commits_before <= 1;
    switch (s.event) {
      case app::RunnerEvent::writing:
      case app::RunnerEvent::checking:
      case app::RunnerEvent::lost: ++log.partial; break;  // no acknowledgements here: never lost
      case app::RunnerEvent::committed: ++log.committed; break;
      case app::RunnerEvent::polled: ++log.polled; break;
      case app::RunnerEvent::retrying: ++log.retrying; break;
      case app::RunnerEvent::delivered:
        log.in_order = log.in_order && s.round == first_round + log.delivered;
        ++log.delivered;
        break;
      case app::RunnerEvent::counting: ++log.counting; break;
      case app::RunnerEvent::done:
      case app::RunnerEvent::stopped: break;
    }
    if (log.steps > 100000) break;  // a runner that never finishes fails below
  }
  return log;
}

}  // namespace

TEST_CASE("runner: one COMMIT at most per step, every round delivered in order, exactly once") {
  const Network nets[] = {make_network(Topology::omega, 16).value(), make_network(Topology::gsen, 10).value()};
  for (const Network& net : nets) {
    for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      INFO("topology ", static_cast<int>(net.topology), " order ", static_cast<int>(order));
      const AnySchedule schedule = any_schedule(net, order);
      LoopBench& loop = fresh_loop_bench();
      REQUIRE(loop.driver.configure(net, false) == Errc::ok);
      app::RoundRunner<CountingDriver, AnySchedule> runner(loop.driver, schedule, app::ExchangeOptions{});
      const StepLog log = run_to_end(loop, runner);
      CHECK(runner.finished());
      CHECK(runner.outcome().error == Errc::ok);
      CHECK(runner.outcome().rounds_done == schedule.rounds());
      CHECK(log.one_commit_a_step);
      CHECK(log.in_order);
      CHECK(log.delivered == schedule.rounds());
      CHECK(log.committed == schedule.rounds());
      CHECK(loop.counting.commits == schedule.rounds());
      CHECK(log.polled >= 1);  // the fabric answers on a later read: the runner came back for it
      CHECK(exactly_once(*loop.bench, net.ports));
    }
  }
}

TEST_CASE("runner: two exchanges on two fabrics stepped in turn both deliver every message once") {
  // The second fabric: its own emulated block, driver and counting bus.
  static Bench other;
  other.emulator.power_on(other.ram);
  other.bus = Bus(other.emulator, other.ram, kPeriod);
  static CountingBus other_counting(other.bus);
  other_counting = CountingBus(other.bus);
  static CountingDriver other_driver(other_counting);
  other_driver = CountingDriver(other_counting);
  other.driver = Driver(other.bus);
  REQUIRE(other_driver.probe() == Errc::ok);

  const Network omega = make_network(Topology::omega, 16).value();
  const Network gsen = make_network(Topology::gsen, 10).value();
  const AnySchedule first = any_schedule(omega, RoundOrder::gray);
  const AnySchedule second = any_schedule(gsen, RoundOrder::natural);
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(omega, false) == Errc::ok);
  REQUIRE(other_driver.configure(gsen, false) == Errc::ok);
  app::RoundRunner<CountingDriver, AnySchedule> a(loop.driver, first, app::ExchangeOptions{});
  app::RoundRunner<CountingDriver, AnySchedule> b(other_driver, second, app::ExchangeOptions{});
  std::uint32_t both_running = 0;  // steps while neither had finished
  for (std::uint32_t k = 0; k < 100000 && !(a.finished() && b.finished()); ++k) {
    both_running += !a.finished() && !b.finished() ? 1U : 0U;
    if (!a.finished()) (void)a.step();
    if (!b.finished()) (void)b.step();
  }
  CHECK(a.outcome().error == Errc::ok);
  CHECK(b.outcome().error == Errc::ok);
  CHECK(both_running >= second.rounds());  // they did run side by side
  CHECK(exactly_once(*loop.bench, omega.ports));
  CHECK(exactly_once(other, gsen.ports));
}

TEST_CASE("runner: a hung round: max_polls STATUS reads, ABORT, a bounded look after it, then retried whole") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::natural);
  constexpr std::uint32_t kMaxPolls = 5;
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(net, false) == Errc::ok);
  loop.counting.hang_commits = 1;  // round 0's first COMMIT is lost
  app::RoundRunner<CountingDriver, AnySchedule> runner(loop.driver, schedule, app::ExchangeOptions{0, 2, kMaxPolls});
  (void)runner.step();  // round 0 committed (lost)
  std::uint32_t polls = 0;
  app::RunnerStep s = runner.step();
  for (; s.event == app::RunnerEvent::polled; s = runner.step()) ++polls;
  CHECK(s.event == app::RunnerEvent::retrying);
  CHECK(s.round == 0);
  CHECK(polls >= kMaxPolls);      // the whole wait, then ABORT
  CHECK(polls <= 2 * kMaxPolls);  // and at most as many reads after it
  const StepLog log = run_to_end(loop, runner);
  CHECK(runner.outcome().error == Errc::ok);
  CHECK(runner.outcome().retries == 1);
  CHECK(log.delivered == schedule.rounds());
  CHECK(exactly_once_after_abort(*loop.bench, net.ports));
}

TEST_CASE("runner: a stop counts the messages left one round per step") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::natural);  // every port sends in every round
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(net, false) == Errc::ok);
  app::RoundRunner<CountingDriver, AnySchedule> runner(loop.driver, schedule, app::ExchangeOptions{0, 1, 8});
  StepLog log;
  app::RunnerStep s{};
  for (; !s.finished() && log.steps < 10000; ++log.steps) {
    s = runner.step();
    if (s.event == app::RunnerEvent::delivered && s.round == 2)
      loop.counting.hang_commits = 2;  // round 3: both attempts
    if (s.event == app::RunnerEvent::counting) ++log.counting;
  }
  CHECK(s.event == app::RunnerEvent::stopped);
  CHECK(s.round == 3);
  CHECK(runner.outcome().error == Errc::fabric_timeout);
  CHECK(runner.outcome().rounds_done == 3);
  CHECK(log.counting == schedule.rounds() - 3);
  CHECK(runner.outcome().messages_pending == std::uint64_t{schedule.rounds() - 3} * net.ports);
}

TEST_CASE("runner: bad options stop at the first step; a finished runner stays finished") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::natural);
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(net, false) == Errc::ok);
  app::RoundRunner<CountingDriver, AnySchedule> past(loop.driver, schedule,
                                                     app::ExchangeOptions{schedule.rounds() + 1, 2, 8});
  CHECK(past.step().event == app::RunnerEvent::stopped);
  CHECK(past.outcome().error == Errc::round_out_of_range);
  app::RoundRunner<CountingDriver, AnySchedule> no_polls(loop.driver, schedule, app::ExchangeOptions{0, 2, 0});
  CHECK(no_polls.step().event == app::RunnerEvent::stopped);
  CHECK(no_polls.outcome().error == Errc::poll_bound_zero);
  app::RoundRunner<CountingDriver, AnySchedule> at_end(loop.driver, schedule,
                                                       app::ExchangeOptions{schedule.rounds(), 2, 8});
  CHECK(at_end.step().event == app::RunnerEvent::done);
  CHECK(at_end.step().event == app::RunnerEvent::done);
  CHECK(loop.counting.commits == 0);
}

TEST_CASE("runner: ROUND_CHECK confirms a clean round in one read; a map 2.1 block is read port by port") {
  const Network net = make_network(Topology::omega, 64).value();  // N > kPortsPerStep: checked over two steps
  const AnySchedule schedule = any_schedule(net, RoundOrder::natural);
  for (const bool round_check : {true, false}) {
    INFO("ROUND_CHECK ", round_check);
    LoopBench& loop = fresh_loop_bench();
    if (!round_check) {  // a 2.1 block: CAP_SHAPE.Check 0 (it never writes ROUND_CHECK as a 2.2 one would)
      loop.bench->ram.write32(Layout::kCapShape,
                              loop.bench->ram.read32(Layout::kCapShape) & ~reg::CapShape::Check::mask);
    }
    REQUIRE(loop.driver.configure(net, false) == Errc::ok);
    app::RoundRunner<CountingDriver, AnySchedule> runner(loop.driver, schedule, app::ExchangeOptions{});
    const StepLog log = run_to_end(loop, runner);
    CHECK(runner.outcome().error == Errc::ok);
    CHECK(log.delivered == schedule.rounds());
    CHECK(loop.counting.round_check_reads == (round_check ? schedule.rounds() : 0U));
    CHECK(loop.counting.arrived_reads == (round_check ? 0U : schedule.rounds() * net.ports));
    CHECK(exactly_once(*loop.bench, net.ports));
  }
}

TEST_CASE("runner: a hidden dead switch stops the same round with ROUND_CHECK and without; the ports are read then") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::natural);
  for (const bool round_check : {true, false}) {
    INFO("ROUND_CHECK ", round_check);
    LoopBench& loop = fresh_loop_bench();
    if (!round_check)
      loop.bench->ram.write32(Layout::kCapShape,
                              loop.bench->ram.read32(Layout::kCapShape) & ~reg::CapShape::Check::mask);
    REQUIRE(loop.driver.configure(net, false) == Errc::ok);
    REQUIRE(loop.driver.inject_fault(2, 5, 3, InjectedKind{false, 0, true}) == Errc::ok);  // from the fourth round
    app::RoundRunner<CountingDriver, AnySchedule> runner(loop.driver, schedule, app::ExchangeOptions{});
    (void)run_to_end(loop, runner);
    CHECK(runner.outcome().error == Errc::fabric_round_incomplete);
    CHECK(runner.outcome().rounds_done == 3);
    CHECK(runner.outcome().unnamed_fault);
    CHECK(loop.counting.arrived_reads >= 1);  // the mismatching round, port by port
    if (round_check) CHECK(loop.counting.arrived_reads <= net.ports);
  }
}
