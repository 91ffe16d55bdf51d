// A switch of the emulated fabric fails while the device runs an exchange: the
// device stops at that round, re-plans around the switch (the fault-tolerant
// schedule, paper 004, resumed without what was delivered) and finishes. The
// fabric's counters must show every pair exactly once, and so must the
// emulator's own record of what arrived.
#include <doctest/doctest.h>

#include "board_device_bench.hpp"
#include "device_bench.hpp"

#include <string>

using namespace a2a;
using a2a::test::DeviceBench;
using a2a::test::has;

namespace {

struct Case {
  const char* set;
  std::uint32_t ports;
  const char* inject;
};

}  // namespace

TEST_CASE("a switch that fails mid-exchange is avoided by a re-plan: every message exactly once") {
  const Case cases[] = {
      {"topology=omega ports=32", 32, "inject 2:5 7"},   // the example: a middle stage
      {"topology=banyan ports=16", 16, "inject 2:1 5"},  // paper 004's E_21, planned relays
      {"topology=omega ports=16", 16, "inject 1:2 0"},   // from the first round on
      {"topology=baseline ports=32", 32, "inject 3:7 20"},
      {"topology=reverse-omega ports=64", 64, "inject 2:9 63"},  // the last round
      {"topology=reverse-banyan ports=32", 32, "inject 1:0 31"},
      {"topology=gsen ports=16", 16, "inject 2:3 8"},
  };
  for (const Case& c : cases) {
    DeviceBench b;
    REQUIRE(has(b.command(std::string("set trace=off ") + c.set), "\nok\n"));
    const std::string armed = b.command(c.inject);
    INFO(c.set, " ", c.inject, "\n", armed);
    REQUIRE(armed.ends_with("\nok\n"));
    const std::string r = b.command("run");
    INFO(r);
    CHECK(r.ends_with("\nok\n"));
    CHECK(has(r, "re-planned around it"));
    CHECK(has(r, ", replans 1, stall_us "));
    CHECK(has(r, ", faulted rounds 1, "));
    const std::uint64_t pairs = std::uint64_t{c.ports} * c.ports;
    CHECK(
        has(r, "pairs delivered " + std::to_string(pairs) + "/" + std::to_string(pairs) + ", missing 0, duplicates 0"));
    CHECK(has(r, "relay errors 0, held 0"));
    CHECK(b.board.fabric().missing(c.ports) == 0);
    CHECK(b.board.fabric().tally().delivered == pairs);
  }
}

TEST_CASE("the failed switch stays failed: the next exchange re-plans at once; clear repairs it") {
  DeviceBench b;
  REQUIRE(has(b.command("set trace=off topology=banyan ports=16"), "\nok\n"));
  REQUIRE(has(b.command("inject 2:1 5"), "\nok\n"));
  REQUIRE(has(b.command("run"), "\nok\n"));
  const std::string again = b.command("run");
  INFO(again);
  CHECK(has(again, "faulty in round 0; re-planned"));
  CHECK(has(again, "pairs delivered 256/256, missing 0, duplicates 0"));
  CHECK(has(b.command("clear"), "no faulty switches in the emulated fabric\nok\n"));
  const std::string plain = b.command("run");
  INFO(plain);
  CHECK(has(plain, ", replans 0\n"));
  CHECK(!has(plain, "fault:"));
}

TEST_CASE("a fault no schedule avoids: the exchange stops and counts what was not delivered") {
  DeviceBench b;
  REQUIRE(has(b.command("set trace=off"), "\nok\n"));
  REQUIRE(has(b.command("inject 0:3 4"), "\nok\n"));  // a first-stage switch cuts two processors off
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "fault: the fabric marked switch 3 of stage 0 faulty in round 4; no schedule avoids it: "));
  CHECK(has(r, "summary: rounds 4/16, "));
  CHECK(has(r, "pairs delivered 64/256, missing 192, duplicates 0"));
  CHECK(has(r, "error: exchange 1 stopped in round 4: "));
  CHECK(has(r, "192 messages not delivered (fabric: 192 pairs missing)\n"));
  CHECK(b.board.fabric().missing(16) == 192);
  CHECK(has(b.command("status"), " failed=1 last=failed "));
}

TEST_CASE("a second switch failing after the re-plan: one storage serves both re-plans, nothing counted twice") {
  DeviceBench b;
  REQUIRE(has(b.command("set trace=off ports=32"), "\nok\n"));
  REQUIRE(has(b.command("inject 2:5 3"), "\nok\n"));
  REQUIRE(has(b.command("inject 1:9 10"), "\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "re-planned around it"));
  // One storage (the bench's): once the first re-plan's deliveries are in the bits, the
  // second re-plan takes its storage.
  CHECK(has(r, "switch 9 of stage 1 faulty in round "));
  CHECK(has(r, "re-planned around both"));
  CHECK(has(r, "pairs delivered 1024/1024, missing 0, duplicates 0"));
  CHECK(has(r, "replans 2"));
  CHECK(b.board.fabric().missing(32) == 0);
  CHECK(b.board.fabric().tally().duplicates == 0);
  // The configured plan was planned again for the next run (a re-plan may have taken its storage).
  CHECK(has(b.command("clear"), "\nok\n"));
  CHECK(has(b.command("run"), "pairs delivered 1024/1024, missing 0, duplicates 0"));
}

TEST_CASE("a fault in the configuration: planned around from the start, relays counted by message") {
  DeviceBench b;
  for (const char* set : {"fault=1:2", "ports=32 fault=2:5", "topology=banyan fault=2:1"}) {
    REQUIRE(has(b.command(std::string("set trace=off ") + set), "\nok\n"));
    const std::string r = b.command("run");
    INFO(set, "\n", r);
    CHECK(has(r, "schedule fault-tolerant"));
    CHECK(has(r, "missing 0, duplicates 0"));
    CHECK(has(r, "relay errors 0, held 0"));
    CHECK(r.ends_with("\nok\n"));
  }
  CHECK(has(b.command("set fault=0:1"), "error: configuration refused: "));
}

TEST_CASE("inject needs a fabric that can; it is checked against the network") {
  DeviceBench b;
  CHECK(has(b.command("inject 1:8"), "error: switch 8 of stage 1 is outside the network"));
  for (int i = 0; i < 8; ++i) REQUIRE(has(b.command("inject 1:1"), "\nok\n"));
  CHECK(has(b.command("inject 1:1"), "error: at most 8 faults can be armed"));
}

TEST_CASE("a fault set above the board's plan storage is refused with the board's limit in words") {
  test::BoardDeviceBench<test::BasicHostBoard<64>, 64> b;  // storage for two faults at N = 64
  REQUIRE(b.command("set topology=omega ports=64 fault=2:1 fault=3:5").ends_with("\nok\n"));
  const std::string three = b.command("set fault=2:1 fault=3:5 fault=1:7");
  CHECK(three ==
        "error: configuration refused: 3 faults: at most 2 faults on this board at N = 64 (its fault-plan "
        "storage); nothing changed\n");
  CHECK(test::has(b.command("config"), " faults=2:1,3:5 "));
  test::DeviceBench single;  // the single-fault designs' storage alone
  const std::string two = single.command("set topology=omega ports=256 trace=off fault=1:2 fault=2:3");
  INFO(two);
  CHECK(test::has(two,
                  "error: configuration refused: a fault in this network needs relay-plan storage, and this board "
                  "keeps only the single-fault designs'"));
}
