// a2a/hal/program_round.hpp: a schedule's round into the shadow registers and a COMMIT,
// written exactly as docs/register-map.md says, over the recording mock.
#include <a2a/hal/program_round.hpp>

#include <a2a/a2a.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/mock/recording_bus.hpp>

#include <array>
#include <bit>
#include <cstdint>

#include "a2a_test.hpp"
#include "unit_bus.hpp"

namespace program_round_unit {
using namespace a2a;
using namespace a2a::hal;
using Layout = FabricLayout<256, 8>;
using Bus = a2a::test::UnitBus;
using Driver = FabricDriver<Bus, Layout>;

/// The shared bus (unit_bus.hpp), marking each COMMIT as the end of a round.
inline Bus& fresh_bus() {
  Bus& bus = a2a::test::unit_bus();
  bus.set_round_marker(Layout::kControl, reg::Control::Commit::mask);
  return bus;
}
}  // namespace program_round_unit

TEST_CASE("a stage-controlled round of a 16-port omega: n stage words, N headers, the idle mask, COMMIT") {
  using namespace program_round_unit;
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
  using namespace program_round_unit;
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
  using namespace program_round_unit;
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
  using namespace program_round_unit;
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const Network net = make_network(Topology::omega, 16).value();
  const std::array<std::uint8_t, 4> m0{0x5A, 0x0F, 0x33, 0x81};  // byte s = the 8 switches of stage s
  const auto schedule = LatinSquareSchedule<InitialConfiguration>::make(net, RoundOrder::natural, {m0, 8}).value();
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
  using namespace program_round_unit;
  Bus& bus = fresh_bus();
  Driver fabric(bus);
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  REQUIRE(fabric.configure(make_network(Topology::baseline, 16).value(), false) == Errc::ok);
  bus.clear();
  CHECK(program_round(fabric, schedule, 0) == Errc::fabric_network_mismatch);
  CHECK(bus.writes() == 0);
}
