// The STM32F2/F4 flash interface (RM0090 section 3, RM0033 section 2: the same
// registers) as a hal::NorFlash: unlock by the two keys, sector erase, 32-bit
// programming (PSIZE x32: a 2.7 to 3.6 V supply), BSY and the error flags, lock.
//
// A sector erase stalls every read of the flash (RM0090 3.5.3) for up to seconds:
// code that runs from flash, the caller's loop included, cannot feed a watchdog
// meanwhile. A board therefore hands the driver an `EraseStarter`: a function in
// RAM that sets STRT and waits out BSY there, feeding the watchdog (the controller
// image's stm32f4_board.c). Without one (the host model) STRT is written through
// the bus and poll() waits.
//
// The controller image leaves FLASH_ACR at its reset value (16 MHz HSI, no wait state,
// caches off), so what the store reads back is the flash. A product that turns the
// data cache on resets it (ACR.DCRST, with DCEN off) after an erase or a program
// before reading the words back (RM0090 3.5.2).
#pragma once

#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/nor_flash.hpp"
#include "a2a/hal/register.hpp"

namespace a2a::flash {

namespace stm32f4 {
using hal::Field;
using hal::ReadOnly;
using hal::ReadWrite;
using hal::RegisterSpec;
using hal::WriteOnly;

inline constexpr std::uint32_t kInterfaceBase = 0x40023C00U;  ///< the FLASH registers
inline constexpr std::uint32_t kFlashBase = 0x08000000U;      ///< sector 0
inline constexpr std::uint32_t kKey1 = 0x45670123U;
inline constexpr std::uint32_t kKey2 = 0xCDEF89ABU;
inline constexpr std::uint32_t kPsizeX32 = 2;

namespace offset {
inline constexpr std::uint32_t kKeyr = 0x04;
inline constexpr std::uint32_t kSr = 0x0C;
inline constexpr std::uint32_t kCr = 0x10;
}  // namespace offset

struct Keyr : RegisterSpec<WriteOnly> {
  using Key = Field<Keyr, 0, 32>;
};
/// FLASH_SR: the flags are cleared by writing 1 (rc_w1); BSY is read-only.
struct Sr : RegisterSpec<ReadWrite> {
  using Eop = Field<Sr, 0, 1>;
  using Operr = Field<Sr, 1, 1>;
  using Wrperr = Field<Sr, 4, 1>;
  using Pgaerr = Field<Sr, 5, 1>;
  using Pgperr = Field<Sr, 6, 1>;
  using Pgserr = Field<Sr, 7, 1>;
  using Bsy = Field<Sr, 16, 1, ReadOnly>;
  static constexpr std::uint32_t kErrors = Operr::mask | Wrperr::mask | Pgaerr::mask | Pgperr::mask | Pgserr::mask;
};
struct Cr : RegisterSpec<ReadWrite, 0x80000000U> {
  using Pg = Field<Cr, 0, 1>;
  using Ser = Field<Cr, 1, 1>;
  using Mer = Field<Cr, 2, 1>;
  using Snb = Field<Cr, 3, 4>;
  using Psize = Field<Cr, 8, 2>;
  using Strt = Field<Cr, 16, 1>;
  using Lock = Field<Cr, 31, 1>;
};

/// The sector that starts at `address`, or -1: sectors 0-3 16 KiB, 4 64 KiB, 5-11 128 KiB.
constexpr int sector_at(std::uint32_t address) {
  if (address < kFlashBase) return -1;
  const std::uint32_t at = address - kFlashBase;
  if (at < 0x10000U) return at % 0x4000U == 0 ? static_cast<int>(at / 0x4000U) : -1;
  if (at == 0x10000U) return 4;
  if (at % 0x20000U != 0 || at / 0x20000U > 11 - 4) return -1;
  return static_cast<int>(4 + at / 0x20000U);
}
static_assert(sector_at(0x08000000U) == 0 && sector_at(0x0800C000U) == 3 && sector_at(0x08010000U) == 4);
static_assert(sector_at(0x08020000U) == 5 && sector_at(0x080E0000U) == 11 && sector_at(0x08100000U) == -1);
static_assert(sector_at(0x08004004U) == -1 && sector_at(0x08030000U) == -1);
}  // namespace stm32f4

/// A function (in RAM, on a board) that writes FLASH_CR = `cr` (STRT set) and returns
/// once BSY has cleared or its bound ran out, feeding the watchdog meanwhile.
using EraseStarter = void (*)(std::uint32_t cr);

template <hal::RegisterBus Bus, hal::RegisterBus MemoryBus = Bus>
class Stm32f4Flash {
 public:
  /// `registers`: the bus of FLASH_* (offsets from 0x40023C00); `memory`: the bus of the
  /// flash itself, offset = address (a bus based at 0).
  Stm32f4Flash(Bus& registers, MemoryBus& memory, EraseStarter starter = nullptr)
      : regs_(&registers), memory_(&memory), starter_(starter) {}

  std::uint32_t read32(std::uint32_t address) { return memory_->read32(address); }
  Errc unlock() {
    if (cr().template test<stm32f4::Cr::Lock>()) {
      write_key(stm32f4::kKey1);
      write_key(stm32f4::kKey2);
    }
    return cr().template test<stm32f4::Cr::Lock>() ? Errc::config_flash_locked : Errc::ok;
  }
  void lock() {
    write_cr(
        cr().template set<stm32f4::Cr::Pg>(0).template set<stm32f4::Cr::Ser>(0).template flag<stm32f4::Cr::Lock>());
  }
  Errc start_erase(std::uint32_t address) {
    const int sector = stm32f4::sector_at(address);
    if (sector < 0) return Errc::config_flash_alignment_error;  // not a sector's start: a board.cmake error
    if (const Errc e = ready(); e != Errc::ok) return e;
    auto value = cr().template set<stm32f4::Cr::Pg>(0)
                     .template flag<stm32f4::Cr::Ser>()
                     .template set<stm32f4::Cr::Snb>(static_cast<std::uint32_t>(sector))
                     .template set<stm32f4::Cr::Psize, stm32f4::kPsizeX32>();
    write_cr(value);
    value.template flag<stm32f4::Cr::Strt>();
    if (starter_ != nullptr)
      starter_(value.raw());
    else
      write_cr(value);
    return Errc::ok;
  }
  Errc start_program(std::uint32_t address, std::uint32_t word) {
    if (const Errc e = ready(); e != Errc::ok) return e;
    write_cr(cr().template set<stm32f4::Cr::Ser>(0)
                 .template flag<stm32f4::Cr::Pg>()
                 .template set<stm32f4::Cr::Psize, stm32f4::kPsizeX32>());
    memory_->write32(address, word);
    return Errc::ok;
  }
  hal::FlashPoll poll() {
    const auto sr = hal::read_register<stm32f4::Sr>(*regs_, stm32f4::offset::kSr);
    if (sr.template test<stm32f4::Sr::Bsy>()) return {true, Errc::ok};
    const Errc e = error_of(sr.raw());
    clear_flags(sr.raw());
    write_cr(cr().template set<stm32f4::Cr::Pg>(0).template set<stm32f4::Cr::Ser>(0));
    return {false, e};
  }
  /// The data sheets' longest times: a 128 KiB sector erase at x32 at most 2 s on the F4
  /// (DS8626), kept with margin for the F2; a word at most 100 us.
  static constexpr hal::FlashTimes times() { return {4000000U, 100U}; }

 private:
  static Errc error_of(std::uint32_t sr) {
    using S = stm32f4::Sr;
    if (S::Wrperr::extract(sr) != 0) return Errc::config_flash_write_protected;
    if (S::Pgaerr::extract(sr) != 0) return Errc::config_flash_alignment_error;
    if (S::Pgperr::extract(sr) != 0) return Errc::config_flash_parallelism_error;
    if (S::Pgserr::extract(sr) != 0) return Errc::config_flash_sequence_error;
    if (S::Operr::extract(sr) != 0) return Errc::config_flash_operation_error;
    return Errc::ok;
  }
  /// Before an operation: not busy, and no flag left from an earlier one (cleared).
  Errc ready() {
    const auto sr = hal::read_register<stm32f4::Sr>(*regs_, stm32f4::offset::kSr);
    if (sr.template test<stm32f4::Sr::Bsy>()) return Errc::config_flash_timeout;
    clear_flags(sr.raw());
    return Errc::ok;
  }
  void clear_flags(std::uint32_t sr) {
    const std::uint32_t flags = sr & (stm32f4::Sr::kErrors | stm32f4::Sr::Eop::mask);
    if (flags != 0) regs_->write32(stm32f4::offset::kSr, flags);  // rc_w1: only the flags that were set
  }
  hal::RegisterValue<stm32f4::Cr> cr() { return hal::read_register<stm32f4::Cr>(*regs_, stm32f4::offset::kCr); }
  void write_cr(const hal::RegisterValue<stm32f4::Cr>& v) { hal::write_register(*regs_, stm32f4::offset::kCr, v); }
  void write_key(std::uint32_t key) {
    hal::write_register(*regs_, stm32f4::offset::kKeyr,
                        hal::RegisterValue<stm32f4::Keyr>().template set<stm32f4::Keyr::Key>(key));
  }

  Bus* regs_;
  MemoryBus* memory_;
  EraseStarter starter_;
};

}  // namespace a2a::flash
