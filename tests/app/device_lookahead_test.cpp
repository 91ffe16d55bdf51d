// The controller device in look-ahead mode (`set mode=lookahead`,
// device_lookahead.hpp) on the host: the board's slot timer is played on the
// look-ahead loop's waits (played_slot_timer.hpp) and writes each round's
// STAGE_CTRL word and COMMIT to the register block, the emulated fabric takes
// them up from the far side. The verdicts are the fabric's counters, checked
// against the emulator's own record; the refusals come before anything runs.
#include <a2a/app/device_lookahead.hpp>

#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "device_bench.hpp"

using namespace a2a;
using a2a::test::DeviceBench;
using a2a::test::has;

namespace {

/// Look-ahead with 100 us slots (10 looks at the host board's clock), trace off, then `words`.
std::string lookahead(DeviceBench& b, const std::string& words) {
  return b.command("set mode=lookahead slot_us=100 trace=off " + words);
}

}  // namespace

TEST_CASE("look-ahead: the slot timer commits every round; the fabric counts each pair once") {
  DeviceBench b;
  const std::string set = b.command("set order=gray mode=lookahead slot_us=100");
  INFO(set);
  CHECK(has(set,
            "config: topology=omega ports=16 radix=2 schedule=latin-square order=gray faults=none slot_us=100 "
            "trace=on valid=yes source=set mode=lookahead\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(r,
            "exchange 1/1: omega, N = 16, d = 2, 4 stages; schedule latin-square, gray order, 16 rounds; "
            "look-ahead, a slot every 100 us\n"));
  CHECK(has(r, "round 15: word 8"));  // the trace, per confirmed round (Gray code of 15)
  CHECK(has(r, "summary: rounds 16/16, "));
  CHECK(has(r,
            "pairs delivered 256/256, missing 0, duplicates 0, misroutes 0, conflicts 0, crosstalk 0, relayed 0, "
            "relay errors 0, held 0, faulted rounds 0, retries 0, late 0, replans 0, underruns "));
  CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once\n"));
  CHECK(!has(r, "look-ahead: stopped"));
  CHECK(b.board.fabric().missing(16) == 0);    // the emulator's own record agrees
  CHECK(b.board.slot_ring().written() == 16);  // every COMMIT came from the slot timer
  CHECK(b.board.crumbs[1] == 0);

  // Back to the direct loop: no slot timer, no underruns in the summary.
  REQUIRE(has(b.command("set mode=direct trace=off"), "slot_us=100 trace=off valid=yes source=set mode=direct\n"));
  const std::string direct = b.command("run");
  INFO(direct);
  CHECK(has(direct, "pairs delivered 256/256, missing 0, duplicates 0"));
  CHECK(!has(direct, "underruns"));
  CHECK(!has(direct, "look-ahead"));
  CHECK(b.board.slot_ring().written() == 16);
}

TEST_CASE("look-ahead: every one-stage Gray-step family, run COUNT, status") {
  DeviceBench b;
  for (const std::string words :
       {"topology=omega ports=64 radix=4 order=gray", "topology=gsen ports=10 radix=2",
        "topology=gsen ports=30 order=gray", "topology=gsen ports=16 order=gray",
        "topology=baseline ports=32 order=gray", "topology=reverse-banyan ports=256 radix=16 order=gray",
        "topology=banyan ports=128 radix=2 order=gray"}) {
    const std::string set = lookahead(b, words);
    INFO(words, "\n", set);
    REQUIRE(set.ends_with("\nok\n"));
    const std::string r = b.command("run 2");
    INFO(r);
    CHECK(r.ends_with("\nok\n"));
    CHECK(has(r, "exchange 2/2: "));
    CHECK(has(r, "look-ahead, a slot every 100 us\n"));
    CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0, crosstalk 0"));
    CHECK(!has(r, "\nerror:"));
  }
  CHECK(has(b.command("status"), "exchanges=14 failed=0 last=ok rounds=128/128 delivered=16384/16384 missing=0"));
}

TEST_CASE("look-ahead: refused without a slot period and for rounds that change several stages") {
  DeviceBench b;
  CHECK(has(b.command("set mode=fast"), "error: 'mode=fast' refused: "));
  CHECK(has(b.command("config"), " slot_us=0 trace=on valid=yes source=block mode=direct\n"));
  REQUIRE(has(b.command("set order=gray mode=lookahead"), "\nok\n"));
  CHECK(b.command("run") ==
        "error: look-ahead mode needs slot_us > 0 (the slot timer's period in microseconds); nothing was run\n");
  const struct {
    const char* words;
    const char* refusal;
  } cases[] = {
      {"order=natural", "not latin-square in natural order with d = 2; nothing was run (mode=direct runs it)\n"},
      {"topology=reverse-baseline ports=27 radix=3 order=gray", "not latin-square in gray order with d = 3;"},
      {"topology=gsen ports=12 radix=2 order=natural", "not gsen-stage-control in natural order with d = 2;"},
      {"topology=gsen ports=20", "not doubly-alternating in natural order with d = 2;"},
      {"topology=shift ports=16", "not shift in natural order with d = 2;"},
      {"topology=omega ports=16 order=gray fault=1:2", "not fault-tolerant in gray order with d = 2;"},
  };
  for (const auto& c : cases) {
    const std::string set = lookahead(b, c.words);
    INFO(set);
    REQUIRE(has(set, "\nok\n"));
    const std::string r = b.command("run");
    INFO(c.words, "\n", r);
    CHECK(
        r.starts_with("error: look-ahead mode runs only rounds that change one stage each (latin-square in gray "
                      "order with d = 2^w, alternating), "));
    CHECK(has(r, c.refusal));
  }
  // Refused before the fabric is touched: no exchange, an armed fault stays armed.
  REQUIRE(has(b.command("inject 2:1 3"), "\nok\n"));
  CHECK(has(b.command("run"), "error: look-ahead mode runs only"));
  CHECK(has(b.command("status"), "exchanges=0 "));
  CHECK(has(b.command("status"), "injections_armed=1"));
  CHECK(b.board.slot_ring().written() == 0);
}

TEST_CASE("look-ahead: a switch failing mid-exchange hands over to the direct loop's re-plan, nothing lost or twice") {
  DeviceBench b;
  REQUIRE(has(lookahead(b, "ports=32 order=gray"), "\nok\n"));
  REQUIRE(has(b.command("inject 2:5 7"), "\nok\n"));
  const std::string r = b.command("run");
  INFO(r);
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(r, "pairs delivered 1024/1024, missing 0, duplicates 0, "));
  // Round 7 is flagged twice: by the slot timer's commit, then by the direct loop's try.
  CHECK(has(r, "relay errors 0, held 0, faulted rounds 2, retries 0, late "));
  CHECK(has(r, ", replans 1, stall_us "));
  CHECK(has(r, ", underruns "));
  CHECK(has(r,
            "\nlook-ahead: stopped at round 7: the fabric flagged the round (conflict, optical crosstalk, faulty "
            "switch or misroute); the direct round loop took over from that round\n"));
  CHECK(has(r, "fault: the fabric marked switch 5 of stage 2 faulty in round 7; re-planned around it"));
  CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once\n"));
  CHECK(b.board.fabric().missing(32) == 0);
  CHECK(b.board.slot_ring().written() == 8);  // rounds 0..7: nothing after the flagged round was committed
}

TEST_CASE("look-ahead: a fault no schedule avoids stops the exchange with what was not delivered") {
  DeviceBench b;
  REQUIRE(has(lookahead(b, "order=gray"), "\nok\n"));
  REQUIRE(has(b.command("inject 0:1 3"), "\nok\n"));  // a first-stage switch cuts processors off
  const std::string r = b.command("run");
  INFO(r);
  CHECK(has(r, "look-ahead: stopped at round 3: "));
  CHECK(has(r, "no schedule avoids it: "));
  CHECK(has(r, "error: exchange 1 stopped in round 3: "));
  CHECK(has(r, "pairs delivered 48/256, missing 208, duplicates 0"));  // rounds 0..2, each pair once
  CHECK(has(r, "; 208 messages not delivered (fabric: 208 pairs missing)\n"));
}

TEST_CASE("look-ahead: a stopped run's pending messages, N a round not run, as messages_from_round counts them") {
  // Counted in O(1) when the slot timer stops (device_lookahead.hpp); the count of every
  // round's sends, the first, a middle and the last round, up to the boards' N = 256.
  for (const auto& network :
       {std::pair{2U, 4U}, std::pair{2U, 32U}, std::pair{2U, 256U}, std::pair{4U, 16U}, std::pair{4U, 256U}}) {
    const std::uint32_t radix = network.first;  // named, not bound: doctest's INFO captures them
    const std::uint32_t ports = network.second;
    const Network net = make_network(Topology::omega, ports, radix).value();
    for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      const auto latin = LatinSquareSchedule<>::make(net, order).value();
      for (const std::uint32_t done : {0U, 1U, latin.rounds() / 2, latin.rounds() - 1, latin.rounds()}) {
        INFO("latin N=", ports, " d=", radix, " done=", done);
        CHECK(app::detail::lookahead_pending(latin, done) == app::messages_from_round(latin, done));
      }
    }
  }
  for (const std::uint32_t ports : {6U, 10U, 254U}) {  // GSEN, N = 2 mod 4
    const auto alternating = AlternatingSchedule::make(make_network(Topology::gsen, ports).value()).value();
    for (const std::uint32_t done :
         {0U, 1U, alternating.rounds() / 2, alternating.rounds() - 1, alternating.rounds()}) {
      INFO("alternating N=", ports, " done=", done);
      CHECK(app::detail::lookahead_pending(alternating, done) == app::messages_from_round(alternating, done));
    }
  }
}

TEST_CASE("look-ahead: status answers while the slot timer runs; stop ends the run at a round boundary") {
  DeviceBench b;
  REQUIRE(lookahead(b, "topology=omega ports=64 order=gray").ends_with("\nok\n"));
  b.board.type("run 3\n");
  // Poll until the second exchange is under way (its rounds come from the slot timer).
  std::string during;
  for (std::uint32_t i = 0; i < 1000000 && !has(during, "exchange 2/3"); ++i) {
    b.device->poll();
    during += b.board.take_output();
  }
  REQUIRE(has(during, "exchange 2/3"));
  const std::string status = b.command("status");
  INFO(status);
  CHECK(has(status, " running=2/3 round="));
  const std::string stop = b.command("stop");
  CHECK(has(stop, "stopping: exchange 2/3 ends at the next round boundary"));
  const std::string end = b.reply();
  INFO(end);
  CHECK(has(end, "error: exchange 2 stopped in round "));
  CHECK(has(end, "stopped at a round boundary as asked (stop)"));
  // Every round the slot timer committed was confirmed: nothing half-run, nothing twice.
  CHECK(has(end, "duplicates 0, misroutes 0, conflicts 0"));
  CHECK_FALSE(has(end, "exchange 3/3"));
  CHECK_FALSE(b.device->busy());
  const std::string next = b.command("run");
  INFO(next);
  CHECK(has(next, "pairs delivered 4096/4096, missing 0, duplicates 0"));
  CHECK(next.ends_with("\nok\n"));
}
