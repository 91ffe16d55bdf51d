// What the device (device.hpp) needs from a board, as a C++ concept: the
// console, time, the watchdog, the reset cause and a few words that survive a
// reset (and, to drive the a2a block, the bus to its registers: BlockBoard,
// device_fabric.hpp). A Cortex-M board provides it over platform/cortex-m's
// board.h; host tests provide a scripted one; a product, its own.
#pragma once

#include <algorithm>
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
  { b.read_byte() } -> std::same_as<int>;                   ///< next console byte, or -1 (never blocks)
  { b.console_overruns() } -> std::same_as<std::uint32_t>;  ///< console bytes lost so far (ring full, UART overrun)
  b.print("text", std::string_view{}, index);               ///< console output: strings and integers
  { b.micros() } -> std::same_as<std::uint64_t>;            ///< monotonic time
  { b.fabric_polls() } -> std::same_as<std::uint32_t>;      ///< STATUS reads a wait for the fabric may take
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
concept RebootingBoard = requires(B& b) {
  b.reboot();
};

/// A board whose console queues its output (a transmit ring that the UART's interrupt
/// sends): the device asks for room before it prints, so a host that reads slowly, or
/// not at all, never holds a step (docs/protocol.md, "A slow host").
template <class B>
concept QueuedConsoleBoard = requires(B& b, const B& cb) {
  { b.console_room() } -> std::same_as<std::uint32_t>;       ///< bytes it takes now without waiting
  { cb.console_capacity() } -> std::same_as<std::uint32_t>;  ///< bytes it holds
  { cb.console_lost() } -> std::same_as<std::uint32_t>;      ///< bytes it could not take so far
};

/// The console room a step that may print a reply waits for: the most any one poll()
/// of the device prints (the help text, an exchange's end with its fault lines; the
/// host tests check every poll against it).
inline constexpr std::uint32_t kReplyReserve = 1536;
/// The longest trace line (`round R: word W, K register writes, sends i->d ...`, at
/// most 16 ports listed).
inline constexpr std::uint32_t kTraceLineMax = 200;

/// Whether the board's console takes a step's replies now: the reserve is free, or the
/// whole ring where it holds less. A console that does not queue always does.
template <class B>
[[nodiscard]] bool console_ready(B& board) {
  if constexpr (QueuedConsoleBoard<B>)
    return board.console_room() >= std::min(kReplyReserve, board.console_capacity());
  else
    return true;
}
/// Whether a trace line fits now with the room of a step's replies beside it (else it
/// is dropped whole and counted: trace lines are the only output ever left out).
template <class B>
[[nodiscard]] bool console_takes_trace(B& board) {
  if constexpr (QueuedConsoleBoard<B>) {
    const std::uint32_t capacity = board.console_capacity();
    const std::uint32_t beside = capacity > kTraceLineMax ? std::min(kReplyReserve, capacity - kTraceLineMax) : 0;
    return board.console_room() >= kTraceLineMax + beside;
  } else {
    return true;
  }
}

/// What the device remembers of its exchanges for `status`.
struct DeviceRecord {
  std::uint32_t exchanges{0};  ///< exchanges run since boot
  std::uint32_t failed{0};     ///< of which did not deliver every pair exactly once
  bool last_ok{false};
  std::uint32_t rounds_run{0};  ///< of the last exchange
  std::uint32_t rounds_planned{0};
  std::uint64_t delivered{0};
  std::uint64_t expected{0};
  std::uint64_t duplicates{0};
  std::uint32_t late{0};
  std::uint32_t replans{0};
  std::uint64_t trace_dropped{0};  ///< trace lines left out since boot (the console was full)
};

}  // namespace a2a::app
