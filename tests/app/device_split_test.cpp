// fabric=spi-chain on a board with the a2a block and SPI chains (hal::SplitFabric): the
// device sets the switch elements on the chains and the block carries, counts and marks
// faults, as the MPS2 image does under QEMU. The chains here are the test's own model
// written from the wire format (chain_model.hpp); its latch sets the block's switches
// from what the chains hold, so a frame the controller got wrong misroutes and the
// block's counters say so. The emulated far end of the boards (chain_far_end.hpp) is
// checked against the same model.
#include <a2a/app/device.hpp>
#include <a2a/emulated/chain_far_end.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <doctest/doctest.h>

#include "board_device_bench.hpp"
#include "chain_model.hpp"
#include "latch_to_block.hpp"
#include "device_bench.hpp"
#include "switch_sink_bench.hpp"

#include <memory>
#include <string>

using namespace a2a;
using a2a::test::has;

namespace {

constexpr std::uint32_t kPorts = 256;
using Layout = hal::FabricLayout<kPorts, kMaxStages>;

/// The chains' wire: the model's registers, and at the latch, the block's switches set
/// from its outputs (latch_to_block.hpp), as the elements would.
template <class Bus>
struct ChainWire {
  test::ChainModel model{kMaxStages};
  Bus* block{nullptr};
  bool armed{false};  // a read-back fault (d = 2: one bit an element), or a timeout
  bool stall{false};
  bool fired{false};  // in every shift of its chain until the next pulse (chain_far_end.hpp)
  std::uint64_t fired_at{0};
  std::uint32_t armed_chain{0};
  std::uint32_t armed_element{0};
  std::uint64_t armed_from{0};
  Errc write_read(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (armed && chain == armed_chain && model.pulses() >= armed_from && (!fired || model.pulses() == fired_at)) {
      if (!fired) fired_at = model.pulses();
      fired = true;
      if (stall) {
        armed = false;
        return Errc::bus_timeout;
      }
      model.flip_readback(chain, 8 * tx.size() - 1 - armed_element);  // the element's bit, in sending order
    }
    return model.write_read(chain, tx, rx);
  }
  Errc pulse() {
    const Errc e = test::LatchToBlock<Layout, Bus, test::ChainModel, test::ChainDecode>{&model, block, {}}.pulse();
    if (fired) armed = false;
    return e;
  }
};

/// The host board with the a2a block (BasicHostBoard) and chains beside it.
class ChainedBoard : public test::BasicHostBoard<kPorts> {
 public:
  using Wire = ChainWire<Bus>;
  using Sink = spi_chain::ShiftChainSink<Wire, Wire, kPorts>;
  using Path = hal::SwitchFabric<Sink, test::TickingClock, kPorts / 2>;
  ChainedBoard() { wire_->block = &raw_bus(); }
  Path& switch_path() { return path_; }
  Errc inject_wire_fault(app::WireInjection kind, std::uint32_t chain, std::uint32_t element, std::uint32_t round) {
    wire_->armed = true;
    wire_->fired = false;
    wire_->stall = kind == app::WireInjection::timeout;
    wire_->armed_chain = chain;
    wire_->armed_element = element;
    wire_->armed_from = wire_->model.pulses() + round;
    return Errc::ok;
  }
  void clear_wire_faults() { wire_->armed = false; }
  bool wire_fault_pending() const { return wire_->armed && !wire_->fired; }
  Wire& wire() { return *wire_; }

 private:
  std::unique_ptr<Wire> wire_ = std::make_unique<Wire>();
  Sink sink_{*wire_, *wire_};
  test::TickingClock clock_;
  Path path_{sink_, clock_};
};

using SplitBench = test::BoardDeviceBench<ChainedBoard, kPorts>;

}  // namespace

TEST_CASE("fabric=spi-chain: the chains set the switches, the block delivers and counts, every family") {
  SplitBench b;
  REQUIRE(b.banner.ends_with("ready\n"));
  for (const std::string words :
       {"topology=omega ports=64 order=gray", "topology=banyan ports=256", "topology=baseline ports=64 radix=4",
        "topology=reverse-omega ports=128 radix=2 order=gray", "topology=gsen ports=36 order=natural"}) {
    const std::string set = b.command("set trace=off fabric=spi-chain settle_us=3 guard_us=1 " + words);
    INFO(words, "\n", set);
    REQUIRE(set.ends_with("\nok\n"));
    CHECK(has(set, " settle_us=3 guard_us=1 fabric=spi-chain\n"));
    const std::uint64_t pulses = b.board->wire().model.pulses();
    const std::string r = b.command("run");
    INFO(r);
    CHECK(r.ends_with("\nok\n"));
    CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0"));
    CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once"));
    const auto rounds = static_cast<std::uint64_t>(std::stoul(r.substr(r.find("summary: rounds ") + 16)));
    CHECK(b.board->wire().model.pulses() - pulses == rounds);  // every round latched on the chains
  }
  // Back to the a2a block: the chains are left alone.
  REQUIRE(b.command("set fabric=a2a settle_us=0 guard_us=0 topology=omega ports=64").ends_with("\nok\n"));
  const std::uint64_t pulses = b.board->wire().model.pulses();
  CHECK(has(b.command("run"), "pairs delivered 4096/4096, missing 0, duplicates 0"));
  CHECK(b.board->wire().model.pulses() == pulses);
}

TEST_CASE("fabric=spi-chain: a switch that fails mid-exchange is re-planned around over the chains") {
  SplitBench b;
  REQUIRE(b.command("set trace=off fabric=spi-chain topology=omega ports=64").ends_with("\nok\n"));
  REQUIRE(b.command("inject 2:5 7").ends_with("\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "fault: the fabric marked switch 5 of stage 2 faulty in round 7; re-planned around it"));
  CHECK(has(r, "pairs delivered 4096/4096, missing 0, duplicates 0"));
  CHECK(has(r, "replans 1"));
  CHECK(r.ends_with("\nok\n"));
}

TEST_CASE("fabric=spi-chain: a read-back that differs ends the run naming the chain, element and round") {
  SplitBench b;
  REQUIRE(b.command("set trace=off fabric=spi-chain topology=omega ports=64").ends_with("\nok\n"));
  CHECK(has(b.command("inject 3:9 readback hidden"), "error: inject: readback and timeout are wire faults"));
  const std::string armed = b.command("inject 3:9 5 readback");
  CHECK(has(armed, "armed: element 9 of the chain of stage 3 reads back flipped"));
  CHECK(has(b.command("status"), " injections_armed=1 "));  // a wire injection counts
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, ", the chain of stage 3: element 9 read back different from what was shifted in\n"));
  CHECK(has(r, "wire: round "));
  CHECK(has(r, "\nerror: "));
  CHECK(has(r, "duplicates 0"));
  REQUIRE(b.command("clear").ends_with("\nok\n"));
  const std::string again = b.command("run");
  INFO(again);
  CHECK(has(again, "pairs delivered 4096/4096, missing 0, duplicates 0"));
  CHECK(has(again, "verified by the fabric's counters: every pair delivered exactly once"));
}

TEST_CASE("fabric=spi-chain: a transfer that does not complete ends the run naming the chain and the round") {
  SplitBench b;
  REQUIRE(b.command("set trace=off fabric=spi-chain topology=omega ports=64").ends_with("\nok\n"));
  CHECK(has(b.command("inject 2:0 6 timeout"), "armed: the chain of stage 2 does not complete its transfer once"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, ", chain 2: its transfer did not complete (a bus timeout); nothing of the round was latched\n"));
  CHECK(has(r, "\nerror: exchange 1 stopped in round "));
  CHECK(has(r, "duplicates 0"));
  const std::string again = b.command("run");  // the chain shifted whole again, then compared
  INFO(again);
  CHECK(has(again, "pairs delivered 4096/4096, missing 0, duplicates 0"));
}

TEST_CASE("fabric=spi-chain refusals: look-ahead, a timing on the a2a block, a board without chains") {
  SplitBench b;
  REQUIRE(b.command("set trace=off fabric=spi-chain settle_us=4").ends_with("\nok\n"));
  CHECK(has(b.command("set fabric=a2a"), "settle_us and guard_us are the settle and guard times"));
  CHECK(has(b.command("set fabric=fibre"), "unknown fabric in the configuration"));
  // Look-ahead over the chains is refused at set, either way round; nothing changes.
  CHECK(has(b.command("set mode=lookahead slot_us=50"),
            "error: mode=lookahead with fabric=spi-chain refused: look-ahead mode writes the a2a block's slot ring"));
  CHECK(has(b.command("config"), " mode=direct"));
  REQUIRE(b.command("set fabric=a2a settle_us=0 mode=lookahead slot_us=50").ends_with("\nok\n"));
  CHECK(has(b.command("set fabric=spi-chain"), "error: mode=lookahead with fabric=spi-chain refused"));
  CHECK(has(b.command("config"), " mode=lookahead"));
  test::DeviceBench plain;  // the a2a block alone
  CHECK(has(plain.command("set fabric=spi-chain"), "fabric=spi-chain needs a board that drives switch elements"));
  CHECK(has(plain.command("inject 1:1 readback"),
            "error: inject: readback: this board's switch wire cannot be made to fail"));
}

TEST_CASE("the boards' emulated far end decodes a frame as the chain model does") {
  // The same frames into both; after the latch, every element's state the same.
  emulated::ChainFarEnd<Layout, 16> far;
  test::ChainModel model(kMaxStages);
  auto ram_block = std::make_unique<emulated::RamBlock<Layout::kSize>>();
  emulated::RamBlock<Layout::kSize>& ram = *ram_block;
  const Network net = make_network(Topology::omega, 64, 4).value();
  ram.write32(Layout::kNetPorts, hal::reg::NetPorts::Ports::insert(0, 64));
  using Shape = hal::reg::NetShape;
  ram.write32(Layout::kNetShape, Shape::Stages::insert(Shape::Radix::insert(0, 4), net.stages) |
                                     Shape::TopologyCode::insert(0, hal::topology_code(Topology::omega)));
  std::array<std::uint8_t, 4> frame{0x1B, 0xE4, 0x80, 0x3C};  // 16 elements of 2 bits
  std::array<std::uint8_t, 4> back{};
  for (std::uint32_t s = 0; s < net.stages; ++s) {
    frame[0] = static_cast<std::uint8_t>(frame[0] + 17 * s);
    far.shift(s, frame, back);
    REQUIRE(model.write_read(s, frame, back) == Errc::ok);
  }
  REQUIRE(far.latch(ram) == Errc::ok);
  REQUIRE(model.pulse() == Errc::ok);
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
      const std::uint32_t word = ram.read32(Layout::switch_state(s, y / 8));
      CHECK(((word >> (4 * (y % 8))) & 0xFU) == model.element_state(s, y, 2));
    }
  // Armed, the far end returns the element flipped in every shift of that chain until
  // the next latch (the round it fires in: a chain loaded twice is flipped both times),
  // and not after it.
  std::array<std::uint8_t, 4> earlier{};
  far.shift(1, frame, earlier);  // the chain holds `frame` from here: what comes back unflipped
  far.inject_readback(1, 3, 0);
  CHECK(far.pending());
  std::array<std::uint8_t, 4> first{};
  far.shift(1, frame, first);
  CHECK(!far.pending());
  std::array<std::uint8_t, 4> second{};
  far.shift(1, frame, second);
  CHECK((first[3] ^ frame[3]) == 0x40);  // element 3, 2 bits each: position 6
  CHECK(first[0] == frame[0]);
  CHECK(second == first);
  REQUIRE(far.latch(ram) == Errc::ok);
  std::array<std::uint8_t, 4> after{};
  far.shift(1, frame, after);
  CHECK(after == frame);
}

TEST_CASE("fabric=spi-chain: a wire injection fires at the round it names, round 0 included, or is reported") {
  SplitBench b;
  REQUIRE(b.command("set trace=off fabric=spi-chain topology=omega ports=64").ends_with("\nok\n"));
  // Round 0: the chains' first shift after configure is checked too (each loaded twice).
  REQUIRE(b.command("inject 2:5 readback").ends_with("\nok\n"));
  std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "wire: round 0, the chain of stage 2: element 5 read back different from what was shifted in\n"));
  CHECK(has(r, "\nerror: exchange 1 stopped in round 0: "));
  CHECK(has(b.command("status"), " injections_armed=0 "));
  // A round past the exchange's end could never fire: refused at inject.
  CHECK(has(b.command("inject 0:3 64 readback"),
            "error: inject: round 64 is past the next exchange's last round (it has 64 rounds): it could not fire"));
  CHECK(has(b.command("inject 0:3 63 timeout"), "armed: the chain of stage 0"));
  CHECK(has(b.command("inject 1:3 5 readback"), "error: inject: a wire fault is armed already"));
  REQUIRE(b.command("clear").ends_with("\nok\n"));
  // Stage 0's chain is shifted at round 32 and not after (natural order): armed from
  // round 40, it cannot fire; the run says so, and the next run is not touched by it.
  REQUIRE(b.command("inject 0:3 40 readback").ends_with("\nok\n"));
  r = b.command("run");
  CHECK(has(r,
            "injection not triggered: the read-back armed on the chain of stage 0 from round 40: the chain was "
            "not shifted from that round on in this exchange; nothing was injected\n"));
  CHECK(has(r, "pairs delivered 4096/4096, missing 0, duplicates 0"));
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(b.command("status"), " injections_armed=0 "));
  r = b.command("run");
  CHECK(!has(r, "injection not triggered"));
  CHECK(r.ends_with("\nok\n"));
}
