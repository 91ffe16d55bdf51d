// Every switch backend under the console device, with faults and re-plans: a board
// whose switch path (SplitFabric, `set fabric=spi-chain`) is SPI chains, crosspoint
// chips on SPI or on I2C, or GPIO lines, each played by its model written from the
// wire formats (chain_model.hpp, crosspoint_model.hpp, gpio_model.hpp), whose latch
// sets the a2a block's switches from what the model decodes. The block carries and
// counts: a decoded state that differs from the schedule's misroutes, so every pair
// delivered exactly once means every round's decoded states were the schedule's,
// through configured faults, a switch failing mid-exchange and the re-plans around it.
#include <a2a/app/device.hpp>
#include <a2a/crosspoint/adn4604.hpp>
#include <a2a/crosspoint/crosspoint.hpp>
#include <a2a/crosspoint/vsc3316.hpp>
#include <a2a/gpio/gpio_sink.hpp>
#include <a2a/block_sink/block_switch_sink.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <doctest/doctest.h>

#include "adn4604_model.hpp"
#include "parts_wire.hpp"
#include "board_device_bench.hpp"
#include "chain_model.hpp"
#include "latch_to_block.hpp"
#include "crosspoint_model.hpp"
#include "device_bench.hpp"
#include "gpio_model.hpp"
#include "switch_sink_bench.hpp"
#include "vsc3316_model.hpp"

#include <memory>
#include <string>

using namespace a2a;
using a2a::test::has;

namespace {

constexpr std::uint32_t kPorts = 256;
using Layout = hal::FabricLayout<kPorts, kMaxStages>;
using BlockBus = test::BasicHostBoard<kPorts>::Bus;

template <class Model, class Decode>
using LatchToBlock = test::LatchToBlock<Layout, BlockBus, Model, Decode>;
using test::ChainDecode;

struct CrosspointDecode {
  std::uint32_t operator()(const test::CrosspointModel& m, const Network& net, std::uint32_t s, std::uint32_t y) const {
    return m.element_state(net, 16, s, y);
  }
};
struct PartsDecode {
  template <class Model>
  std::uint32_t operator()(const Model& m, const Network& net, std::uint32_t s, std::uint32_t y) const {
    return m.element_state(net, s, y);
  }
};
using test::ModelMux;
/// The ADN4604: on I2C behind a mux with the UPDATE pin (the latch), or on SPI with
/// XPT_UPDATE (the model's update sets the block).
template <bool I2c>
struct Adn4604Backend {
  using Model = test::Adn4604Model;
  using Latch = LatchToBlock<Model, PartsDecode>;
  using Bus = std::conditional_t<I2c, crosspoint::I2cParts<Model, ModelMux<Model>, Model::kPerGroup>,
                                 crosspoint::SpiParts<Model>>;
  using Update = std::conditional_t<I2c, Latch, crosspoint::XptUpdateRegister>;
  using Sink = crosspoint::Adn4604Sink<Bus, Update, kPorts>;
  struct Parts {
    Model model{};
    Latch latch;
    crosspoint::XptUpdateRegister by_register;
    Bus bus;
    Sink sink;
    explicit Parts(BlockBus* b) : latch{&model, b, {}}, bus(make_bus()), sink(bus, update()) {
      if constexpr (!I2c) model.on_update = [this] { (void)latch.sync(); };
    }
    Bus make_bus() {
      if constexpr (I2c)
        return Bus(model, 0x48, ModelMux<Model>{&model});
      else
        return Bus(model);
    }
    Update& update() {
      if constexpr (I2c)
        return latch;
      else
        return by_register;
    }
  };
};
/// The VSC3316 on I2C behind a mux: its WP commit sets the block.
struct Vsc3316Backend {
  using Model = test::Vsc3316Model<16>;
  using Latch = LatchToBlock<Model, PartsDecode>;
  using Bus = crosspoint::I2cParts<Model, ModelMux<Model>, Model::kPerGroup>;
  using Sink = crosspoint::Vsc3316Sink<Bus, 16, kPorts>;
  struct Parts {
    Model model{};
    Latch latch;
    Bus bus;
    Sink sink{bus};
    explicit Parts(BlockBus* b) : latch{&model, b, {}}, bus(model, 0x40, ModelMux<Model>{&model}) {
      model.on_commit = [this] { (void)latch.sync(); };
    }
  };
};
struct GpioDecode {
  std::uint32_t operator()(const test::LinesModel& m, const Network& net, std::uint32_t s, std::uint32_t y) const {
    return m.element_state(net, s, y);
  }
};

/// What each backend puts between the SwitchFabric and its model.
struct ChainBackend {
  using Model = test::ChainModel;
  using Latch = LatchToBlock<Model, ChainDecode>;
  using Sink = spi_chain::ShiftChainSink<Model, Latch, kPorts>;
  struct Parts {
    Model model{kMaxStages};
    Latch latch;
    Sink sink{model, latch};
    explicit Parts(BlockBus* b) : latch{&model, b, {}} {}
  };
};
template <bool I2c>
struct CrosspointBackend {
  using Model = test::CrosspointModel;
  using Latch = LatchToBlock<Model, CrosspointDecode>;
  using Port = std::conditional_t<I2c, crosspoint::I2cRegisters<Model>, crosspoint::SpiRegisters<Model>>;
  using Sink = crosspoint::CrosspointSink<Port, Latch, 16, kPorts>;
  struct Parts {
    Model model{};
    Latch latch;
    Port port;
    Sink sink{port, latch};
    explicit Parts(BlockBus* b) : latch{&model, b, {}}, port(make_port()) {}
    Port make_port() {
      if constexpr (I2c)
        return Port(model, 0x20);
      else
        return Port(model);
    }
  };
};
struct GpioBackend {
  using Model = test::LinesModel;
  using Latch = LatchToBlock<Model, GpioDecode>;
  using Sink = gpio::GpioSink<Model, Latch, test::kModelLines>;
  struct Parts {
    Model model{};
    Latch latch;
    Sink sink{model, latch};
    explicit Parts(BlockBus* b) : latch{&model, b, {}} {}
  };
};

template <class Backend>
class BackendBoard : public test::BasicHostBoard<kPorts> {
 public:
  using Path = hal::SwitchFabric<typename Backend::Sink, test::TickingClock, kPorts / 2>;
  BackendBoard() : parts_(std::make_unique<typename Backend::Parts>(&raw_bus())), path_(parts_->sink, clock_) {}
  Path& switch_path() { return path_; }

 private:
  std::unique_ptr<typename Backend::Parts> parts_;
  test::TickingClock clock_;
  Path path_;
};

template <class Backend>
using Bench = test::BoardDeviceBench<BackendBoard<Backend>, kPorts>;

/// Each network: clean; with a configured fault and a second failing mid-exchange.
template <class Backend>
void run_networks(std::initializer_list<const char*> networks, std::uint32_t ports_for_faults) {
  Bench<Backend> b;
  for (const char* words : networks) {
    const std::string set = b.command(std::string("set trace=off fabric=spi-chain settle_us=2 guard_us=1 ") + words);
    INFO(std::string(words), "\n", set);
    REQUIRE(set.ends_with("\nok\n"));
    const std::string r = b.command("run");
    INFO(words, "\n", r);
    CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0"));
    CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once"));
  }
  const std::string n = std::to_string(ports_for_faults);
  REQUIRE(b.command("set topology=omega radix=2 order=natural ports=" + n + " fault=2:1").ends_with("\nok\n"));
  REQUIRE(b.command("inject 1:2 5").ends_with("\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "schedule fault-tolerant"));
  CHECK(has(r, "pairs delivered " + std::to_string(ports_for_faults * ports_for_faults) + "/"));
  CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0"));
  CHECK(has(r, "replans 1"));
  CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once"));
}

}  // namespace

// Every family a2a plans (stage words, alternating and its doubly and quadruply forms,
// GSEN stage control, broadcast, the stored table, optical, the shift network; the
// fault-tolerant one after) on networks up to N = 256 and d = 16.
#define A2A_EVERY_FAMILY_BUT_SHIFT                                                                 \
  "topology=omega ports=256 radix=2 order=natural", "topology=banyan ports=64 radix=4 order=gray", \
      "topology=baseline ports=256 radix=16 order=natural", "topology=gsen ports=10 radix=2",      \
      "topology=gsen ports=12 order=gray", "topology=gsen ports=20 order=natural",                 \
      "topology=gsen ports=72 order=natural", "topology=gsen ports=20 schedule=broadcast",         \
      "topology=gsen ports=36 order=natural", "topology=reverse-banyan ports=32 schedule=optical order=gray"

TEST_CASE("backends on the block: SPI chains, every family up to N = 256, faults and a re-plan") {
  run_networks<ChainBackend>({A2A_EVERY_FAMILY_BUT_SHIFT, "topology=shift ports=64 order=natural"}, 64);
}

TEST_CASE("backends on the block: crosspoint chips on SPI and on I2C, faults and a re-plan") {
  // (A chip's element straddles no chip; the shift network's N switches a stage are more
  // than a crosspoint stage of N outputs holds: refused at configure, not run.)
  run_networks<CrosspointBackend<false>>({A2A_EVERY_FAMILY_BUT_SHIFT}, 64);
  run_networks<CrosspointBackend<true>>(
      {"topology=banyan ports=128", "topology=omega ports=256 radix=16", "topology=gsen ports=72 radix=2 order=natural",
       "topology=reverse-banyan ports=32 schedule=optical order=gray"},
      32);
}

TEST_CASE("backends on the block: the real parts (ADN4604 on I2C and SPI, VSC3316), faults and a re-plan") {
  // The parts' 16 outputs hold d = 2, 4, 16; the shift network's N switches a stage do not fit.
  run_networks<Adn4604Backend<true>>({A2A_EVERY_FAMILY_BUT_SHIFT}, 64);
  run_networks<Adn4604Backend<false>>(
      {"topology=omega ports=256 radix=2 order=natural", "topology=baseline ports=256 radix=16 order=natural",
       "topology=gsen ports=36 radix=2 order=natural"},
      32);
  run_networks<Vsc3316Backend>({"topology=omega ports=256 radix=2 order=gray", "topology=banyan ports=64 radix=4",
                                "topology=gsen ports=10 radix=2", "topology=reverse-banyan ports=32 schedule=optical"},
                               32);
}

TEST_CASE("backends on the block: GPIO lines, a small fabric, every family that fits, faults and a re-plan") {
  run_networks<GpioBackend>({"topology=omega ports=16", "topology=gsen ports=10", "topology=gsen ports=12 order=gray",
                             "topology=gsen ports=20 order=natural", "topology=gsen ports=20 schedule=broadcast",
                             "topology=banyan ports=16 radix=4", "topology=omega ports=16 radix=2 schedule=optical",
                             "topology=shift ports=16 order=natural"},
                            16);
}
