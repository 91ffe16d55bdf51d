// Flash and RAM the core costs a controller for one schedule family (figure 3
// of docs/PERFORMANCE.md). Three images are built from this file at -Os:
//   flash_probe_none         the board harness alone (startup, console, C library)
//   flash_probe_latin        + a controller running a LatinSquareSchedule
//   flash_probe_alternating  + a controller running an AlternatingSchedule
// The core's share is the difference in text/data/bss against flash_probe_none.
// The network comes from volatile inputs so nothing is folded at compile time;
// the controller does what firmware does each exchange: validate the network,
// make the schedule, step every round, write the changed stage and commit, and
// compute every port's destination and tag.
#include <cstdint>

#include "a2a/board/console.h"

#if defined(A2A_PROBE_latin) || defined(A2A_PROBE_alternating)
#include "a2a/alternating.hpp"
#include "a2a/latin_square.hpp"
#endif

namespace {

// Harness state, present in every probe (so it cancels out of the difference).
volatile std::uint32_t g_input[4] = {0, 1024, 2, 1};  // topology, N, d, Gray order
volatile std::uint32_t g_output[4];

#if defined(A2A_PROBE_latin)
[[gnu::noinline]] std::uint32_t controller() {
  const auto topology = static_cast<a2a::Topology>(g_input[0]);
  const auto net = a2a::make_network(topology, g_input[1], g_input[2]);
  if (!net) return static_cast<std::uint32_t>(net.error());
  const auto order = g_input[3] != 0 ? a2a::RoundOrder::gray : a2a::RoundOrder::natural;
  const auto schedule = a2a::LatinSquareSchedule<>::make(*net, order);
  if (!schedule) return static_cast<std::uint32_t>(schedule.error());
  auto round = schedule->round(0);
  for (std::uint32_t r = 0; r < schedule->rounds(); ++r) {
    if (r != 0) round = schedule->next(round);
    const std::uint32_t stage = round.changed_stage();
    g_output[0] = round.stage_state(stage) << stage;
    g_output[1] = 1;  // commit
    for (std::uint32_t i = 0; i < net->ports; ++i) {
      const a2a::PortSend s = schedule->port(i).send(round);
      g_output[2] = s.destination | (s.tag << 16);
    }
  }
  return 0;
}
#elif defined(A2A_PROBE_alternating)
[[gnu::noinline]] std::uint32_t controller() {
  const auto net = a2a::make_network(a2a::Topology::gsen, g_input[1] + 2, 2);
  if (!net) return static_cast<std::uint32_t>(net.error());
  const auto schedule = a2a::AlternatingSchedule::make(*net);
  if (!schedule) return static_cast<std::uint32_t>(schedule.error());
  auto round = schedule->round(0);
  for (std::uint32_t k = 0; k < schedule->rounds(); ++k) {
    if (k != 0) round = schedule->next(round);
    const std::uint32_t stage = round.changed_stage();
    g_output[0] = round.stage_state(stage) << stage;
    g_output[1] = 1;  // commit
  }
  for (std::uint32_t i = 0; i < net->ports; ++i) {  // Algorithm 4: each processor walks the rounds
    auto port = schedule->port(i);
    for (std::uint32_t k = 0; k < schedule->rounds(); ++k, port.advance())
      g_output[2] = port.send().destination | (port.send().tag << 16);
  }
  return 0;
}
#else
[[gnu::noinline]] std::uint32_t controller() {
  g_output[0] = g_input[0] + g_input[1] + g_input[2] + g_input[3];
  return 0;
}
#endif

}  // namespace

int main() {
  const std::uint32_t status = controller();
  g_output[3] = status;
  a2a_console_puts(status == 0 ? "probe ok\n" : "probe failed\n");
  return status == 0 ? 0 : 1;
}
