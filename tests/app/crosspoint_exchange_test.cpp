// Whole exchanges on switch elements behind crosspoint chips, over SPI and over I2C:
// a2a's round runner over SwitchFabric over CrosspointSink, the chips played by a
// model written from docs/switch-backends.md (crosspoint_model.hpp). After every
// delivered round each element's outputs select exactly the k-shift the schedule
// sets, for every family with d dividing the chip's outputs, up to N = 256; a value
// read back different stops the exchange at its round and names the chip and output;
// a NACK stops it with bus_nack; nothing of a failed round takes effect.
#include <a2a/crosspoint/crosspoint.hpp>
#include <a2a/hal/switch_fabric.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "crosspoint_model.hpp"
#include "switch_sink_bench.hpp"

using namespace a2a;
using a2a::test::CrosspointModel;

namespace {

constexpr std::uint32_t kMaxPorts = 256;

/// Chips of ChipPorts outputs reached through Port (SPI or I2C registers) over the model.
template <class Port, std::uint32_t ChipPorts>
struct CrosspointBench {
  using Sink = crosspoint::CrosspointSink<Port, CrosspointModel, ChipPorts, kMaxPorts>;
  using Fabric = hal::SwitchFabric<Sink, test::TickingClock, kMaxPorts / 2>;
  static_assert(hal::FabricController<Fabric>);
  CrosspointModel chips;
  Port port;
  Sink sink{port, chips};
  test::TickingClock clock;
  Fabric fabric{sink, clock, {2, 1}};
  template <class... PortArgs>
  explicit CrosspointBench(PortArgs... args) : port(chips, args...) {}

  std::uint32_t rounds_differing(const AnySchedule& schedule, app::ExchangeOutcome& outcome,
                                 std::uint32_t fail_in_round = ~0U, bool nack = false) {
    const Network net = schedule.network();
    return test::run_counting_differences(
        fabric, schedule, outcome, [&](std::uint32_t r) { return latched_as_planned(net, schedule, r); },
        [&](const app::ExchangeOutcome& so_far) {
          if (fail_in_round == ~0U || so_far.rounds_done != fail_in_round) return;  // next: round fail_in_round
          if (nack)
            chips.nack((net.stages - 1) * sink.chips_per_stage());  // the last stage's first chip
          else
            chips.flip_next_read();
          fail_in_round = ~0U;
        });
  }
  bool latched_as_planned(const Network& net, const AnySchedule& schedule, std::uint32_t r) const {
    const auto round = schedule.round(r);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
        if (chips.element_state(net, ChipPorts, s, y) != round.switch_state(s, y)) return false;
    return true;
  }
};
using SpiBench = CrosspointBench<crosspoint::SpiRegisters<CrosspointModel>, 16>;
using I2cBench = CrosspointBench<crosspoint::I2cRegisters<CrosspointModel>, 64>;

}  // namespace

TEST_CASE("crosspoint chips on SPI: every family's rounds select exactly the schedule's shifts, up to N = 256") {
  const test::FamilyCase cases[] = {
      {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::baseline, 128, 2, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::banyan, 64, 4, ScheduleKind::latin_square, RoundOrder::gray},
      {Topology::reverse_banyan, 256, 16, ScheduleKind::latin_square, RoundOrder::natural},
      {Topology::gsen, 30, 2, ScheduleKind::gsen_stage_control, RoundOrder::gray},  // two chips a stage, one half used
      {Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural},
      {Topology::gsen, 36, 2, ScheduleKind::table, RoundOrder::natural},
  };
  for (const auto& c : cases) {
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    SpiBench b;
    app::ExchangeOutcome out;
    CHECK(b.rounds_differing(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
    CHECK(b.chips.pulses() == schedule.rounds());  // one update pulse a round
  }
}

TEST_CASE("crosspoint chips on I2C: omega N = 256 on chips of 64 outputs (32 addresses from 0x20)") {
  const AnySchedule schedule = test::plan_for({Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::gray});
  I2cBench b(std::uint8_t{0x20});
  app::ExchangeOutcome out;
  CHECK(b.rounds_differing(schedule, out) == 0);
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 256);
  // Gray order changes one stage a round: its 128 elements' changed ones written and read back.
  CHECK(b.chips.transfers() < 2 * 256 * 8 * 256);
}

TEST_CASE("crosspoint chips: a value read back different, or a NACK, stops the exchange at its round") {
  const AnySchedule schedule =
      test::plan_for({Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural});
  SpiBench spi;
  app::ExchangeOutcome out;
  CHECK(spi.rounds_differing(schedule, out, 7) == 0);
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 7);
  CHECK(spi.chips.pulses() == 7);  // nothing of round 7 took effect
  const crosspoint::SelectFault f = spi.sink.select_fault();
  CHECK(f.found);
  CHECK(f.chip / spi.sink.chips_per_stage() == 5);  // the last stage: the one round 7 changes first

  I2cBench i2c(std::uint8_t{0x20});
  CHECK(i2c.rounds_differing(schedule, out, 5, true) == 0);
  CHECK(out.error == Errc::bus_nack);
  CHECK(out.rounds_done == 5);
  CHECK(i2c.chips.pulses() == 5);
  // The chip that did not answer is named (the console's wire line), not an output's select.
  CHECK(i2c.sink.select_fault().transfer);
  CHECK(i2c.sink.select_fault().chip == 5 * i2c.sink.chips_per_stage());
  CHECK(i2c.sink.wire_fault().place == hal::WireFault::Place::chip_transfer);
}

TEST_CASE("crosspoint chips: the register bytes on the wire, and what the chips cannot hold") {
  // A recording SPI: element 1 of stage 0 in state 1 (d = 2) writes outputs 2 and 3:
  // output 2 takes input 3, output 3 takes input 2; each write [reg, input], then a read [reg | 0x80, 0].
  struct RecordingSpi {
    std::vector<std::array<std::uint8_t, 2>> sent;
    std::array<std::uint8_t, 128> regs{};
    Errc write_read(std::uint32_t, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
      sent.push_back({tx[0], tx[1]});
      if ((tx[0] & 0x80U) != 0)
        rx[1] = regs[tx[0] & 0x7FU];
      else
        regs[tx[0]] = tx[1];
      return Errc::ok;
    }
  } spi;
  struct NoLatch {
    Errc pulse() { return Errc::ok; }
  } update;
  crosspoint::SpiRegisters<RecordingSpi> port(spi);
  crosspoint::CrosspointSink<crosspoint::SpiRegisters<RecordingSpi>, NoLatch, 16, 16> sink(port, update);
  const Network net = make_network(Topology::omega, 8).value();
  REQUIRE(sink.configure(net) == Errc::ok);
  hal::RoundSwitches<8> round;
  round.reset(net);
  REQUIRE(sink.latch(round) == Errc::ok);  // every element in state 0 first
  spi.sent.clear();
  round.set(0, 1, 1);
  round.latched();
  round.set(0, 1, 0);
  round.set(0, 1, 1);  // stage 0 changed
  REQUIRE(sink.latch(round) == Errc::ok);
  const std::vector<std::array<std::uint8_t, 2>> expected{{0x02, 0x03}, {0x82, 0x00}, {0x03, 0x02}, {0x83, 0x00}};
  CHECK(spi.sent == expected);

  CHECK(sink.configure(make_network(Topology::reverse_baseline, 27, 3).value()) == Errc::fabric_device_mismatch);
  CrosspointModel chips;
  crosspoint::I2cRegisters<CrosspointModel> high(chips, 0x7F);
  CHECK(high.write(1, 0, 0) == Errc::fabric_capacity_exceeded);  // address 0x80: not a 7-bit address
}
