// The emulated fabric on a Cortex-M board under QEMU: the board's fabric register
// block is plain RAM (a2a_board_fabric_base()), and this file plays the hardware
// behind it. SysTick, at the highest priority, preempts the controller every
// ~25 us and lets the emulator take up whatever action the controller left in
// CONTROL (or INJECT). The controller never calls the emulator: it writes and
// reads registers and learns each outcome from STATUS (with its ticket) and the
// counters, exactly as on hardware.
//
// Started before main by a constructor in .init_array (Reset_Handler runs them),
// so the block is in its reset state before the controller probes it.
#include <a2a/board/board.h>
#include <a2a/emulated/chain_far_end.hpp>
#include <a2a/board/emulated_chain.h>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/hal/fabric_registers.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <cstdint>
#include <span>

#ifndef A2A_FW_MAX_PORTS
#define A2A_FW_MAX_PORTS 256
#endif

namespace {

// The same block the controller image programs (FabricLayout<A2A_FW_MAX_PORTS, kMaxStages>).
using Layout = a2a::hal::FabricLayout<A2A_FW_MAX_PORTS, a2a::kMaxStages>;
using Emulator = a2a::emulated::FabricEmulator<Layout, A2A_FW_MAX_PORTS>;

// Static storage: the emulator keeps 2 x N^2 bits (delivered messages, relay stores).
Emulator g_emulator;
// The SPI chains' far end (fabric=spi-chain): a stage's frame is at most N/2 bits.
a2a::emulated::ChainFarEnd<Layout, (A2A_FW_MAX_PORTS / 2 + 7) / 8> g_chains;

// System control space: SysTick and the system handler priorities (ARMv6-M and ARMv7-M).
constexpr std::uintptr_t kScs = 0xE000'E000;
constexpr std::uint32_t kSystCsr = 0x010, kSystRvr = 0x014, kSystCvr = 0x018, kShpr3 = 0xD20;
constexpr std::uint32_t kCsrEnable = 1U << 0, kCsrTickInt = 1U << 1, kCsrClkSource = 1U << 2;
// ~25 us between looks at CONTROL: short next to a round's programming, long enough
// that the controller, not the idle check, gets most of the CPU.
constexpr std::uint32_t kTicksPerSecond = 40'000;
/// SysTick reload for ~25 us at the clock the core really runs at: the board's
/// run-time figure (QEMU clocks the netduinoplus2 at 168 MHz, the chip boots at 16).
std::uint32_t systick_reload() {
  const std::uint32_t ticks = a2a_board_cpu_hz() / kTicksPerSecond;
  if (ticks < 2) return 1;
  return ticks - 1 > 0x00FF'FFFFU ? 0x00FF'FFFFU : ticks - 1;
}

}  // namespace

extern "C" void SysTick_Handler(void) {
  a2a::mmio::MmioBus block(a2a_board_fabric_base());
  g_emulator.service(block);
}

extern "C" int a2a_emulated_chain_shift(std::uint32_t chain, const std::uint8_t* in, std::uint8_t* out,
                                        std::uint32_t n) {
  return g_chains.shift(chain, std::span<const std::uint8_t>(in, n), std::span<std::uint8_t>(out, n)) ? 0 : 1;
}

extern "C" std::uint32_t a2a_emulated_chain_latch(void) {
  a2a::mmio::MmioBus block(a2a_board_fabric_base());
  return static_cast<std::uint32_t>(g_chains.latch(block));
}

extern "C" void a2a_emulated_chain_inject(std::uint32_t chain, std::uint32_t element, std::uint32_t after, int stall) {
  if (stall != 0)
    g_chains.inject_timeout(chain, after);
  else
    g_chains.inject_readback(chain, element, after);
}

extern "C" void a2a_emulated_chain_clear(void) { g_chains.clear_faults(); }

extern "C" int a2a_emulated_chain_pending(void) { return g_chains.pending() ? 1 : 0; }

namespace {

__attribute__((constructor)) void a2a_emulated_fabric_start() {
  a2a::mmio::MmioBus block(a2a_board_fabric_base());
  g_emulator.power_on(block);
  a2a::mmio::MmioBus scs(kScs);
  // SysTick (PRI_15, bits 31:24 of SHPR3) at the highest priority: 0. Word access:
  // ARMv6-M has no byte access to the SHPRs.
  scs.write32(kShpr3, scs.read32(kShpr3) & 0x00FF'FFFFU);
  scs.write32(kSystCsr, 0);
  scs.write32(kSystRvr, systick_reload());
  scs.write32(kSystCvr, 0);
  scs.write32(kSystCsr, kCsrClkSource | kCsrTickInt | kCsrEnable);
}

}  // namespace
