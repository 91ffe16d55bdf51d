// The configuration store on the board (docs/PERFORMANCE.md, "The configuration store"):
// the controller's own instructions for what `save`, `erase` and a boot do, through the
// board's flash driver (the MPS2's SSRAM region, the micro:bit's NVMC: QEMU models both;
// the STM32's flash is a ROM under QEMU). Each device pass of a save is one step of the
// store plus the block encoded again (as Device::continue_store does); a flash
// operation's busy time is the chip's and is waited for between passes, not counted
// here. Groups: the boot's load(), the save's passes, the erase's passes.
#include <array>
#include <cstdint>

#include "a2a/board/config_flash.hpp"
#include "a2a/board/console.hpp"
#include "icount_markers.h"

namespace {

using namespace a2a;
using board::println;

[[gnu::noinline]] void calibrate() {
  for (int i = 0; i < 4; ++i) {
    A2A_ICOUNT_START();
    A2A_ICOUNT_STOP();
  }
}

template <class Store>
std::uint32_t run_to_end(Store& store, const ControllerConfig& config, std::uint64_t& now, bool& ok) {
  std::uint32_t passes = 0;
  StoreProgress p{true};
  while (p.busy && passes < 10000) {
    A2A_ICOUNT_START();
    p = store.step(now += 100, encode_config(config));
    A2A_ICOUNT_STOP();
    ++passes;
  }
  ok = !p.busy && p.error == Errc::ok;
  return passes;
}

}  // namespace

int main() {
  println("board name=", A2A_BENCH_BOARD, " hz=", A2A_BENCH_CPU_HZ);
  calibrate();
  println("bench calibrate");
  A2A_ICOUNT_FLUSH();
  static board::ConfigFlash flash;
  ConfigStore store(flash.driver(), board::ConfigFlash::region());
  ControllerConfig config;
  config.topology = Topology::omega;
  config.ports = 32;
  config.fault_count = 1;
  config.faults[0] = {2, 5, false, 0};
  std::uint64_t now = 0;
  for (int round = 0; round < 2; ++round) {  // the first save, then one over the other copy
    A2A_ICOUNT_START();
    (void)store.load();
    A2A_ICOUNT_STOP();
    println("bench load found=", store.newest().found ? 1 : 0);
    A2A_ICOUNT_FLUSH();
    bool ok = false;
    const Errc started = store.start_save(encode_config(config));
    const std::uint32_t passes = started == Errc::ok ? run_to_end(store, config, now, ok) : 0;
    println("bench save copy=", static_cast<std::uint32_t>(store.newest().copy), " passes=", passes,
            " ok=", ok ? 1 : 0);
    A2A_ICOUNT_FLUSH();
    config.ports = 16;
  }
  bool ok = false;
  const std::uint32_t passes = store.start_erase() == Errc::ok ? run_to_end(store, config, now, ok) : 0;
  println("bench erase passes=", passes, " ok=", ok ? 1 : 0);
  A2A_ICOUNT_FLUSH();
  println("bench done");
  return 0;
}
