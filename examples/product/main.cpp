// The product's firmware: its own main, its own interrupts, a2a as a guest.
// First, TIMER1's interrupt advances an all-to-all exchange by one bounded step of
// a2a's RoundRunner while the main loop sleeps (WFI), free for the product's other
// duties; the endpoints' tally says whether every ordered pair arrived exactly
// once. Then a2a's console device runs on the product's UART over the same driver
// (the team's circuit switch, acme_circuit.hpp, which counts nothing): each `run`
// is verified by the endpoints' acknowledgements. EOT on the console powers off.
#include <a2a/app/device.hpp>
#include <a2a/app/round_runner.hpp>
#include <a2a/config/config_block.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/version.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "acme_circuit.hpp"
#include "board.h"
#include "console_board.hpp"
#include "endpoints.h"

namespace {

#ifndef ACME_PORTS
#define ACME_PORTS 64
#endif
constexpr std::uint32_t kPorts = ACME_PORTS;
using Schedule = a2a::LatinSquareSchedule<>;
using Runner = a2a::app::RoundRunner<acme::CircuitDriver, Schedule>;
using Console = a2a::app::Device<acme::ConsoleBoard, kPorts, acme::CircuitDriver>;
/// The console's configuration when the product has none saved: its own network.
constexpr std::array<std::uint8_t, a2a::kConfigBlockSize> kBuiltIn =
    a2a::encode_config(a2a::ControllerConfig{a2a::Topology::omega, kPorts});

std::optional<acme::CircuitDriver> fabric;
std::optional<Schedule> schedule;
std::optional<Runner> runner;
volatile bool finished = false;
volatile std::uint32_t steps = 0;
acme::ConsoleBoard console_board;
std::optional<Console> console_device;

void print_line(const char* label, std::uint32_t value) {
  board_print(label);
  board_print_u32(value);
  board_print("\n");
}

/// The endpoints' receipts, handed to the console device (a2a::app::AcknowledgementHook).
std::uint32_t receipt(void*, std::uint32_t destination) { return endpoints_receipt(destination); }

/// a2a's console on the product's UART until EOT; the loop sleeps while nothing runs.
void console(acme::CircuitDriver& driver) {
  // No configuration region and no fault-plan storage: the built-in omega, no faults.
  Console& device = console_device.emplace(console_board, driver, std::span<const std::uint8_t>{}, kBuiltIn,
                                           std::span<const a2a::PlanStorageSpan>{});
  device.acknowledge_by({&receipt, nullptr});
  device.boot();
  while (!console_board.power_off_asked() || device.busy()) {
    device.poll();
    if (!device.busy()) board_wait_for_interrupt();  // TIMER1 and SysTick wake it
  }
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
  endpoints_start();
  runner.emplace(*fabric, *schedule, a2a::app::ExchangeOptions{});
  board_timer1_start(2500);                      // a step every 100 us at 25 MHz
  while (!finished) board_wait_for_interrupt();  // the product's other duties go here

  const a2a::app::ExchangeOutcome& outcome = runner->outcome();
  print_line("rounds delivered: ", outcome.rounds_done);
  print_line("runner steps: ", steps);
  print_line("pairs received: ", endpoints_pairs());
  print_line("duplicates: ", endpoints_duplicates());
  const bool every_pair_once =
      outcome.error == a2a::Errc::ok && endpoints_pairs() == kPorts * kPorts && endpoints_duplicates() == 0;
  board_print(every_pair_once ? "every pair exactly once\n" : "error: the exchange did not deliver every pair once\n");
  if (!every_pair_once) return 1;
  console(*fabric);
  return 0;
}
