// A host that reads slowly or not at all (issue 45) on a host board whose console queues
// its output in a ring of fixed capacity (QueuedConsoleBoard), as the Cortex-M boards'
// transmit rings do: the ring never overflows, a run pauses between steps while it is
// full (no round, the fabric idle), trace lines are dropped whole and counted, and every
// reply line arrives.
#include <a2a/app/device.hpp>

#include <doctest/doctest.h>

#include <regex>
#include <string>

#include "board_device_bench.hpp"
#include "device_bench.hpp"

using namespace a2a;

namespace {

constexpr std::uint32_t kPorts = 64;

/// The bench's board with a console ring of `capacity` bytes: what print()ed and was not
/// taken by the test (the host reading) fills it.
class QueuedBoard : public test::BasicHostBoard<kPorts> {
 public:
  std::uint32_t console_room() { return pending() >= capacity ? 0U : capacity - static_cast<std::uint32_t>(pending()); }
  std::uint32_t console_capacity() const { return capacity; }
  std::uint32_t console_lost() const { return 0; }
  std::uint32_t capacity{2048};
};
static_assert(app::QueuedConsoleBoard<QueuedBoard>);
static_assert(!app::QueuedConsoleBoard<test::HostBoard>);

using Bench = test::BoardDeviceBench<QueuedBoard, kPorts>;

std::size_t count_lines(const std::string& text, const std::string& start) {
  std::size_t n = 0;
  for (std::size_t at = 0; (at = text.find("\n" + start, at)) != std::string::npos; ++at) ++n;
  return n;
}

}  // namespace

TEST_CASE("a host that stops reading: the ring never overflows, the run pauses, traces drop whole") {
  for (const std::uint32_t capacity : {2048U, 256U}) {
    CAPTURE(capacity);
    Bench b;
    b.board->capacity = capacity;
    REQUIRE(b.command("set topology=omega ports=16 trace=on").ends_with("\nok\n"));
    b.board->type("run 3\n");
    std::string text;
    // The host reads nothing for a while: the ring fills and stays within its capacity;
    // once it is full no round runs (nothing more is delivered).
    std::uint64_t delivered_when_full = 0;
    for (int i = 0; i < 20000; ++i) {
      b.device->poll();
      if (capacity >= app::kReplyReserve) REQUIRE(b.board->pending() <= capacity);
      if (i == 10000) delivered_when_full = b.board->fabric().tally().delivered;
    }
    CHECK(b.board->fabric().tally().delivered == delivered_when_full);
    CHECK(b.board->feeds > 20000);  // the watchdog fed while paused
    // Then it reads again, a little at a time: the run goes on to its end.
    for (int i = 0; i < 2000000 && !test::ends_reply(text); ++i) {
      b.device->poll();
      if (i % 7 == 0) text += b.board->take_output();
    }
    text += b.board->take_output();
    INFO(text);
    REQUIRE(text.ends_with("\nok\n"));
    CHECK(count_lines(text, "summary: rounds 16/16, register writes") == 3);
    CHECK(count_lines(text, "verified by the fabric's counters: every pair delivered exactly once") == 3);
    const std::regex whole_trace(R"(round \d+: word \d+, \d+ register writes, sends( \d+->\d+){16})");
    std::size_t traces = 0;
    for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
      const std::string line = text.substr(at, end - at);
      if (!line.starts_with("round ")) continue;
      CHECK(std::regex_match(line, whole_trace));
      ++traces;
    }
    const std::string status = b.command("status");
    std::smatch m;
    REQUIRE(std::regex_search(status, m, std::regex(R"( trace_dropped=(\d+))")));
    const std::size_t dropped = std::stoul(m[1]);
    // The large ring fills with trace lines while rounds run, then drops them; the small
    // one (the micro:bit's) is empty before every step, so each round's line fits.
    if (capacity >= app::kReplyReserve + app::kTraceLineMax)
      CHECK(dropped > 0);
    else
      CHECK(dropped == 0);
    CHECK(traces + dropped == 3 * 16);
    CHECK(test::has(status, " console_lost=0"));
  }
}
