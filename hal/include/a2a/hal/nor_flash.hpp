// A NOR flash as the configuration store sees it (a2a/config/config_store.hpp):
// erase units that read back 0xFF once erased, 32-bit words that programming can
// only take from 1 to 0, and operations that take milliseconds. Every operation is
// started and then polled (in the style of modm's resumable drivers and the
// CMSIS-Driver Flash's status): the caller's loop decides when to look again,
// feeds its watchdog meanwhile and gives up after the data sheet's longest time.
//
// Backends (platform/flash): the STM32F2/F4 flash interface, the nRF51's NVMC,
// a RAM region standing in for flash (the MPS2's SSRAM); the host tests' NOR model.
// Each is a template over the RegisterBus its registers and its memory are read
// and written through: only the memory-mapped bus touches volatile.
#pragma once

#include <concepts>
#include <cstdint>

#include "a2a/errc.hpp"

namespace a2a::hal {

/// Where an operation is: still running, or ended (`error` ok: it succeeded; else the
/// flash's own flag, as a config_flash_* Errc).
struct FlashPoll {
  bool busy{false};
  Errc error{Errc::ok};
};

/// The longest times an operation may take, from the part's data sheet (microseconds):
/// past them the store reports config_flash_timeout.
struct FlashTimes {
  std::uint32_t erase_us{0};    ///< one erase unit
  std::uint32_t program_us{0};  ///< one 32-bit word
};

template <class F>
concept NorFlash = requires(F& flash, std::uint32_t address, std::uint32_t word) {
  { flash.read32(address) } -> std::same_as<std::uint32_t>;      ///< a word of the flash (address word-aligned)
  { flash.unlock() } -> std::same_as<Errc>;                      ///< allow erase and program: ok or config_flash_locked
  flash.lock();                                                  ///< refuse them again
  { flash.start_erase(address) } -> std::same_as<Errc>;          ///< erase the erase unit that starts at `address`
  { flash.start_program(address, word) } -> std::same_as<Errc>;  ///< program one word (it must read 0xFFFFFFFF)
  { flash.poll() } -> std::same_as<FlashPoll>;                   ///< the operation started last
  { flash.times() } -> std::same_as<FlashTimes>;
};

}  // namespace a2a::hal
