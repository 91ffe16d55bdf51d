// The controller firmware's logic on the host: controller_main over a RAM
// register block and the in-firmware fabric model, exactly as the board runs it.
#include <a2a/app/firmware_main.hpp>
#include <a2a/mock/recording_bus.hpp>
#include <doctest/doctest.h>

#include "string_console.hpp"

#include <cstdio>
#include <string>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<256, 16>;
using Model = app::FabricModel<Layout, 256>;

using a2a::test::StringConsole;

struct Run {
  int status;
  std::string output;
  std::uint64_t controller_writes;
};

/// Runs the firmware with `block` and `overrides` on a fresh RAM fabric.
Run run(std::span<const std::uint8_t> block, std::string_view overrides) {
  static app::RamBus<Layout::kSize> raw;
  static Model model;
  model.power_on(raw);
  app::CountingBus<app::RamBus<Layout::kSize>> watched(raw);  // counts writes after power-on
  StringConsole console;
  const int status = app::controller_main(console, watched, model, block, overrides);
  return {status, console.text, watched.writes()};
}

ControllerConfig omega16() { return {}; }

}  // namespace

TEST_CASE("the default configuration runs a verified 16-port omega exchange") {
  const auto block = encode_config(omega16());
  const Run r = run(block, "");
  INFO(r.output);
  CHECK(r.status == app::kExitOk);
  CHECK(r.output.find("pairs delivered 256/256, missing 0, duplicates 0") != std::string::npos);
  CHECK(r.output.find("round 15: word 15") != std::string::npos);
  CHECK(r.output.find("verified by the fabric model") != std::string::npos);
}

TEST_CASE("overrides choose another fabric; every family verifies through the model") {
  const auto block = encode_config(omega16());
  for (const char* text : {"topology=gsen ports=10", "topology=gsen ports=30 order=gray", "ports=64 radix=4",
                           "topology=reverse-baseline ports=27 radix=3 order=gray", "topology=banyan ports=256",
                           "topology=gsen ports=16"}) {
    const Run r = run(block, text);
    INFO(text, "\n", r.output);
    CHECK(r.status == app::kExitOk);
    CHECK(r.output.find("missing 0, duplicates 0, misroutes 0, conflicts 0") != std::string::npos);
  }
}

TEST_CASE("a bad block or override is refused and no register is written") {
  auto block = encode_config(omega16());
  block[20] ^= 0x01U;  // one corrupted bit
  Run r = run(block, "");
  CHECK(r.status == app::kExitConfigRefused);
  CHECK(r.output.find("configuration block refused: configuration block CRC-32 mismatch") != std::string::npos);
  CHECK(r.controller_writes == 0);

  const auto good = encode_config(omega16());
  r = run(good, "ports=12");
  CHECK(r.status == app::kExitConfigRefused);
  CHECK(r.output.find("N must be a power of the radix d") != std::string::npos);
  CHECK(r.controller_writes == 0);

  r = run(good, "speed=fast");
  CHECK(r.status == app::kExitConfigRefused);
  CHECK(r.output.find("override 'speed=fast' refused: unknown configuration key") != std::string::npos);
  CHECK(r.controller_writes == 0);

  r = run(good, "ports=1024");
  CHECK(r.status == app::kExitConfigRefused);
  CHECK(r.output.find("above this image's capacity of 256 ports") != std::string::npos);
  CHECK(r.controller_writes == 0);

  r = run(std::span<const std::uint8_t>(good).first(10), "");
  CHECK(r.status == app::kExitConfigRefused);
  CHECK(r.controller_writes == 0);
}

TEST_CASE("the model catches a controller that sends the wrong header") {
  // A fabric model fed a header that does not match the switch states flags a misroute.
  static app::RamBus<Layout::kSize> raw;
  static Model model;
  model.power_on(raw);
  app::ModelledBus<app::RamBus<Layout::kSize>, Model, Layout> bus(raw, model);
  hal::FabricDriver<decltype(bus), Layout> fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  const Network net = make_network(Topology::omega, 8).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  for (std::uint32_t s = 0; s < 3; ++s) REQUIRE(fabric.set_stage_control(s, ControlMode::stage, 0) == Errc::ok);
  for (std::uint32_t i = 0; i < 8; ++i) REQUIRE(fabric.set_port_header(i, i == 3 ? 4 : i, i == 3 ? 4 : i) == Errc::ok);
  REQUIRE(fabric.set_idle_word(0, 0xFFFFFF00U) == Errc::ok);
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(fabric.wait_round(10) == Errc::fabric_round_faulted);
  CHECK(model.tally().misroutes == 1);
  CHECK(model.tally().delivered == 7);
}

TEST_CASE("the optical families run from the configuration block, crosstalk checked by the model") {
  ControllerConfig shift;
  shift.topology = Topology::shift;
  shift.schedule = ScheduleKind::shift;
  shift.ports = 64;
  Run r = run(encode_config(shift), "");
  INFO(r.output);
  CHECK(r.status == app::kExitOk);
  CHECK(r.output.find("fabric: shift, N = 64, d = 2, 7 stages; schedule shift") != std::string::npos);
  CHECK(r.output.find("pairs delivered 4096/4096, missing 0, duplicates 0, misroutes 0, conflicts 0") !=
        std::string::npos);
  CHECK(r.output.find("optical mode: crosstalk 0") != std::string::npos);

  r = run(encode_config(omega16()), "topology=reverse-banyan ports=32 schedule=optical order=gray");
  INFO(r.output);
  CHECK(r.status == app::kExitOk);
  CHECK(r.output.find("rounds 64/64") != std::string::npos);
  CHECK(r.output.find("pairs delivered 1024/1024, missing 0") != std::string::npos);
  CHECK(r.output.find("optical mode: crosstalk 0") != std::string::npos);

  // The shift network has N switches per stage: a 256-port block holds it up to N = 128.
  r = run(encode_config(omega16()), "topology=shift ports=128");
  CHECK(r.status == app::kExitOk);
  r = run(encode_config(omega16()), "topology=shift ports=256");
  CHECK(r.status == app::kExitFabricRefused);
  CHECK(r.output.find("fabric refused the network: the network needs more ports or stages") != std::string::npos);
}

TEST_CASE("in optical mode the model flags a switch that carries two signals") {
  static app::RamBus<Layout::kSize> raw;
  static Model model;
  model.power_on(raw);
  app::ModelledBus<app::RamBus<Layout::kSize>, Model, Layout> bus(raw, model);
  hal::FabricDriver<decltype(bus), Layout> fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  const Network net = make_network(Topology::omega, 8).value();
  REQUIRE(fabric.configure(net, true) == Errc::ok);
  const StageControl straight{0, 2, 3};
  for (std::uint32_t s = 0; s < 3; ++s) REQUIRE(fabric.set_stage_control(s, ControlMode::stage, 0) == Errc::ok);
  for (std::uint32_t i = 0; i < 8; ++i) {
    const Path p = route(net, i, straight);
    REQUIRE(fabric.set_port_header(i, p.destination, p.tag) == Errc::ok);
  }
  REQUIRE(fabric.set_idle_word(0, 0xFFFFFF00U) == Errc::ok);  // all 8 send: both inputs of every switch
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(fabric.wait_round(10) == Errc::fabric_round_faulted);
  CHECK(model.tally().crosstalk == 3 * 4);  // every switch of every stage
  CHECK(model.tally().misroutes == 0);
  // Half of them (set A of paper 002) pass without crosstalk.
  for (std::uint32_t i = 0; i < 8; ++i) {
    const Path p = route(net, i, straight);
    REQUIRE(fabric.set_port_header(i, p.destination, p.tag) == Errc::ok);
  }
  REQUIRE(fabric.set_idle_word(0, 0xFFFFFF00U | 0b10010110U) == Errc::ok);  // B = {1, 2, 4, 7} idle
  REQUIRE(fabric.commit() == Errc::ok);
  CHECK(fabric.wait_round(10) == Errc::ok);
  CHECK(model.tally().crosstalk == 3 * 4);
}

TEST_CASE("a corrupted block: the recording mock sees the firmware read nothing but write no register") {
  static mock::RecordingBus<4096> bus;
  static Model model;
  model.power_on(bus);  // the block's reset state, written by the "hardware", not the controller
  bus.clear();
  auto block = encode_config(omega16());
  block[13] ^= 0x80U;  // one flipped bit in N
  StringConsole console;
  const int status = app::controller_main(console, bus, model, block, "");
  CHECK(status == app::kExitConfigRefused);
  CHECK(console.text.find("CRC-32 mismatch") != std::string::npos);
  CHECK_FALSE(bus.overflowed());
  CHECK(bus.writes() == 0);
  CHECK(bus.reads() == 0);  // refused before the fabric was even probed
}
