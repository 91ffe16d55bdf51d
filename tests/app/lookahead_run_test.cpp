// The look-ahead mode (the HAL's slot_ring.hpp, the app's lookahead.hpp) against the
// emulated fabric: the main loop produces slot entries ahead, a stand-in for the
// board's timer interrupt writes one entry (STAGE_CTRL + COMMIT) per slot, and
// the emulated fabric's own interrupt takes each COMMIT up from the far side of
// the register block. Every outcome is the block's: its counters, ROUND_COUNTER
// and LAST_ERROR. The interrupts are played on every wait of the main loop
// (TestTimer::idle), at periods the tests choose, so the interleavings are exact.
//
// Portable (heap-free, a 64-port block): the Cortex-M builds run it under QEMU too.
#include <a2a/a2a.hpp>
#include <a2a/app/lookahead_run.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/hal/slot_ring.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "store_log.hpp"

using namespace a2a;
using namespace a2a::app;

namespace {

using Layout = hal::FabricLayout<64, 6>;
using Emulator = emulated::FabricEmulator<Layout, 64>;
using Ram = emulated::RamBlock<Layout::kSize>;
using Driver = hal::FabricDriver<Ram, Layout>;
using Ring = hal::SlotRing<8>;

using a2a::test::StoreLog;

/// The block, its emulator, and the board's slot timer played by the test.
struct Bench {
  Ram ram;
  Emulator emulator;
  Ring ring;
  // The timer: idle() calls between slot boundaries and between the fabric's looks.
  std::uint32_t slot_period{4};
  std::uint32_t fabric_period{1};
  bool slots_firing{true};  ///< false: the timer never fires (a dead timer)
  bool running{false};
  bool start_refused{false};
  std::uint32_t starts{0};
  std::uint32_t ticks{0};
  std::uint64_t now{0};
  // Ports that inject their own headers (window > 1): called before each COMMIT
  // the interrupt writes, with the round it commits.
  void (*inject_headers)(Bench&, std::uint32_t round){nullptr};
  const void* schedule{nullptr};
  std::uint32_t commits{0};
  std::uint32_t stage_stores{0};
  std::uint32_t other_stores{0};

  /// The slot interrupt's bus: the same RAM block, stores counted by kind.
  struct SlotBus {
    Bench* bench;
    std::uint32_t read32(std::uint32_t o) { return bench->ram.read32(o); }
    void write32(std::uint32_t o, std::uint32_t v) {
      if (o == hal::offset::kControl) {
        if (bench->inject_headers != nullptr) bench->inject_headers(*bench, bench->commits);
        ++bench->commits;
      } else if (o >= Layout::kStageControlBase && o < Layout::kStageControlBase + 4 * Layout::kMaxStages) {
        ++bench->stage_stores;
      } else {
        ++bench->other_stores;
      }
      bench->ram.write32(o, v);
    }
  };

  void tick() {
    ++ticks;
    ++now;
    if (running && slots_firing && ticks % slot_period == 0) {
      SlotBus bus{this};
      if (ring.serve(bus) == hal::SlotServed::finished) running = false;
    }
    if (ticks % fabric_period == 0) emulator.service(ram);
  }
};

/// The SlotTimer concept over a Bench.
struct TestTimer {
  Bench* b;
  Ring& ring() { return b->ring; }
  bool start() {
    ++b->starts;
    if (b->start_refused) return false;
    b->running = true;
    return true;
  }
  void stop() { b->running = false; }
  std::uint64_t micros() { return b->now; }
  void idle() { b->tick(); }
};

Bench& fresh_bench() {
  static Bench bench;
  bench.emulator.power_on(bench.ram);
  bench.ring.reset();
  bench.slot_period = 4;
  bench.fabric_period = 1;
  bench.slots_firing = true;
  bench.running = false;
  bench.start_refused = false;
  bench.starts = bench.ticks = bench.commits = bench.stage_stores = bench.other_stores = 0;
  bench.now = 0;
  bench.inject_headers = nullptr;
  bench.schedule = nullptr;
  return bench;
}

/// The block configured for `net` with cleared counters, through the HAL driver
/// (its actions served by the emulator at once).
void configure(Bench& b, const Network& net, bool relay = false) {
  Driver driver(b.ram);
  if (driver.probe() != Errc::ok || driver.configure(net, false, relay) != Errc::ok) a2a::detail::contract_violation();
  b.ram.write32(hal::offset::kControl, hal::RegisterValue<hal::reg::Control>{}
                                           .flag<hal::reg::Control::ClearCounters>()
                                           .set<hal::reg::Control::Ticket>((driver.ticket() + 1U) & 0xFFU)
                                           .raw());
  b.emulator.service(b.ram);
}

/// Every message exactly once, by the block's counters.
bool exactly_once(Bench& b, std::uint32_t ports) {
  Driver driver(b.ram);
  const DeliveryTally c = driver.counters();
  return c.delivered == std::uint64_t{ports} * ports && c.duplicates == 0 && c.misroutes == 0 && c.conflicts == 0 &&
         c.faulted_rounds == 0 && b.emulator.missing(ports) == 0 && driver.last_error() == 0;
}

template <class S>
LookaheadOutcome run(Bench& b, const S& schedule, LookaheadOptions options = {}) {
  TestTimer timer{&b};
  std::uint32_t expected = 0;
  bool in_order = true;
  const LookaheadOutcome out =
      run_lookahead<Layout>(b.ram, schedule, timer, options, [&](std::uint32_t r, const typename S::Round&) {
        in_order = in_order && r == expected;
        ++expected;
      });
  CHECK(in_order);  // on_round: every confirmed round once, in order
  CHECK(expected == out.rounds_done);
  return out;
}

}  // namespace

TEST_CASE("slot ring: entries leave in order, once each; an empty slot is an underrun, after finish() it is not") {
  static Ring ring;
  ring.reset();
  StoreLog log;
  CHECK(ring.serve(log) == hal::SlotServed::underrun);
  CHECK(ring.underruns() == 1);
  CHECK(log.count == 0);
  CHECK(ring.space() == 7);  // capacity - 1: a full ring differs from an empty one
  for (std::uint32_t r = 0; r < 7; ++r)
    CHECK(ring.push(SlotEntry{Layout::stage_control(r % 6), 0x100 + r, commit_control(r)}));
  CHECK_FALSE(ring.push(SlotEntry{}));  // full: nothing changes
  CHECK(ring.space() == 0);
  CHECK(ring.pushed() == 7);
  for (std::uint32_t r = 0; r < 3; ++r) CHECK(ring.serve(log) == hal::SlotServed::written);
  CHECK(log.count == 6);  // two stores per slot: STAGE_CTRL, then COMMIT
  CHECK(log.offset[0] == Layout::stage_control(0));
  CHECK(log.value[0] == 0x100);
  CHECK(log.offset[1] == hal::offset::kControl);
  CHECK(log.value[1] == commit_control(0));
  CHECK(log.offset[4] == Layout::stage_control(2));
  CHECK(log.value[5] == commit_control(2));
  CHECK(ring.written() == 3);
  CHECK(ring.space() == 3);
  for (std::uint32_t r = 7; r < 10; ++r)  // wraps around the end
    CHECK(ring.push(SlotEntry{Layout::stage_control(1), 0x200 + r, commit_control(r)}));
  ring.finish();
  CHECK_FALSE(ring.drained());
  for (std::uint32_t r = 3; r < 10; ++r) CHECK(ring.serve(log) == hal::SlotServed::written);
  CHECK(ring.drained());
  CHECK(ring.written() == 10);
  CHECK(ring.serve(log) == hal::SlotServed::finished);
  CHECK(ring.underruns() == 1);
  CHECK(log.count == 20);
  CHECK(commit_control(0x1FF) == commit_control(0xFF));  // 8-bit tickets
  CHECK(commit_control(5) == 0x0501U);
}

TEST_CASE("look-ahead, window 1: a Gray-order exchange, one STAGE_CTRL store and one COMMIT per slot") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 16).value();
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  configure(b, net);
  const LookaheadOutcome out = run(b, schedule);
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 16);
  CHECK(out.slots_written == 16);
  CHECK(b.commits == 16);
  CHECK(b.stage_stores == 16);
  CHECK(b.other_stores == 0);
  CHECK(b.starts == 1);
  CHECK_FALSE(b.running);
  CHECK(exactly_once(b, 16));
  Driver driver(b.ram);
  CHECK(driver.round_counter() == 16);
}

TEST_CASE("look-ahead, window 1: natural order, alternating control and the device's AnySchedule") {
  Bench& b = fresh_bench();
  // Natural order changes several stages a round: the main loop writes the others itself.
  const Network omega = make_network(Topology::baseline, 32).value();
  configure(b, omega);
  CHECK(run(b, LatinSquareSchedule<>::make(omega, RoundOrder::natural).value()).error == Errc::ok);
  CHECK(exactly_once(b, 32));

  Bench& c = fresh_bench();
  const Network gsen = make_network(Topology::gsen, 18).value();
  configure(c, gsen);
  const LookaheadOutcome alt = run(c, AlternatingSchedule::make(gsen).value());
  CHECK(alt.error == Errc::ok);
  CHECK(alt.rounds_done == 18);
  CHECK(exactly_once(c, 18));

  Bench& d = fresh_bench();
  const Network banyan = make_network(Topology::banyan, 64, 4).value();
  configure(d, banyan);
  const LookaheadOutcome any = run(d, AnySchedule::make(banyan, ScheduleKind::latin_square, RoundOrder::gray).value());
  CHECK(any.error == Errc::ok);
  CHECK(any.rounds_done == 64);
  CHECK(exactly_once(d, 64));
}

TEST_CASE("look-ahead, window 1: the fault-tolerant schedule's relays, with PORT_MESSAGE in relay mode") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 16).value();
  configure(b, net, true);
  const AnySchedule ft = AnySchedule::make(net, SwitchFault{1, 3}).value();
  const LookaheadOutcome out = run(b, ft);
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == ft.rounds());
  CHECK(exactly_once(b, 16));
  Driver driver(b.ram);
  CHECK(driver.counters().relayed > 0);
  CHECK(driver.counters().relay_errors == 0);
  CHECK(driver.counters().left_in_store == 0);
}

TEST_CASE("look-ahead: a fabric slower than the slots gives underruns, never a skipped or repeated round") {
  Bench& b = fresh_bench();
  b.slot_period = 2;
  b.fabric_period = 7;  // the block looks at CONTROL less often than slots come
  const Network net = make_network(Topology::omega, 16).value();
  configure(b, net);
  const LookaheadOutcome out = run(b, LatinSquareSchedule<>::make(net, RoundOrder::gray).value());
  CHECK(out.error == Errc::ok);
  CHECK(out.underruns > 0);
  CHECK(out.slots_written == 16);
  CHECK(b.commits == 16);
  CHECK(exactly_once(b, 16));
}

namespace {

/// Ports that inject their own headers: before the interrupt's COMMIT of round r,
/// the headers of round r (what each processor's interface would send).
template <class S>
void headers_of(Bench& b, std::uint32_t r) {
  const S& schedule = *static_cast<const S*>(b.schedule);
  app::write_round_ports<Layout>(b.ram, schedule, schedule.round(r), false);
}

}  // namespace

TEST_CASE("look-ahead, window 4: the switch settings alone, rounds in flight, confirmed by ROUND_COUNTER") {
  Bench& b = fresh_bench();
  b.slot_period = 3;
  b.fabric_period = 3;  // the block takes each COMMIT up before the next slot
  const Network net = make_network(Topology::reverse_banyan, 64).value();
  using S = LatinSquareSchedule<>;
  const S schedule = S::make(net, RoundOrder::gray).value();
  b.schedule = &schedule;
  b.inject_headers = headers_of<S>;
  configure(b, net);
  const LookaheadOutcome out = run(b, schedule, LookaheadOptions{4, false, 1000});
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 64);
  CHECK(out.underruns == 0);
  CHECK(b.stage_stores == 64);
  CHECK(exactly_once(b, 64));
}

TEST_CASE("look-ahead, window 4: d = 4 (the run-time Gray step) and alternating control") {
  Bench& b = fresh_bench();
  b.slot_period = 3;
  b.fabric_period = 3;
  const Network net = make_network(Topology::omega, 64, 4).value();
  using S = LatinSquareSchedule<>;
  const S schedule = S::make(net, RoundOrder::gray).value();
  b.schedule = &schedule;
  b.inject_headers = headers_of<S>;
  configure(b, net);
  const LookaheadOutcome out = run(b, schedule, LookaheadOptions{4, false, 1000});
  CHECK(out.error == Errc::ok);
  CHECK(out.rounds_done == 64);
  CHECK(exactly_once(b, 64));

  Bench& c = fresh_bench();
  c.slot_period = 3;
  c.fabric_period = 3;
  const Network gsen = make_network(Topology::gsen, 18).value();
  const AlternatingSchedule alt = AlternatingSchedule::make(gsen).value();
  c.schedule = &alt;
  c.inject_headers = headers_of<AlternatingSchedule>;
  configure(c, gsen);
  CHECK(run(c, alt, LookaheadOptions{7, false, 1000}).error == Errc::ok);
  CHECK(exactly_once(c, 18));
}

TEST_CASE("look-ahead: windows and schedules it refuses, each with its own error") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 16).value();
  configure(b, net);
  const auto gray = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  CHECK(run(b, gray, LookaheadOptions{0, true, 1000}).error == Errc::lookahead_bad_window);
  CHECK(run(b, gray, LookaheadOptions{2, true, 1000}).error == Errc::lookahead_bad_window);   // headers: window 1
  CHECK(run(b, gray, LookaheadOptions{8, false, 1000}).error == Errc::lookahead_bad_window);  // the ring holds 7
  CHECK(b.starts == 0);
  // A window above 1 with rounds that change several stages (natural order).
  const LookaheadOutcome natural =
      run(b, LatinSquareSchedule<>::make(net, RoundOrder::natural).value(), LookaheadOptions{4, false, 1000});
  CHECK(natural.error == Errc::lookahead_needs_one_stage);
  CHECK_FALSE(b.running);
  // Rounds with individual switch states (an arbitrary initial configuration M^0).
  Bench& c = fresh_bench();
  configure(c, net);
  static constexpr std::uint8_t kBits[4] = {0x5A, 0x00, 0xFF, 0x81};
  const auto individual = LatinSquareSchedule<InitialConfiguration>::make(net, RoundOrder::natural, {kBits, 8}).value();
  CHECK(run(c, individual).error == Errc::lookahead_individual_control);
  CHECK(c.starts == 0);
  // A board timer that will not run at the period.
  Bench& d = fresh_bench();
  configure(d, net);
  d.start_refused = true;
  CHECK(run(d, gray).error == Errc::slot_timer_refused);
}

TEST_CASE("look-ahead: a flagged round stops the run there, nothing after it committed (window 1)") {
  Bench& b = fresh_bench();
  const Network net = make_network(Topology::omega, 16).value();
  configure(b, net);
  Driver driver(b.ram);
  REQUIRE(driver.probe() == Errc::ok);
  b.ram.write32(Layout::kInjectRound, 5);
  b.ram.write32(Layout::kInject, hal::RegisterValue<hal::reg::Inject>{}
                                     .set<hal::reg::Inject::Stage>(1)
                                     .set<hal::reg::Inject::Switch>(2)
                                     .flag<hal::reg::Inject::Arm>()
                                     .raw());
  b.emulator.service(b.ram);
  const LookaheadOutcome out = run(b, LatinSquareSchedule<>::make(net, RoundOrder::gray).value());
  CHECK(out.error == Errc::fabric_round_faulted);
  CHECK(out.rounds_done == 5);
  CHECK(out.slots_written == 6);  // round 5 ran (voided); round 6 was never committed
  CHECK(out.last_error != 0);
  CHECK(driver.counters().delivered == 5 * 16);
  CHECK(driver.counters().duplicates == 0);
  CHECK_FALSE(b.running);
}

TEST_CASE("look-ahead: a timer that never fires stops the run after stall_us, nothing delivered twice") {
  Bench& b = fresh_bench();
  b.slots_firing = false;
  const Network net = make_network(Topology::omega, 16).value();
  configure(b, net);
  const LookaheadOutcome out =
      run(b, LatinSquareSchedule<>::make(net, RoundOrder::gray).value(), LookaheadOptions{1, true, 50});
  CHECK(out.error == Errc::fabric_timeout);
  CHECK(out.rounds_done == 0);
  CHECK(out.slots_written == 0);
  CHECK_FALSE(b.running);
}
