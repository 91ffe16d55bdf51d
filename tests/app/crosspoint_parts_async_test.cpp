// The crosspoint backends over a start/complete bus (issue 47): the ADN4604 on SPI and
// on I2C, the VSC3316 on I2C with its mux on the bus, a2a's own register-format chips on
// SPI and on I2C (CrosspointSink), each behind a wire that takes a
// few looks to end a transfer (parts_wire.hpp: serviced once a step, or by an
// "interrupt" between steps). Under the round runner every delivered round sets each
// element to the schedule's shift (decoded from the models' live connections), no step
// starts more than one transfer and steps return while one is in flight; the transfers
// are the very ones the blocking bus carries, in the same order; a NACK or a read-back
// that differs stops the round naming the part.
#include <a2a/app/round_runner.hpp>
#include <a2a/crosspoint/adn4604.hpp>
#include <a2a/crosspoint/vsc3316.hpp>
#include <a2a/hal/switch_fabric.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <span>
#include <vector>

#include "adn4604_model.hpp"
#include "crosspoint_model.hpp"
#include "parts_wire.hpp"
#include "switch_sink_bench.hpp"
#include "vsc3316_model.hpp"

using namespace a2a;

namespace {

constexpr std::uint32_t kMaxPorts = 256;
using Adn = test::Adn4604Model;
using Vsc = test::Vsc3316Model<16>;
/// a2a's own register format on chips of ChipPorts outputs (crosspoint_model.hpp).
template <std::uint32_t ChipPorts>
struct Chips : test::CrosspointModel {
  static constexpr std::uint32_t kChipPorts = ChipPorts;
  [[nodiscard]] std::uint32_t element_state(const Network& net, std::uint32_t s, std::uint32_t y) const {
    return CrosspointModel::element_state(net, ChipPorts, s, y);
  }
};

/// A model that logs every transfer it takes (the mux's selects too), to compare forms.
template <class Model>
struct Recorded : Model {
  std::vector<std::vector<std::uint8_t>> log;
  void note(std::uint32_t target, std::span<const std::uint8_t> tx, std::size_t rx) {
    std::vector<std::uint8_t> entry{static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(rx)};
    entry.insert(entry.end(), tx.begin(), tx.end());
    log.push_back(std::move(entry));
  }
  Errc select(std::uint32_t group) {
    note(0xEE, std::span<const std::uint8_t>{}, group);
    return Model::select(group);
  }
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    note(address, tx, 0);
    return Model::write(address, tx);
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    note(address, tx, rx.size());
    return Model::write_read(address, tx, rx);
  }
  Errc write_read(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    note(part, tx, rx.size());
    return Model::write_read(part, tx, rx);
  }
};

/// The parts' sink over `Bus` on `Wire` (Wire = Model: the blocking bus on the model
/// itself), under the runner.
template <class Model, class Wire, class Bus, class Sink>
struct Bench {
  static constexpr bool kStarted = !std::is_same_v<Model, Wire>;
  using Fabric = hal::SwitchFabric<Sink, test::TickingClock, kMaxPorts / 2>;
  Model parts;
  std::conditional_t<kStarted, Wire, Model&> wire;
  Bus bus;
  Sink sink;
  test::TickingClock clock;
  Fabric fabric{sink, clock, {2, 1}};
  std::uint64_t steps_in_flight{0};
  template <class MakeBus, class MakeSink>
  Bench(MakeBus make_bus, MakeSink make_sink) : wire(wire_of(parts)), bus(make_bus(*this)), sink(make_sink(*this)) {
    if constexpr (kStarted) wire.model = &parts;
  }

  static decltype(auto) wire_of(Model& model) {
    if constexpr (kStarted)
      return Wire{};
    else
      return (model);
  }

  /// Rounds delivered not as planned; `fail` ends a transfer of round `fail_in_round`.
  std::uint32_t run(const AnySchedule& schedule, app::ExchangeOutcome& outcome, std::uint32_t fail_in_round = ~0U,
                    Errc fail = Errc::bus_nack) {
    if constexpr (kStarted) wire.at_once = true;  // configure's transfers, before the first step
    REQUIRE(fabric.configure(schedule.network(), false) == Errc::ok);
    if constexpr (kStarted) {
      wire.at_once = false;
      wire.step_ends();
      wire.most_starts_a_step = 0;
      wire.started = 0;
    }
    app::ExchangeOptions options;
    options.max_polls = 100'000;  // a round at N = 256 is a few hundred transfers, each a few looks
    app::RoundRunner<Fabric, AnySchedule> runner(fabric, schedule, options);
    std::uint32_t differing = 0;
    for (std::uint64_t k = 0; k < 100'000'000; ++k) {
      if constexpr (kStarted) {
        if (runner.outcome().rounds_done == fail_in_round) {
          wire.fail_next = fail;
          fail_in_round = ~0U;
        }
      }
      if constexpr (requires { wire.irq(); }) wire.irq();  // between steps, as an interrupt comes
      const app::RunnerStep s = runner.step();
      if constexpr (kStarted) {
        wire.step_ends();
        steps_in_flight += wire.in_flight() ? 1U : 0U;
      }
      if (s.event == app::RunnerEvent::delivered) differing += as_planned(schedule, s.round) ? 0U : 1U;
      if (s.finished()) break;
    }
    outcome = runner.outcome();
    return differing;
  }
  bool as_planned(const AnySchedule& schedule, std::uint32_t r) const {
    const Network net = schedule.network();
    const auto round = schedule.round(r);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
        if (parts.element_state(net, s, y) != round.switch_state(s, y)) return false;
    return true;
  }
};

/// The ADN4604 on SPI with XPT_UPDATE, over `Wire`.
template <class Model, class Wire>
struct AdnSpi {
  using Bus = crosspoint::SpiParts<Wire>;
  using Sink = crosspoint::Adn4604Sink<Bus, crosspoint::XptUpdateRegister, kMaxPorts>;
  crosspoint::XptUpdateRegister by_register;
  Bench<Model, Wire, Bus, Sink> b{[](auto& self) { return Bus(self.wire); },
                                  [this](auto& self) { return Sink(self.bus, by_register); }};
};
/// The ADN4604 on I2C behind a mux on GPIO, with the UPDATE pin (the model's pulse()).
template <class Model, class Wire>
struct AdnI2c {
  using Bus = crosspoint::I2cParts<Wire, test::ModelMux<Model>, Model::kPerGroup>;
  using Sink = crosspoint::Adn4604Sink<Bus, Model, kMaxPorts>;
  Bench<Model, Wire, Bus, Sink> b{[](auto& self) { return Bus(self.wire, 0x48, test::ModelMux<Model>{&self.parts}); },
                                  [](auto& self) { return Sink(self.bus, self.parts); }};
};
/// The VSC3316 on I2C, its mux on the bus (a started select; blocking: selected at once).
template <class Model, class Wire>
struct VscI2c {
  static constexpr bool kStarted = hal::AsyncI2cBus<Wire>;
  using Mux = std::conditional_t<kStarted, test::WireMux<Wire>, test::ModelMux<Model>>;
  using Bus = crosspoint::I2cParts<Wire, Mux, Model::kPerGroup>;
  using Sink = crosspoint::Vsc3316Sink<Bus, 16, kMaxPorts>;
  Bench<Model, Wire, Bus, Sink> b{[](auto& self) {
                                    if constexpr (kStarted)
                                      return Bus(self.wire, 0x40, Mux{&self.wire});
                                    else
                                      return Bus(self.wire, 0x40, Mux{&self.parts});
                                  },
                                  [](auto& self) { return Sink(self.bus); }};
};

/// a2a's crosspoint chips: SPI registers, a chip select each.
template <class Model, class Wire>
struct ChipsSpi {
  using Bus = crosspoint::SpiRegisters<Wire>;
  using Sink = crosspoint::CrosspointSink<Bus, Model, Model::kChipPorts, kMaxPorts>;  // the model's update line
  Bench<Model, Wire, Bus, Sink> b{[](auto& self) { return Bus(self.wire); },
                                  [](auto& self) { return Sink(self.bus, self.parts); }};
};
/// a2a's crosspoint chips: I2C registers, chip n at 0x20 + n.
template <class Model, class Wire>
struct ChipsI2c {
  using Bus = crosspoint::I2cRegisters<Wire>;
  using Sink = crosspoint::CrosspointSink<Bus, Model, Model::kChipPorts, kMaxPorts>;
  Bench<Model, Wire, Bus, Sink> b{[](auto& self) { return Bus(self.wire, 0x20); },
                                  [](auto& self) { return Sink(self.bus, self.parts); }};
};

static_assert(crosspoint::AsyncPartBus<crosspoint::SpiParts<test::ServicedWire<Adn>>>);
static_assert(crosspoint::AsyncPartBus<crosspoint::SpiRegisters<test::ServicedWire<Chips<16>>>>);
static_assert(crosspoint::RegisterPort<crosspoint::I2cRegisters<Chips<64>>>);
static_assert(crosspoint::AsyncPartBus<crosspoint::I2cParts<test::InterruptWire<Adn>>>);
static_assert(!crosspoint::AsyncPartBus<crosspoint::SpiParts<Adn>> && crosspoint::PartBus<crosspoint::SpiParts<Adn>>);
static_assert(hal::StartingSink<AdnSpi<Adn, test::ServicedWire<Adn>>::Sink, hal::RoundSwitches<kMaxPorts / 2>>);
static_assert(!hal::StartingSink<AdnSpi<Adn, Adn>::Sink, hal::RoundSwitches<kMaxPorts / 2>>);

const test::FamilyCase kFamilies[] = {
    {Topology::omega, 256, 2, ScheduleKind::latin_square, RoundOrder::natural},
    {Topology::banyan, 64, 4, ScheduleKind::latin_square, RoundOrder::gray},
    {Topology::reverse_banyan, 256, 16, ScheduleKind::latin_square, RoundOrder::natural},
    {Topology::gsen, 30, 2, ScheduleKind::gsen_stage_control, RoundOrder::gray},  // a stage's last part half used
};

template <class Parts>
void run_families() {
  for (const auto& c : kFamilies) {
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    auto p = std::make_unique<Parts>();
    app::ExchangeOutcome out;
    CHECK(p->b.run(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == schedule.rounds());
    CHECK(p->b.wire.most_starts_a_step == 1);              // one transfer started a step at most
    CHECK(p->b.steps_in_flight >= p->b.wire.started / 2);  // the runner returned while they ran
  }
}

/// The blocking bus's transfers and the started ones', for one exchange: the same.
template <template <class, class> class Parts, class Model, class Wire>
void same_transfers(const test::FamilyCase& c) {
  const AnySchedule schedule = test::plan_for(c);
  auto blocking = std::make_unique<Parts<Recorded<Model>, Recorded<Model>>>();
  auto started = std::make_unique<Parts<Recorded<Model>, Wire>>();
  app::ExchangeOutcome out;
  CHECK(blocking->b.run(schedule, out) == 0);
  CHECK(out.rounds_done == schedule.rounds());
  CHECK(started->b.run(schedule, out) == 0);
  CHECK(out.rounds_done == schedule.rounds());
  CHECK(started->b.wire.started > schedule.rounds());
  CHECK(blocking->b.parts.log.size() > 0);
  CHECK(started->b.parts.log == blocking->b.parts.log);
}

}  // namespace

TEST_CASE("ADN4604, VSC3316, a2a's chips over start/complete SPI and I2C: every round as planned, no step waits") {
  run_families<ChipsSpi<Chips<16>, test::ServicedWire<Chips<16>>>>();
  run_families<ChipsI2c<Chips<64>, test::InterruptWire<Chips<64>>>>();
  run_families<AdnSpi<Adn, test::ServicedWire<Adn>>>();
  run_families<AdnI2c<Adn, test::InterruptWire<Adn>>>();
  run_families<VscI2c<Vsc, test::ServicedWire<Vsc>>>();
  auto vsc = std::make_unique<VscI2c<Vsc, test::ServicedWire<Vsc>>>();
  app::ExchangeOutcome out;
  CHECK(vsc->b.run(test::plan_for(kFamilies[0]), out) == 0);
  CHECK(vsc->b.wire.mux_transfers > 0);  // the mux's selects went on the bus as transfers of their own
}

TEST_CASE("the started transfers are the blocking bus's, in its order") {
  const test::FamilyCase omega{Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::gray};
  same_transfers<AdnSpi, Adn, test::ServicedWire<Recorded<Adn>>>(omega);
  same_transfers<AdnI2c, Adn, test::InterruptWire<Recorded<Adn>>>(omega);
  same_transfers<VscI2c, Vsc, test::ServicedWire<Recorded<Vsc>>>(omega);
  same_transfers<ChipsSpi, Chips<16>, test::InterruptWire<Recorded<Chips<16>>>>(omega);
  same_transfers<ChipsI2c, Chips<64>, test::ServicedWire<Recorded<Chips<64>>>>(omega);
}

TEST_CASE("start/complete parts: a NACK, or a live connection read back different, stops the round naming the part") {
  const AnySchedule schedule =
      test::plan_for({Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural});
  auto adn = std::make_unique<AdnI2c<Adn, test::ServicedWire<Adn>>>();
  app::ExchangeOutcome out;
  CHECK(adn->b.run(schedule, out, 9, Errc::bus_nack) == 0);
  CHECK(out.error == Errc::bus_nack);
  CHECK(out.rounds_done == 9);
  CHECK(adn->b.sink.select_fault().transfer);
  CHECK(adn->b.parts.pulses() == 9);  // the UPDATE pin not pulsed for round 9: nothing of it live
  auto flipped = std::make_unique<AdnSpi<Adn, test::InterruptWire<Adn>>>();
  flipped->b.parts.flip_next_live_read();
  CHECK(flipped->b.run(schedule, out) == 0);
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 0);
  CHECK(flipped->b.sink.select_fault().found);
  CHECK_FALSE(flipped->b.sink.select_fault().transfer);
  auto stuck = std::make_unique<VscI2c<Vsc, test::ServicedWire<Vsc>>>();
  CHECK(stuck->b.run(schedule, out, 3, Errc::bus_timeout) == 0);
  CHECK(out.error == Errc::bus_timeout);
  CHECK(out.rounds_done == 3);
  auto chips = std::make_unique<ChipsSpi<Chips<16>, test::ServicedWire<Chips<16>>>>();
  CHECK(chips->b.run(schedule, out, 4, Errc::bus_timeout) == 0);
  CHECK(out.error == Errc::bus_timeout);
  CHECK(out.rounds_done == 4);
  CHECK(chips->b.parts.pulses() == 4);  // the update line not pulsed for round 4
  CHECK(chips->b.sink.select_fault().transfer);
}

TEST_CASE("start/complete parts: latch() runs the same transfers to their end in the call") {
  auto p = std::make_unique<AdnSpi<Adn, test::ServicedWire<Adn>>>();
  const Network net = make_network(Topology::omega, 16).value();
  REQUIRE(p->b.sink.configure(net) == Errc::ok);  // configure's writes run to their end (serviced)
  CHECK(p->b.parts.resets() == 4);
  hal::RoundSwitches<128> switches;
  switches.reset(net);
  switches.set(1, 3, 1);
  REQUIRE(p->b.sink.latch(switches) == Errc::ok);
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
      CHECK(p->b.parts.element_state(net, s, y) == (s == 1 && y == 3 ? 1U : 0U));
  p->b.wire.delay = 0;  // a transfer that never ends: bounded, bus_timeout
  switches.set(2, 0, 1);
  CHECK(p->b.sink.latch(switches) == Errc::bus_timeout);
}
