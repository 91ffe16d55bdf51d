// Faults on the hardware path, injected below the driver: a register whose
// read-back differs from what was written, a commit that stays busy, a switch
// fault flag raised in the middle of an exchange. The controller's round loop
// (firmware/app controller.hpp) must retry a bounded number of times, stop
// cleanly with the round and the messages not delivered, and resume from that
// round without losing or duplicating a message.
//
// Portable (heap-free): the Cortex-M build runs this file under QEMU too. The
// "fabric" is the recording mock (exact register traffic) or the emulated fabric
// (platform/emulated) behind a bus that plays the faulty hardware
// (FlakyFabric below); what was delivered is the emulator's count, not the
// schedule's formulas. A broken switch is the emulator's own fault injection.
#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/mock/recording_bus.hpp>

#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<16, 4>;
using Status = reg::Status;
constexpr std::uint32_t kPorts = 16;

LatinSquareSchedule<> omega16() {
  return LatinSquareSchedule<>::make(make_network(Topology::omega, kPorts).value()).value();
}

// --- the recording mock: exact register traffic -------------------------------

using Bus = mock::RecordingBus<512, 4>;  // 6 KiB: fits the micro:bit's 16 KiB of RAM
using MockDriver = FabricDriver<Bus, Layout>;

Bus& fresh_bus() {
  static Bus bus;
  bus.reset();
  bus.set_round_marker(Layout::kControl, reg::Control::Commit::mask);
  return bus;
}

constexpr auto kIgnoreRound = [](std::uint32_t, const auto&) {};

// --- the emulated fabric behind a faulty bus --------------------------------------

using Emulator = emulated::FabricEmulator<Layout, kPorts>;
using Ram = emulated::RamBlock<Layout::kSize>;

/// Plays the fabric hardware's faults in front of the emulated block: register
/// writes that do not take, and commits that hang until ABORT (the COMMIT never
/// reaches the block, so STATUS keeps an old ticket). The emulator's interrupt
/// runs before every second read.
class FlakyFabric {
 public:
  FlakyFabric(Ram& ram, Emulator& emulator) : ram_(&ram), emulator_(&emulator) {}

  std::uint32_t read32(std::uint32_t offset) {
    if (offset >= Layout::fault(0, 0) && offset <= Layout::fault(Layout::kMaxStages - 1, 0)) ++fault_reads_;
    if (++reads_ % 2 == 0) emulator_->service(*ram_);
    return ram_->read32(offset);
  }
  void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset != Layout::kControl) {
      const bool corrupt = offset == corrupt_offset_ && corrupt_writes_ > 0;
      if (corrupt) --corrupt_writes_;
      ram_->write32(offset, corrupt ? value ^ corrupt_mask_ : value);
      return;
    }
    if (reg::Control::Commit::extract(value) != 0) {
      ++commits_;
      if (hang_commits_ > 0) {
        --hang_commits_;
        return;  // lost on the way: the block never takes it up
      }
    }
    ram_->write32(offset, value);
  }

  void corrupt_writes(std::uint32_t offset, std::uint32_t mask, std::uint32_t writes) {
    corrupt_offset_ = offset;
    corrupt_mask_ = mask;
    corrupt_writes_ = writes;
  }
  void hang_commits(std::uint32_t commits) { hang_commits_ = commits; }
  [[nodiscard]] std::uint32_t commits() const { return commits_; }
  /// Reads of the FAULT bitmap's words so far.
  [[nodiscard]] std::uint32_t fault_reads() const { return fault_reads_; }

 private:
  Ram* ram_;
  Emulator* emulator_;
  std::uint32_t corrupt_offset_{~std::uint32_t{0}};
  std::uint32_t corrupt_mask_{0};
  std::uint32_t corrupt_writes_{0};
  std::uint32_t hang_commits_{0};
  std::uint32_t commits_{0};
  std::uint32_t reads_{0};
  std::uint32_t fault_reads_{0};
};

using FlakyDriver = FabricDriver<FlakyFabric, Layout>;

/// A powered-on emulated fabric with a configured, verifying driver (static: small stacks).
struct Bench {
  Ram raw;
  Emulator model;
  FlakyFabric flaky{raw, model};
  FlakyDriver driver{flaky};
};

Bench& fresh_bench() {
  static Bench bench;
  bench.model.power_on(bench.raw);
  bench.flaky = FlakyFabric(bench.raw, bench.model);
  bench.driver = FlakyDriver(bench.flaky);
  bench.driver.set_write_verification(true);
  if (bench.driver.probe() != Errc::ok) a2a::detail::contract_violation();
  if (bench.driver.configure(make_network(Topology::omega, kPorts).value(), false) != Errc::ok)
    a2a::detail::contract_violation();
  return bench;
}

/// Every send of rounds [first, last) of `schedule` is (delivered == expect) in the model.
bool sends_delivered(const Emulator& model, const LatinSquareSchedule<>& schedule, std::uint32_t first,
                     std::uint32_t last, bool expect) {
  for (std::uint32_t r = first; r < last; ++r) {
    const auto round = schedule.round(r);
    for (std::uint32_t i = 0; i < kPorts; ++i) {
      const PortSend s = schedule.send(round, i);
      if (s.sends && model.delivered(i, s.destination, kPorts) != expect) return false;
    }
  }
  return true;
}

bool exactly_once(const Emulator& model) {
  const DeliveryTally& t = model.tally();
  return t.delivered == kPorts * kPorts && model.missing(kPorts) == 0 && t.duplicates == 0 && t.misroutes == 0 &&
         t.conflicts == 0;  // faulted rounds delivered nothing: they do not matter here
}

}  // namespace

TEST_CASE("read-back verification refuses a register that did not take, before COMMIT") {
  Bus& bus = fresh_bus();
  MockDriver fabric(bus);
  fabric.set_write_verification(true);
  CHECK(fabric.write_verification());
  bus.corrupt_reads(Layout::kNetShape, 0x1, 1);
  CHECK(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::fabric_readback_mismatch);
  CHECK(fabric.network().error() == Errc::fabric_not_configured);
  CHECK(fabric.commit() == Errc::fabric_not_configured);
  REQUIRE(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::ok);

  const auto schedule = omega16();
  bus.clear();
  bus.corrupt_reads(Layout::port_header(3), 0x10000, 1);
  CHECK(program_round(fabric, schedule, 0) == Errc::fabric_readback_mismatch);
  CHECK(bus.writes_to(Layout::kControl) == 0);        // nothing committed
  CHECK(bus.writes_to(Layout::port_header(4)) == 0);  // and it stopped at the bad register

  // Once the register takes, the same round programs and commits; every shadow
  // write was read back from the same offset right after it. The stage registers
  // took (and were verified) in the first attempt, so they are not written again.
  bus.clear();
  REQUIRE(program_round(fabric, schedule, 0) == Errc::ok);
  const auto events = bus.events();
  REQUIRE(events.size() == 2 * (16 + 1) + 1);
  for (std::size_t k = 0; k + 1 < events.size(); k += 2) {
    CHECK(events[k].access == mock::BusAccess::write);
    CHECK(events[k + 1].access == mock::BusAccess::read);
    CHECK(events[k + 1].offset == events[k].offset);
    CHECK(events[k + 1].value == events[k].value);
  }
  CHECK(events.back().offset == Layout::kControl);
}

TEST_CASE("a hung commit that completes just before the ABORT is delivered and not sent again") {
  Bus& bus = fresh_bus();
  MockDriver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::ok);
  constexpr std::uint32_t kPolls = 5;
  REQUIRE(bus.script({Layout::kStatus, Status::Busy::mask, kPolls, Status::Done::mask}));
  std::uint32_t delivered = 0;
  const app::ExchangeOutcome out = app::run_exchange(
      fabric, omega16(), [&](std::uint32_t, const auto&) { ++delivered; }, app::ExchangeOptions{0, 2, kPolls});
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 16);
  CHECK(out.retries == 0);
  CHECK(delivered == 16);
  CHECK(bus.rounds() == 16);                     // 16 COMMITs: round 0 was not committed twice
  CHECK(bus.writes_to(Layout::kControl) == 17);  // and one ABORT
  CHECK_FALSE(bus.overflowed());
}

TEST_CASE("a fabric that stays busy even after ABORT: stop at once, round in doubt") {
  Bus& bus = fresh_bus();
  MockDriver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::ok);
  REQUIRE(bus.script_constant(Layout::kStatus, Status::Busy::mask));
  const app::ExchangeOutcome out = app::run_exchange(fabric, omega16(), kIgnoreRound, app::ExchangeOptions{0, 3, 7});
  CHECK(out.error == Errc::fabric_round_in_doubt);
  CHECK(out.rounds_done == 0);
  CHECK(out.attempts == 1);  // not retried: the hung round may still complete
  CHECK(out.messages_pending == kPorts * kPorts);
  CHECK(bus.reads_of(Layout::kStatus) == 14);  // bounded: 7 polls, ABORT, 7 polls
}

TEST_CASE("a switch fault flag raised mid-exchange stops the exchange at that round and names the switch") {
  Bus& bus = fresh_bus();
  MockDriver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::ok);
  // Rounds 0..4 complete clean; from round 5 on the fabric flags FAULT_CROSSED and
  // its FAULT bitmap marks switch 3 of stage 2.
  REQUIRE(bus.script({Layout::kStatus, Status::Done::mask, 5, Status::Done::mask | Status::FaultCrossed::mask}));
  REQUIRE(bus.script_constant(Layout::fault(2, 0), 1U << 3));
  const app::ExchangeOutcome out = app::run_exchange(fabric, omega16(), kIgnoreRound, app::ExchangeOptions{});
  CHECK(out.error == Errc::fabric_round_faulted);
  CHECK(out.rounds_done == 5);
  CHECK(out.attempts == 6);  // a located fault is persistent: no retry
  CHECK(out.fault_located);
  CHECK(out.faulty_stage == 2);
  CHECK(out.faulty_switch == 3);
  CHECK(out.messages_pending == 11 * kPorts);
}

TEST_CASE("a flagged round without a located fault is retried a bounded number of times") {
  Bus& bus = fresh_bus();
  MockDriver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, kPorts).value(), false) == Errc::ok);
  REQUIRE(bus.script({Layout::kStatus, Status::Done::mask, 5, Status::Done::mask | Status::Misroute::mask}));
  const app::ExchangeOutcome out = app::run_exchange(fabric, omega16(), kIgnoreRound, app::ExchangeOptions{0, 3});
  CHECK(out.error == Errc::fabric_round_faulted);
  CHECK(out.rounds_done == 5);
  CHECK(out.attempts == 5 + 4);
  CHECK(out.retries == 3);
  CHECK_FALSE(out.fault_located);
  CHECK(bus.rounds() == 5 + 4);
}

TEST_CASE("a register that does not take once is retried; the exchange is still exact") {
  Bench& b = fresh_bench();
  b.flaky.corrupt_writes(Layout::port_header(5), 0x10, 1);
  const app::ExchangeOutcome out = app::run_exchange(b.driver, omega16(), kIgnoreRound, app::ExchangeOptions{});
  CHECK(out.error == Errc::ok);
  CHECK(out.retries == 1);
  CHECK(b.flaky.commits() == 16);  // the bad attempt was never committed
  CHECK(exactly_once(b.model));
}

TEST_CASE("a register that never takes: stop after the retries, resume when it is repaired") {
  Bench& b = fresh_bench();
  const auto schedule = omega16();
  // Round 7 writes port 5's header: it fails its 3 attempts (1 + 2 retries).
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 6) b.flaky.corrupt_writes(Layout::port_header(5), 0x1, 3);
      },
      app::ExchangeOptions{});
  CHECK(out.error == Errc::fabric_readback_mismatch);
  CHECK(out.rounds_done == 7);
  CHECK(out.retries == 2);
  CHECK(out.messages_pending == 9 * kPorts);
  CHECK(b.model.tally().delivered == 7 * kPorts);
  CHECK(sends_delivered(b.model, schedule, 0, 7, true));
  CHECK(sends_delivered(b.model, schedule, 7, 16, false));  // exactly the pending ones are missing

  const app::ExchangeOutcome resumed =
      app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{out.rounds_done});
  CHECK(resumed.error == Errc::ok);
  CHECK(resumed.rounds_done == 16);
  CHECK(resumed.attempts == 9);
  CHECK(exactly_once(b.model));
}

TEST_CASE("a commit that stays busy is aborted and retried; nothing of it is delivered") {
  Bench& b = fresh_bench();
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, omega16(),
      [&](std::uint32_t r, const auto&) {
        if (r == 2) b.flaky.hang_commits(1);
      },
      app::ExchangeOptions{0, 2, 50});
  CHECK(out.error == Errc::ok);
  CHECK(out.retries == 1);
  CHECK(b.flaky.commits() == 17);
  CHECK(exactly_once(b.model));
}

TEST_CASE("a commit that hangs on every attempt: stop, report, resume without resending") {
  Bench& b = fresh_bench();
  const auto schedule = omega16();
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 9) b.flaky.hang_commits(3);
      },
      app::ExchangeOptions{0, 2, 50});
  CHECK(out.error == Errc::fabric_timeout);
  CHECK(out.rounds_done == 10);
  CHECK(out.attempts == 13);
  CHECK(out.messages_pending == 6 * kPorts);
  CHECK(sends_delivered(b.model, schedule, 0, 10, true));
  CHECK(sends_delivered(b.model, schedule, 10, 16, false));

  const app::ExchangeOutcome resumed =
      app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{out.rounds_done, 2, 50});
  CHECK(resumed.error == Errc::ok);
  CHECK(exactly_once(b.model));
}

TEST_CASE("a faulted round names the new switch: FAULT's marks of known ones passed over, each word read once") {
  Bench& b = fresh_bench();
  const auto schedule = omega16();
  // Switch 6 of stage 1 is known faulty (the fabric marks it again) and switch 3 of
  // stage 2 is new: both fail in round 4.
  FaultSet<kMaxConfigFaults> known;
  REQUIRE(known.add(SwitchFault{1, 6}) == Errc::ok);
  app::ExchangeOptions options{};
  const FaultSetView known_view = known.view();
  options.known = &known_view;
  std::uint32_t reads_before = 0;
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 3 && (b.driver.inject_fault(1, 6, b.driver.round_counter() + 1) != Errc::ok ||
                       b.driver.inject_fault(2, 3, b.driver.round_counter() + 1) != Errc::ok))
          a2a::detail::contract_violation();
        reads_before = b.flaky.fault_reads();
      },
      options);
  CHECK(out.error == Errc::fabric_round_faulted);
  REQUIRE(out.fault_located);
  CHECK(out.faulty_stage == 2);  // not the known switch 6 of stage 1, which FAULT marks first
  CHECK(out.faulty_switch == 3);
  // One word a stage (8 switches), read up to the new one's stage: stages 0, 1 and 2.
  CHECK(b.flaky.fault_reads() - reads_before == 3);
}

TEST_CASE("a switch that fails mid-exchange: its rounds are discarded, the exchange resumes after repair") {
  Bench& b = fresh_bench();
  const auto schedule = omega16();
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 4 && b.driver.inject_fault(1, 6, b.driver.round_counter()) != Errc::ok)
          a2a::detail::contract_violation();
      },
      app::ExchangeOptions{});
  CHECK(out.error == Errc::fabric_round_faulted);
  CHECK(out.rounds_done == 5);
  CHECK(out.fault_located);
  CHECK(out.faulty_stage == 1);
  CHECK(out.faulty_switch == 6);
  CHECK(out.messages_pending == 11 * kPorts);
  CHECK(b.model.tally().delivered == 5 * kPorts);
  CHECK(b.model.tally().faulted_rounds == 1);  // a located fault is not retried
  CHECK(sends_delivered(b.model, schedule, 5, 16, false));

  // No fault-tolerant family for a faulty omega yet: resume on the same schedule
  // once the switch is repaired.
  REQUIRE(b.driver.clear_injected_faults() == Errc::ok);
  const app::ExchangeOutcome resumed =
      app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{out.rounds_done});
  CHECK(resumed.error == Errc::ok);
  CHECK(exactly_once(b.model));
}

TEST_CASE("resume arguments are checked") {
  Bench& b = fresh_bench();
  const auto schedule = omega16();
  const app::ExchangeOutcome past = app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{17});
  CHECK(past.error == Errc::round_out_of_range);
  CHECK(past.attempts == 0);
  const app::ExchangeOutcome end = app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{16});
  CHECK(end.error == Errc::ok);
  CHECK(end.attempts == 0);
  const app::ExchangeOutcome no_polls =
      app::run_exchange(b.driver, schedule, kIgnoreRound, app::ExchangeOptions{0, 2, 0});
  CHECK(no_polls.error == Errc::poll_bound_zero);
  CHECK(no_polls.attempts == 0);
  CHECK(b.flaky.commits() == 0);
  CHECK(app::messages_from_round(schedule, 0) == kPorts * kPorts);
  CHECK(app::messages_from_round(schedule, 16) == 0);
}
