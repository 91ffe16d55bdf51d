// The look-ahead mode on a board under QEMU, as an image runs it: the board's
// slot timer interrupt (a2a::cortex_m_slot_timer: CMSDK TIMER1, STM32 TIM3 or
// nRF51 TIMER1) writes each slot's STAGE_CTRL word and COMMIT to the register
// block through the memory-mapped bus, and the emulated fabric takes them up
// from SysTick on the far side. Every outcome is the block's: ROUND_COUNTER,
// LAST_ERROR and the counters.
//
// Cross build only (tests/target/CMakeLists.txt), on boards with a slot timer
// and the emulated fabric.
#include <a2a/a2a.hpp>
#include <a2a/app/lookahead_run.hpp>
#include <a2a/board/board.h>
#include <a2a/board/slot_timer.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <cstdint>

#include "a2a_test.hpp"

#ifndef A2A_FW_MAX_PORTS
#define A2A_FW_MAX_PORTS 256
#endif

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<A2A_FW_MAX_PORTS, a2a::kMaxStages>;
using Driver = hal::FabricDriver<mmio::MmioBus, Layout>;
constexpr std::uint32_t kPolls = 2'000'000;
// QEMU runs a periodic timer no faster than every 10 us (its ptimer limit); the
// emulated fabric looks at CONTROL every 25 us. 200 us slots leave it room.
constexpr std::uint32_t kSlotNs = 200'000;
// QEMU 7.2's STM32 timer model schedules each alarm at now + (the time of the
// timer's configuration + the period) (hw/timer/stm32f2xx_timer.c), so under QEMU
// TIM3's slots grow with the virtual time (a few ms here, up to a second late in a
// run); the chip keeps the period. The runs below are short and allow for it.
constexpr app::LookaheadOptions kOptions{1, true, 30'000'000};

/// Waits about `us` microseconds by the board's clock.
void wait_us(std::uint64_t us) {
  a2a_board_init();  // the time base (idempotent; test images leave it to the test)
  const std::uint64_t until = a2a_board_micros() + us;
  while (a2a_board_micros() < until) {
  }
}

}  // namespace

TEST_CASE("slot timer: the period is rounded to the board timer's steps; too short is refused") {
  a2a_board_init();  // the time base the look-ahead loop's stall check reads
  const std::uint32_t ns = a2a_board_slot_timer_start(kSlotNs);
  a2a_board_slot_timer_stop();
  CHECK(ns >= kSlotNs - 100);
  CHECK(ns <= kSlotNs + 100);
  CHECK(a2a_board_slot_timer_start(1) == 0);  // below two steps of every board's timer
}

TEST_CASE("slot timer: an empty ring counts underruns at the boundaries, none after stop") {
  board::SlotRing& ring = board::slot_ring();
  ring.reset();
  board::BoardSlotTimer timer(kSlotNs);
  const std::uint64_t start = a2a_board_micros();
  REQUIRE(timer.start());
  // At least 3 boundaries; no more than the time allows. (QEMU 7.2's STM32 timer
  // model fires late, every few ms: hw/timer/stm32f2xx_timer.c adds the absolute
  // tick time to "now"; the chip's TIM3 keeps the period.)
  while (ring.underruns() < 3 && a2a_board_micros() - start < 2'000'000) {
  }
  timer.stop();
  const std::uint64_t elapsed_us = a2a_board_micros() - start;
  const std::uint32_t counted = ring.underruns();
  INFO("underruns: ", counted, " in us: ", static_cast<std::uint32_t>(elapsed_us));
  CHECK(counted >= 3);
  CHECK(counted <= elapsed_us * 1000 / kSlotNs + 1);
  wait_us(5 * kSlotNs / 1000);
  CHECK(ring.underruns() == counted);
  CHECK(ring.written() == 0);
}

TEST_CASE("look-ahead on the board: the slot interrupt commits every round, the fabric counts each exactly once") {
  mmio::MmioBus bus(a2a_board_fabric_base());
  Driver fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  REQUIRE(fabric.reset(kPolls) == Errc::ok);
  const Network net = make_network(Topology::omega, 16).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  REQUIRE(fabric.clear_counters(kPolls) == Errc::ok);
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  board::BoardSlotTimer timer(kSlotNs);
  std::uint32_t confirmed = 0;
  const app::LookaheadOutcome out =
      app::run_lookahead<Layout>(bus, schedule, timer, kOptions, [&](std::uint32_t, const auto&) { ++confirmed; });
  INFO("underruns: ", out.underruns);
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 16);
  CHECK(out.slots_written == 16);
  CHECK(confirmed == 16);
  CHECK(timer.period_ns() >= kSlotNs - 100);
  const DeliveryTally c = fabric.counters();
  CHECK(c.delivered == 256);
  CHECK(c.duplicates == 0);
  CHECK(c.misroutes == 0);
  CHECK(fabric.last_error() == 0);
  CHECK(fabric.round_counter() == 16);
  // Stopped: no slot interrupt writes anything after the run.
  const std::uint32_t underruns = board::slot_ring().underruns();
  wait_us(5 * kSlotNs / 1000);
  CHECK(board::slot_ring().underruns() == underruns);
  CHECK(board::slot_ring().written() == 16);
}

TEST_CASE("look-ahead on the board: alternating control (GSEN, N = 6) and a fault that stops the run") {
  mmio::MmioBus bus(a2a_board_fabric_base());
  Driver fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  REQUIRE(fabric.reset(kPolls) == Errc::ok);
  const Network gsen = make_network(Topology::gsen, 6).value();
  REQUIRE(fabric.configure(gsen, false) == Errc::ok);
  REQUIRE(fabric.clear_counters(kPolls) == Errc::ok);
  board::BoardSlotTimer timer(kSlotNs);
  const app::LookaheadOutcome alt = app::run_lookahead<Layout>(bus, AlternatingSchedule::make(gsen).value(), timer,
                                                               kOptions, [](std::uint32_t, const auto&) {});
  CHECK(alt.error == Errc::ok);
  CHECK(fabric.counters().delivered == 36);

  const Network omega = make_network(Topology::omega, 8).value();
  REQUIRE(fabric.configure(omega, false) == Errc::ok);
  REQUIRE(fabric.clear_counters(kPolls) == Errc::ok);
  REQUIRE(fabric.inject_fault(1, 2, fabric.round_counter() + 3, kPolls) == Errc::ok);
  const app::LookaheadOutcome stopped =
      app::run_lookahead<Layout>(bus, LatinSquareSchedule<>::make(omega, RoundOrder::gray).value(), timer, kOptions,
                                 [](std::uint32_t, const auto&) {});
  CHECK(stopped.error == Errc::fabric_round_faulted);
  CHECK(stopped.rounds_done == 3);
  CHECK(stopped.slots_written == 4);
  CHECK(fabric.counters().delivered == 3 * 8);
  CHECK(fabric.counters().faulted_rounds == 1);
  REQUIRE(fabric.clear_injected_faults(kPolls) == Errc::ok);
  REQUIRE(fabric.reset(kPolls) == Errc::ok);
}
