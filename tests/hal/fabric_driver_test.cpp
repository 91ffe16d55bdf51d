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
  CHECK(fabric.set_switch_word(0, 1, 0) == Errc::switch_out_of_range);  // 8 switches: one word
  CHECK(fabric.set_switch_word(0, 0, 0x0000'0020U) == Errc::state_out_of_range);
  CHECK(fabric.set_port_header(16, 0, 0) == Errc::port_out_of_range);
  CHECK(fabric.set_port_header(0, 16, 0) == Errc::port_out_of_range);
  CHECK(fabric.set_port_header(0, 0, 16) == Errc::tag_out_of_range);
  CHECK(fabric.set_idle_word(1, 0) == Errc::port_out_of_range);
  CHECK(fabric.switch_faulty(0, 8).error() == Errc::switch_out_of_range);
  CHECK(fabric.fault_word(0, 1).error() == Errc::switch_out_of_range);  // 8 switches: one word
  CHECK(fabric.fault_word(4, 0).error() == Errc::stage_out_of_range);
  CHECK(bus.writes() == 0);

  REQUIRE(fabric.configure(make_network(Topology::gsen, 10).value(), false) == Errc::ok);
  bus.clear();
  CHECK(fabric.set_switch_word(0, 0, 0x0010'0000U) == Errc::switch_out_of_range);  // switch 5 does not exist
  CHECK(bus.writes() == 0);
  CHECK(fabric.set_switch_word(0, 0, 0x0001'0101U) == Errc::ok);
  CHECK(bus.writes() == 1);
  // A word's states are checked at once: a state of d or more in any switch the network
  // has is refused before a nibble of a switch it lacks (the order switch by switch).
  CHECK(fabric.set_switch_word(0, 0, 0x0010'2000U) == Errc::state_out_of_range);
  CHECK(fabric.set_switch_word(0, 0, 0x0000'0003U) == Errc::state_out_of_range);
  // d = 4 (a power of two): states 0..3; d = 3 (not one): 0..2, checked switch by switch.
  REQUIRE(fabric.configure(make_network(Topology::omega, 64, 4).value(), false) == Errc::ok);
  CHECK(fabric.set_switch_word(0, 1, 0x3210'3210U) == Errc::ok);
  CHECK(fabric.set_switch_word(0, 1, 0x4000'0000U) == Errc::state_out_of_range);
  REQUIRE(fabric.configure(make_network(Topology::omega, 27, 3).value(), false) == Errc::ok);
  CHECK(fabric.set_switch_word(0, 0, 0x0000'0210U) == Errc::ok);  // switches 0 (0), 1 (1), 2 (2)
  CHECK(fabric.set_switch_word(0, 0, 0x0000'0300U) == Errc::state_out_of_range);
  CHECK(fabric.set_switch_word(0, 1, 0x0000'0002U) == Errc::ok);                   // 9 switches: 8 is the last
  CHECK(fabric.set_switch_word(0, 1, 0x0000'0010U) == Errc::switch_out_of_range);  // switch 9 does not exist
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
  CHECK(fabric.fault_word(1, 0).value() == 1U << 5);  // the word the bits come from
  CHECK(fabric.fault_word(0, 0).value() == 0);

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
