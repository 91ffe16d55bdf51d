// The fabric driver and program_round over the recording mock: exactly which
// registers are written per round, bounded polling, refused arguments.
// Portable (heap-free): the Cortex-M build compiles this file too. Expected
// register values come from the papers' formulas and docs/register-map.md.
#include <a2a/a2a.hpp>
#include <a2a/hal/bus.hpp>
#include <a2a/hal/fabric_controller.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/mock/recording_bus.hpp>

#include <array>
#include <bit>
#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<256, 8>;
using Bus = mock::RecordingBus<512>;
using Driver = FabricDriver<Bus, Layout>;

static_assert(FabricController<Driver>);
static_assert(RegisterBus<Bus>);

/// One bus for all cases, in .bss (the Cortex-M stack is small); each case starts fresh.
Bus& fresh_bus() {
  static Bus bus;
  bus.reset();
  bus.set_round_marker(Layout::kControl, reg::Control::Commit::mask);
  return bus;
}

constexpr std::uint32_t kStatusBusy = 0x1;
constexpr std::uint32_t kStatusDone = 0x2;

}  // namespace

TEST_CASE("probe accepts the expected block and refuses another") {
  Bus& bus = fresh_bus();
  REQUIRE(bus.script_constant(Layout::kId, 0x4132'4146));
  REQUIRE(bus.script_constant(Layout::kVersion, 0x0000'0200));
  REQUIRE(bus.script_constant(Layout::kCapPorts, 256));
  REQUIRE(bus.script_constant(Layout::kCapShape, 0x0110'0208));
  Driver fabric(bus);
  CHECK(fabric.probe() == Errc::ok);
  REQUIRE(bus.script_constant(Layout::kCapPorts, 1024));  // a bigger block: other array offsets
  CHECK(fabric.probe() == Errc::fabric_device_mismatch);
  REQUIRE(bus.script_constant(Layout::kCapPorts, 256));
  REQUIRE(bus.script_constant(Layout::kVersion, 0x0000'0100));  // register map 1.x: other offsets
  CHECK(fabric.probe() == Errc::fabric_device_mismatch);
  CHECK(bus.writes() == 0);
}

TEST_CASE("configure writes N and the shape, refuses what the block cannot hold") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  CHECK(fabric.network().error() == Errc::fabric_not_configured);
  REQUIRE(fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  CHECK(bus.last_write(Layout::kNetPorts).value == 16);
  CHECK(bus.last_write(Layout::kNetShape).value == 0x0000'0402U);  // d = 2, n = 4, omega = 0
  REQUIRE(fabric.configure(make_network(Topology::gsen, 10).value(), true) == Errc::ok);
  CHECK(bus.last_write(Layout::kNetShape).value == 0x0106'0402U);  // optical, gsen = 6, n = 4, d = 2
  CHECK(fabric.network().value() == make_network(Topology::gsen, 10).value());

  bus.clear();
  CHECK(fabric.configure(make_network(Topology::omega, 512).value(), false) == Errc::fabric_capacity_exceeded);
  CHECK(fabric.configure(Network{Topology::omega, 12, 2, 4}, false) == Errc::ports_not_power_of_radix);
  CHECK(bus.writes() == 0);
}

TEST_CASE("nothing is written before the network is configured") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  CHECK(fabric.set_port_header(0, 1, 1) == Errc::fabric_not_configured);
  CHECK(fabric.set_stage_control(0, ControlMode::stage, 1) == Errc::fabric_not_configured);
  CHECK(fabric.set_idle_word(0, 0) == Errc::fabric_not_configured);
  CHECK(fabric.commit() == Errc::fabric_not_configured);
  CHECK(program_round(fabric, schedule, 0) == Errc::fabric_not_configured);
  CHECK(bus.writes() == 0);
}

TEST_CASE("out-of-range arguments are refused with their own error and write nothing") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  bus.clear();
  CHECK(fabric.set_stage_control(4, ControlMode::stage, 0) == Errc::stage_out_of_range);
  CHECK(fabric.set_stage_control(0, ControlMode::stage, 2) == Errc::state_out_of_range);
  CHECK(fabric.set_stage_control(0, static_cast<ControlMode>(9), 0) == Errc::control_mode_unknown);
  CHECK(fabric.set_switch_state(0, 8, 0) == Errc::switch_out_of_range);
  CHECK(fabric.set_switch_state(0, 7, 2) == Errc::state_out_of_range);
  CHECK(fabric.set_switch_word(0, 1, 0) == Errc::switch_out_of_range);        // 8 switches: one word
  CHECK(fabric.set_switch_word(0, 0, 0x0000'0020U) == Errc::state_out_of_range);
  CHECK(fabric.set_port_header(16, 0, 0) == Errc::port_out_of_range);
  CHECK(fabric.set_port_header(0, 16, 0) == Errc::port_out_of_range);
  CHECK(fabric.set_port_header(0, 0, 16) == Errc::tag_out_of_range);
  CHECK(fabric.set_idle_word(1, 0) == Errc::port_out_of_range);
  CHECK(fabric.switch_faulty(0, 8).error() == Errc::switch_out_of_range);
  CHECK(bus.writes() == 0);

  REQUIRE(fabric.configure(make_network(Topology::gsen, 10).value(), false) == Errc::ok);
  bus.clear();
  CHECK(fabric.set_switch_word(0, 0, 0x0010'0000U) == Errc::switch_out_of_range);  // switch 5 does not exist
  CHECK(bus.writes() == 0);
  CHECK(fabric.set_switch_word(0, 0, 0x0001'0101U) == Errc::ok);
  CHECK(bus.writes() == 1);
}

TEST_CASE("a stage-controlled round of a 16-port omega: n stage words, N headers, the idle mask, COMMIT") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::omega, 16).value();
  const auto schedule = LatinSquareSchedule<>::make(net).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  REQUIRE(program_round(fabric, schedule, 3) == Errc::ok);

  // Round 3 uses word x = 0011: stages 2 and 3 cross. In an omega network the n
  // shuffles rotate the address back, so straight switches give i -> i and a
  // crossed stage s flips destination bit n-1-s: i -> i xor 3, and the tag of an
  // omega path is its destination.
  const auto events = bus.events();
  REQUIRE(events.size() == 4 + 16 + 1 + 1);
  CHECK(bus.reads() == 0);
  const std::uint32_t stage_words[] = {0x001, 0x001, 0x101, 0x101};
  for (std::uint32_t s = 0; s < 4; ++s) {
    INFO("stage ", s);
    CHECK(events[s].access == mock::BusAccess::write);
    CHECK(events[s].offset == Layout::stage_control(s));
    CHECK(events[s].value == stage_words[s]);
  }
  for (std::uint32_t i = 0; i < 16; ++i) {
    INFO("port ", i);
    CHECK(events[4 + i].offset == Layout::port_header(i));
    CHECK(events[4 + i].value == ((i ^ 3U) | (i ^ 3U) << 16));
  }
  CHECK(events[20].offset == Layout::idle_mask(0));
  CHECK(events[20].value == 0xFFFF'0000U);  // ports 0..15 send, 16..31 do not exist
  CHECK(events[21].offset == Layout::kControl);
  CHECK(events[21].value == 0x0101U);  // COMMIT with ticket 1

  // Shadow registers keep their values: the next rounds rewrite only the stages
  // whose state changes (the bits in which the stage words differ), plus the port
  // state (every header and the idle mask) and the COMMIT.
  bus.clear();
  std::uint32_t previous_word = 3;
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) REQUIRE(program_round(fabric, schedule, r) == Errc::ok);
  CHECK_FALSE(bus.overflowed());
  CHECK(bus.rounds() == 16);
  for (std::uint32_t r = 0; r < 16; ++r) {
    INFO("round ", r);
    const auto changed = static_cast<std::size_t>(std::popcount(r ^ previous_word));
    previous_word = r;
    CHECK(bus.writes_in_round(r, Layout::kStageControlBase, Layout::kIdleMaskBase) == changed);
    CHECK(bus.writes_in_round(r, Layout::kIdleMaskBase, Layout::kFaultBase) == 1);
    CHECK(bus.writes_in_round(r, Layout::kPortHeaderBase, Layout::kSwitchStateBase) == 16);
    CHECK(bus.writes_in_round(r, Layout::kSwitchStateBase, Layout::kSize) == 0);
    CHECK(bus.writes_in_round(r) == changed + 16 + 1 + 1);
  }
  CHECK(program_round(fabric, schedule, 16) == Errc::round_out_of_range);
}

TEST_CASE("Gray order: after the first round, one switch-control write and the COMMIT per round") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::baseline, 16).value();
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) REQUIRE(program_round(fabric, schedule, r) == Errc::ok);
  CHECK(bus.rounds() == 16);
  // Switch control = the stage-control and switch-state registers. Round 0 sets all
  // four stages; port state (headers and the idle mask) is counted apart: each
  // processor could attach its own, as in Algorithm 4.
  CHECK(bus.writes_in_round(0, Layout::kStageControlBase, Layout::kIdleMaskBase) == 4);
  for (std::uint32_t r = 1; r < 16; ++r) {
    INFO("round ", r);
    CHECK(bus.writes_in_round(r, Layout::kStageControlBase, Layout::kIdleMaskBase) == 1);
    CHECK(bus.writes_in_round(r, Layout::kSwitchStateBase, Layout::kSize) == 0);
    CHECK(bus.writes_in_round(r, Layout::kControl, Layout::kControl + 4) == 1);
    CHECK(bus.writes_in_round(r, Layout::kIdleMaskBase, Layout::kSwitchStateBase) == 1 + 16);  // port state
    CHECK(bus.writes_in_round(r) == 1 + 1 + 16 + 1);
  }
  // A reset forgets what the block held: the next round writes every stage again.
  REQUIRE(fabric.reset() == Errc::ok);
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  REQUIRE(program_round(fabric, schedule, 1) == Errc::ok);
  CHECK(bus.writes_in(Layout::kStageControlBase, Layout::kIdleMaskBase) == 4);
}

TEST_CASE("an alternating round of GSEN 10 writes the pattern mode and a_s per stage") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::gsen, 10).value();
  const auto schedule = AlternatingSchedule::make(net).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  REQUIRE(program_round(fabric, schedule, 5) == Errc::ok);
  // Paper 000, Algorithm 4: A_5 = 5 xor 2 = 0111 (a_0 = 0, a_1..a_3 = 1); even inputs
  // carry tag k = 5, odd inputs 2^n - 1 - k = 10; GSEN: destination = (16 i + tag) mod N.
  const auto events = bus.events();
  REQUIRE(events.size() == 4 + 10 + 1 + 1);
  const std::uint32_t stage_words[] = {0x002, 0x102, 0x102, 0x102};
  for (std::uint32_t s = 0; s < 4; ++s) CHECK(events[s].value == stage_words[s]);
  for (std::uint32_t i = 0; i < 10; ++i) {
    INFO("port ", i);
    const std::uint32_t tag = i % 2 == 0 ? 5 : 10;
    CHECK(events[4 + i].value == ((16 * i + tag) % 10 | tag << 16));
  }
  CHECK(events[14].value == 0xFFFF'FC00U);
  CHECK(events[15].offset == Layout::kControl);
}

TEST_CASE("a round with its own initial configuration writes every switch word") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::omega, 16).value();
  const std::array<std::uint8_t, 4> m0{0x5A, 0x0F, 0x33, 0x81};  // byte s = the 8 switches of stage s
  const auto schedule =
      LatinSquareSchedule<InitialConfiguration>::make(net, RoundOrder::natural, {m0, 8}).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  bus.clear();
  REQUIRE(program_round(fabric, schedule, 6) == Errc::ok);
  CHECK(bus.writes() == 4 + 4 + 16 + 1 + 1);
  // Paper 001: switch j of stage s is m0(s, j) + digit n-1-s of x (mod 2); x = 6 = 0110.
  for (std::uint32_t s = 0; s < 4; ++s) {
    INFO("stage ", s);
    const std::uint32_t digit = (6U >> (3 - s)) & 1U;
    std::uint32_t expected = 0;
    for (std::uint32_t j = 0; j < 8; ++j) expected |= (((m0[s] >> j) & 1U) ^ digit) << (4 * j);
    CHECK(bus.last_write(Layout::stage_control(s)).value == 0U);  // individual
    CHECK(bus.last_write(Layout::switch_state(s, 0)).value == expected);
  }
}

TEST_CASE("program_round refuses a fabric configured for another network") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(fabric.configure(make_network(Topology::baseline, 16).value(), false) == Errc::ok);
  bus.clear();
  CHECK(program_round(fabric, schedule, 0) == Errc::fabric_network_mismatch);
  CHECK(bus.writes() == 0);
}

TEST_CASE("waiting for a round reads STATUS a bounded number of times") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  REQUIRE(bus.script({Layout::kStatus, kStatusBusy, 3, kStatusDone}));
  CHECK(fabric.wait_round(10) == Errc::ok);
  CHECK(bus.reads_of(Layout::kStatus) == 4);  // busy, busy, busy, done

  bus.clear();
  REQUIRE(bus.script_constant(Layout::kStatus, kStatusBusy));  // a hung fabric
  CHECK(fabric.wait_round(5) == Errc::fabric_timeout);
  CHECK(bus.reads_of(Layout::kStatus) == 5);
  CHECK(fabric.poll_status(0).error() == Errc::fabric_timeout);
  CHECK(bus.reads_of(Layout::kStatus) == 5);

  REQUIRE(bus.script_constant(Layout::kStatus, 0x0000'0104U));  // error, config invalid
  CHECK(fabric.wait_round(5) == Errc::fabric_round_not_run);
  REQUIRE(bus.script_constant(Layout::kStatus, 0x0000'000AU));  // done, conflict
  CHECK(fabric.wait_round(5) == Errc::fabric_round_faulted);
  CHECK(fabric.poll_status(1).value().conflict);
  REQUIRE(bus.script_constant(Layout::kStatus, 0));  // nothing committed since reset
  CHECK(fabric.wait_round(5) == Errc::fabric_round_not_run);
}

TEST_CASE("diagnostics: round counter, fault bitmap, single-switch update, control actions") {
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  REQUIRE(fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  REQUIRE(bus.script_constant(Layout::kRoundCounter, 7));
  REQUIRE(bus.script_constant(Layout::fault(1, 0), 1U << 5));
  CHECK(fabric.round_counter() == 7);
  CHECK(fabric.switch_faulty(1, 5).value());
  CHECK_FALSE(fabric.switch_faulty(1, 4).value());
  CHECK_FALSE(fabric.switch_faulty(0, 5).value());

  bus.clear();
  REQUIRE(fabric.set_switch_word(2, 0, 0x1000'0001U) == Errc::ok);
  REQUIRE(fabric.set_switch_state(2, 3, 1) == Errc::ok);  // read-modify-write of the same word
  CHECK(bus.reads_of(Layout::switch_state(2, 0)) == 1);
  CHECK(bus.last_write(Layout::switch_state(2, 0)).value == 0x1000'1001U);

  bus.clear();
  CHECK(fabric.abort() == Errc::ok);
  CHECK(fabric.reset() == Errc::ok);
  CHECK(bus.events()[0].value == 0x0102U);  // ABORT, ticket 1
  CHECK(bus.events()[1].value == 0x0204U);  // RESET, ticket 2, then STATUS until it shows ticket 2
  CHECK(bus.events()[2].offset == Layout::kStatus);
  CHECK(fabric.network().error() == Errc::fabric_not_configured);  // a reset forgets the network
}

TEST_CASE("the recording bus reports overflow instead of dropping events silently") {
  mock::RecordingBus<4> small;
  for (std::uint32_t i = 0; i < 6; ++i) small.write32(4 * i, i);
  CHECK(small.size() == 4);
  CHECK(small.overflowed());
  CHECK(small.dropped() == 2);
  CHECK(small.read32(8) == 2);    // the last value written there
  CHECK(small.read32(100) == 0);  // never written
  mock::RecordingBus<4, 1> one_script;
  CHECK(one_script.script_constant(0, 1));
  CHECK(one_script.script_constant(0, 2));  // replaces the script of the same offset
  CHECK_FALSE(one_script.script_constant(4, 1));
  CHECK(one_script.read32(0) == 2);
}
