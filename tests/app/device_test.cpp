// The controller device on the host: its console, its commands and its
// exchanges, with the emulated fabric answering from the far side of the
// register block. The verdicts come from the fabric's counters; the tests check
// them against the emulator's own record where it matters.
#include <a2a/app/device.hpp>
#include <a2a/app/counting_bus.hpp>
#include <a2a/app/device_board.hpp>
#include <a2a/app/device_settings.hpp>
#include <a2a/app/line_reader.hpp>

#include <doctest/doctest.h>

#include "device_bench.hpp"

#include <string>

using namespace a2a;
using a2a::test::DeviceBench;
using a2a::test::has;

TEST_CASE("the banner names the board, the reset cause, the configuration and the fabric") {
  DeviceBench b;
  INFO(b.banner);
  CHECK(has(b.banner, "a2a controller "));
  CHECK(has(b.banner, " on host\n"));
  CHECK(has(b.banner, "reset cause: power-on\n"));
  CHECK(has(b.banner, "config: topology=omega ports=16 radix=2 schedule=latin-square order=natural faults=none"));
  CHECK(has(b.banner, "fabric: a2a block at capacity 256 ports, 16 stages, fault injection available\n"));
  CHECK(b.banner.ends_with("ready\n"));
}

TEST_CASE("run: the default exchange, verified by the fabric's counters") {
  DeviceBench b;
  const std::string r = b.command("run");
  INFO(r);
  CHECK(r.ends_with("\nok\n"));
  CHECK(has(r, "exchange 1/1: omega, N = 16, d = 2, 4 stages; schedule latin-square, natural order, 16 rounds\n"));
  CHECK(has(r, "round 15: word 15"));
  CHECK(has(r, "summary: rounds 16/16, "));
  CHECK(has(r, "pairs delivered 256/256, missing 0, duplicates 0, misroutes 0, conflicts 0"));
  CHECK(has(r, "verified by the fabric's counters: every pair delivered exactly once\n"));
  CHECK(b.board.fabric().missing(16) == 0);  // the emulator's own record agrees
  CHECK(b.board.crumbs[1] == 0);             // no exchange left marked as running
}

TEST_CASE("set chooses another fabric; every family runs and verifies") {
  DeviceBench b;
  // Each line names the whole network: set changes only what it names.
  for (const std::string words :
       {"topology=gsen ports=10", "topology=gsen ports=30 order=gray", "topology=omega ports=64 radix=4",
        "topology=reverse-baseline ports=27 radix=3 order=gray", "topology=banyan ports=256 radix=2",
        "topology=gsen ports=20 schedule=broadcast", "topology=shift ports=64",
        "topology=reverse-banyan ports=32 schedule=optical order=gray"}) {
    const std::string set = b.command("set trace=off " + words);
    INFO(words, "\n", set);
    REQUIRE(set.ends_with("\nok\n"));
    const std::string r = b.command("run");
    INFO(r);
    CHECK(r.ends_with("\nok\n"));
    CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0, crosstalk 0"));
  }
}

TEST_CASE("run COUNT runs exchanges back to back; status reports the last") {
  DeviceBench b;
  const std::string r = b.command("run 3");
  INFO(r);
  CHECK(has(r, "exchange 1/3"));
  CHECK(has(r, "exchange 3/3"));
  CHECK(r.ends_with("\nok\n"));
  const std::string s = b.command("status");
  INFO(s);
  CHECK(has(s,
            "status: board=host reset=power-on config=valid exchanges=3 failed=0 last=ok rounds=16/16 "
            "delivered=256/256 missing=0 duplicates=0 late=0 replans=0 fabric=ok fabric_rounds=48"));
}

TEST_CASE("bad lines get one error reply each and change nothing") {
  DeviceBench b;
  const std::string before = b.command("config");
  CHECK(has(b.command("frobnicate"), "error: unknown command 'frobnicate' (try help)\n"));
  CHECK(has(b.command("run 0"), "error: usage: run [COUNT], COUNT 1..1000\n"));
  CHECK(has(b.command("run 2 3"), "error: usage: run"));
  CHECK(has(b.command("set ports=12"), "error: configuration refused: N must be a power of the radix"));
  CHECK(has(b.command("set speed=fast"), "error: 'speed=fast' refused: unknown configuration key"));
  CHECK(has(b.command("set slot_us=x"), "error: 'slot_us=x' refused"));
  // A key given twice is refused, naming the second word (set refuses a key given twice).
  CHECK(has(b.command("set ports=16 ports=32"), "error: 'ports=32' refused: this configuration key was already given"));
  CHECK(
      has(b.command("set trace=on trace=off"), "error: 'trace=off' refused: this configuration key was already given"));
  CHECK(has(b.command("set ports=65536"), "error: N = 65536 is above this image's capacity of 256 ports"));
  // The shift network has N switches per stage: on a 256-port block it stops at N = 128.
  CHECK(has(b.command("set topology=shift ports=256"),
            "error: the shift network of N = 256 does not fit this image's fabric block (at most 128 switches "
            "per stage); nothing changed\n"));
  CHECK(has(b.command("set"), "error: set needs KEY=VALUE words"));
  // help lists every key `set` takes, from the table set parses with, the device's marked.
  const std::string listed = "\n" + b.command("help set");
  CHECK(listed.ends_with("\nok\n"));
  CHECK(has(b.command("help"), "set KEY=VALUE ...        change it, every word or none (help set: the keys)\n"));
  CHECK(b.command("help sets") == "error: usage: help [set]; nothing was done\n");
  CHECK(b.command("help set now") == "error: usage: help [set]; nothing was done\n");
  for (const a2a::SetKey& key : a2a::kSetKeys) {
    const std::size_t at = listed.find("\n  " + std::string(key.name) + "=");
    REQUIRE_MESSAGE(at != std::string::npos, key.name);
    const std::string line = listed.substr(at + 1, listed.find('\n', at + 1) - at - 1);
    CHECK_MESSAGE(has(line, std::string(key.help)), line);
    CHECK(has(line, "(device)") == (key.owner == a2a::KeyOwner::device));
  }
  CHECK(has(listed, "  topology=omega|baseline|"));  // the names this build knows
  CHECK(has(listed, "  fabric=a2a|spi-chain"));
  CHECK(has(b.command("inject 2"), "error: inject:"));
  CHECK(has(b.command("inject 4:0"), "error: switch 0 of stage 4 is outside the network (4 stages of 8 switches)"));
  CHECK(has(b.command(std::string(200, 'x')), "error: line longer than 160 characters: ignored\n"));
  CHECK(has(b.command(std::string("run\x01\xff")), "error: line holds bytes that are not printable ASCII"));
  // A line with no end: given up once the console has been idle long enough.
  b.board.type("ru");
  b.board.tick_us = 1000;
  CHECK(has(b.reply(), "error: line without an end (no CR or LF for 5 s): ignored\n"));
  CHECK(b.command("config") == before);
  CHECK(has(b.command("status"), " exchanges=0 "));
  // CR LF ends one line, not two; a blank line is no command.
  b.board.type("\r\n\r\nhelp\r\n");
  const std::string help = b.reply();
  CHECK(has(help, "inject STAGE:SWITCH [ROUND]"));
  CHECK(help.ends_with("\nok\n"));
}

TEST_CASE("lines sent back to back are each executed, none loses a byte") {
  DeviceBench b;
  // Four commands in one burst, as a host script writes them: every reply in order (a
  // command other than status or stop waits until the run's reply has ended).
  b.board.type("config\nrun\r\nconfig\nstatus\n");
  const std::string config = b.reply();
  CHECK(has(config, "config: "));
  CHECK(config.ends_with("\nok\n"));
  const std::string run = b.reply();
  INFO(run);
  CHECK_FALSE(has(run, "unknown command"));
  CHECK(has(run, "exchange 1/1"));
  CHECK(has(run, "verified by the fabric's counters"));
  CHECK_FALSE(has(run, "config: "));
  const std::string again = b.reply();
  CHECK(has(again, "config: "));
  const std::string status = b.reply();
  CHECK(has(status, " exchanges=1 "));
  CHECK(has(status, " running=no"));
  CHECK(status.ends_with("\nok\n"));
}

TEST_CASE("settle_us and guard_us: refused on the a2a block, which carries a round when committed") {
  DeviceBench b;
  const std::string r = b.command("set settle_us=10 guard_us=1");
  INFO(r);
  CHECK(has(r,
            "error: configuration refused: settle_us and guard_us are the settle and guard times of switch "
            "hardware the controller latches"));
  CHECK(has(r, "; nothing changed\n"));
  CHECK(has(b.command("set settle_us=1000001"),
            "error: 'settle_us=1000001' refused: the configuration's settle_us and "
            "guard_us are at most 1000000 microseconds (one second); "
            "nothing changed"));
  CHECK(has(b.command("set settle_us=0 guard_us=0"), "\nok\n"));  // 0: nothing to wait, as before
}

TEST_CASE("an exchange's start waits for no fabric action: each is confirmed over polls; stop there ends the run") {
  DeviceBench b;
  CHECK(b.command("set trace=off").ends_with("\nok\n"));
  REQUIRE(has(b.command("inject 1:2 5 hidden"), "\nok\n"));
  // The counters' clear and the injection are each written, then confirmed by one read
  // a poll(): the emulated block answers every third read, so the start takes polls.
  b.board.type("run\n");
  std::string started;
  std::uint32_t polls = 0;
  for (; polls < 1000 && !has(started, "exchange 1/1"); ++polls) {
    b.device->poll();
    started += b.board.take_output();
  }
  REQUIRE(has(started, "exchange 1/1"));
  CHECK(polls > 1);
  const std::string rest = b.reply();
  CHECK(has(rest, "pairs delivered 256/256, missing 0, duplicates 0"));  // the injection was handed over and found
  CHECK(has(rest, "located switch 2 of stage 1"));
  // `stop` read while the start is under way: no round runs, and the run's reply ends
  // as a stop's always does, with the error line (a host cannot take it for a whole run).
  CHECK(b.command("clear").ends_with("\nok\n"));
  b.board.type("run 3\nstop\n");
  const std::string both = b.reply();  // stop's reply, then the run's
  INFO(both);
  CHECK(has(both, "stopping: exchange 1/3 ends at the next round boundary"));
  CHECK_FALSE(has(both, "exchange 1/3:"));  // its rounds never started
  CHECK(
      both.ends_with("\nok\nerror: exchange 1 stopped before its first round: stopped at a round boundary as "
                     "asked (stop); the fabric is idle, nothing of a round is half-run; 256 messages not delivered\n"));
  CHECK_FALSE(b.device->busy());
  CHECK(has(b.command("run"), "pairs delivered 256/256, missing 0, duplicates 0"));
}

TEST_CASE("stop at any poll of a run: the run's reply ends with the stop's error, never ok") {
  // Every point a stop can come at, one poll after the other: in a round, between an
  // exchange's last round and its verdict, before the next one starts. A stop in the
  // last round once let the run end with ok although its other exchanges never ran.
  std::uint32_t stopped = 0;
  for (std::uint32_t polls = 0; polls < 20000; ++polls) {
    DeviceBench b;
    REQUIRE(b.command("set trace=off").ends_with("\nok\n"));
    b.board.type("run 3\n");
    std::string before;
    for (std::uint32_t i = 0; i < polls; ++i) {
      b.device->poll();
      before += b.board.take_output();
    }
    if (has(before, "exchange 3/3")) break;  // from here on the run's end is not a stop's
    const std::string stop = b.command("stop");
    INFO("stop after " << polls << " polls: " << before << stop);
    REQUIRE(has(stop, "stopping: exchange "));
    const std::string end = has(stop, "stopped") ? stop : b.reply();
    INFO(end);
    CHECK(has(end, "stopped at a round boundary as asked (stop)"));
    CHECK_FALSE(end.ends_with("\nok\n"));
    CHECK_FALSE(b.device->busy());
    ++stopped;
  }
  CHECK(stopped > 10);
}

TEST_CASE("status answers while a run goes on; stop ends it at a round boundary; the next run is clean") {
  DeviceBench b;
  CHECK(b.command("set trace=off").ends_with("\nok\n"));
  b.board.type("run 50\n");
  // Poll until the run is under way (its first exchange line), then ask.
  std::string during;
  for (std::uint32_t i = 0; i < 100000 && !has(during, "exchange 2/50"); ++i) {
    b.device->poll();
    during += b.board.take_output();
  }
  REQUIRE(has(during, "exchange 2/50"));
  const std::string status = b.command("status");
  INFO(status);
  CHECK(has(status, " running=2/50 round="));
  CHECK(status.ends_with("\nok\n"));
  const std::string stop = b.command("stop");
  CHECK(has(stop, "stopping: exchange 2/50 ends at the next round boundary"));
  CHECK(stop.ends_with("\nok\n"));
  const std::string end = b.reply();
  INFO(end);
  CHECK(has(end, "error: exchange 2 stopped in round "));
  CHECK(has(end, "stopped at a round boundary as asked (stop)"));
  CHECK(has(end, "duplicates 0, misroutes 0, conflicts 0"));
  CHECK_FALSE(has(end, "exchange 3/50"));
  CHECK_FALSE(b.device->busy());
  CHECK(has(b.command("status"), " running=no"));
  CHECK(has(b.command("stop"), "error: stop: no exchange is running"));
  const std::string next = b.command("run");
  CHECK(has(next, "pairs delivered 256/256, missing 0, duplicates 0"));
  CHECK(next.ends_with("\nok\n"));
}

TEST_CASE("a corrupted block is refused at boot; set gives a whole configuration") {
  auto block = encode_config(ControllerConfig{});
  block[13] ^= 0x80U;  // one flipped bit in N
  DeviceBench b(block);
  INFO(b.banner);
  CHECK(has(b.banner, "error: configuration block refused: configuration block CRC-32 mismatch"));
  CHECK(has(b.command("run"), "error: no valid configuration"));
  CHECK(has(b.command("status"), " config=invalid "));
  CHECK(b.board.fabric().tally().delivered == 0);
  CHECK(has(b.command("set ports=8"), "\nok\n"));
  CHECK(has(b.command("run"), "pairs delivered 64/64, missing 0, duplicates 0"));
}

TEST_CASE("a provisioned block the image refuses: the banner says why and the built-in default runs") {
  ControllerConfig big;
  big.ports = 1024;  // above the bench image's capacity of 256
  DeviceBench b(encode_config(big));
  INFO(b.banner);
  CHECK(has(b.banner, "error: the provisioned configuration is refused: "));
  CHECK(has(b.banner, "the built-in default runs, set can replace it\n"));
  CHECK(has(b.banner, "config: topology=omega ports=4 "));
  CHECK(has(b.banner, " valid=yes source=default "));
  CHECK(b.banner.ends_with("ready\n"));
  CHECK(has(b.command("run"), "pairs delivered 16/16, missing 0, duplicates 0"));
  CHECK(has(b.command("set ports=16"), "\nok\n"));
}

TEST_CASE("the boot-loop guard: after two watchdog resets while applying the block, it is not applied") {
  for (const std::uint32_t resets_before : {0U, 1U}) {
    test::HostBoard board;
    board.cause = app::ResetCause::watchdog;
    board.crumbs[3] = 0xA2A0B000U | resets_before;  // the marker a boot left while applying the block
    SingleFaultPlanStorage<test::kDevicePorts> storage;
    ControllerConfig banyan;
    banyan.topology = Topology::banyan;
    const auto block = encode_config(banyan);
    const auto fallback = encode_config(test::DeviceBench::kDefault);
    test::HostDevice device(board, block, fallback, storage.span());
    device.boot();
    const std::string banner = board.take_output();
    INFO(resets_before, "\n", banner);
    if (resets_before == 0) {  // one reset so far: the block is applied again
      CHECK(has(banner, "config source: the provisioned configuration block\n"));
      CHECK(has(banner, "config: topology=banyan "));
    } else {  // the second in a row: not applied
      CHECK(has(banner,
                "error: the provisioned configuration block was not applied: the watchdog reset the device 2 "
                "times in a row while applying it"));
      CHECK(has(banner, "config: topology=omega ports=4 "));
    }
    CHECK(board.crumbs[3] == 0);  // applied (or skipped) without a reset: the count starts over
  }
}

TEST_CASE("a blank configuration region runs the built-in default; a provisioned block wins") {
  DeviceBench zeros(std::array<std::uint8_t, kConfigBlockSize>{});
  INFO(zeros.banner);
  CHECK(has(zeros.banner, "config source: the image's built-in default (the configuration block is blank)\n"));
  CHECK(has(zeros.banner, "config: topology=omega ports=4 "));
  CHECK(has(zeros.command("config"), " source=default mode=direct\n"));
  CHECK(has(zeros.command("run"), "pairs delivered 16/16, missing 0, duplicates 0"));
  std::array<std::uint8_t, kConfigBlockSize> erased{};
  erased.fill(0xFF);
  DeviceBench flash(erased);
  CHECK(has(flash.banner, "config: topology=omega ports=4 "));
  ControllerConfig banyan;
  banyan.topology = Topology::banyan;
  DeviceBench provisioned(encode_config(banyan));
  INFO(provisioned.banner);
  CHECK(has(provisioned.banner, "config source: the provisioned configuration block\n"));
  CHECK(has(provisioned.banner, "config: topology=banyan ports=16 "));
  CHECK(has(provisioned.command("set ports=8"), " source=set mode=direct\n"));
}

TEST_CASE("slot pacing: rounds wait for their slot; a round that overruns it is late") {
  DeviceBench b;
  REQUIRE(has(b.command("set slot_us=1000000 trace=off"), "slot_us=1000000"));
  const std::string paced = b.command("run");
  INFO(paced);
  CHECK(has(paced, ", late 0, "));
  b.board.tick_us = 5000;  // every look at the clock costs 5 ms: 1 ms slots overrun
  REQUIRE(has(b.command("set slot_us=1000"), "\nok\n"));
  const std::string late = b.command("run");
  INFO(late);
  CHECK(has(late, ", late 16, "));
  CHECK(has(late, "missing 0, duplicates 0"));  // late is reported, nothing lost
}

TEST_CASE("after a watchdog reset in an exchange the banner says so and nothing resumes") {
  test::HostBoard board;
  board.cause = app::ResetCause::watchdog;
  board.crumbs[1] = 0xA2A0E7C1U;  // the breadcrumb of an exchange that was running
  board.crumbs[2] = 3;
  SingleFaultPlanStorage<test::kDevicePorts> storage;
  const auto block = encode_config(ControllerConfig{});
  test::HostDevice device(board, block, block, storage.span());
  device.boot();
  const std::string banner = board.take_output();
  INFO(banner);
  CHECK(has(banner, "reset cause: watchdog\n"));
  CHECK(has(banner, "warning: an exchange was running at the reset (3 rounds delivered): it is not resumed"));
  CHECK(board.crumbs[1] == 0);
  CHECK(board.fabric().tally().delivered == 0);
}

TEST_CASE("a register that does not take: the round is retried, never committed half-valid") {
  DeviceBench b;
  b.board.raw_bus().stubborn_offset = test::DeviceLayout::port_header(7);
  b.board.raw_bus().stubborn_writes = 1;
  const std::string once = b.command("run");
  INFO(once);
  CHECK(has(once, ", retries 1, "));
  CHECK(has(once, "pairs delivered 256/256, missing 0, duplicates 0"));
  b.board.raw_bus().stubborn_writes = ~0U;  // never takes
  const std::string never = b.command("run");
  INFO(never);
  CHECK(has(never, "pairs delivered 0/256"));
  CHECK(has(never, "error: exchange 1 stopped in round 0: a fabric register read back differs"));
  CHECK(has(never, "256 messages not delivered"));
}
