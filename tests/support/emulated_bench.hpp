// An emulated fabric block (platform/emulated) behind the real driver, for the tests
// that run rounds end to end (hal_emulated_fabric, the round loop's loop_bench.hpp):
// a powered-on block, its interrupt played every few register reads, a probed
// FabricDriver, and the block's counters as the verdict. Heap-free: the boards run
// these tests too.
#pragma once

#include <a2a/a2a.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>

namespace a2a::test {

/// The emulator's interrupt fires before every kServicePeriod-th register read.
inline constexpr std::uint32_t kServicePeriod = 3;

/// A powered-on emulated block of Ports ports and a probed driver (static: small
/// stacks on boards; one block for each capacity).
template <std::uint32_t Ports, std::uint32_t Stages>
struct EmulatedBench {
  using Layout = hal::FabricLayout<Ports, Stages>;
  using Emulator = emulated::FabricEmulator<Layout, Ports>;
  using Ram = emulated::RamBlock<Layout::kSize>;
  using Bus = emulated::ServicedBus<Emulator, Ram>;
  using Driver = hal::FabricDriver<Bus, Layout>;
  Ram ram;
  Emulator emulator;
  Bus bus{emulator, ram, kServicePeriod};
  Driver driver{bus};

  /// The one bench of this capacity, powered on anew, its interrupt every `period`
  /// reads (0: only when the test services it).
  static EmulatedBench& fresh(std::uint32_t period = kServicePeriod) {
    static EmulatedBench bench;
    bench.emulator.power_on(bench.ram);
    bench.bus = Bus(bench.emulator, bench.ram, period);
    bench.driver = Driver(bench.bus);
    if (bench.driver.probe() != Errc::ok) a2a::detail::contract_violation();
    return bench;
  }
};

/// Every message of the N x N exchange exactly once, by the block's counters: none
/// missing, twice, misrouted, in conflict, failed at a relay or left in store, and no
/// LAST_ERROR.
template <class AnyBench>
bool exactly_once(AnyBench& b, std::uint32_t ports) {
  const DeliveryTally c = b.driver.counters();
  return c.delivered == std::uint64_t{ports} * ports && c.duplicates == 0 && c.misroutes == 0 && c.conflicts == 0 &&
         c.relay_errors == 0 && c.left_in_store == 0 && c.faulted_rounds == 0 && b.emulator.missing(ports) == 0 &&
         b.driver.last_error() == 0;
}

}  // namespace a2a::test
