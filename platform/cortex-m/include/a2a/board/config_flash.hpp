// The board's configuration store as the controller image (and the store's benchmark)
// use it: the flash driver board.cmake names (A2A_BOARD_CONFIG_FLASH, compiled in by
// a2a_cortex_m_config_store: A2A_BOARD_CONFIG_FLASH_<KIND>, _ADDRESS, _BYTES) over the
// memory-mapped bus, and the store's two copies, one in each half of the CONFIG region.
#pragma once

#include <a2a/config/config_store.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#if defined(A2A_BOARD_CONFIG_FLASH_STM32F4)
#include <a2a/flash/stm32f4_flash.hpp>

#include "stm32f4.h"  // a2a_stm32f4_flash_erase_in_ram: a sector erase stalls the flash
#elif defined(A2A_BOARD_CONFIG_FLASH_NRF51)
#include <a2a/flash/nrf51_nvmc.hpp>
#elif defined(A2A_BOARD_CONFIG_FLASH_RAM)
#include <a2a/flash/ram_region.hpp>
#endif

#ifdef A2A_BOARD_CONFIG_BYTES
namespace a2a::board {

/// The board's flash driver and where the store's copies are.
class ConfigFlash {
 public:
#if defined(A2A_BOARD_CONFIG_FLASH_STM32F4)
  using Driver = flash::Stm32f4Flash<mmio::MmioBus>;
#elif defined(A2A_BOARD_CONFIG_FLASH_NRF51)
  using Driver = flash::Nrf51Nvmc<mmio::MmioBus>;
#else
  using Driver = flash::RamRegion<mmio::MmioBus>;
#endif
  Driver& driver() { return driver_; }
  static constexpr ConfigRegion region() {
    return {{A2A_BOARD_CONFIG_ADDRESS, A2A_BOARD_CONFIG_ADDRESS + A2A_BOARD_CONFIG_BYTES / 2}};
  }

 private:
  mmio::MmioBus memory_{0};  // the flash (or SSRAM) itself: offset = address
#if defined(A2A_BOARD_CONFIG_FLASH_STM32F4)
  mmio::MmioBus registers_{flash::stm32f4::kInterfaceBase};
  Driver driver_{registers_, memory_, &a2a_stm32f4_flash_erase_in_ram};
#elif defined(A2A_BOARD_CONFIG_FLASH_NRF51)
  mmio::MmioBus registers_{flash::nrf51::kNvmcBase};
  Driver driver_{registers_, memory_};
#else
  Driver driver_{memory_, A2A_BOARD_CONFIG_BYTES / 2};
#endif
};

}  // namespace a2a::board
#endif
