// The emulated fabric (platform/emulated) behind the real driver: the
// controller's side only writes and reads registers, and the emulator's
// "interrupt" runs every few reads, so STATUS right after a COMMIT is stale and
// the ticket is what keeps the driver from taking the previous round's outcome.
// What was delivered is the block's own count (its counter registers).
//
// Portable (heap-free, small blocks): the Cortex-M build runs this file under QEMU too.
#include <a2a/a2a.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/hal/latched_round.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "emulated_bench.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Bench = test::EmulatedBench<64, 6>;
using Layout = Bench::Layout;
using Driver = Bench::Driver;
using Status = reg::Status;
using test::exactly_once;
constexpr std::uint32_t kPolls = 64;

/// The powered-on block and its probed driver, the interrupt every `period` reads
/// (0: only when the test services it).
Bench& fresh_bench(std::uint32_t period = test::kServicePeriod) { return Bench::fresh(period); }

template <class S>
Errc run_all(Driver& driver, const S& schedule, std::uint32_t first = 0) {
  for (std::uint32_t r = first; r < schedule.rounds(); ++r)
    if (const Errc e = execute_round(driver, schedule, r, kPolls); e != Errc::ok) return e;
  return Errc::ok;
}

}  // namespace

TEST_CASE("emulated fabric: power-on state, probe, capabilities") {
  Bench& b = fresh_bench();
  CHECK(b.ram.read32(Layout::kVersion) == 0x0000'0202U);
  CHECK(b.driver.can_inject());
  CHECK(b.driver.monitors());
  CHECK(b.driver.checks_rounds());                 // map 2.2: ROUND_CHECK
  CHECK(b.ram.read32(Layout::kRoundCheck) == 0U);  // not valid before a round ran
  CHECK(b.ram.read32(Layout::idle_mask(0)) == 0xFFFF'FFFFU);
  CHECK(b.driver.ticket() == 0);
  CHECK(b.driver.counters() == DeliveryTally{});
}

TEST_CASE("emulated fabric: a STATUS of the previous round is stale and the ticket says so") {
  Bench& b = fresh_bench(0);  // the interrupt fires only when the test says
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(program_round(b.driver, schedule, 0) == Errc::ok);
  b.bus.service();
  REQUIRE(b.driver.wait_round(1) == Errc::ok);
  REQUIRE(program_round(b.driver, schedule, 1) == Errc::ok);
  // Round 0's DONE is still in STATUS: without the ticket it would pass for round 1's.
  CHECK(FabricStatus::decode(RegisterValue<Status>::from_raw(b.ram.read32(Layout::kStatus))).clean());
  CHECK(b.driver.poll_status(5).error() == Errc::fabric_timeout);
  b.bus.service();
  const Result<FabricStatus> s = b.driver.poll_status(1);
  REQUIRE(s.ok());
  CHECK(s->ticket == b.driver.ticket());
  CHECK(b.driver.round_counter() == 2);
  CHECK(b.driver.counters().delivered == 32);

  // A second driver on the same block starts from the block's ticket.
  Driver second(b.bus);
  REQUIRE(second.probe() == Errc::ok);
  CHECK(second.ticket() == b.driver.ticket());
}

TEST_CASE("emulated fabric: whole exchanges (omega, banyan, radix 4, GSEN alternating) exactly once") {
  const Network nets[] = {make_network(Topology::omega, 16).value(), make_network(Topology::banyan, 32).value(),
                          make_network(Topology::omega, 64, 4).value(), make_network(Topology::gsen, 10).value()};
  for (const Network& net : nets) {
    INFO("ports ", net.ports);
    Bench& b = fresh_bench();
    const ScheduleKind kind = net.topology == Topology::gsen ? ScheduleKind::alternating : ScheduleKind::latin_square;
    const AnySchedule schedule = AnySchedule::make(net, kind, RoundOrder::gray).value();
    REQUIRE(b.driver.configure(net, false) == Errc::ok);
    CHECK(run_all(b.driver, schedule) == Errc::ok);
    CHECK(exactly_once(b, net.ports));
    CHECK(b.driver.round_counter() == schedule.rounds());
    CHECK(b.bus.services() > schedule.rounds());  // the emulator really was asked many times
  }
}

TEST_CASE("emulated fabric: a relayed fault-tolerant exchange counts by message in relay mode") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = AnySchedule::make(net, SwitchFault{1, 2}).value();
  REQUIRE(b.driver.configure(net, false, true) == Errc::ok);
  CHECK(b.driver.relay());
  REQUIRE(b.driver.inject_fault(1, 2, 0) == Errc::ok);  // the switch the schedule avoids is really broken
  CHECK(run_all(b.driver, schedule) == Errc::ok);
  const DeliveryTally c = b.driver.counters();
  CHECK(c.relayed > 0);
  CHECK(c.relayed <= c.delivered);
  CHECK(b.driver.switch_faulty(1, 2).value());
  CHECK(exactly_once(b, 16));

  // Without relay mode the same rounds count hops, not messages: pairs go missing.
  Bench& plain = fresh_bench();
  REQUIRE(plain.driver.configure(net, false) == Errc::ok);
  CHECK(run_all(plain.driver, schedule) == Errc::ok);
  CHECK(plain.emulator.missing(16) > 0);
}

TEST_CASE("emulated fabric: an injected fault mid-exchange voids its round; clear and resume exactly once") {
  Bench& b = fresh_bench();
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  CHECK(b.driver.inject_fault(6, 0, 0) == Errc::stage_out_of_range);
  CHECK(b.driver.inject_fault(1, 8, 0) == Errc::switch_out_of_range);
  REQUIRE(b.driver.inject_fault(1, 6, 5) == Errc::ok);  // from ROUND_COUNTER 5 on
  CHECK(run_all(b.driver, schedule) == Errc::fabric_round_faulted);
  CHECK(b.driver.round_counter() == 6);  // the flagged round ran (DONE) and was discarded
  const DeliveryTally c = b.driver.counters();
  CHECK(c.delivered == 5 * 16);
  CHECK(c.faulted_rounds == 1);
  CHECK(b.driver.switch_faulty(1, 6).value());
  CHECK_FALSE(b.driver.switch_faulty(1, 5).value());
  const std::uint32_t last = b.driver.last_error();
  CHECK((last & Status::FaultCrossed::mask) != 0);
  CHECK((last & Status::Done::mask) != 0);

  REQUIRE(b.driver.clear_injected_faults() == Errc::ok);
  CHECK_FALSE(b.driver.switch_faulty(1, 6).value());
  CHECK(run_all(b.driver, schedule, 5) == Errc::ok);
  CHECK(b.driver.counters().delivered == 16 * 16);
  CHECK(b.driver.counters().duplicates == 0);
  CHECK(b.emulator.missing(16) == 0);
}

TEST_CASE("emulated fabric: ClearCounters, a duplicate, RESET") {
  Bench& b = fresh_bench();
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(run_all(b.driver, schedule) == Errc::ok);
  CHECK(execute_round(b.driver, schedule, 3, kPolls) == Errc::ok);  // clean on the wire, but sent twice
  CHECK(b.driver.counters().duplicates == 16);
  REQUIRE(b.driver.clear_counters(kPolls) == Errc::ok);
  CHECK(b.driver.counters() == DeliveryTally{});
  CHECK(b.driver.last_error() == 0);
  CHECK(b.driver.round_counter() == 17);  // configuration and round counter untouched
  CHECK(b.driver.network().ok());
  CHECK(run_all(b.driver, schedule) == Errc::ok);
  CHECK(exactly_once(b, 16));

  REQUIRE(b.driver.reset() == Errc::ok);
  CHECK(b.driver.network().error() == Errc::fabric_not_configured);
  CHECK(b.driver.round_counter() == 0);
  CHECK(b.ram.read32(Layout::kStatus) == Status::Ticket::insert(0, b.driver.ticket()));
  CHECK(b.driver.counters() == DeliveryTally{});
  CHECK(b.ram.read32(Layout::kNetPorts) == 0);
}

TEST_CASE("emulated fabric: ABORT before the interrupt took the COMMIT; ABORT after it") {
  Bench& b = fresh_bench(0);
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(program_round(b.driver, schedule, 0) == Errc::ok);
  REQUIRE(b.driver.abort() == Errc::ok);  // overwrites the COMMIT still waiting in CONTROL
  b.bus.service();
  const Result<FabricStatus> s = b.driver.poll_status(1);
  REQUIRE(s.ok());
  CHECK(s->aborted);
  CHECK(s->error);
  CHECK_FALSE(s->done);
  CHECK(b.driver.round_counter() == 0);
  CHECK(b.driver.counters().delivered == 0);
  CHECK((b.driver.last_error() & Status::Aborted::mask) != 0);

  // The round taken up before the ABORT completed: its DONE stays, it was delivered.
  REQUIRE(program_round(b.driver, schedule, 0) == Errc::ok);
  b.bus.service();
  REQUIRE(b.driver.abort() == Errc::ok);
  b.bus.service();
  const Result<FabricStatus> after = b.driver.poll_status(1);
  REQUIRE(after.ok());
  CHECK(after->clean());
  CHECK(b.driver.counters().delivered == 16);
}

TEST_CASE("emulated fabric: an invalid configuration does not run and is the last error") {
  Bench& b = fresh_bench();
  REQUIRE(b.driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  b.ram.write32(Layout::stage_control(0), 0x7);  // a reserved mode code, behind the driver's back
  REQUIRE(b.driver.commit() == Errc::ok);
  CHECK(b.driver.wait_round(kPolls) == Errc::fabric_round_not_run);
  CHECK((b.driver.last_error() & Status::ConfigInvalid::mask) != 0);
  CHECK(b.driver.round_counter() == 0);
}

TEST_CASE("emulated fabric: a misrouted or conflicting round delivers nothing, so its retry is not a duplicate") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 8).value();
  REQUIRE(b.driver.configure(net, false) == Errc::ok);
  REQUIRE(b.driver.clear_counters(kPolls) == Errc::ok);
  for (std::uint32_t s = 0; s < net.stages; ++s)
    REQUIRE(b.driver.set_stage_control(s, ControlMode::stage, 0) == Errc::ok);
  const StageControl straight{0, 2, 3};
  auto write_headers = [&](std::uint32_t wrong_port) {
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const Path p = route(net, i, straight);
      const std::uint32_t dest = i == wrong_port ? (p.destination + 1) % net.ports : p.destination;
      REQUIRE(b.driver.set_port_header(i, dest, p.tag) == Errc::ok);
    }
    REQUIRE(b.driver.set_idle_word(0, 0xFFFF'FF00U) == Errc::ok);
  };
  write_headers(3);  // port 3's header names another destination than its path reaches
  REQUIRE(b.driver.commit() == Errc::ok);
  CHECK(b.driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  DeliveryTally c = b.driver.counters();
  CHECK(c.misroutes == 1);
  CHECK(c.delivered == 0);   // the seven clean signals of the flagged round count nothing
  write_headers(net.ports);  // the retry, every header right
  REQUIRE(b.driver.commit() == Errc::ok);
  CHECK(b.driver.wait_round(kPolls) == Errc::ok);
  c = b.driver.counters();
  CHECK(c.delivered == 8);
  CHECK(c.duplicates == 0);
}

namespace {
/// The inputs whose signal did not arrive where round r of `schedule` routes it (ARRIVED).
template <class S>
std::uint32_t arrivals_off_plan(Driver& driver, const S& schedule, std::uint32_t r) {
  const Network net = schedule.network();
  std::uint32_t off = 0;
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    const std::uint32_t planned = route(net, i, schedule.round(r)).destination;
    off += driver.arrived(planned).value() == Arrival{true, i} ? 0U : 1U;
  }
  return off;
}
}  // namespace

namespace {
// Round words 0b0000 (stage 1 straight) and 0b0100 (stage 1 cross) of omega N = 16's Latin square.
constexpr std::uint32_t kStraight = 0, kCross = 4;
LatinSquareSchedule<> omega16_square() {
  return LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
}
}  // namespace

TEST_CASE("emulated fabric: a hidden stuck switch is not in FAULT; a round that wants the other state is a misroute") {
  const auto schedule = omega16_square();
  REQUIRE(schedule.round(kCross).switch_state(1, 2) == 1);
  Bench& b = fresh_bench();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  CHECK(b.driver.monitors());
  CHECK(b.driver.inject_fault(1, 2, 0, InjectedKind{true, 2, true}) == Errc::state_out_of_range);
  REQUIRE(b.driver.inject_fault(1, 2, 0, InjectedKind{true, 0, true}) == Errc::ok);
  CHECK(execute_round(b.driver, schedule, kCross, kPolls) == Errc::fabric_round_faulted);
  CHECK((b.driver.last_error() & Status::Misroute::mask) != 0);
  CHECK_FALSE(b.driver.switch_faulty(1, 2).value());          // hidden
  CHECK(arrivals_off_plan(b.driver, schedule, kCross) == 2);  // the two signals through it, swapped
  CHECK(b.driver.counters().delivered == 0);
  CHECK(execute_round(b.driver, schedule, kStraight, kPolls) == Errc::ok);  // it wants the stuck state
  CHECK(arrivals_off_plan(b.driver, schedule, kStraight) == 0);
  CHECK(b.driver.counters().delivered == 16);
}

TEST_CASE("emulated fabric: a hidden dead switch loses its two signals; the round is clean and the others count") {
  const auto schedule = omega16_square();
  Bench& b = fresh_bench();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(b.driver.inject_fault(1, 2, 0, InjectedKind{false, 0, true}) == Errc::ok);
  CHECK(execute_round(b.driver, schedule, kStraight, kPolls) == Errc::ok);  // the block cannot tell
  CHECK_FALSE(b.driver.switch_faulty(1, 2).value());
  CHECK(arrivals_off_plan(b.driver, schedule, kStraight) == 2);
  std::uint32_t empty = 0;
  for (std::uint32_t j = 0; j < 16; ++j) empty += b.driver.arrived(j).value().valid ? 0U : 1U;
  CHECK(empty == 2);
  CHECK(b.driver.counters().delivered == 14);
}

TEST_CASE("emulated fabric: a test round (NET_SHAPE.Probe) fills ARRIVED and moves no counter") {
  const auto schedule = omega16_square();
  Bench& b = fresh_bench();
  REQUIRE(b.driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(b.driver.set_probe(true) == Errc::ok);
  CHECK(execute_round(b.driver, schedule, kCross, kPolls) == Errc::ok);
  CHECK(arrivals_off_plan(b.driver, schedule, kCross) == 0);
  CHECK(b.driver.counters().delivered == 0);
  REQUIRE(b.driver.set_probe(false) == Errc::ok);
  CHECK(execute_round(b.driver, schedule, kCross, kPolls) == Errc::ok);
  CHECK(b.driver.counters().delivered == 16);
  CHECK(b.driver.arrived(16).error() == Errc::port_out_of_range);
}
