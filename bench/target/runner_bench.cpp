// The round loop's slices (docs/PERFORMANCE.md, "The round loop's slices"): each
// RoundRunner::step() (round_runner.hpp) as the controller's device runs it at the
// board's capacity N = A2A_FW_MAX_PORTS, read-back verification on and output monitors
// on: the steps that write a round (stage control, kPortsPerStep ports' headers and
// idle words a step, each read back; the last with the COMMIT), and the steps that read
// STATUS and check the delivered round's outputs (ROUND_CHECK, one read: register map 2.2 as the
// emulated block has it; bench_check measures the port-by-port check). Over a RAM register block the
// bench makes answer each round outside the intervals (STATUS done with the driver's
// ticket, every signal in ARRIVED where it was sent, ROUND_CHECK valid and clean); omega, the Latin square, every
// round run, the first, middle and last measured by icount_plugin.c. Then the same for the
// table family: the largest stored set (gsen_catalogue_data.hpp) within the capacity, its
// rounds written from their P tags (set_periodic_switches, set_periodic_headers: one step
// a round, kPeriodicPortsPerStep) from flash (kinds table-commit, table-confirm). Each
// interval is followed by a "bench ..." line and a flush, paired in order.
#include <array>
#include <cstdint>

#include "a2a/a2a.hpp"
#include "a2a/app/round_runner.hpp"
#include "a2a/board/console.hpp"
#include "a2a/hal/hal.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "bench_configs.hpp"
#include "icount_markers.h"

namespace {

using namespace a2a;
using board::println;

constexpr std::uint32_t kPorts = std::uint32_t{A2A_FW_MAX_PORTS};
using Layout = hal::FabricLayout<kPorts, bench::stages_of(kPorts)>;
using Driver = hal::FabricDriver<mmio::MmioBus, Layout>;
alignas(8) std::array<std::uint32_t, Layout::kSize / 4> g_block{};

/// The fabric's answer to round r, outside the intervals: done with the driver's last
/// ticket, every signal at the output it was sent to.
void answer(const Driver& fabric, const AnySchedule& plan, std::uint32_t r) {
  g_block[Layout::kStatus / 4] =
      hal::reg::Status::Done::insert(hal::reg::Status::Ticket::insert(0, fabric.ticket()), 1);
  g_block[Layout::kRoundCheck / 4] = hal::reg::RoundCheck::Valid::mask;  // map 2.2: every signal as headed
  const AnySchedule::Round round = plan.round(r);
  for (std::uint32_t i = 0; i < plan.network().ports; ++i)
    if (const PortSend send = plan.send(round, i); send.sends)
      g_block[Layout::arrived(send.destination) / 4] =
          hal::reg::Arrived::Valid::insert(hal::reg::Arrived::Source::insert(0, i), 1);
}

/// Steps the runner until it reports `until` (each step an interval when `measured`);
/// the steps it took, 0 if another event ended the round.
template <class Runner>
std::uint32_t measured_steps(Runner& runner, bool measured, app::RunnerEvent until) {
  for (std::uint32_t steps = 1; steps <= 64; ++steps) {
    if (measured) A2A_ICOUNT_START();
    const app::RunnerStep s = runner.step();
    if (measured) A2A_ICOUNT_STOP();
    if (s.event == until) return steps;
    if (s.event != app::RunnerEvent::writing && s.event != app::RunnerEvent::checking) return 0;
  }
  return 0;
}

/// Runs `plan` on the bench's block, each step of its first, middle and last round an
/// interval; `kind` prefixes the groups' kinds (commit, confirm). False if it failed.
bool run_exchange(const AnySchedule& plan, const char* kind) {
  mmio::MmioBus bus(reinterpret_cast<std::uintptr_t>(g_block.data()));
  Driver fabric(bus);
  fabric.set_write_verification(true);                                                 // as the device runs its rounds
  g_block[Layout::kCapShape / 4] = Layout::kCapShapeMonitor | Layout::kCapShapeCheck;  // as the emulated block
  if (fabric.configure(plan.network(), false) != Errc::ok) return println("error: configure failed"), false;
  app::RoundRunner<Driver, AnySchedule> runner(fabric, plan, app::ExchangeOptions{});
  const std::uint32_t n = plan.network().ports;
  const std::uint32_t last = plan.rounds() - 1;
  for (std::uint32_t r = 0; r <= last; ++r) {
    const bool measured = r == 0 || r == last / 2 || r == last;
    const std::uint32_t commit_steps = measured_steps(runner, measured, app::RunnerEvent::committed);
    if (measured) {
      println("bench step kind=", kind, "commit round=", r, " N=", n, " rounds=", plan.rounds(),
              " ok=", commit_steps != 0 ? 1U : 0U, " steps=", commit_steps);
      A2A_ICOUNT_FLUSH();
    }
    answer(fabric, plan, r);
    const std::uint32_t confirm_steps = measured_steps(runner, measured, app::RunnerEvent::delivered);
    if (measured) {
      println("bench step kind=", kind, "confirm round=", r, " N=", n, " rounds=", plan.rounds(),
              " ok=", confirm_steps != 0 ? 1U : 0U, " steps=", confirm_steps);
      A2A_ICOUNT_FLUSH();
    }
  }
  return runner.outcome().error == Errc::ok && runner.outcome().rounds_done == plan.rounds();
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ, " N=", kPorts);
  const AnySchedule omega =
      AnySchedule::make(make_network(Topology::omega, kPorts).value(), ScheduleKind::latin_square).value();
  bool ok = run_exchange(omega, "");
  // The table family (docs/PERFORMANCE.md, "The table family"): the largest stored set the
  // board's capacity runs, its rounds' switches and ports read from flash.
  const ConfigurationTable* largest = nullptr;
  for (const ConfigurationTable& table : catalogue::kTables)
    if (table.ports != 0 && table.ports <= kPorts && (largest == nullptr || table.ports > largest->ports))
      largest = &table;
  if (largest != nullptr)
    ok = ok && run_exchange(
                   AnySchedule::make(make_network(Topology::gsen, largest->ports).value(), ScheduleKind::table).value(),
                   "table-");
  println("bench done ok=", ok ? 1U : 0U);
  return ok ? 0 : 1;
}
