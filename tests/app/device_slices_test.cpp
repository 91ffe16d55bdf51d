// The device plans and diagnoses in slices (Device::slice_on, sliced_call.hpp): a
// planning at the host board's capacity (N = 256) takes many poll()s, one planning
// step each, and replies exactly as a device planning in one piece does; lines typed
// meanwhile are held and answered in order; `status` and `stop` still answer during a
// run's re-planning; the banner of a provisioned block with faults ends after its
// planning. The slices' length in instructions is measured on the boards
// (bench_planning, docs/PERFORMANCE.md), not here.
#include <doctest/doctest.h>

#include <string>

#include "device_bench.hpp"

using namespace a2a;
using a2a::test::DeviceBench;
using a2a::test::has;

namespace {
/// Types `line` and polls until its reply ends; counts the poll()s.
std::string timed(DeviceBench& b, std::string_view line, std::uint32_t& polls) {
  b.board.type(line);
  b.board.type("\n");
  std::string text;
  for (polls = 0; polls < 2000000 && !a2a::test::ends_reply(text); ++polls) {
    b.device->poll();
    text += b.board.take_output();
  }
  return text;
}
constexpr std::string_view kFaultySet = "set trace=off topology=banyan ports=256 fault=4:37";
}  // namespace

TEST_CASE("slices: set at capacity plans in many polls and replies as the one-piece planning does") {
  DeviceBench sliced;
  DeviceBench whole(encode_config(ControllerConfig{}), false);
  std::uint32_t sliced_polls = 0;
  std::uint32_t whole_polls = 0;
  const std::string a = timed(sliced, kFaultySet, sliced_polls);
  const std::string b = timed(whole, kFaultySet, whole_polls);
  INFO(a);
  CHECK(a.ends_with("\nok\n"));
  CHECK(a == b);
  CHECK(whole_polls == 1);
  CHECK(sliced_polls > 100);  // the relay planner's steps at N = 256
  CHECK(sliced.device->slice_stack_used() > 0);
  CHECK(sliced.device->slice_stack_used() < a2a::test::kSliceStackBytes);
  // The runs of both are the same exchange.
  const std::string ra = sliced.command("run");
  CHECK(ra.ends_with("\nok\n"));
  CHECK(ra == whole.command("run"));
}

TEST_CASE("slices: lines typed while set plans are held and answered in order") {
  DeviceBench b;
  b.board.type(std::string(kFaultySet) + "\nstatus\nconfig\n");
  std::string text;
  std::uint32_t polls = 0;
  for (; polls < 2000000 && !has(text, "\nconfig: "); ++polls) {
    b.device->poll();
    text += b.board.take_output();
  }
  for (std::uint32_t k = 0; k < 10; ++k) b.device->poll();
  text += b.board.take_output();
  INFO(text);
  const auto set_ok = text.find("ok\n");
  const auto status = text.find("status: ");
  const auto config = text.find("\nconfig: ", status);
  REQUIRE(set_ok != std::string::npos);
  REQUIRE(status != std::string::npos);
  CHECK(set_ok < status);  // set's reply first, though status came during its planning
  CHECK(config != std::string::npos);
  CHECK(has(text.substr(config), "faults=4:37"));
}

namespace {
/// Runs baseline N = 256 with a switch failing in round 4; the poll()s from the faulted
/// round to the run's end; `status` typed then, and the poll()s until it answered.
struct Replan {
  std::string text;
  std::uint32_t polls_after_fault{0};
  std::uint32_t status_after{0};
};
Replan replan(bool sliced) {
  DeviceBench b(encode_config(ControllerConfig{}), sliced);
  Replan out;
  REQUIRE(has(b.command("set trace=off topology=baseline ports=256"), "\nok\n"));
  REQUIRE(has(b.command("inject 3:40 4"), "\nok\n"));
  b.board.type("run\n");
  for (std::uint32_t polls = 0; polls < 2000000 && b.board.fabric().tally().faulted_rounds == 0; ++polls) {
    b.device->poll();
    out.text += b.board.take_output();
  }
  REQUIRE(b.board.fabric().tally().faulted_rounds == 1);
  b.board.type("status\n");
  for (; out.polls_after_fault < 2000000 && (b.device->busy() || out.status_after == 0); ++out.polls_after_fault) {
    b.device->poll();
    out.text += b.board.take_output();
    if (out.status_after == 0 && has(out.text, "status: ")) out.status_after = out.polls_after_fault + 1;
  }
  return out;
}
}  // namespace

TEST_CASE("slices: a run's plan around a fault at capacity is sliced beside its rounds; status answers during it") {
  const Replan sliced = replan(true);
  const Replan whole = replan(false);
  INFO(sliced.text);
  CHECK(has(sliced.text, " running=1/1 "));
  CHECK(sliced.status_after <= 2);  // the next poll, in the re-plan's first slices
  // The same completion either way (planned beside the rounds in slices, or in one piece).
  const auto rounds_of = [](const std::string& t) { return t.substr(t.find("summary: rounds "), 24); };
  CHECK(rounds_of(sliced.text) == rounds_of(whole.text));
  CHECK(sliced.text.ends_with("\nok\n"));
  CHECK(has(sliced.text, "re-planned around it"));
  CHECK(has(sliced.text, "pairs delivered 65536/65536, missing 0, duplicates 0"));
  CHECK(whole.text.ends_with("\nok\n"));
  // status names the slice stack's high-water mark while the re-plan runs, below its size.
  const auto at = sliced.text.find(" slice_stack=");
  REQUIRE(at != std::string::npos);
  const std::string mark = sliced.text.substr(at + 13, sliced.text.find('\n', at) - at - 13);
  const auto slash = mark.find('/');
  REQUIRE(slash != std::string::npos);
  const unsigned long used = std::stoul(mark.substr(0, slash));
  const unsigned long size = std::stoul(mark.substr(slash + 1));
  CHECK(used > 0);
  CHECK(used < size);
  CHECK_FALSE(has(whole.text, " slice_stack="));  // planning in one piece: no slice stack to report
}

TEST_CASE("slices: a provisioned block with a fault: the banner ends after its planning, lines wait for it") {
  ControllerConfig c;
  c.topology = Topology::banyan;
  c.ports = 256;
  c.schedule = ScheduleKind::fault_tolerant;
  c.fault_count = 1;
  c.faults[0] = {4, 37, false, 0};
  DeviceBench b(encode_config(c));
  INFO(b.banner);
  CHECK(b.banner_polls > 100);
  CHECK(has(b.banner, "config: topology=banyan ports=256"));
  CHECK(has(b.banner, "faults=4:37"));
  CHECK(b.banner.ends_with("ready\n"));
  CHECK(b.command("run").ends_with("\nok\n"));
}

namespace {
/// `stop` sent `after` polls past the round that showed a fault of omega N = 32.
std::string stop_after_fault(std::uint32_t after) {
  DeviceBench b(encode_config(ControllerConfig{}), true);
  REQUIRE(has(b.command("set trace=off topology=omega ports=32"), "\nok\n"));
  REQUIRE(has(b.command("inject 2:5 7"), "\nok\n"));
  b.board.type("run\n");
  std::string text;
  for (std::uint32_t polls = 0; polls < 200000 && b.board.fabric().tally().faulted_rounds == 0; ++polls) {
    b.device->poll();
    text += b.board.take_output();
  }
  for (std::uint32_t k = 0; k < after; ++k) {
    b.device->poll();
    text += b.board.take_output();
  }
  b.board.type("stop\n");
  for (std::uint32_t polls = 0; polls < 200000 && (b.device->busy() || !text.ends_with("\n")); ++polls) {
    b.device->poll();
    text += b.board.take_output();
    if (has(text, "not delivered") || has(text, "exactly once\nok\n")) break;
  }
  return text;
}
/// The number after `key` in `text` (0 if none).
std::uint64_t number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  return at == std::string::npos ? 0 : std::stoull(text.substr(at + key.size()));
}
}  // namespace

TEST_CASE("slices: a stop before, during and after the plan around a fault: one numbering, the re-plan counted") {
  for (const std::uint32_t after : {0U, 2U, 10U, 60U, 400U}) {
    const std::string text = stop_after_fault(after);
    INFO("stop " << after << " polls after the fault:\n" << text);
    REQUIRE(has(text, "summary: rounds "));
    const std::uint64_t delivered = number_after(text, "summary: rounds ");
    CHECK(has(text, ", replans 1"));  // the fault: line's re-plan is the summary's
    CHECK(has(text, "fault: the fabric marked switch 5 of stage 2 faulty in round 7"));
    if (has(text, " stopped in round ")) {
      CHECK(number_after(text, " stopped in round ") == delivered);  // the exchange's rounds delivered
      CHECK(has(text, "duplicates 0"));
    } else {
      CHECK(has(text, "every pair delivered exactly once"));  // the stop came after the last round
    }
  }
}
