// The console device over a product's own fabric driver (device_fabric.hpp): a
// circuit switch without delivery counters (circuit_fabric.hpp) on a board with no
// bus to an a2a block. Without acknowledgements a run says it is unverified and
// `ok` means exactly that; with the product's acknowledgement hook every pair is
// checked, and a lost acknowledgement is named by its pair (the round runner asks
// the hook: acknowledgements_test.cpp). The switch's own record
// of what arrived (never shown to the device) is the ground truth. Last, the same
// console over a switch sink (SPI chains through SwitchFabric, switch_fabric.hpp).
#include <a2a/app/device.hpp>
#include <a2a/app/device_board.hpp>
#include <a2a/crosspoint/crosspoint.hpp>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "chain_model.hpp"
#include "circuit_fabric.hpp"
#include "console_text.hpp"
#include "crosspoint_model.hpp"
#include "switch_sink_bench.hpp"

using namespace a2a;
using a2a::test::CircuitFabric;

namespace {

/// A product's board as the device sees it: a console, a clock, a watchdog, crumbs.
/// No bus(): the fabric is the product's driver.
class ConsoleBoard : public a2a::test::ConsoleText {
 public:
  int read_byte() {
    if (input_.empty()) return -1;
    const auto byte = static_cast<unsigned char>(input_.front());
    input_.erase(0, 1);
    return byte;
  }
  std::uint64_t micros() { return now_ += 10; }
  void feed_watchdog() {}
  std::uint32_t watchdog_ms() const { return 0; }
  std::uint32_t fabric_polls() const { return 1000; }
  std::uint32_t console_overruns() const { return 0; }
  std::string_view name() const { return "acme"; }
  app::ResetCause reset_cause() const { return app::ResetCause::power_on; }
  std::uint32_t crumb(std::uint32_t i) { return crumbs_[i]; }
  void set_crumb(std::uint32_t i, std::uint32_t v) { crumbs_[i] = v; }

  void type(std::string_view text) { input_ += text; }

 private:
  std::string input_;
  std::uint64_t now_{0};
  std::array<std::uint32_t, 8> crumbs_{};
};
static_assert(app::DeviceBoard<ConsoleBoard> && !app::BlockBoard<ConsoleBoard>);

constexpr std::uint32_t kPorts = 64;

/// A device over the circuit switch, booted; `acknowledged`: with the hook.
struct CircuitBench {
  ConsoleBoard board;
  CircuitFabric fabric;
  std::unique_ptr<SingleFaultPlanStorage<kPorts>> storage = std::make_unique<SingleFaultPlanStorage<kPorts>>();
  std::array<std::uint8_t, kConfigBlockSize> block = blank();  // the built-in default runs
  std::array<std::uint8_t, kConfigBlockSize> fallback = encode_config(ControllerConfig{Topology::omega, kPorts});
  std::unique_ptr<app::Device<ConsoleBoard, kPorts, CircuitFabric>> device;
  std::string banner;

  static std::array<std::uint8_t, kConfigBlockSize> blank() {
    std::array<std::uint8_t, kConfigBlockSize> erased{};
    erased.fill(0xFF);
    return erased;
  }
  explicit CircuitBench(bool acknowledged) {
    device = std::make_unique<app::Device<ConsoleBoard, kPorts, CircuitFabric>>(board, fabric, block, fallback,
                                                                                storage->span());
    if (acknowledged) device->acknowledge_by({&CircuitFabric::received, &fabric});
    device->boot();
    banner = board.take_output();
  }
  std::string command(std::string_view line) {
    board.type(line);
    board.type("\n");
    std::string text;
    for (std::uint32_t i = 0; i < 100000; ++i) {
      device->poll();
      text += board.take_output();
      if (a2a::test::ends_reply(text)) break;
    }
    return text;
  }
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("without counters or acknowledgements: the run says it is unverified, and ok means that") {
  CircuitBench b(false);
  INFO(b.banner);
  CHECK(has(b.banner,
            "fabric: the product's driver, up to 64 ports; no delivery counters and no "
            "acknowledgements: runs are unverified\n"));
  CHECK(has(b.banner, "config: topology=omega ports=64 "));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "exchange 1/1: omega, N = 64, d = 2, 6 stages; schedule latin-square, natural order, 64 rounds\n"));
  CHECK(has(r, "round 63: word 63\n"));  // the trace: no register writes counted by this driver
  CHECK(has(r, "summary: rounds 64/64, pairs sent 4096/4096, unverified 4096, retries 0, late 0, replans 0\n"));
  CHECK(has(r,
            "unverified: every pair sent in rounds committed and carried without error; no delivery counters "
            "or acknowledgements confirm what arrived\n"));
  CHECK(r.ends_with("\nok\n"));
  CHECK(b.fabric.pairs_arrived_once() == kPorts * kPorts);  // the switch's own record: every pair once
  const std::string s = b.command("status");
  CHECK(has(s, " last=ok rounds=64/64 delivered=4096/4096 "));
  CHECK(has(s, " fabric=ok fabric_rounds=64 "));
}

TEST_CASE("with the acknowledgement hook: every pair acknowledged verifies the run") {
  CircuitBench b(true);
  CHECK(has(b.banner, "no delivery counters: runs verified by the product's acknowledgements\n"));
  const std::string r = b.command("set trace=off topology=omega ports=64 order=gray");
  REQUIRE(r.ends_with("\nok\n"));
  const std::string run = b.command("run 2");
  INFO(run);
  CHECK(has(run, "summary: rounds 64/64, pairs sent 4096/4096, acknowledged 4096, lost 0, retries 0"));
  CHECK(has(run, "verified by acknowledgements: every pair acknowledged exactly once\n"));
  CHECK(has(run, "exchange 2/2: "));
  CHECK(run.ends_with("\nok\n"));
}

TEST_CASE("a lost acknowledgement is reported by its pair and fails the run") {
  CircuitBench b(true);
  REQUIRE(b.command("set trace=off").ends_with("\nok\n"));
  b.fabric.lose_receipt(5, 17);  // round 5 of the first exchange: the receipt at output 17
  const std::string r = b.command("run");
  INFO(r);
  const std::uint32_t origin = b.fabric.lost_origin();
  REQUIRE(origin < kPorts);  // someone sent to 17 in round 5 (every round of a full exchange does)
  CHECK(has(r, "lost: pair (" + std::to_string(origin) + ", 17) of round 5 not acknowledged (no receipt at 17)\n"));
  CHECK(has(r, "acknowledged 4095, lost 1, "));
  CHECK(has(r, "error: the acknowledgements do not show every pair delivered exactly once: 1 lost\n"));
  CHECK(b.fabric.pairs_arrived_once() == kPorts * kPorts);  // it arrived: only the receipt was lost
  CHECK(has(b.command("status"), " failed=1 last=failed "));
}

TEST_CASE("what the product's fabric does not offer is refused with the reason") {
  CircuitBench b(false);
  CHECK(has(b.command("inject 1:3"), "error: this fabric cannot inject faults (hardware): nothing armed"));
  CHECK(has(b.command("clear"), "error: this fabric cannot inject faults (hardware): nothing to clear"));
  REQUIRE(b.command("set mode=lookahead slot_us=100 order=gray").ends_with("\nok\n"));
  CHECK(has(b.command("run"),
            "error: look-ahead mode needs the a2a block's slot ring; this device drives the "
            "product's fabric; nothing was run (mode=direct runs it)"));
  // Relays: a circuit switch has no store; its driver refuses, the device says so.
  REQUIRE(b.command("set mode=direct fault=2:5").ends_with("\nok\n"));
  CHECK(has(b.command("run"), "error: fabric refused the network: "));
}

TEST_CASE("status and stop during a run over the product's fabric") {
  CircuitBench b(true);
  REQUIRE(b.command("set trace=off").ends_with("\nok\n"));
  b.board.type("run 3\n");
  for (int i = 0; i < 20; ++i) b.device->poll();  // a few rounds of exchange 1
  const std::string mid = b.board.take_output() + b.command("status");
  INFO(mid);
  CHECK(has(mid, " running=1/3 round="));
  const std::string stop = b.command("stop");
  std::string end = stop;
  for (int i = 0; i < 1000 && !a2a::test::ends_reply(end.substr(end.find("\nok\n") + 4)); ++i) {
    b.device->poll();
    end += b.board.take_output();
  }
  INFO(end);
  CHECK(has(end, "error: exchange 1 stopped in round "));
  CHECK(!has(end, "exchange 2/3"));
  const std::string again = b.command("run");
  CHECK(has(again, "acknowledged 4096, lost 0"));
  CHECK(again.ends_with("\nok\n"));
}

TEST_CASE("the console over a switch sink: SPI chains through SwitchFabric, settle and guard times included") {
  using Sink = spi_chain::ShiftChainSink<test::ChainModel, test::ChainModel, kPorts>;
  using Chains = hal::SwitchFabric<Sink, test::TickingClock, kPorts / 2>;
  ConsoleBoard board;
  test::ChainModel wire(kMaxStages);
  Sink sink(wire, wire);
  test::TickingClock clock;
  Chains chains(sink, clock);  // the times come from the configuration (set settle_us= guard_us=)
  const std::array<std::uint8_t, kConfigBlockSize> fallback = encode_config(ControllerConfig{Topology::omega, kPorts});
  app::Device<ConsoleBoard, kPorts, Chains> device(board, chains, std::span<const std::uint8_t>{}, fallback,
                                                   std::span<const PlanStorageSpan>{});
  device.boot();
  CHECK(has(board.take_output(), "no delivery counters and no acknowledgements: runs are unverified\n"));
  // The clock moves a microsecond a look: both times pass as the device polls.
  board.type("set trace=off order=gray settle_us=5 guard_us=2\nrun\n");
  std::string reply;
  for (std::uint32_t i = 0; i < 1000000 && reply.find("\nok\n", reply.find("exchange 1/1")) == std::string::npos; ++i) {
    device.poll();
    reply += board.take_output();
  }
  INFO(reply);
  CHECK(has(reply, " mode=direct settle_us=5 guard_us=2\n"));  // set's config line
  CHECK(has(reply, "summary: rounds 64/64, pairs sent 4096/4096, unverified 4096, retries 0"));
  CHECK(chains.timing().settle_us == 5);  // the configuration's times, handed to the fabric at the run
  CHECK(chains.timing().guard_us == 2);
  CHECK(wire.pulses() == 64);  // one latch a round
  // What the chains latched last is round 63 of the gray-order Latin square, switch by switch.
  const AnySchedule last = test::plan_for({Topology::omega, kPorts, 2, ScheduleKind::latin_square, RoundOrder::gray});
  const auto round = last.round(63);
  for (std::uint32_t s = 0; s < 6; ++s)
    for (std::uint32_t y = 0; y < kPorts / 2; ++y) CHECK(wire.element_state(s, y, 1) == round.switch_state(s, y));
}

TEST_CASE("the console over SPI chains: a read-back that differs stops the run naming the chain, element and round") {
  using Sink = spi_chain::ShiftChainSink<test::ChainModel, test::ChainModel, kPorts>;
  using Chains = hal::SwitchFabric<Sink, test::TickingClock, kPorts / 2>;
  ConsoleBoard board;
  test::ChainModel wire(kMaxStages);
  Sink sink(wire, wire);
  test::TickingClock clock;
  Chains chains(sink, clock);
  const std::array<std::uint8_t, kConfigBlockSize> fallback = encode_config(ControllerConfig{Topology::omega, kPorts});
  app::Device<ConsoleBoard, kPorts, Chains> device(board, chains, std::span<const std::uint8_t>{}, fallback,
                                                   std::span<const PlanStorageSpan>{});
  device.boot();
  (void)board.take_output();
  const auto command = [&](std::string_view line) {
    board.type(std::string(line) + "\n");
    std::string reply;
    for (std::uint32_t i = 0; i < 1000000 && !reply.ends_with("ok\n") && !has(reply, "\nerror: "); ++i) {
      device.poll();
      reply += board.take_output();
    }
    return reply;
  };
  REQUIRE(has(command("set trace=off order=gray"), "\nok\n"));
  // Round 0 shifts every chain twice (loaded, then checked); round 1 in Gray order
  // shifts stage 5's chain again, whose first bit back (the farthest: element 31 of 32)
  // comes back inverted.
  wire.flip_readback(5, 0, 2);  // past round 0's two transfers of the chain
  const std::string failed = command("run");
  INFO(failed);
  CHECK(has(failed, "wire: round 1, the chain of stage 5: element 31 read back different from what was shifted in\n"));
  CHECK(has(failed, "error: exchange 1 stopped in round 1: the switches returned on the bus something other than"));
  CHECK(wire.pulses() == 1);  // round 0 latched; round 1 never
  const std::string again = command("run");
  CHECK(has(again, "summary: rounds 64/64, pairs sent 4096/4096, unverified 4096"));
  CHECK(again.ends_with("\nok\n"));
}

TEST_CASE("the console over crosspoint chips: a select read back different names the chip, output and round") {
  using Port = crosspoint::SpiRegisters<test::CrosspointModel>;
  using Sink = crosspoint::CrosspointSink<Port, test::CrosspointModel, 16, kPorts>;
  using Chips = hal::SwitchFabric<Sink, test::TickingClock, kPorts / 2>;
  ConsoleBoard board;
  test::CrosspointModel model;
  Port port(model);
  Sink sink(port, model);
  test::TickingClock clock;
  Chips chips(sink, clock);
  const std::array<std::uint8_t, kConfigBlockSize> fallback = encode_config(ControllerConfig{Topology::omega, kPorts});
  app::Device<ConsoleBoard, kPorts, Chips> device(board, chips, std::span<const std::uint8_t>{}, fallback,
                                                  std::span<const PlanStorageSpan>{});
  device.boot();
  (void)board.take_output();
  board.type("set trace=off\n");
  std::string set;
  for (std::uint32_t i = 0; i < 1000 && !has(set, "\nok\n"); ++i) {
    device.poll();
    set += board.take_output();
  }
  REQUIRE(has(set, "\nok\n"));
  // Round 0 writes every output of every chip, each read back: the first read (chip 0,
  // output 0) comes back flipped.
  model.flip_next_read();
  board.type("run\n");
  std::string failed;
  for (std::uint32_t i = 0; i < 100000 && !has(failed, "\nerror: "); ++i) {
    device.poll();
    failed += board.take_output();
  }
  INFO(failed);
  CHECK(has(failed, "wire: round 0, chip 0: output 0 read back a select other than the one written\n"));
  CHECK(has(failed, "error: exchange 1 stopped in round 0: the switches returned on the bus something other than"));
}
