// What the device (device.hpp) needs from a board, as a C++ concept: the
// console, time, the watchdog, the reset cause and a few words that survive a
// reset (and, to drive the a2a block, the bus to its registers: BlockBoard,
// device_fabric.hpp). A Cortex-M board provides it over platform/cortex-m's
// board.h; host tests provide a scripted one; a product, its own.
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "a2a/config/config_store.hpp"


namespace a2a::app {

/// Why the board last reset (the board's own register or its breadcrumb).
enum class ResetCause : std::uint8_t { power_on, watchdog, software, pin, lockup };

constexpr std::string_view name(ResetCause c) {
  switch (c) {
    case ResetCause::power_on: return "power-on";
    case ResetCause::watchdog: return "watchdog";
    case ResetCause::software: return "software";
    case ResetCause::pin: return "reset-pin";
    case ResetCause::lockup: return "lockup";
  }
  return "unknown";
}

/// The words that survive a reset (a board's crumb(i)): what the device leaves there
/// and how it reads them back at the next boot.
namespace crumb {
inline constexpr std::uint32_t kExchange = 1;       ///< kExchangeRunning while an exchange runs
inline constexpr std::uint32_t kExchangeRound = 2;  ///< the rounds it delivered so far
inline constexpr std::uint32_t kExchangeRunning = 0xA2A0E7C1U;
/// Boot-loop guard: while a configuration is applied at boot (planned), this word holds
/// kApplyingMagic and, in its low byte, the watchdog resets counted so far in a row.
inline constexpr std::uint32_t kApplying = 3;
inline constexpr std::uint32_t kApplyingMagic = 0xA2A0B000U;
inline constexpr std::uint32_t kApplyingResetsMask = 0xFFU;
/// Whether a kApplying word says a configuration was being applied.
constexpr bool applying(std::uint32_t word) { return (word & ~kApplyingResetsMask) == kApplyingMagic; }
}  // namespace crumb

template <class B>
concept DeviceBoard = requires(B& b, std::uint32_t index, std::uint32_t value) {
  { b.read_byte() } -> std::same_as<int>;             ///< next console byte, or -1 (never blocks)
  { b.console_overruns() } -> std::same_as<std::uint32_t>;  ///< console bytes lost so far (ring full, UART overrun)
  b.print("text", std::string_view{}, index);           ///< console output: strings and integers
  { b.micros() } -> std::same_as<std::uint64_t>;      ///< monotonic time
  { b.fabric_polls() } -> std::same_as<std::uint32_t>;  ///< STATUS reads a wait for the fabric may take
  b.feed_watchdog();
  { b.watchdog_ms() } -> std::same_as<std::uint32_t>;  ///< the watchdog's period, 0: none running
  { b.name() } -> std::convertible_to<std::string_view>;
  { b.reset_cause() } -> std::same_as<ResetCause>;
  { b.crumb(index) } -> std::same_as<std::uint32_t>;  ///< words that survive a reset
  b.set_crumb(index, value);
};

/// A board that keeps a configuration store (`save`, `erase`; a2a/config/config_store.hpp):
/// its flash driver (hal::NorFlash, platform/flash) and where the store's two copies
/// are. The device boots the newest copy; the block span given to it is then unused.
template <class B>
concept StoringBoard = requires(B& b) {
  requires hal::NorFlash<std::remove_cvref_t<decltype(b.config_flash())>>;
  { b.config_region() } -> std::same_as<ConfigRegion>;
};
/// A board that can reset itself (`reboot`): reboot() sends what the console holds,
/// then resets the board (SYSRESETREQ) and does not return.
template <class B>
concept RebootingBoard = requires(B& b) { b.reboot(); };

/// What the device remembers of its exchanges for `status`.
struct DeviceRecord {
  std::uint32_t exchanges{0};       ///< exchanges run since boot
  std::uint32_t failed{0};          ///< of which did not deliver every pair exactly once
  bool last_ok{false};
  std::uint32_t rounds_run{0};      ///< of the last exchange
  std::uint32_t rounds_planned{0};
  std::uint64_t delivered{0};
  std::uint64_t expected{0};
  std::uint64_t duplicates{0};
  std::uint32_t late{0};
  std::uint32_t replans{0};
};

}  // namespace a2a::app
