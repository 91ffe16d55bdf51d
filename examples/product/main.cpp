// The product's firmware: its own main, its own interrupts, a2a as a guest.
// TIMER1's interrupt advances the all-to-all exchange by one bounded step of
// a2a's RoundRunner; the main loop sleeps (WFI) and is free for the product's
// other duties. The fabric is the team's circuit switch through their own driver
// (acme_circuit.hpp). At the end the endpoints' tally says whether every ordered
// pair arrived exactly once.
#include <a2a/app/round_runner.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/version.hpp>

#include <cstdint>
#include <optional>

#include "acme_circuit.hpp"
#include "board.h"
#include "endpoints.h"

namespace {

#ifndef ACME_PORTS
#define ACME_PORTS 64
#endif
constexpr std::uint32_t kPorts = ACME_PORTS;
using Schedule = a2a::LatinSquareSchedule<>;
using Runner = a2a::app::RoundRunner<acme::CircuitDriver, Schedule>;

std::optional<acme::CircuitDriver> fabric;
std::optional<Schedule> schedule;
std::optional<Runner> runner;
volatile bool finished = false;
volatile std::uint32_t steps = 0;

void print_line(const char* label, std::uint32_t value) {
  board_print(label);
  board_print_u32(value);
  board_print("\n");
}

}  // namespace

// TIMER1: one step of the exchange per tick; never waits.
extern "C" void IRQ9_Handler(void) {
  board_timer1_clear();
  if (!runner || finished) return;
  steps = steps + 1;
  if (runner->step().finished()) finished = true;
}

int main() {
  board_init();
  board_print("acme switch controller, a2a ");
  board_print(a2a::kVersion.data());
  board_print("\n");
  const a2a::Result<a2a::Network> net = a2a::make_network(a2a::Topology::omega, kPorts);
  if (!net) return board_print("error: no network\n"), 2;
  const a2a::Result<Schedule> made = Schedule::make(*net);
  if (!made) return board_print("error: no schedule\n"), 2;
  schedule = *made;
  fabric.emplace(*acme_latch_block());
  if (fabric->configure(*net, false) != a2a::Errc::ok) return board_print("error: fabric refused the network\n"), 2;
  endpoints_start(kPorts);
  runner.emplace(*fabric, *schedule, a2a::app::ExchangeOptions{});
  board_timer1_start(2500);  // a step every 100 us at 25 MHz
  while (!finished) board_wait_for_interrupt();  // the product's other duties go here

  const a2a::app::ExchangeOutcome& outcome = runner->outcome();
  print_line("rounds delivered: ", outcome.rounds_done);
  print_line("runner steps: ", steps);
  print_line("pairs received: ", endpoints_pairs());
  print_line("duplicates: ", endpoints_duplicates());
  const bool every_pair_once = outcome.error == a2a::Errc::ok && endpoints_pairs() == kPorts * kPorts &&
                               endpoints_duplicates() == 0;
  board_print(every_pair_once ? "every pair exactly once\n" : "error: the exchange did not deliver every pair once\n");
  return every_pair_once ? 0 : 1;
}
