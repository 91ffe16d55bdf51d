// Whole exchanges on the real crosspoint parts' backends (the ADN4604 on SPI and on I2C,
// the VSC3316 and VSC3308 on I2C): a2a's round runner over SwitchFabric over the part's
// sink, the parts played by register-level models written from the parts' register
// lists (adn4604_model.hpp, vsc3316_model.hpp). After every delivered round each
// element's outputs take exactly the k-shift the schedule sets, for every family with
// d dividing the part's outputs, up to N = 256; the bytes on the wire are the data
// sheet's (a map's nibbles: output 2b low, 2b + 1 high); a live connection read back
// different, a NACK or a foreign part stops the exchange at its round, naming the part.
#include <a2a/crosspoint/adn4604.hpp>
#include <a2a/crosspoint/vsc3316.hpp>
#include <a2a/hal/switch_fabric.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "adn4604_model.hpp"
#include "parts_wire.hpp"
#include "switch_sink_bench.hpp"
#include "vsc3316_model.hpp"

using namespace a2a;

namespace {

constexpr std::uint32_t kMaxPorts = 256;

using test::ModelMux;

/// A sink over a model through `Bus`, under the round runner; `Decode(model, net, s, y)`.
template <class Model, class Bus, class Sink>
struct PartsBench {
  using Fabric = hal::SwitchFabric<Sink, test::TickingClock, kMaxPorts / 2>;
  static_assert(hal::FabricController<Fabric>);
  Model parts;
  Bus bus;
  Sink sink;
  test::TickingClock clock;
  Fabric fabric{sink, clock, {2, 1}};
  template <class MakeBus, class MakeSink>
  PartsBench(MakeBus make_bus, MakeSink make_sink) : bus(make_bus(parts)), sink(make_sink(bus, parts)) {}

  std::uint32_t rounds_differing(const AnySchedule& schedule, app::ExchangeOutcome& outcome,
                                 std::uint32_t fail_in_round = ~0U, bool nack = false) {
    const Network net = schedule.network();
    return test::run_counting_differences(
        fabric, schedule, outcome, [&](std::uint32_t r) { return latched_as_planned(net, schedule, r); },
        [&](const app::ExchangeOutcome& so_far) {
          if (fail_in_round == ~0U || so_far.rounds_done != fail_in_round) return;
          if (nack)
            parts.nack((net.stages - 1) * sink.parts_per_stage());  // the last stage's first part
          else
            flip(parts);
          fail_in_round = ~0U;
        });
  }
  bool latched_as_planned(const Network& net, const AnySchedule& schedule, std::uint32_t r) const {
    const auto round = schedule.round(r);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
        if (parts.element_state(net, s, y) != round.switch_state(s, y)) return false;
    return true;
  }
  static void flip(test::Adn4604Model& m) { m.flip_next_live_read(); }
  template <std::uint32_t P>
  static void flip(test::Vsc3316Model<P>& m) {
    m.flip_next_read();
  }
};

using Adn = test::Adn4604Model;
using AdnSpi = crosspoint::SpiParts<Adn>;
using AdnSpiSink = crosspoint::Adn4604Sink<AdnSpi, crosspoint::XptUpdateRegister, kMaxPorts>;
struct AdnSpiBench : PartsBench<Adn, AdnSpi, AdnSpiSink> {
  crosspoint::XptUpdateRegister by_register;
  AdnSpiBench()
      : PartsBench([](Adn& m) { return AdnSpi(m); }, [this](AdnSpi& b, Adn&) { return AdnSpiSink(b, by_register); }) {}
};
using AdnI2c = crosspoint::I2cParts<Adn, ModelMux<Adn>, Adn::kPerGroup>;
using AdnI2cSink = crosspoint::Adn4604Sink<AdnI2c, Adn, kMaxPorts>;  // the UPDATE pin: the model's pulse()
struct AdnI2cBench : PartsBench<Adn, AdnI2c, AdnI2cSink> {
  AdnI2cBench()
      : PartsBench([](Adn& m) { return AdnI2c(m, 0x48, ModelMux<Adn>{&m}); },
                   [](AdnI2c& b, Adn& m) { return AdnI2cSink(b, m); }) {}
};
template <std::uint32_t P>
using Vsc = test::Vsc3316Model<P>;
template <std::uint32_t P>
using VscI2c = crosspoint::I2cParts<Vsc<P>, ModelMux<Vsc<P>>, Vsc<P>::kPerGroup>;
template <std::uint32_t P>
using VscSink = crosspoint::Vsc3316Sink<VscI2c<P>, P, kMaxPorts>;
template <std::uint32_t P>
struct VscBench : PartsBench<Vsc<P>, VscI2c<P>, VscSink<P>> {
  VscBench()
      : PartsBench<Vsc<P>, VscI2c<P>, VscSink<P>>([](Vsc<P>& m) { return VscI2c<P>(m, 0x40, ModelMux<Vsc<P>>{&m}); },
                                                  [](VscI2c<P>& b, Vsc<P>&) { return VscSink<P>(b); }) {}
};

const test::FamilyCase kFamilies[] = {
    {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::natural},
    {Topology::baseline, 128, 2, ScheduleKind::latin_square, RoundOrder::gray},
    {Topology::banyan, 64, 4, ScheduleKind::latin_square, RoundOrder::gray},
    {Topology::reverse_banyan, 256, 16, ScheduleKind::latin_square, RoundOrder::natural},
    {Topology::gsen, 30, 2, ScheduleKind::gsen_stage_control, RoundOrder::gray},  // a stage's last part half used
    {Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural},
    {Topology::gsen, 36, 2, ScheduleKind::table, RoundOrder::natural},
    {Topology::reverse_banyan, 32, 2, ScheduleKind::optical, RoundOrder::gray},
};

template <class Bench>
void run_families(std::uint32_t part_ports) {
  for (const auto& c : kFamilies) {
    if (part_ports % c.radix != 0) continue;
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    auto b = std::make_unique<Bench>();
    app::ExchangeOutcome out;
    CHECK(b->rounds_differing(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
  }
}

}  // namespace

TEST_CASE("ADN4604 on SPI (XPT_UPDATE): every family's rounds take exactly the schedule's shifts, up to N = 256") {
  run_families<AdnSpiBench>(16);
}

TEST_CASE("ADN4604 on I2C behind a mux (the UPDATE pin): every family, one pulse a round") {
  run_families<AdnI2cBench>(16);
  const AnySchedule schedule = test::plan_for({Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::gray});
  auto b = std::make_unique<AdnI2cBench>();
  app::ExchangeOutcome out;
  CHECK(b->rounds_differing(schedule, out) == 0);
  CHECK(out.rounds_done == 256);
  CHECK(b->parts.pulses() == 256);
  CHECK(b->parts.updates() == 0);      // the pin, not the register
  CHECK(b->parts.resets() == 8 * 16);  // every part reset at configure: 8 stages of 16
}

TEST_CASE("VSC3316 and VSC3308 on I2C: every family, the WP commit, the revision checked") {
  run_families<VscBench<16>>(16);
  run_families<VscBench<8>>(8);
  auto foreign = std::make_unique<VscBench<16>>();
  foreign->parts.set_revision(0x12);
  CHECK(foreign->fabric.configure(make_network(Topology::omega, 16).value(), false) == Errc::fabric_device_mismatch);
  CHECK(foreign->sink.select_fault().found);
  CHECK(foreign->sink.select_fault().chip == 0);
}

TEST_CASE("real parts: a live connection read back different, or a NACK, stops the exchange at its round") {
  const AnySchedule schedule =
      test::plan_for({Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural});
  auto adn = std::make_unique<AdnSpiBench>();
  app::ExchangeOutcome out;
  CHECK(adn->rounds_differing(schedule, out, 7) == 0);
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 7);
  CHECK(adn->sink.select_fault().found);
  CHECK_FALSE(adn->sink.select_fault().transfer);
  auto vsc = std::make_unique<VscBench<16>>();
  CHECK(vsc->rounds_differing(schedule, out, 5, true) == 0);
  CHECK(out.error == Errc::bus_nack);
  CHECK(out.rounds_done == 5);
  CHECK(vsc->sink.select_fault().transfer);
  CHECK(vsc->sink.select_fault().chip == 5 * vsc->sink.parts_per_stage());
}

TEST_CASE("ADN4604: the bytes on the wire, by the data sheet's layout (a map's nibbles: output 2b low, 2b + 1 high)") {
  // A recording SPI part: element 0 of stage 0 in state 1 (d = 2), the rest 0: outputs 0
  // and 1 take inputs 1 and 0, output 2b and 2b + 1 the inputs 2b and 2b + 1.
  struct RecordingSpi {
    std::vector<std::vector<std::uint8_t>> sent;
    std::array<std::array<std::uint8_t, 256>, 4> regs{};  // omega 16: four stages, a part each
    Errc write_read(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
      if (part == 0) sent.emplace_back(tx.begin(), tx.end());
      const bool read = tx[0] == crosspoint::kSpiRead;
      for (std::size_t i = 2; i < tx.size(); ++i) {
        const std::size_t reg = tx[1] + i - 2;
        if (read)
          rx[i] = regs[part][reg >= 0xB0 && reg < 0xB8 ? reg - 0xB0 + 0x98 : reg];  // live: map 1, updated
        else
          regs[part][reg] = tx[i];
      }
      return Errc::ok;
    }
  } spi;
  crosspoint::SpiParts<RecordingSpi> bus(spi);
  crosspoint::XptUpdateRegister by_register;
  crosspoint::Adn4604Sink<crosspoint::SpiParts<RecordingSpi>, crosspoint::XptUpdateRegister, 16> sink(bus, by_register);
  const Network net = make_network(Topology::omega, 16).value();
  REQUIRE(sink.configure(net) == Errc::ok);
  // configure: the reset, then TX control 0x30 for each of the 16 outputs.
  REQUIRE(spi.sent.size() == 17);
  CHECK(spi.sent[0] == std::vector<std::uint8_t>{0x00, 0x00, 0x01});
  CHECK(spi.sent[1] == std::vector<std::uint8_t>{0x00, 0x20, 0x30});
  CHECK(spi.sent[16] == std::vector<std::uint8_t>{0x00, 0x2F, 0x30});
  spi.sent.clear();
  hal::RoundSwitches<8> round;
  round.reset(net);
  round.set(0, 0, 1);
  REQUIRE(sink.latch(round) == Errc::ok);
  // Map 1 (the shadow after reset) in one burst, its selection, the update, the live read.
  REQUIRE(spi.sent.size() == 4);
  CHECK(spi.sent[0] == std::vector<std::uint8_t>{0x00, 0x98, 0x01, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE});
  CHECK(spi.sent[1] == std::vector<std::uint8_t>{0x00, 0x81, 0x01});
  CHECK(spi.sent[2] == std::vector<std::uint8_t>{0x00, 0x80, 0x01});
  CHECK(spi.sent[3] == std::vector<std::uint8_t>{0x80, 0xB0, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(crosspoint::adn4604::map_byte(1, 0) == 0x01);  // output 0's input low, output 1's high
  CHECK(crosspoint::adn4604::input_of({0x01, 0x32}, 3) == 3);
}
