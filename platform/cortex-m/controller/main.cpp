// The controller image's main on a Cortex-M board: the board's peripherals
// (board.h: UART console, timer, watchdog, reset cause) behind the device's
// DeviceBoard concept, the fabric's register block through the memory-mapped
// bus at the board's address, and the device loop (firmware/app: device.hpp).
// Nothing here models the fabric: on a QEMU board the emulated fabric
// (platform/emulated) answers from its interrupt, as hardware would.
#include <a2a/app/device.hpp>
#include <a2a/board/board.h>
#include <a2a/board/console.hpp>
#include <a2a/config/config_block.hpp>
#include <a2a/mmio/mmio_bus.hpp>
#ifdef A2A_FW_SLOT_TIMER
#include <a2a/board/slot_timer.hpp>
#endif
#ifdef A2A_BOARD_SPI_CHAIN_BASE
#include "switch_chain.hpp"
#endif
// The configuration store's flash (board.cmake: A2A_BOARD_CONFIG_FLASH; save, erase).
#include <a2a/board/config_flash.hpp>

#include <array>
#include <cstdint>
#include <string_view>

extern "C" const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_default_config_block;  // config_block.cpp
extern "C" const std::uint8_t __a2a_config_start[];  // the board's CONFIG region (linker script)

namespace {

/// Watchdog period: covers the worst-case round and every planning step (docs/console.md,
/// "Timing and supervision"); A2A_FW_WATCHDOG_MS in the controller's CMakeLists.txt.
constexpr std::uint32_t kWatchdogMs = A2A_FW_WATCHDOG_MS;

/// STATUS reads one wait for the fabric may take. Hardware answers within a round
/// time (microseconds): 200000 reads are about 0.1 s at 25 MHz. The emulated fabric
/// answers from SysTick, every 25 us of QEMU's clock, but QEMU's timer thread may
/// be descheduled by a busy host for milliseconds: about 0.25 s of reads under QEMU.
#ifdef A2A_BOARD_EMULATED_FABRIC
constexpr std::uint32_t kFabricPolls = 5000000;
#else
constexpr std::uint32_t kFabricPolls = 200000;
#endif

#ifdef A2A_FW_TEST_HANG_AFTER_COMMITS
/// Test image only: the fabric's bus locks up (an access never completes) after
/// a number of COMMITs, so the watchdog must reset the board.
class HangingBus {
 public:
  explicit HangingBus(std::uintptr_t base) : bus_(base) {}
  std::uint32_t read32(std::uint32_t offset) { return bus_.read32(offset); }
  void write32(std::uint32_t offset, std::uint32_t value) {
    using Control = a2a::hal::reg::Control;
    if (offset == a2a::hal::offset::kControl && Control::Commit::extract(value) != 0 &&
        ++commits_ > A2A_FW_TEST_HANG_AFTER_COMMITS)
      for (;;) __asm__ volatile("" ::: "memory");  // the stuck bus cycle
    bus_.write32(offset, value);
  }

 private:
  a2a::mmio::MmioBus bus_;
  std::uint32_t commits_{0};
};
using FabricBus = HangingBus;
#else
using FabricBus = a2a::mmio::MmioBus;
#endif

a2a::app::ResetCause cause_of(a2a_reset_cause c) {
  switch (c) {
    case A2A_RESET_WATCHDOG: return a2a::app::ResetCause::watchdog;
    case A2A_RESET_SOFTWARE: return a2a::app::ResetCause::software;
    case A2A_RESET_PIN: return a2a::app::ResetCause::pin;
    case A2A_RESET_LOCKUP: return a2a::app::ResetCause::lockup;
    case A2A_RESET_POWER_ON: break;
  }
  return a2a::app::ResetCause::power_on;
}

class CortexMBoard {
 public:
  CortexMBoard() : bus_(a2a_board_fabric_base()), cause_(cause_of(a2a_board_reset_cause())) {}
  int read_byte() { return a2a_board_uart_read(); }
  std::uint32_t console_overruns() const { return a2a_board_uart_overruns(); }
  // The console's transmit ring (QueuedConsoleBoard): the device asks before it prints.
  std::uint32_t console_room() { return a2a_board_uart_tx_room(); }
  std::uint32_t console_capacity() const { return A2A_BOARD_TX_RING; }
  std::uint32_t console_lost() const { return a2a_board_uart_tx_lost(); }
  template <class... Args>
  void print(const Args&... args) {
    a2a::board::print(args...);
  }
  std::uint64_t micros() { return a2a_board_micros(); }
#ifdef A2A_FW_TEST_HANG_WHILE_APPLYING
  /// Test image only: planning never ends while a configuration is applied at boot
  /// (the device's boot-loop crumb is set), so the watchdog must cut it short.
  void feed_watchdog() {
    if (a2a::app::crumb::applying(a2a_board_persistent()[a2a::app::crumb::kApplying]))
      for (;;) __asm__ volatile("" ::: "memory");
    a2a_board_watchdog_feed();
  }
#else
  void feed_watchdog() { a2a_board_watchdog_feed(); }
#endif
  std::uint32_t fabric_polls() const { return kFabricPolls; }
  std::uint32_t watchdog_ms() const { return a2a_board_watchdog_supported() ? kWatchdogMs : 0; }
  std::string_view name() const { return a2a_board_name(); }
  a2a::app::ResetCause reset_cause() const { return cause_; }
  std::uint32_t crumb(std::uint32_t i) { return a2a_board_persistent()[i]; }
  void set_crumb(std::uint32_t i, std::uint32_t v) { a2a_board_persistent()[i] = v; }
  FabricBus& bus() { return bus_; }
  /// `reboot`: the reply's last bytes leave the transmit ring (sent by polling, bounded),
  /// then the UART (its FIFO and shift register hold at most 17 bytes, 1.5 ms at 115200
  /// baud: 2 ms are waited), then SYSRESETREQ.
  [[noreturn]] void reboot() {
    a2a_console_flush();
    const std::uint64_t until = a2a_board_micros() + 2000;
    while (a2a_board_micros() < until) {
    }
    a2a_board_reset();
  }
#ifdef A2A_BOARD_CONFIG_BYTES
  /// The configuration store: a copy in each half of the CONFIG region (board.cmake).
  a2a::board::ConfigFlash::Driver& config_flash() { return config_flash_.driver(); }
  a2a::ConfigRegion config_region() const { return a2a::board::ConfigFlash::region(); }
#endif
#ifdef A2A_BOARD_SPI_CHAIN_BASE
  /// fabric=spi-chain: the switch elements on the board's SPI chains (switch_chain.hpp).
  a2a::board::SpiChainPath::Fabric& switch_path() { return chains_.fabric(); }
#ifdef A2A_BOARD_SPI_CHAIN_IRQ
  /// The PL022's interrupt: the chains' bytes move.
  void chain_interrupt() { chains_.on_interrupt(); }
#endif
#ifdef A2A_BOARD_EMULATED_FABRIC
  /// `inject CHAIN:ELEMENT [ROUND] readback|timeout`: the emulated far end answers wrong,
  /// or not at all, once.
  a2a::Errc inject_wire_fault(a2a::app::WireInjection kind, std::uint32_t chain, std::uint32_t element,
                              std::uint32_t round) {
    a2a_emulated_chain_inject(chain, element, round, kind == a2a::app::WireInjection::timeout ? 1 : 0);
    return a2a::Errc::ok;
  }
  void clear_wire_faults() { a2a_emulated_chain_clear(); }
  bool wire_fault_pending() const { return a2a_emulated_chain_pending() != 0; }
#endif
#endif
#ifdef A2A_FW_SLOT_TIMER
  /// Look-ahead mode (`set mode=lookahead`): the board's slot timer, whose interrupt
  /// writes each round's STAGE_CTRL word and COMMIT through the memory-mapped bus.
  a2a::board::BoardSlotTimer slot_timer(std::uint32_t period_ns) { return a2a::board::BoardSlotTimer(period_ns); }
#endif

 private:
  FabricBus bus_;
  a2a::app::ResetCause cause_;
#ifdef A2A_BOARD_SPI_CHAIN_BASE
  a2a::board::SpiChainPath chains_{A2A_BOARD_SPI_CHAIN_BASE};
#endif
#ifdef A2A_BOARD_CONFIG_BYTES
  a2a::board::ConfigFlash config_flash_;
#endif
};

#ifdef A2A_BOARD_SPI_CHAIN_IRQ
CortexMBoard* g_chain_board = nullptr;  // the board whose chains the PL022's interrupt serves
#endif

}  // namespace

#ifdef A2A_BOARD_SPI_CHAIN_IRQ
// The PL022's interrupt (IRQ<A2A_BOARD_SPI_CHAIN_IRQ>_Handler): enabled only once a
// chain transfer has started the controller, so the board is there.
extern "C" void A2A_BOARD_SPI_CHAIN_IRQ_HANDLER(void) {
  if (g_chain_board != nullptr) g_chain_board->chain_interrupt();
}
#endif

int main() {
  a2a_board_init();
  // Fault plans (the configured faults' plan, then a re-plan around each switch the
  // fabric finds faulty): A2A_FW_PLAN_SLOTS storages for up to A2A_FW_PLAN_FAULTS
  // faults each (the board's RAM decides, board.cmake).
  // A2A_FW_PLAN_FAULTS 0: the single-fault designs' storage only (the smallest boards).
#if A2A_FW_PLAN_FAULTS == 0
  static a2a::SingleFaultPlanStorage<A2A_FW_MAX_PORTS> plan_storage[A2A_FW_PLAN_SLOTS];
#else
  static a2a::FaultPlanStorage<A2A_FW_MAX_PORTS, A2A_FW_PLAN_FAULTS> plan_storage[A2A_FW_PLAN_SLOTS];
#endif
  static std::array<a2a::PlanStorageSpan, A2A_FW_PLAN_SLOTS> plan_spans;
  for (std::size_t k = 0; k < plan_spans.size(); ++k) plan_spans[k] = plan_storage[k].span();
  static CortexMBoard board;
#ifdef A2A_BOARD_SPI_CHAIN_IRQ
  g_chain_board = &board;
#endif
  if (a2a_board_watchdog_supported()) a2a_board_watchdog_start(kWatchdogMs);
    // A board with a configuration store boots its newest copy (the device reads it).
#ifdef A2A_BOARD_CONFIG_BYTES
  const std::span<const std::uint8_t> block{};
#else
  const std::span<const std::uint8_t> block(__a2a_config_start, a2a::kConfigBlockSize);
#endif
  static a2a::app::Device<CortexMBoard, A2A_FW_MAX_PORTS> device(
      board, block, std::span<const std::uint8_t>(a2a_default_config_block),
      std::span<const a2a::PlanStorageSpan>(plan_spans));
  // Planning and diagnosis run in slices on a stack of their own (a2a/app/sliced_call.hpp),
  // one planning step a pass of the loop: its size is the board's (board.cmake), which
  // the build checks against the deepest planning chain and the interrupts (stack-report.py).
#if A2A_FW_SLICE_STACK > 0
  static_assert(A2A_FW_SLICE_STACK >= a2a::app::SlicedCall::kMinStackBytes, "A2A_BOARD_FW_SLICE_STACK: too small");
  alignas(16) static std::array<std::byte, A2A_FW_SLICE_STACK> slice_stack;
  if (!device.slice_on(slice_stack)) board.print("error: the slice stack was refused; planning runs in one piece\n");
#endif
  device.run_forever();
}
