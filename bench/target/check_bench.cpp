// The check of a clean round's outputs (docs/PERFORMANCE.md, "Checking the outputs after
// every round"), as the round loop makes it (round_runner.hpp, RoundRunner::check_arrivals):
//  - "summary": a block with ROUND_CHECK (register map 2.2): app::detail::summary_clean,
//    one register read and its decoding;
//  - "ports": a block without it, or a round ROUND_CHECK shows a mismatch: the
//    port-by-port check, app::detail::arrivals_as_headed over every input (IDLE_MASK,
//    each sending input's PORT_HEADER and the ARRIVED word it names, read raw).
// Over a RAM register block at the board's capacity A2A_FW_MAX_PORTS, the round written
// by the driver (hal::write_round_ports) and answered outside the intervals as a block
// would (every signal in ARRIVED where its header named, ROUND_CHECK valid and clean);
// omega, the Latin square, N = 16 and the board's capacity, the first, middle and last
// round, each interval measured by icount_plugin.c and followed by a "bench ..." line.
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

constexpr std::uint32_t kCapacity = std::uint32_t{A2A_FW_MAX_PORTS};
using Layout = hal::FabricLayout<kCapacity, bench::stages_of(kCapacity)>;
using Driver = hal::FabricDriver<mmio::MmioBus, Layout>;
alignas(8) std::array<std::uint32_t, Layout::kSize / 4> g_block{};

/// Round r written by the driver, and the block's answer: ARRIVED where each header
/// named, ROUND_CHECK valid with no mismatch. false if the driver refused a write.
bool written_and_answered(Driver& fabric, const AnySchedule& plan, std::uint32_t r) {
  if (hal::write_round_ports(fabric, plan, r, 0, plan.network().ports) != Errc::ok) return false;
  for (std::uint32_t i = 0; i < plan.network().ports; ++i) {
    const std::uint32_t named = g_block[Layout::port_header(i) / 4] & hal::reg::PortHeader::Destination::mask;
    g_block[Layout::arrived(named) / 4] = hal::reg::Arrived::Valid::mask | i;
  }
  g_block[Layout::kRoundCheck / 4] = hal::reg::RoundCheck::Valid::mask;
  return true;
}

void measure(Driver& fabric, std::uint32_t ports) {
  const AnySchedule plan =
      AnySchedule::make(make_network(Topology::omega, ports).value(), ScheduleKind::latin_square).value();
  if (fabric.configure(plan.network(), false) != Errc::ok) return println("error: configure failed");
  for (const std::uint32_t r : std::array<std::uint32_t, 3>{0, plan.rounds() / 2, plan.rounds() - 1}) {
    if (!written_and_answered(fabric, plan, r)) return println("error: the round was not written");
    A2A_ICOUNT_START();
    const bool summary = app::detail::summary_clean(fabric);
    A2A_ICOUNT_STOP();
    println("bench check kind=summary round=", r, " N=", ports, " clean=", summary ? 1U : 0U);
    A2A_ICOUNT_FLUSH();
    A2A_ICOUNT_START();
    const bool ports_clean = app::detail::arrivals_as_headed(fabric, 0, ports);
    A2A_ICOUNT_STOP();
    println("bench check kind=ports round=", r, " N=", ports, " clean=", ports_clean ? 1U : 0U);
    A2A_ICOUNT_FLUSH();
  }
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ, " N=", kCapacity);
  mmio::MmioBus bus(reinterpret_cast<std::uintptr_t>(g_block.data()));
  Driver fabric(bus);
  g_block[Layout::kCapShape / 4] = Layout::kCapShapeValue | Layout::kCapShapeMonitor | Layout::kCapShapeCheck;
  measure(fabric, 16);
  measure(fabric, kCapacity);
  println("bench done");
  return 0;
}
