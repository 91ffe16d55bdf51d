// Whole exchanges on switch elements behind SPI shift-register chains: a2a's round
// runner over SwitchFabric over ShiftChainSink, the wire played by a model written
// from docs/switch-backends.md (chain_model.hpp). After every delivered round the
// states the model's elements latched equal the schedule's, switch by switch, for
// every family with d = 2^w up to N = 256; the same check with the bits shifted in
// the wrong order fails; a readback that differs stops the exchange at its round,
// names the stage and element, and latches nothing of that round.
#include <a2a/app/round_runner.hpp>
#include <a2a/config/config_block.hpp>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <doctest/doctest.h>

#include "stage_patterns.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "chain_model.hpp"
#include "switch_sink_bench.hpp"

using namespace a2a;

using a2a::test::ChainModel;
using test::NetworkCase;

namespace {

constexpr std::uint32_t kMaxPorts = 256;
static_assert(hal::FabricController<hal::SwitchFabric<spi_chain::ShiftChainSink<ChainModel, ChainModel, kMaxPorts>,
                                                      test::TickingClock, 128>>);

/// The chains of a whole exchange, checked after every round against the schedule: a
/// chain per stage (element e of stage s: chain s, position e w), or one chain through
/// every stage (chain 0, position (s S + e) w).
template <spi_chain::ChainLayout Layout>
struct BasicChainBench {
  static constexpr bool kSingle = Layout == spi_chain::ChainLayout::single;
  using ChainSink = spi_chain::ShiftChainSink<ChainModel, ChainModel, kMaxPorts, Layout>;
  ChainModel wire;
  ChainSink sink;
  test::TickingClock clock;
  hal::SwitchFabric<ChainSink, test::TickingClock, kMaxPorts / 2> fabric{sink, clock, {3, 2}};
  explicit BasicChainBench(bool lsb_first = false, spi_chain::ChainReadback readback = spi_chain::ChainReadback::on)
      : wire(kSingle ? 1 : kMaxStages, lsb_first), sink(wire, wire, readback) {}

  /// Rounds whose latched states differ from the schedule's; `flip_in_round`: that
  /// round's shift of the last stage's chain (the single one) comes back with bit
  /// `flip_bit` inverted (by default the last bit back: element 0's, stage 0's alone).
  std::uint32_t rounds_differing(const AnySchedule& schedule, app::ExchangeOutcome& outcome,
                                 std::uint32_t flip_in_round = ~0U, std::size_t flip_bit = ~std::size_t{0}) {
    const Network net = schedule.network();
    return test::run_counting_differences(
        fabric, schedule, outcome, [&](std::uint32_t r) { return latched_as_planned(schedule, r); },
        [&](const app::ExchangeOutcome& so_far) {
          if (flip_in_round == ~0U || so_far.rounds_done != flip_in_round) return;  // next: round flip_in_round
          // The last stage changes every round (natural order); its last bit back is element 0's.
          const std::size_t bit = flip_bit != ~std::size_t{0} ? flip_bit : 8 * sink.bytes_per_transfer() - 1;
          wire.flip_readback(kSingle ? 0 : net.stages - 1, bit);
          flip_in_round = ~0U;
        });
  }
  bool latched_as_planned(const AnySchedule& schedule, std::uint32_t r) const {
    const Network net = schedule.network();
    const auto round = schedule.round(r);
    const std::uint32_t w = spi_chain::element_bits(net.radix);
    const std::uint32_t per_stage = net.switches_per_stage();
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < per_stage; ++y)
        if (wire.element_state(kSingle ? 0 : s, kSingle ? s * per_stage + y : y, w) != round.switch_state(s, y))
          return false;
    return true;
  }
};
using ChainBench = BasicChainBench<spi_chain::ChainLayout::per_stage>;
using SingleChainBench = BasicChainBench<spi_chain::ChainLayout::single>;

AnySchedule plan(Topology t, std::uint32_t ports, std::uint32_t radix, ScheduleKind kind, RoundOrder order) {
  return test::plan_for({t, ports, radix, kind, order});
}

}  // namespace

TEST_CASE("spi chains: every family's rounds latch exactly the schedule's states, up to N = 256") {
  const test::FamilyCase cases[] = {
      {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::baseline, 128, 2, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::banyan, 64, 4, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::reverse_banyan, 256, 16, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::gsen, 30, 2, ScheduleKind::gsen_stage_control, RoundOrder::gray},
      {Topology::gsen, 20, 2, ScheduleKind::doubly_alternating, RoundOrder::natural},
      {Topology::gsen, 12, 2, ScheduleKind::quadruply_alternating, RoundOrder::natural},
      {Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural},
      {Topology::gsen, 36, 2, ScheduleKind::table, RoundOrder::natural},
      {Topology::omega, 32, 2, ScheduleKind::optical, RoundOrder::gray},
  };
  for (const auto& c : cases) {
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    ChainBench b;
    app::ExchangeOutcome out;
    CHECK(b.rounds_differing(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
    CHECK(b.wire.pulses() == schedule.rounds());  // one latch pulse a round
    // One chain shifted a round after the first; in the first every chain twice (loaded,
    // then shifted again so that what comes back is checked from the first round on).
    if (c.order == RoundOrder::gray && c.kind == ScheduleKind::latin_square)
      CHECK(b.wire.transfers() == 2 * schedule.network().stages + schedule.rounds() - 1);
  }
}

TEST_CASE("spi chains: the check catches the bits shifted in the wrong order") {
  // Switches set one by one (a stage's bits differ), and 5 elements in a byte: 3 bits of padding.
  const AnySchedule schedule = plan(Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural);
  ChainBench right;
  app::ExchangeOutcome ok;
  CHECK(right.rounds_differing(schedule, ok) == 0);
  ChainBench swapped(true);
  app::ExchangeOutcome out;
  CHECK(swapped.rounds_differing(schedule, out) > 0);
}

TEST_CASE("spi chains: a readback that differs stops the exchange at its round and names the element") {
  const AnySchedule schedule = plan(Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural);
  ChainBench b;
  app::ExchangeOutcome out;
  CHECK(b.rounds_differing(schedule, out, 9) == 0);  // round 9's shift of stage 5 comes back wrong
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 9);
  CHECK(b.wire.pulses() == 9);  // nothing of round 9 took effect
  const spi_chain::ReadbackFault f = b.sink.readback_fault();
  CHECK(f.found);
  CHECK(f.stage == 5);
  CHECK(f.element == 0);
  CHECK(!f.transfer);
  // A transfer that does not complete: bus_timeout, the chain named, nothing latched.
  ChainBench t;
  t.wire.fail_next(Errc::bus_timeout);
  hal::RoundSwitches<128> round;
  round.reset(schedule.network());
  REQUIRE(t.sink.configure(schedule.network()) == Errc::ok);
  CHECK(t.sink.latch(round) == Errc::bus_timeout);
  CHECK(t.wire.pulses() == 0);
  CHECK(t.sink.readback_fault().transfer);
  CHECK(t.sink.wire_fault().place == hal::WireFault::Place::chain_transfer);
  CHECK(t.sink.wire_fault().unit == 0);  // the first chain shifted
}

TEST_CASE("spi chains without a return line: read-back off runs clean, shifting each chain once; on, it stops") {
  const AnySchedule schedule = plan(Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::gray);
  ChainBench checked;
  checked.wire.cut_return_line();
  app::ExchangeOutcome out;
  CHECK(checked.rounds_differing(schedule, out) == 0);
  CHECK(out.error == Errc::bus_readback_mismatch);  // what comes back is all ones, never what was shifted
  CHECK(out.rounds_done == 0);
  ChainBench unchecked(false, spi_chain::ChainReadback::off);
  unchecked.wire.cut_return_line();
  CHECK_FALSE(unchecked.sink.readback());
  CHECK(unchecked.rounds_differing(schedule, out) == 0);  // every round latched as planned
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 64);
  // Each chain shifted once when first written (not twice), then one chain a Gray round.
  CHECK(unchecked.wire.transfers() == 6 + 63);
  CHECK(unchecked.wire.pulses() == 64);
  // A transfer that does not complete still stops the round.
  ChainBench failing(false, spi_chain::ChainReadback::off);
  failing.wire.cut_return_line();
  std::uint32_t steps = 0;
  REQUIRE(failing.fabric.configure(schedule.network(), false) == Errc::ok);
  app::ExchangeOptions options;
  options.max_polls = 100;
  app::RoundRunner<decltype(failing.fabric), AnySchedule> runner(failing.fabric, schedule, options);
  while (!runner.step().finished() && ++steps < 100000)
    if (runner.outcome().rounds_done == 9) failing.wire.fail_next(Errc::bus_timeout);
  CHECK(runner.outcome().error == Errc::bus_timeout);
  CHECK(runner.outcome().rounds_done == 9);
}

TEST_CASE("spi chains: what the chains cannot hold is refused at configure") {
  ChainBench b;
  CHECK(b.fabric.configure(make_network(Topology::reverse_baseline, 27, 3).value(), false) ==
        Errc::fabric_device_mismatch);  // d = 3: not 2^w bits an element
  CHECK(hal::configure_fabric(b.fabric, make_network(Topology::omega, 16).value(), false, true) ==
        Errc::fabric_relay_unsupported);
  CHECK(b.fabric.configure(make_network(Topology::omega, 512).value(), false) == Errc::fabric_capacity_exceeded);
}

TEST_CASE("spi chains: the frames of docs/switch-backends.md's examples, worked by hand") {
  // d = 2, five elements in states 1, 0, 1, 1, 0: positions 0..4, one byte, 0x0D.
  hal::RoundSwitches<8> binary;
  binary.reset(make_network(Topology::gsen, 10).value());
  for (const auto& [y, state] : {std::pair{0U, 1U}, {2U, 1U}, {3U, 1U}}) binary.set(0, y, state);
  std::array<std::uint8_t, 1> frame{};
  spi_chain::build_frame(binary, 0, frame);
  CHECK(frame[0] == 0x0D);
  // d = 4, four elements in states 3, 0, 2, 1: two bits each, one byte, 0x63.
  hal::RoundSwitches<8> quaternary;
  quaternary.reset(make_network(Topology::omega, 16, 4).value());
  for (const auto& [y, state] : {std::pair{0U, 3U}, {2U, 2U}, {3U, 1U}}) quaternary.set(0, y, state);
  spi_chain::build_frame(quaternary, 0, frame);
  CHECK(frame[0] == 0x63);
  // omega N = 32 (16 elements, two bytes): element 0 set alone is the last bit sent.
  hal::RoundSwitches<16> wide;
  wide.reset(make_network(Topology::omega, 32).value());
  wide.set(0, 0, 1);
  std::array<std::uint8_t, 2> two{};
  spi_chain::build_frame(wide, 0, two);
  CHECK(two == std::array<std::uint8_t, 2>{0x00, 0x01});
  wide.set(0, 0, 0);
  wide.set(0, 15, 1);
  spi_chain::build_frame(wide, 0, two);
  CHECK(two == std::array<std::uint8_t, 2>{0x80, 0x00});  // the farthest element: the first bit sent
}

TEST_CASE("spi chains, one chain through every stage: every family latches the schedule's states") {
  const test::FamilyCase cases[] = {
      {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::banyan, 64, 4, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::reverse_banyan, 256, 16, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::gsen, 30, 2, ScheduleKind::gsen_stage_control, RoundOrder::gray},
      {Topology::gsen, 36, 2, ScheduleKind::table, RoundOrder::natural},
  };
  for (const auto& c : cases) {
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    SingleChainBench b;
    app::ExchangeOutcome out;
    CHECK(b.rounds_differing(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
    CHECK(b.wire.transfers() == schedule.rounds() + 1);  // the whole chain every round, twice in the first
    CHECK(b.sink.bytes_per_transfer() == spi_chain::single_frame_bytes(schedule.network()));
  }
  SingleChainBench lsb_first(true);  // the wrong bit order is caught here too
  app::ExchangeOutcome out;
  CHECK(lsb_first.rounds_differing(plan(Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural), out) >
        0);
}

TEST_CASE("spi chains, one chain: a readback that differs names the stage and the element") {
  // omega N = 64: 6 stages of 32 elements, 24 bytes; the bit sent k-th is position 191 - k.
  const AnySchedule schedule = plan(Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural);
  SingleChainBench b;
  app::ExchangeOutcome out;
  CHECK(b.rounds_differing(schedule, out, 4, 191 - (3 * 32 + 17)) == 0);  // position of stage 3's element 17
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 4);
  CHECK(b.wire.pulses() == 4);
  CHECK(b.sink.readback_fault().stage == 3);
  CHECK(b.sink.readback_fault().element == 17);
}

TEST_CASE("spi chains, one chain: the frame of docs/switch-backends.md's example, worked by hand") {
  // omega N = 4, d = 2: stage 0 in states 1, 0 and stage 1 in 0, 1: positions 0 and 3 set, 0x09.
  hal::RoundSwitches<2> round;
  round.reset(make_network(Topology::omega, 4).value());
  round.set(0, 0, 1);
  round.set(1, 1, 1);
  std::array<std::uint8_t, 1> frame{};
  spi_chain::build_single_frame(round, frame);
  CHECK(frame[0] == 0x09);
  // omega N = 32: 5 stages of 16 elements, 10 bytes; stage 4's element 15 is the first bit sent.
  hal::RoundSwitches<16> wide;
  wide.reset(make_network(Topology::omega, 32).value());
  wide.set(4, 15, 1);
  std::array<std::uint8_t, 10> ten{};
  spi_chain::build_single_frame(wide, ten);
  CHECK(ten == std::array<std::uint8_t, 10>{0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("spi chains: a stage set by a control word is built from its pattern, byte for byte as element by element") {
  const NetworkCase networks[] = {
      {Topology::omega, 256U, 2U}, {Topology::gsen, 10U, 2U},    {Topology::gsen, 36U, 2U},
      {Topology::omega, 64U, 4U},  {Topology::omega, 256U, 16U}, {Topology::omega, 64U, 8U},
  };
  for (const NetworkCase& c : networks) {
    const Network net = c.network();
    test::for_each_stage_pattern(c.radix, [&](const hal::StagePattern& pattern) {
      INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " block ", pattern.block, " state ", pattern.state);
      hal::RoundSwitches<128> round;
      round.reset(net);
      for (std::uint32_t s = 0; s < net.stages; ++s) round.set_stage(s, pattern);
      std::vector<std::uint8_t> fast(spi_chain::frame_bytes(net), 0x5A);  // anything there is overwritten
      std::vector<std::uint8_t> slow(spi_chain::frame_bytes(net), 0);
      spi_chain::build_frame(round, 1, fast);
      spi_chain::place_stage(round, 1, slow, 0);
      CHECK(fast == slow);
      std::vector<std::uint8_t> whole(spi_chain::single_frame_bytes(net), 0xA5);
      std::vector<std::uint8_t> each(spi_chain::single_frame_bytes(net), 0);
      spi_chain::build_single_frame(round, whole);
      for (std::uint32_t s = 0; s < net.stages; ++s)
        spi_chain::place_stage(round, s, each, s * spi_chain::element_bits(c.radix) * net.switches_per_stage());
      CHECK(whole == each);
    });
  }
}
