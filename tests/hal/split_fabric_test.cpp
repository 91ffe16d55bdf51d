// SplitFabric (split_fabric.hpp): the switch settings to a switch path, everything
// else to the a2a block. Off the path it is the block's driver as it is; on it, the
// block's switch registers are never written, its COMMIT waits until the switches have
// latched and settled (deadlines on the clock), and a transport error at the latch
// ends the round with nothing committed at the block. The block here is the emulated
// fabric behind the real driver.
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/program_round.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/hal/split_fabric.hpp>
#include <a2a/hal/switch_fabric.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<16, 6>;
using Emulator = emulated::FabricEmulator<Layout, 16>;
using Ram = emulated::RamBlock<Layout::kSize>;
using Bus = emulated::ServicedBus<Emulator, Ram>;

/// Latches by copying the states into the block's switch registers, as the switch
/// elements' far end would; can fail and can say where.
struct CopyingSink {
  Bus* block{nullptr};
  std::uint32_t latches{0};
  Errc fail{Errc::ok};
  Errc configure(const Network&) { return Errc::ok; }
  template <class Round>
  Errc latch(const Round& round) {
    if (fail != Errc::ok) return fail;
    ++latches;
    const Network& net = round.network();
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      block->write32(Layout::stage_control(s), hal::mode_code(ControlMode::individual));
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
        const std::uint32_t at = Layout::switch_state(s, y / 8);
        block->write32(at, (block->read32(at) & ~(0xFU << 4 * (y % 8))) | round.state(s, y) << 4 * (y % 8));
      }
    }
    return Errc::ok;
  }
  [[nodiscard]] hal::WireFault wire_fault() const { return {hal::WireFault::Place::chain_element, 2, 7}; }
};
struct ManualClock {
  std::uint64_t t{0};
  std::uint64_t now_us() { return t; }
};
using Switches = hal::SwitchFabric<CopyingSink, ManualClock, 8>;
using Split = hal::SplitFabric<hal::FabricDriver<Bus, Layout>, Switches>;
static_assert(hal::FabricController<Split>);

struct Bench {
  std::unique_ptr<Ram> ram = std::make_unique<Ram>();
  Emulator emulator;
  Bus bus{emulator, *ram, 0};  // served only when the test says (service())
  CopyingSink sink{&bus};
  ManualClock clock;
  Switches switches{sink, clock, {10, 5}};
  Split fabric{bus, switches};
  Bench() { emulator.power_on(*ram); }
};

/// Round r of the Latin-square schedule on omega 16, written but not committed.
Errc write_round(Split& f, std::uint32_t r) {
  const LatinSquareSchedule<> schedule =
      LatinSquareSchedule<>::make(make_network(Topology::omega, 16, 2).value()).value();
  A2A_TRY(hal::begin_round(f, schedule, r));
  return hal::write_round_ports(f, schedule, r, 0, 16);
}

}  // namespace

TEST_CASE("split fabric: off the switch path it is the block's driver") {
  Bench b;
  REQUIRE(b.fabric.probe() == Errc::ok);
  const Network net = make_network(Topology::omega, 16, 2).value();
  REQUIRE(b.fabric.configure(net, false) == Errc::ok);
  CHECK(!b.fabric.switch_path());
  REQUIRE(b.fabric.set_switch_state(1, 3, 1) == Errc::ok);
  CHECK(((b.ram->read32(Layout::switch_state(1, 0)) >> 12) & 0xFU) == 1);  // written to the block
  REQUIRE(b.fabric.commit() == Errc::ok);
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) != 0);  // at once
  CHECK(b.sink.latches == 0);
}

TEST_CASE("split fabric: on the switch path the block commits once the switches have settled") {
  Bench b;
  REQUIRE(b.fabric.probe() == Errc::ok);
  b.fabric.use_switch_path(true);
  REQUIRE(b.fabric.configure(make_network(Topology::omega, 16, 2).value(), false) == Errc::ok);
  CHECK(b.fabric.switch_path());
  const std::uint32_t before = b.ram->read32(Layout::switch_state(1, 0));
  REQUIRE(b.fabric.set_switch_state(1, 3, 1) == Errc::ok);
  CHECK(b.ram->read32(Layout::switch_state(1, 0)) == before);  // not the block's
  REQUIRE(write_round(b.fabric, 5) == Errc::ok);
  REQUIRE(b.fabric.commit() == Errc::ok);  // latched at once (no round before: no guard)
  CHECK(b.sink.latches == 1);
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) == 0);  // settling: not yet
  CHECK(b.fabric.wait_round(3) == Errc::fabric_timeout);
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) == 0);
  b.clock.t = 10;                                         // settled
  CHECK(b.fabric.wait_round(1) == Errc::fabric_timeout);  // the block's COMMIT written, not taken up yet
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) != 0);
  b.bus.service();
  CHECK(b.fabric.wait_round(1) == Errc::ok);
  CHECK(b.fabric.counters().delivered == 16);  // round 5, over the switches as latched
  CHECK(b.fabric.counters().misroutes == 0);
  // The next round waits the guard time after the last one was done.
  REQUIRE(write_round(b.fabric, 6) == Errc::ok);
  REQUIRE(b.fabric.commit() == Errc::ok);
  CHECK(b.sink.latches == 1);
  b.clock.t = 15;
  CHECK(b.fabric.poll_status(1).error() == Errc::fabric_timeout);
  CHECK(b.sink.latches == 2);
  CHECK(b.fabric.poll_status(0).error() == Errc::poll_bound_zero);
}

TEST_CASE("split fabric: a transport error at the latch ends the round, nothing committed at the block") {
  Bench b;
  REQUIRE(b.fabric.probe() == Errc::ok);
  b.fabric.use_switch_path(true);
  REQUIRE(b.fabric.configure(make_network(Topology::omega, 16, 2).value(), false) == Errc::ok);
  REQUIRE(write_round(b.fabric, 6) == Errc::ok);
  b.sink.fail = Errc::bus_readback_mismatch;
  CHECK(b.fabric.commit() == Errc::bus_readback_mismatch);
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) == 0);
  CHECK(b.fabric.wire_fault().unit == 2);
  CHECK(b.fabric.wire_fault().index == 7);
  // A round still at the switches is dropped by abort(): the block never commits it.
  b.sink.fail = Errc::ok;
  b.clock.t = 100;
  REQUIRE(b.fabric.commit() == Errc::ok);
  REQUIRE(b.fabric.abort() == Errc::ok);
  b.clock.t = 200;
  CHECK(b.fabric.wait_round(2) != Errc::ok);
  CHECK((b.ram->read32(Layout::kControl) & hal::reg::Control::Commit::mask) == 0);
  // Relays are the endpoints' (the block's): a relayed network configures on the path.
  CHECK(b.fabric.configure(make_network(Topology::omega, 16, 2).value(), false, true) == Errc::ok);
  CHECK(b.fabric.relay());
  // Off the path again (the next configure), the wire names nothing.
  b.fabric.use_switch_path(false);
  REQUIRE(b.fabric.configure(make_network(Topology::omega, 16, 2).value(), false) == Errc::ok);
  CHECK(b.fabric.wire_fault().place == hal::WireFault::Place::none);
}
