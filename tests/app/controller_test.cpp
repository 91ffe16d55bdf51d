// FabricDriver::stepper() (fabric_driver.hpp) over the emulated fabric: whole
// exchanges driven by RoundStepper::step() (the changed stage's STAGE_CTRL and
// COMMIT), each round confirmed by wait_round, and the block's own counters at the
// end: every message delivered once, to its destination (misroutes 0: the block
// checks every arrival against its port's header). step() does not write the
// PORT_HEADERs: the caller writes each round's (one case shows that without them
// round 1 is flagged as a misroute). And what stepper() refuses up front; and the
// controller's round loop (app::run_exchange), which steps where it can.
//
// Portable (heap-free, small blocks): the Cortex-M build runs this file under QEMU too.
#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "loop_bench.hpp"

using namespace a2a;
using namespace a2a::hal;
using namespace a2a::test_loop;

namespace {

/// PORT_HEADER of every port for round r (destination, tag): step() writes stage
/// control and COMMIT only, the block routes by the switches and checks every
/// arrival against its port's header, so each round's headers are the caller's.
/// (Every port sends in these schedules: the idle mask of round 0 stays.)
template <class S>
Errc write_headers(Driver& driver, const S& schedule, std::uint32_t r) {
  const typename S::Round round = schedule.round(r);
  for (std::uint32_t port = 0; port < schedule.network().ports; ++port) {
    const PortSend send = schedule.send(round, port);
    if (!send.sends) return Errc::port_out_of_range;
    A2A_TRY(driver.set_port_header(port, send.destination, send.tag));
  }
  return Errc::ok;
}

/// Round 0 programmed whole, then every further round by step() (after its port
/// headers when `headers`); each confirmed by wait_round. Returns the first error;
/// `rounds` = rounds confirmed.
template <std::uint32_t W, class S>
Errc run_stepped(Driver& driver, const S& schedule, std::uint32_t& rounds, bool headers = true) {
  rounds = 0;
  Result<Driver::RoundStepper<W>> made = driver.template stepper<W>(schedule);
  A2A_TRY(made);
  Driver::RoundStepper<W> stepper = *made;
  if (stepper.rounds() != schedule.rounds()) return Errc::round_out_of_range;
  A2A_TRY(program_round(driver, schedule, 0));
  stepper.seek(0);  // round 0 went through the driver: take up its ticket
  A2A_TRY(stepper.wait_round(kPolls));
  ++rounds;
  while (stepper.more()) {
    if (headers) A2A_TRY(write_headers(driver, schedule, stepper.index() + 1));
    const std::uint32_t r = stepper.step();
    if (r != rounds || driver.ticket() != static_cast<std::uint8_t>(rounds + 1)) return Errc::round_out_of_range;
    A2A_TRY(stepper.wait_round(kPolls));
    ++rounds;
  }
  return Errc::ok;
}

template <std::uint32_t W, class S>
void check_stepped_exchange(const S& schedule) {
  Bench& b = fresh_bench();
  const Network net = schedule.network();
  INFO("topology ", static_cast<int>(net.topology), " ports ", net.ports, " radix ", net.radix, " W ", W);
  REQUIRE(b.driver.configure(net, false) == Errc::ok);
  REQUIRE(b.driver.ticket() == 0);
  std::uint32_t rounds = 0;
  CHECK(run_stepped<W>(b.driver, schedule, rounds) == Errc::ok);
  CHECK(rounds == schedule.rounds());
  CHECK(b.driver.round_counter() == schedule.rounds());
  CHECK(exactly_once(b, net.ports));
}

}  // namespace

TEST_CASE("round stepper: omega N = 16 and 64 (d = 2, gray) exactly once, binary and run-time w") {
  for (const std::uint32_t ports : {16U, 64U}) {
    const auto schedule =
        LatinSquareSchedule<>::make(make_network(Topology::omega, ports).value(), RoundOrder::gray).value();
    check_stepped_exchange<1>(schedule);
    check_stepped_exchange<0>(schedule);
  }
}

TEST_CASE("round stepper: d = 4 (omega N = 64, gray) exactly once") {
  const auto schedule =
      LatinSquareSchedule<>::make(make_network(Topology::omega, 64, 4).value(), RoundOrder::gray).value();
  check_stepped_exchange<0>(schedule);
}

TEST_CASE("round stepper: the GSEN alternating schedule (N = 10) exactly once, binary and run-time w") {
  const auto schedule = AlternatingSchedule::make(make_network(Topology::gsen, 10).value()).value();
  check_stepped_exchange<1>(schedule);
  check_stepped_exchange<0>(schedule);
}

TEST_CASE("round stepper: step() alone keeps round 0's port headers and the block flags the misroute") {
  Bench& b = fresh_bench();
  const auto schedule =
      LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value(), RoundOrder::gray).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  std::uint32_t rounds = 0;
  CHECK(run_stepped<1>(b.driver, schedule, rounds, false) == Errc::fabric_round_faulted);
  CHECK(rounds == 1);  // round 0, programmed whole, was clean
  const DeliveryTally c = b.driver.counters();
  CHECK(c.delivered == 16);
  CHECK(c.misroutes > 0);
  CHECK(b.driver.last_error() != 0);
}

TEST_CASE("round stepper: refused before it is handed out") {
  Bench& b = fresh_bench();
  const Network omega = make_network(Topology::omega, 16).value();
  const auto gray = LatinSquareSchedule<>::make(omega, RoundOrder::gray).value();
  // An unconfigured driver.
  CHECK(b.driver.stepper<1>(gray).error() == Errc::fabric_not_configured);
  REQUIRE(b.driver.configure(omega, false) == Errc::ok);
  // Natural order: a round changes more than one stage.
  CHECK(b.driver.stepper<1>(LatinSquareSchedule<>::make(omega, RoundOrder::natural).value()).error() ==
        Errc::stepper_needs_gray_steps);
  CHECK(b.driver.stepper<0>(LatinSquareSchedule<>::make(omega, RoundOrder::natural).value()).error() ==
        Errc::stepper_needs_gray_steps);
  // A schedule of another network.
  const auto other = LatinSquareSchedule<>::make(make_network(Topology::omega, 32).value(), RoundOrder::gray).value();
  CHECK(b.driver.stepper<1>(other).error() == Errc::stepper_needs_gray_steps);
  // The binary stepper on d = 4.
  const Network radix4 = make_network(Topology::omega, 64, 4).value();
  REQUIRE(b.driver.configure(radix4, false) == Errc::ok);
  CHECK(b.driver.stepper<1>(LatinSquareSchedule<>::make(radix4, RoundOrder::gray).value()).error() ==
        Errc::stepper_needs_gray_steps);
  CHECK(b.driver.stepper<0>(LatinSquareSchedule<>::make(radix4, RoundOrder::gray).value()).ok());
}

TEST_CASE("controller: run_exchange steps every round after the first where the schedule allows it") {
  const Network nets[] = {make_network(Topology::omega, 16).value(), make_network(Topology::omega, 64, 4).value(),
                          make_network(Topology::gsen, 10).value()};
  for (const Network& net : nets) {
    INFO("topology ", static_cast<int>(net.topology), " ports ", net.ports, " radix ", net.radix);
    const AnySchedule schedule = any_schedule(net, RoundOrder::gray);
    LoopBench& loop = fresh_loop_bench();
    REQUIRE(loop.driver.configure(net, false) == Errc::ok);
    const app::ExchangeOutcome out = app::run_exchange(loop.driver, schedule, kIgnoreRound, app::ExchangeOptions{});
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
    CHECK(loop.counting.commits == schedule.rounds());
    CHECK(loop.counting.stepped_commits == schedule.rounds() - 1);
    CHECK(exactly_once(*loop.bench, net.ports));
  }
}

TEST_CASE("controller: whole rounds where the stepper does not apply (natural order, read-back verification)") {
  const Network net = make_network(Topology::omega, 16).value();
  for (const bool verify : {false, true}) {
    const AnySchedule schedule = any_schedule(net, verify ? RoundOrder::gray : RoundOrder::natural);
    LoopBench& loop = fresh_loop_bench();
    loop.driver.set_write_verification(verify);
    REQUIRE(loop.driver.configure(net, false) == Errc::ok);
    const app::ExchangeOutcome out = app::run_exchange(loop.driver, schedule, kIgnoreRound, app::ExchangeOptions{});
    CHECK(out.error == Errc::ok);
    CHECK(loop.counting.commits == schedule.rounds());
    CHECK(loop.counting.stepped_commits == 0);
    CHECK(exactly_once(*loop.bench, net.ports));
  }
}

TEST_CASE("controller: a hung stepped round is aborted and retried whole, then stepping resumes; exactly once") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::gray);
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(net, false) == Errc::ok);
  const app::ExchangeOutcome out = app::run_exchange(
      loop.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 2) loop.counting.hang_commits = 1;  // round 3's stepped COMMIT is lost
      },
      app::ExchangeOptions{0, 2, 50});
  CHECK(out.error == Errc::ok);
  CHECK(out.retries == 1);
  CHECK(loop.counting.commits == schedule.rounds() + 1);
  // Rounds 1 .. 15 stepped (round 3's lost attempt among them), round 3's retry whole.
  CHECK(loop.counting.stepped_commits == schedule.rounds() - 1);
  CHECK(exactly_once_after_abort(*loop.bench, net.ports));
}

TEST_CASE("controller: stop, then resume from rounds_done: the first round whole, then stepped; exactly once") {
  const Network net = make_network(Topology::gsen, 10).value();
  const AnySchedule schedule = any_schedule(net, RoundOrder::gray);
  LoopBench& loop = fresh_loop_bench();
  REQUIRE(loop.driver.configure(net, false) == Errc::ok);
  // Round 4's COMMIT is lost on every attempt (1 + 1 retry): stop there.
  const app::ExchangeOutcome out = app::run_exchange(
      loop.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 3) loop.counting.hang_commits = 2;
      },
      app::ExchangeOptions{0, 1, 50});
  CHECK(out.error == Errc::fabric_timeout);
  CHECK(out.rounds_done == 4);
  CHECK(loop.counting.stepped_commits == 4);  // rounds 1, 2, 3 and round 4's first attempt
  loop.counting.stepped_commits = 0;
  loop.counting.commits = 0;
  const app::ExchangeOutcome resumed =
      app::run_exchange(loop.driver, schedule, kIgnoreRound, app::ExchangeOptions{out.rounds_done, 1, 50});
  CHECK(resumed.error == Errc::ok);
  CHECK(resumed.rounds_done == schedule.rounds());
  CHECK(loop.counting.commits == schedule.rounds() - 4);
  CHECK(loop.counting.stepped_commits == schedule.rounds() - 5);
  CHECK(exactly_once_after_abort(*loop.bench, net.ports));
}
