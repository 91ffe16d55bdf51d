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

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<64, 6>;
using Emulator = emulated::FabricEmulator<Layout, 64>;
using Ram = emulated::RamBlock<Layout::kSize>;
using Bus = emulated::ServicedBus<Emulator, Ram>;
using Driver = FabricDriver<Bus, Layout>;
constexpr std::uint32_t kPolls = 64;
constexpr std::uint32_t kPeriod = 3;  // the interrupt fires before every third read

/// A powered-on emulated block and a probed driver (static: small stacks on boards).
struct Bench {
  Ram ram;
  Emulator emulator;
  Bus bus{emulator, ram, kPeriod};
  Driver driver{bus};
};

Bench& fresh_bench() {
  static Bench bench;
  bench.emulator.power_on(bench.ram);
  bench.bus = Bus(bench.emulator, bench.ram, kPeriod);
  bench.driver = Driver(bench.bus);
  if (bench.driver.probe() != Errc::ok) a2a::detail::contract_violation();
  return bench;
}

/// Every message of the N x N exchange exactly once, by the block's counters.
bool exactly_once(Bench& b, std::uint32_t ports) {
  const DeliveryTally c = b.driver.counters();
  return c.delivered == std::uint64_t{ports} * ports && c.duplicates == 0 && c.misroutes == 0 && c.conflicts == 0 &&
         c.relay_errors == 0 && c.left_in_store == 0 && c.faulted_rounds == 0 && b.emulator.missing(ports) == 0 &&
         b.driver.last_error() == 0;
}

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

/// Every message exactly once, each to its destination, where a round was aborted
/// (its LAST_ERROR stays: the aborted round delivered nothing).
bool exactly_once_after_abort(Bench& b, std::uint32_t ports) {
  const DeliveryTally c = b.driver.counters();
  return c.delivered == std::uint64_t{ports} * ports && c.duplicates == 0 && c.misroutes == 0 && c.conflicts == 0 &&
         c.faulted_rounds == 0 && b.emulator.missing(ports) == 0;
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

/// The serviced bus, telling stepped rounds from whole ones (a stepped round writes
/// its STAGE_CTRL right before COMMIT, a whole one its ports in between), and
/// able to lose COMMITs (a hung round).
class CountingBus {
 public:
  explicit CountingBus(Bus& inner) : inner_(&inner) {}
  std::uint32_t read32(std::uint32_t offset) { return inner_->read32(offset); }
  void write32(std::uint32_t offset, std::uint32_t value) {
    const bool stage = offset >= Layout::stage_control(0) && offset <= Layout::stage_control(Layout::kMaxStages - 1);
    if (offset == Layout::kControl && reg::Control::Commit::extract(value) != 0) {
      ++commits;
      if (last_was_stage_) ++stepped_commits;
      if (hang_commits > 0) {
        --hang_commits;
        last_was_stage_ = false;
        return;  // lost on the way: the block never takes it up
      }
    }
    last_was_stage_ = stage;
    inner_->write32(offset, value);
  }
  std::uint32_t commits{0};
  std::uint32_t stepped_commits{0};
  std::uint32_t hang_commits{0};

 private:
  Bus* inner_;
  bool last_was_stage_{false};
};
using CountingDriver = FabricDriver<CountingBus, Layout>;

/// A fresh Bench (its driver reads the counters) and a counting driver on its bus.
struct LoopBench {
  Bench* bench;
  CountingBus counting;
  CountingDriver driver;
};

LoopBench& fresh_loop_bench() {
  Bench& b = fresh_bench();
  static LoopBench loop{&b, CountingBus(b.bus), CountingDriver(loop.counting)};
  loop.bench = &b;
  loop.counting = CountingBus(b.bus);
  loop.driver = CountingDriver(loop.counting);
  if (loop.driver.probe() != Errc::ok) a2a::detail::contract_violation();
  return loop;
}

constexpr auto kIgnoreRound = [](std::uint32_t, const auto&) {};

AnySchedule any_schedule(const Network& net, RoundOrder order) {
  const ScheduleKind kind = net.topology == Topology::gsen ? ScheduleKind::alternating : ScheduleKind::latin_square;
  return AnySchedule::make(net, kind, order).value();
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
