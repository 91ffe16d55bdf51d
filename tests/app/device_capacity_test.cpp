// The controller device at a large capacity on the host (N = 1024, beyond every board's
// 256): the same sweeps as the boards' firmware_capacity_<topology> sessions (QEMU,
// platform/cortex-m/controller/capacity_sessions.cmake), through the emulated fabric.
// Per topology: one fault and four configured; a switch failing in the first, a middle
// and the last regular round; a second switch failing while the re-planned exchange
// runs. Every run must deliver every pair exactly once (the fabric's counters, and the
// emulator's own record), and planning must stay the device's bounded planning.
#include <doctest/doctest.h>

#include <string>

#include "device_bench.hpp"

using namespace a2a;
using a2a::test::has;

namespace {

constexpr std::uint32_t kPorts = 1024;
constexpr std::uint32_t kStages = 10;
constexpr std::uint32_t kMiddle = kStages / 2;
using Bench = test::BasicDeviceBench<kPorts, FaultPlanStorage<kPorts, 4>>;

/// Runs `run` and checks that every pair arrived once; returns the reply.
std::string run_clean(Bench& b, const std::string& what) {
  const std::string r = b.command("run");
  INFO(what, "\n", r);
  CHECK(has(r, "pairs delivered 1048576/1048576, missing 0, duplicates 0"));
  CHECK(has(r, "relay errors 0"));
  CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once"));
  CHECK(b.board.fabric().missing(kPorts) == 0);
  CHECK(b.board.fabric().tally().duplicates == 0);
  return r;
}

void sweep(const char* topology) {
  Bench b;
  const std::string net = std::string("topology=") + topology + " ports=1024 trace=off";
  REQUIRE(has(b.command("set " + net + " fault=" + std::to_string(kMiddle) + ":5"), "\nok\n"));
  run_clean(b, "one configured fault");
  const std::string most = " fault=1:5 fault=" + std::to_string(kMiddle - 1) + ":7 fault=" + std::to_string(kMiddle) +
                           ":1 fault=" + std::to_string(kMiddle + 1) + ":9";
  REQUIRE(has(b.command("set" + most), "\nok\n"));
  run_clean(b, "four configured faults");
  REQUIRE(has(b.command("set fault=none"), "\nok\n"));
  for (const std::uint32_t round : {0U, kPorts / 2, kPorts - 1}) {
    REQUIRE(has(b.command("clear"), "\nok\n"));
    REQUIRE(has(b.command("inject " + std::to_string(kMiddle) + ":7 " + std::to_string(round)), "\nok\n"));
    const std::string r = run_clean(b, "injected in round " + std::to_string(round));
    CHECK(has(r, "faulty in round " + std::to_string(round) + "; re-planned around it"));
    CHECK(has(r, "replans 1"));
  }
  REQUIRE(has(b.command("clear"), "\nok\n"));
  REQUIRE(has(b.command("inject 2:3 10"), "\nok\n"));
  REQUIRE(has(b.command("inject " + std::to_string(kMiddle) + ":9 " + std::to_string(kPorts / 2)), "\nok\n"));
  const std::string r = run_clean(b, "a second fault in the re-planned run");
  CHECK(has(r, "re-planned around both"));
  CHECK(has(r, "replans 2"));
  CHECK(has(b.command("status"), " exchanges=6 failed=0 "));
}

}  // namespace

TEST_CASE("N = 1024, omega: faults configured and injected, first, middle and last round") { sweep("omega"); }
TEST_CASE("N = 1024, baseline: faults configured and injected, first, middle and last round") { sweep("baseline"); }
TEST_CASE("N = 1024, banyan: faults configured and injected, first, middle and last round") { sweep("banyan"); }
TEST_CASE("N = 1024, reverse banyan: faults configured and injected, first, middle and last round") {
  sweep("reverse-banyan");
}
