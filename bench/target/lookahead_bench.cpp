// Instruction counts of the look-ahead mode on the target (docs/PERFORMANCE.md,
// "Look-ahead mode"), measured in QEMU by bench/target/icount_plugin.c:
//  - the slot interrupt: the board's own handler (a2a_board_slot_irq, from
//    a2a::cortex_m_slot_timer: timer acknowledge, one ring entry's STAGE_CTRL
//    store and COMMIT), from its first instruction to its return, without the
//    hardware's exception entry. The plugin starts each interval at the
//    handler's address (option entry=, run-benchmarks.sh takes it from the
//    image's symbols); main waits in WFI with a STOP marker right after it, so
//    the interval ends where the handler returns. Three paths: an entry ready
//    (the slot), the ring empty (an underrun), empty after finish() (the timer
//    stops itself);
//  - the producer: SlotProducer::fill, the main loop's work per round when it
//    writes only the slots (window above 1): next(), the changed stage's
//    STAGE_CTRL value, the entry into the ring. Gray-order Latin square, every
//    topology at N = 1024, d = 2, and the alternating schedule (GSEN);
//  - the port headers the main loop writes per round when the register block
//    takes them from the controller (write_round_ports), per port.
// As in round_bench.cpp, each group ends with a "bench ..." line and a FLUSH;
// collect.py pairs the two streams. The fabric's register block is the board's
// FABRIC region, plain RAM here: nothing serves it (no emulated fabric linked).
#include <a2a/a2a.hpp>
#include <a2a/app/lookahead.hpp>
#include <a2a/hal/slot_ring.hpp>
#include <a2a/board/board.h>
#include <a2a/board/console.hpp>
#include <a2a/board/slot_timer.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <cstdint>
#include <utility>

#include "icount_markers.h"

#ifndef A2A_FW_MAX_PORTS
#define A2A_FW_MAX_PORTS 256
#endif

namespace {

using namespace a2a;
using board::println;

using Layout = hal::FabricLayout<A2A_FW_MAX_PORTS, kMaxStages>;
constexpr std::uint32_t kSlots = 32;           // slots measured per path
constexpr std::uint32_t kSlotNs = 100'000;     // long enough that every handler ends before the next boundary
constexpr std::uint32_t kProducerRounds = 64;  // rounds measured per producer (ring loads of 15)

/// The empty bracket: the plugin's zero.
[[gnu::noinline]] void calibrate() {
  for (int i = 0; i < 4; ++i) {
    A2A_ICOUNT_START();
    A2A_ICOUNT_STOP();
  }
}

/// Sleeps until the slot interrupt has run `until()` true; each return from the
/// handler lands on the STOP right after the interrupts are enabled again.
/// The check and the WFI run with interrupts masked: an interrupt that comes between
/// them stays pending and wakes the WFI (then runs at the CPSIE). Unmasked, an
/// interrupt taken after the check and before the WFI is lost to the wait; when it was
/// the last one (the finished path stops the timer) the WFI sleeps for good. Under
/// QEMU without -icount the timer runs on host time, so a loaded host makes that
/// window real (a bench run hung in it on the MPS2 AN500).
template <class Until>
[[gnu::noinline]] void wait_in_wfi(Until until) {
  for (;;) {
    __asm__ volatile("cpsid i" ::: "memory");
    if (until()) break;
    __asm__ volatile("wfi" ::: "memory");
    __asm__ volatile("cpsie i" ::: "memory");
    A2A_ICOUNT_STOP();
  }
  __asm__ volatile("cpsie i" ::: "memory");
}

void flush_isr(const char* what) {
  println("bench ", what, " board=", a2a_board_name(), " cpu=", A2A_BENCH_CPU, " hz=", A2A_BOARD_CPU_HZ,
          " units=", kSlots);
  A2A_ICOUNT_FLUSH();
}

/// The three paths of the slot interrupt.
[[gnu::noinline]] void isr_figures() {
  board::SlotRing& ring = board::slot_ring();
  // An entry ready at every boundary: the ring refilled between slots.
  ring.reset();
  std::uint32_t pushed = 0;
  auto refill = [&] {
    while (pushed < kSlots && ring.space() > 0) {
      const std::uint32_t stage = pushed % 4;
      ring.push(hal::SlotEntry{Layout::stage_control(stage), app::stage_control_value(ControlMode::stage, pushed & 1U),
                               hal::commit_control(pushed + 1)});
      ++pushed;
    }
  };
  refill();
  if (a2a_board_slot_timer_start(kSlotNs) == 0) println("error: the slot timer did not start");
  wait_in_wfi([&] {
    refill();
    return ring.written() == kSlots;
  });
  a2a_board_slot_timer_stop();
  flush_isr("isr-slot");
  // Nothing ready: underruns.
  ring.reset();
  if (a2a_board_slot_timer_start(kSlotNs) == 0) println("error: the slot timer did not start");
  wait_in_wfi([&] { return ring.underruns() >= kSlots; });
  a2a_board_slot_timer_stop();
  flush_isr("isr-underrun");
  // Finished and drained: the handler stops the timer (one interval).
  ring.reset();
  ring.finish();
  if (a2a_board_slot_timer_start(kSlotNs) == 0) println("error: the slot timer did not start");
  bool once = false;
  wait_in_wfi([&] { return std::exchange(once, true); });
  a2a_board_slot_timer_stop();
  println("bench isr-finished board=", a2a_board_name(), " cpu=", A2A_BENCH_CPU, " hz=", A2A_BOARD_CPU_HZ, " units=1");
  A2A_ICOUNT_FLUSH();
}

/// The RAM ring the producer fills (the board's ring belongs to its interrupt).
hal::SlotRing<16> g_ring;
/// Drains g_ring as the interrupt would, outside the brackets.
struct NullBus {
  std::uint32_t read32(std::uint32_t) { return 0; }
  void write32(std::uint32_t, std::uint32_t) {}
};

/// The producer between the markers: as many rounds as the ring takes, in one
/// loop (SlotProducer::fill, the round kept in registers); returns how many.
template <class S>
[[gnu::noipa]] std::uint32_t produce(app::SlotProducer<Layout, S>& producer) {
  A2A_ICOUNT_START();
  const std::uint32_t n = producer.fill(g_ring, ~std::uint32_t{0});
  A2A_ICOUNT_STOP();
  return n;
}

template <class S>
[[gnu::noinline]] void producer_figure(const S& schedule, const char* family) {
  app::SlotProducer<Layout, S> producer(schedule, 1);
  typename app::SlotProducer<Layout, S>::StageWrites extra;
  g_ring.reset();
  NullBus drain;
  (void)producer.step(extra);  // round 0 writes every stage: not a slot's steady work
  (void)g_ring.serve(drain);
  std::uint32_t rounds = 0;
  while (rounds + g_ring.space() <= kProducerRounds) {
    rounds += produce(producer);
    while (g_ring.serve(drain) == hal::SlotServed::written) {
    }
  }
  const Network net = schedule.network();
  println("bench producer family=", family, " topology=", name(net.topology), " N=", net.ports, " d=", net.radix,
          " n=", net.stages, " units=", rounds);
  A2A_ICOUNT_FLUSH();
}

/// The port headers of one round (write_round_ports) into the FABRIC region.
template <class S>
[[gnu::noipa]] void headers(const S& schedule, const typename S::Round& round) {
  mmio::MmioBus bus(a2a_board_fabric_base());
  A2A_ICOUNT_START();
  app::write_round_ports<Layout>(bus, schedule, round, false);
  A2A_ICOUNT_STOP();
}

[[gnu::noinline]] void header_figure(std::uint32_t ports) {
  const auto schedule =
      LatinSquareSchedule<>::make(make_network(Topology::omega, ports).value(), RoundOrder::gray).value();
  headers(schedule, schedule.round(3));
  println("bench headers family=latin-square-gray topology=omega N=", ports, " d=2 units=", ports);
  A2A_ICOUNT_FLUSH();
}

}  // namespace

int main() {
  a2a_board_init();
  calibrate();
  println("bench calibrate units=4");
  A2A_ICOUNT_FLUSH();
  isr_figures();
  for (Topology t : {Topology::omega, Topology::baseline, Topology::banyan, Topology::reverse_omega,
                     Topology::reverse_baseline, Topology::reverse_banyan})
    producer_figure(LatinSquareSchedule<>::make(make_network(t, 1024).value(), RoundOrder::gray).value(),
                    "latin-square-gray");
  producer_figure(AlternatingSchedule::make(make_network(Topology::gsen, 1026).value()).value(), "alternating");
  // Two sizes: the difference is the per-port cost (the block holds A2A_FW_MAX_PORTS ports).
  header_figure(A2A_FW_MAX_PORTS >= 64 ? 64 : 32);
  header_figure(A2A_FW_MAX_PORTS >= 64 ? 32 : 16);
  println("bench done");
  return 0;
}
