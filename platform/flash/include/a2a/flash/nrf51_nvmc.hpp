// The nRF51's non-volatile memory controller (nRF51 Series Reference Manual, NVMC)
// as a hal::NorFlash: CONFIG selects read, write (WEN) or erase (EEN); ERASEPAGE
// erases the 1 KiB page whose address is written; a word is programmed by writing it
// to its address while WEN is set; READY reads 1 when the operation has ended. The
// CPU halts while the NVMC works from code in flash (at most 22.3 ms for a page,
// 46.3 us for a word: nRF51822 PS 8.22), so poll() sees READY at once on the chip;
// QEMU's "microbit" models the same registers (hw/nvram/nrf51_nvm.c).
#pragma once

#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/nor_flash.hpp"
#include "a2a/hal/register.hpp"

namespace a2a::flash {

namespace nrf51 {
inline constexpr std::uint32_t kNvmcBase = 0x4001E000U;
inline constexpr std::uint32_t kPageBytes = 1024;
namespace offset {
inline constexpr std::uint32_t kReady = 0x400;
inline constexpr std::uint32_t kConfig = 0x504;
inline constexpr std::uint32_t kErasePage = 0x508;
}  // namespace offset
struct Ready : hal::RegisterSpec<hal::ReadOnly, 1> {
  using Done = hal::Field<Ready, 0, 1>;
};
struct Config : hal::RegisterSpec<hal::ReadWrite> {
  using Mode = hal::Field<Config, 0, 2>;  ///< 0 read only, 1 write enabled (WEN), 2 erase enabled (EEN)
};
struct ErasePage : hal::RegisterSpec<hal::WriteOnly> {
  using Address = hal::Field<ErasePage, 0, 32>;
};
inline constexpr std::uint32_t kRead = 0;
inline constexpr std::uint32_t kWriteEnabled = 1;
inline constexpr std::uint32_t kEraseEnabled = 2;
}  // namespace nrf51

template <hal::RegisterBus Bus, hal::RegisterBus MemoryBus = Bus>
class Nrf51Nvmc {
 public:
  /// `registers`: the NVMC's bus (offsets from 0x4001E000); `memory`: the flash's, offset = address.
  Nrf51Nvmc(Bus& registers, MemoryBus& memory) : regs_(&registers), memory_(&memory) {}

  std::uint32_t read32(std::uint32_t address) { return memory_->read32(address); }
  static Errc unlock() { return Errc::ok; }  // CONFIG is set per operation
  void lock() { set_mode(nrf51::kRead); }
  Errc start_erase(std::uint32_t address) {
    if (address % nrf51::kPageBytes != 0) return Errc::config_flash_alignment_error;
    set_mode(nrf51::kEraseEnabled);
    hal::write_register(*regs_, nrf51::offset::kErasePage,
                        hal::RegisterValue<nrf51::ErasePage>().set<nrf51::ErasePage::Address>(address));
    return Errc::ok;
  }
  Errc start_program(std::uint32_t address, std::uint32_t word) {
    if (address % 4 != 0) return Errc::config_flash_alignment_error;
    set_mode(nrf51::kWriteEnabled);
    memory_->write32(address, word);
    return Errc::ok;
  }
  hal::FlashPoll poll() {
    if (!hal::read_register<nrf51::Ready>(*regs_, nrf51::offset::kReady).template test<nrf51::Ready::Done>())
      return {true, Errc::ok};
    set_mode(nrf51::kRead);
    return {false, Errc::ok};  // the NVMC flags no errors
  }
  /// nRF51822 PS: page erase at most 22.3 ms, a word at most 46.3 us.
  static constexpr hal::FlashTimes times() { return {22300U, 47U}; }

 private:
  void set_mode(std::uint32_t mode) {
    hal::write_register(*regs_, nrf51::offset::kConfig,
                        hal::RegisterValue<nrf51::Config>().set<nrf51::Config::Mode>(mode));
  }
  Bus* regs_;
  MemoryBus* memory_;
};

}  // namespace a2a::flash
