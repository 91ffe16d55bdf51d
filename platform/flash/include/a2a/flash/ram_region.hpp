// A RAM region standing in for flash (the MPS2 boards' configuration region: the
// code SSRAM, which a reset leaves as it was and a power cut does not; docs/flashing.md).
// As a hal::NorFlash it keeps flash's rules, so the store's code path is the one a
// flash board runs: an erase sets its unit to 0xFF, programming only clears bits.
#pragma once

#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/nor_flash.hpp"

namespace a2a::flash {

template <hal::RegisterBus Bus>
class RamRegion {
 public:
  /// `memory`: a bus at 0 (offset = address); `erase_unit`: the bytes an erase sets (a
  /// copy's share of the region), a multiple of 4.
  RamRegion(Bus& memory, std::uint32_t erase_unit) : memory_(&memory), erase_unit_(erase_unit) {}

  std::uint32_t read32(std::uint32_t address) { return memory_->read32(address); }
  static Errc unlock() { return Errc::ok; }
  static void lock() {}
  /// erase_unit / 4 stores: 512 for the MPS2's 2 KiB (about 1.5 k instructions).
  Errc start_erase(std::uint32_t address) {
    if (address % erase_unit_ != 0) return Errc::config_flash_alignment_error;
    for (std::uint32_t at = 0; at < erase_unit_; at += 4) memory_->write32(address + at, 0xFFFFFFFFU);
    return Errc::ok;
  }
  Errc start_program(std::uint32_t address, std::uint32_t word) {
    if (address % 4 != 0) return Errc::config_flash_alignment_error;
    memory_->write32(address, memory_->read32(address) & word);
    return Errc::ok;
  }
  static hal::FlashPoll poll() { return {false, Errc::ok}; }
  static constexpr hal::FlashTimes times() { return {1000U, 10U}; }

 private:
  Bus* memory_;
  std::uint32_t erase_unit_;
};

}  // namespace a2a::flash
