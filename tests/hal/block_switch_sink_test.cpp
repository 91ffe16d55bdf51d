// BlockSwitchSink (block_switch_sink.hpp): the a2a block as one more backend of the
// switch layer. Through SwitchFabric and SplitFabric, whole exchanges of several
// families run on the emulated block with every pair delivered once by its counters
// (a state written into the wrong nibble or word would misroute); a latch writes only
// the stages that changed; a network the block cannot hold is refused.
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/block_sink/block_switch_sink.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/hal/split_fabric.hpp>
#include <a2a/alternating.hpp>
#include <a2a/latin_square.hpp>

#include <doctest/doctest.h>

#include "stage_patterns.hpp"

#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

using namespace a2a;

using test::NetworkCase;

namespace {

constexpr std::uint32_t kPorts = 64;
using Layout = hal::FabricLayout<kPorts, 8>;
using Emulator = emulated::FabricEmulator<Layout, kPorts>;
using Ram = emulated::RamBlock<Layout::kSize>;
using Bus = emulated::ServicedBus<Emulator, Ram>;

/// The bus with its writes to the switch registers counted.
struct CountingBus {
  Bus* inner;
  std::uint32_t switch_writes{0};
  std::uint32_t read32(std::uint32_t offset) { return inner->read32(offset); }
  void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset >= Layout::switch_state(0, 0) && offset <= Layout::switch_state(7, kPorts / 16 - 1)) ++switch_writes;
    inner->write32(offset, value);
  }
};
struct Clock {
  std::uint64_t t{0};
  std::uint64_t now_us() { return t += 1; }
};
using Sink = hal::BlockSwitchSink<CountingBus, Layout>;
using Switches = hal::SwitchFabric<Sink, Clock, kPorts>;
using Split = hal::SplitFabric<hal::FabricDriver<Bus, Layout>, Switches>;
static_assert(hal::SwitchSink<Sink>);

struct Bench {
  std::unique_ptr<Ram> ram = std::make_unique<Ram>();
  std::unique_ptr<Emulator> emulator = std::make_unique<Emulator>();
  Bus bus{*emulator, *ram, 3};
  CountingBus counting{&bus};
  Sink sink{counting};
  Clock clock;
  Switches switches{sink, clock, {2, 1}};
  Split fabric{bus, switches};
  Bench() {
    emulator->power_on(*ram);
    fabric.use_switch_path(true);
  }
};

template <class S>
void run_all(Bench& b, const S& schedule) {
  REQUIRE(b.fabric.probe() == Errc::ok);
  REQUIRE(b.fabric.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(b.fabric.clear_counters(1000) == Errc::ok);
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r)
    REQUIRE(hal::execute_round(b.fabric, schedule, r, 1000) == Errc::ok);
  const DeliveryTally c = b.fabric.counters();
  const std::uint64_t n = schedule.network().ports;
  CHECK(c.delivered == n * n);
  CHECK(c.duplicates == 0);
  CHECK(c.misroutes == 0);
  CHECK(c.conflicts == 0);
}

}  // namespace

TEST_CASE("block switch sink: whole exchanges through the switch layer on the a2a block") {
  const NetworkCase networks[] = {
      {Topology::omega, 64U, 2U},
      {Topology::banyan, 32U, 2U},
      {Topology::baseline, 64U, 4U},
      {Topology::reverse_omega, 64U, 8U},
  };
  for (const NetworkCase& c : networks) {
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix);
    Bench b;
    run_all(b, LatinSquareSchedule<>::make(c.network(), RoundOrder::gray).value());
  }
  Bench b;
  run_all(b, AlternatingSchedule::make(make_network(Topology::gsen, 30, 2).value()).value());
}

TEST_CASE("block switch sink: a latch writes the stages that changed; the first writes them all") {
  Bench b;
  const Network net = make_network(Topology::omega, 64, 2).value();
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  REQUIRE(b.fabric.probe() == Errc::ok);
  REQUIRE(b.fabric.configure(net, false) == Errc::ok);
  REQUIRE(hal::execute_round(b.fabric, schedule, 0, 1000) == Errc::ok);
  const std::uint32_t words = net.switches_per_stage() / 8;  // 4 SWITCH words a stage
  CHECK(b.counting.switch_writes == net.stages * words);
  REQUIRE(hal::execute_round(b.fabric, schedule, 1, 1000) == Errc::ok);  // gray: one stage changes
  CHECK(b.counting.switch_writes == (net.stages + 1) * words);
  // A network beyond the block's capacity (8 stages) is refused at configure.
  CountingBus small{&b.bus};
  Sink sink(small);
  CHECK(sink.configure(make_network(Topology::omega, 512, 2).value()) == Errc::fabric_capacity_exceeded);
}

TEST_CASE("block switch sink: a stage set by a control word writes the words element by element would") {
  // GSEN 10: 5 switches a stage (a partial word); omega 64: 32 (4 words); d = 4 and 16 too.
  const NetworkCase networks[] = {
      {Topology::gsen, 10U, 2U},
      {Topology::omega, 64U, 2U},
      {Topology::omega, 64U, 4U},
      {Topology::omega, 16U, 16U},
  };
  for (const NetworkCase& c : networks) {
    const Network net = c.network();
    test::for_each_stage_pattern(c.radix, [&](const hal::StagePattern& pattern) {
      INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " block ", pattern.block, " state ", pattern.state);
      Bench b;
      hal::RoundSwitches<kPorts> patterned;  // the pattern known
      patterned.reset(net);
      hal::RoundSwitches<kPorts> each;  // the same states set one by one: no pattern
      each.reset(net);
      for (std::uint32_t s = 0; s < net.stages; ++s) {
        patterned.set_stage(s, pattern);
        for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
          each.set(s, y, (pattern.state + 1U) % 2U);  // away and back: the pattern is forgotten
          each.set(s, y, patterned.state(s, y));
        }
      }
      REQUIRE(!each.pattern(0).known);
      REQUIRE(b.sink.configure(net) == Errc::ok);
      REQUIRE(b.sink.latch(patterned) == Errc::ok);
      std::vector<std::uint32_t> fast;
      for (std::uint32_t w = 0; w < (net.switches_per_stage() + 7) / 8; ++w)
        fast.push_back(b.ram->read32(Layout::switch_state(1, w)));
      REQUIRE(b.sink.configure(net) == Errc::ok);
      REQUIRE(b.sink.latch(each) == Errc::ok);
      for (std::uint32_t w = 0; w < fast.size(); ++w) CHECK(b.ram->read32(Layout::switch_state(1, w)) == fast[w]);
    });
  }
}
