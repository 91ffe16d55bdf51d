// Faults the fabric does not name (issue 24): a switch of the emulated fabric dies or
// sticks in one state mid-exchange, and FAULT does not mark it (inject ... hidden).
// The device sees it only in what the outputs receive: it stops at that round (the
// messages that arrived as sent are delivered, nothing that went astray counts),
// locates the switch and its type with test rounds, re-plans around it (a stuck
// switch kept in its state) and finishes. The fabric's counters and the emulator's
// own record must show every pair exactly once; the summary names the fault.
#include <doctest/doctest.h>

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
  const char* located;  ///< how the summary must name it
};

void run_case(const Case& c) {
  DeviceBench b;
  REQUIRE(has(b.command(std::string("set trace=off ") + c.set), "\nok\n"));
  const std::string armed = b.command(c.inject);
  INFO(c.set, " ", c.inject, "\n", armed);
  REQUIRE(armed.ends_with("\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(r, c.located));
  CHECK(has(r, "re-planned around it"));
  const std::uint64_t pairs = std::uint64_t{c.ports} * c.ports;
  CHECK(has(r, "pairs delivered " + std::to_string(pairs) + "/" + std::to_string(pairs) + ", missing 0, duplicates 0"));
  CHECK(has(r, "relay errors 0"));
  CHECK(b.board.fabric().missing(c.ports) == 0);
  CHECK(b.board.fabric().tally().delivered == pairs);
  CHECK(b.board.fabric().tally().duplicates == 0);
}

}  // namespace

TEST_CASE("hidden faults: located from the outputs, re-planned, every pair exactly once") {
  const Case cases[] = {
      {"topology=omega ports=32", 32, "inject 2:5 7 stuck=1 hidden", "switch 5 of stage 2 stuck cross"},
      {"topology=omega ports=32", 32, "inject 2:5 7 dead hidden", "switch 5 of stage 2 dead"},
      {"topology=omega ports=32", 32, "inject 2:5 0 stuck=0 hidden", "switch 5 of stage 2 stuck straight"},
      {"topology=banyan ports=16", 16, "inject 2:1 5 stuck=1 hidden", "switch 1 of stage 2 stuck cross"},
      {"topology=baseline ports=32", 32, "inject 0:3 10 stuck=1 hidden", "switch 3 of stage 0 stuck cross"},
      {"topology=baseline ports=32", 32, "inject 3:3 10 dead hidden", "switch 3 of stage 3 dead"},
      {"topology=reverse-omega ports=64", 64, "inject 5:9 40 stuck=0 hidden", "switch 9 of stage 5 stuck straight"},
      {"topology=gsen ports=16", 16, "inject 1:3 15 dead hidden", "switch 3 of stage 1 dead"},
  };
  for (const Case& c : cases) run_case(c);
}

TEST_CASE("two hidden faults: each stop locates one, the summary names both") {
  DeviceBench b;
  REQUIRE(has(b.command("set trace=off topology=omega ports=32"), "\nok\n"));
  REQUIRE(b.command("inject 2:5 7 stuck=1 hidden").ends_with("\nok\n"));
  REQUIRE(b.command("inject 1:3 20 dead hidden").ends_with("\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(r, "located switch 5 of stage 2 stuck cross, switch 3 of stage 1 dead, with "));
  CHECK(has(r, " (2 stops); re-planned around them"));
  CHECK(has(r, "pairs delivered 1024/1024, missing 0, duplicates 0"));
  CHECK(b.board.fabric().missing(32) == 0);
  CHECK(b.board.fabric().tally().duplicates == 0);
}

TEST_CASE("inject: kinds parse, and bad words are refused specifically") {
  DeviceBench b;
  REQUIRE(has(b.command("set trace=off topology=omega ports=16"), "\nok\n"));
  CHECK(has(b.command("inject 1:2 stuck=1 hidden"), "sticks cross from round 0 of the next exchange (hidden"));
  CHECK(has(b.command("inject 1:3 4 dead"), "switch 3 of stage 1 fails from round 4"));
  CHECK(has(b.command("inject 1:2 stuck=2"), "is not dead, stuck=0, stuck=1 or hidden"));
  CHECK(has(b.command("inject 1:2 dead stuck=1"), "repeats a kind"));
  CHECK(has(b.command("inject 1:2 hidden hidden"), "repeats a kind"));
}
