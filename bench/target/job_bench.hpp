// What the benches that run exchange jobs share (bench_slices, bench_stall): the image's
// capacity, the emulated fabric and its register block, the bus the job's driver reads it
// through, the delivered bits and the slice stack, as the controller image has them.
// The emulated fabric answers on every read while the bus is `serving` (the set-up's
// waits), else only when the bench calls it between the measured steps (on a board its
// interrupt does).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "a2a/a2a.hpp"
#include "a2a/app/counting_bus.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/app/sliced_call.hpp"
#include "a2a/board/board.h"
#include "a2a/emulated/fabric_emulator.hpp"
#include "a2a/hal/hal.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "bench_configs.hpp"

namespace a2a::bench {

inline constexpr std::uint32_t kPorts = std::uint32_t{A2A_FW_MAX_PORTS};
inline constexpr std::uint32_t kStages = stages_of(kPorts);
using Layout = hal::FabricLayout<kPorts, kMaxStages>;
using Emulator = emulated::FabricEmulator<Layout, kPorts>;

#if A2A_FW_SLICE_STACK > 0
alignas(16) inline std::array<std::byte, A2A_FW_SLICE_STACK> g_slice_stack;
inline app::SlicedCall g_slices(g_slice_stack);
#else
inline app::SlicedCall g_slices;
#endif
#if !defined(A2A_BENCH_BLOCK_IN_FABRIC)
alignas(8) inline std::array<std::uint32_t, Layout::kSize / 4> g_block{};
#endif
inline Emulator g_emulator;
inline std::array<std::uint32_t, app::DeliveredMessages::words_for(kPorts)> g_bits{};
inline std::array<std::uint16_t, kPorts> g_observation{};
inline app::FoundFaults g_found{};

/// The device's tick: the end of a slice inside the sliced call.
inline void tick(void*) { g_slices.yield(); }

/// The block's bus.
struct BenchBus {
#if defined(A2A_BENCH_BLOCK_IN_FABRIC)
  mmio::MmioBus raw{a2a_board_fabric_base()};  // the board's FABRIC region, as the image's block
#else
  mmio::MmioBus raw{reinterpret_cast<std::uintptr_t>(g_block.data())};
#endif
  bool serving{true};
  std::uint32_t read32(std::uint32_t offset) {
    if (serving) g_emulator.service(raw);
    return raw.read32(offset);
  }
  void write32(std::uint32_t offset, std::uint32_t value) { raw.write32(offset, value); }
};
inline BenchBus g_bus;
inline app::CountingBus<BenchBus> g_counting(g_bus);
using Driver = hal::FabricDriver<app::CountingBus<BenchBus>, Layout>;

/// A job's hooks that do nothing (the benches count the job's own work).
struct NoHooks {
  template <class S, class Round>
  void after_round(std::uint32_t, const S&, const Round&) {}
};

}  // namespace a2a::bench
