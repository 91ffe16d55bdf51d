// The round loop's test bench (controller_test.cpp, round_runner_test.cpp,
// periodic_runner_test.cpp): the emulated block of emulated_bench.hpp (its interrupt
// played every third register read) at 64 ports, a bus that counts COMMITs, tells
// stepped rounds from whole ones and can lose COMMITs (a hung round), and the block's
// counters as the verdict. Heap-free and small: the boards run these tests too.
#pragma once

#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>

#include "emulated_bench.hpp"

namespace a2a::test_loop {

using namespace a2a::hal;

inline constexpr std::uint32_t kPolls = 64;
inline constexpr std::uint32_t kPeriod = test::kServicePeriod;

using test::EmulatedBench;
using test::exactly_once;

using Bench = EmulatedBench<64, 6>;
using Layout = Bench::Layout;
using Emulator = Bench::Emulator;
using Ram = Bench::Ram;
using Bus = Bench::Bus;
using Driver = Bench::Driver;

inline Bench& fresh_bench() { return Bench::fresh(); }

/// Every message exactly once, each to its destination, where a round was aborted
/// (its LAST_ERROR stays: the aborted round delivered nothing).
inline bool exactly_once_after_abort(Bench& b, std::uint32_t ports) {
  const DeliveryTally c = b.driver.counters();
  return c.delivered == std::uint64_t{ports} * ports && c.duplicates == 0 && c.misroutes == 0 && c.conflicts == 0 &&
         c.faulted_rounds == 0 && b.emulator.missing(ports) == 0;
}

/// The serviced bus, telling stepped rounds from whole ones (a stepped round writes
/// its STAGE_CTRL right before COMMIT, a whole one its ports in between), counting
/// the reads of ARRIVED and ROUND_CHECK, and able to lose COMMITs (a hung round).
class CountingBus {
 public:
  explicit CountingBus(Bus& inner) : inner_(&inner) {}
  std::uint32_t read32(std::uint32_t offset) {
    if (offset >= Layout::kArrivedBase) ++arrived_reads;
    if (offset == Layout::kRoundCheck) ++round_check_reads;
    return inner_->read32(offset);
  }
  void write32(std::uint32_t offset, std::uint32_t value) {
    const bool stage = offset >= Layout::stage_control(0) && offset <= Layout::stage_control(Layout::kMaxStages - 1);
    if (offset == Layout::kControl && reg::Control::Commit::extract(value) != 0) {
      ++commits;
      if (last_was_stage_) ++stepped_commits;
      if (hang_commits > 0) {
        --hang_commits;
        last_was_stage_ = false;
        return;  // lost on the way: the block never takes it up
      }
    }
    last_was_stage_ = stage;
    inner_->write32(offset, value);
  }
  std::uint32_t commits{0};
  std::uint32_t stepped_commits{0};
  std::uint32_t arrived_reads{0};      // ARRIVED words read
  std::uint32_t round_check_reads{0};  // ROUND_CHECK reads
  std::uint32_t hang_commits{0};

 private:
  Bus* inner_;
  bool last_was_stage_{false};
};
using CountingDriver = FabricDriver<CountingBus, Layout>;

/// A fresh Bench (its driver reads the counters) and a counting driver on its bus.
struct LoopBench {
  Bench* bench;
  CountingBus counting;
  CountingDriver driver;
};

inline LoopBench& fresh_loop_bench() {
  Bench& b = fresh_bench();
  static LoopBench loop{&b, CountingBus(b.bus), CountingDriver(loop.counting)};
  loop.bench = &b;
  loop.counting = CountingBus(b.bus);
  loop.driver = CountingDriver(loop.counting);
  if (loop.driver.probe() != Errc::ok) a2a::detail::contract_violation();
  return loop;
}

inline constexpr auto kIgnoreRound = [](std::uint32_t, const auto&) {};

inline AnySchedule any_schedule(const Network& net, RoundOrder order) {
  const ScheduleKind kind = net.topology == Topology::gsen ? ScheduleKind::alternating : ScheduleKind::latin_square;
  return AnySchedule::make(net, kind, order).value();
}

}  // namespace a2a::test_loop
