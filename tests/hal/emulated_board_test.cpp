// The emulated fabric on a board under QEMU, as the controller image uses it: the
// register block is RAM at a2a_board_fabric_base(), SysTick serves it
// (platform/emulated/cortex_m_service.cpp, started before main), and the
// test only writes and reads registers through the memory-mapped bus. Every
// outcome comes from STATUS (with its ticket) and the counters.
//
// Cross build only (tests/hal/portable_tests.cmake), on boards with
// A2A_BOARD_EMULATED_FABRIC.
#include <a2a/a2a.hpp>
#include <a2a/board/board.h>
#include <a2a/hal/hal.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <cstdint>

#include "a2a_test.hpp"

#ifndef A2A_FW_MAX_PORTS
#define A2A_FW_MAX_PORTS 256
#endif

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<A2A_FW_MAX_PORTS, a2a::kMaxStages>;
using Driver = FabricDriver<mmio::MmioBus, Layout>;
// STATUS reads per action: the interrupt comes every ~25 us of QEMU's clock, a read
// takes a few ns to a few us. QEMU's clock is the host's: on a loaded host its timer
// (SysTick, which serves the block) may come tens of milliseconds late while the reads
// run at full speed (2 M reads once ran out on the micro:bit in a CI run with other
// builds beside it). A bound of seconds of reads costs nothing when the block answers
// and still ends when it never does.
constexpr std::uint32_t kPolls = 200'000'000;

template <class S>
Errc run_all(Driver& driver, const S& schedule, std::uint32_t first = 0) {
  for (std::uint32_t r = first; r < schedule.rounds(); ++r)
    if (const Errc e = execute_round(driver, schedule, r, kPolls); e != Errc::ok) return e;
  return Errc::ok;
}

}  // namespace

TEST_CASE("emulated fabric on the board: SysTick answers, an exchange is counted exactly once") {
  mmio::MmioBus bus(a2a_board_fabric_base());
  Driver fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  CHECK(fabric.can_inject());
  REQUIRE(fabric.reset(kPolls) == Errc::ok);
  const Network net = make_network(Topology::omega, 16).value();
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  CHECK(run_all(fabric, schedule) == Errc::ok);
  const DeliveryTally c = fabric.counters();
  CHECK(c.delivered == 256);
  CHECK(c.duplicates == 0);
  CHECK(c.misroutes == 0);
  CHECK(fabric.last_error() == 0);
  CHECK(fabric.round_counter() == 16);
}

TEST_CASE("emulated fabric on the board: an injected fault voids its round, a relayed schedule avoids it") {
  mmio::MmioBus bus(a2a_board_fabric_base());
  Driver fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  REQUIRE(fabric.reset(kPolls) == Errc::ok);
  const Network net = make_network(Topology::omega, 16).value();
  const auto plain = LatinSquareSchedule<>::make(net).value();
  REQUIRE(fabric.configure(net, false, true) == Errc::ok);
  REQUIRE(fabric.inject_fault(1, 2, 3, kPolls) == Errc::ok);
  CHECK(run_all(fabric, plain) == Errc::fabric_round_faulted);
  CHECK(fabric.counters().delivered == 3 * 16);
  CHECK(fabric.counters().faulted_rounds == 1);
  CHECK(fabric.switch_faulty(1, 2).value());

  // Re-plan around the switch: relays through third processors, counted by message.
  REQUIRE(fabric.clear_counters(kPolls) == Errc::ok);
  const AnySchedule ft = AnySchedule::make(net, SwitchFault{1, 2}).value();
  CHECK(run_all(fabric, ft) == Errc::ok);
  const DeliveryTally c = fabric.counters();
  CHECK(c.delivered == 256);
  CHECK(c.relayed > 0);
  CHECK(c.left_in_store == 0);
  CHECK(c.duplicates == 0);
  CHECK(c.relay_errors == 0);
  CHECK(c.faulted_rounds == 0);
  REQUIRE(fabric.clear_injected_faults(kPolls) == Errc::ok);
}
