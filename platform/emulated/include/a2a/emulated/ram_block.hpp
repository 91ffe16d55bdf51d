// Host-side (and test) stand-ins for the board's RAM register block: RamBlock is
// the RAM, ServicedBus is the controller's view of it with the emulator's
// interrupt played in between. Heap-free, so portable tests use them on boards too.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/hal/bus.hpp"

namespace a2a::emulated {

/// A register block in ordinary memory: what the controller writes stays there
/// until the emulator takes it up (CONTROL included), as on a QEMU board.
template <std::uint32_t SizeBytes>
class RamBlock {
 public:
  constexpr std::uint32_t read32(std::uint32_t offset) { return words_[offset / 4]; }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) { words_[offset / 4] = value; }

 private:
  std::array<std::uint32_t, SizeBytes / 4> words_{};
};

/// The controller's bus to a RamBlock served by an emulator: the "interrupt"
/// (Emulator::service) runs before every `period`-th read, so a read right after
/// a write usually sees the block before it acted (a stale STATUS), as on a board
/// whose SysTick has not fired yet. period 0: only service() calls serve it.
template <class Emulator, hal::RegisterBus Ram>
class ServicedBus {
 public:
  constexpr ServicedBus(Emulator& emulator, Ram& ram, std::uint32_t period)
      : emulator_(&emulator), ram_(&ram), period_(period) {}

  constexpr std::uint32_t read32(std::uint32_t offset) {
    if (period_ != 0 && ++reads_ % period_ == 0) service();
    return ram_->read32(offset);
  }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) { ram_->write32(offset, value); }

  /// The interrupt fires now.
  constexpr void service() {
    emulator_->service(*ram_);
    ++services_;
  }
  constexpr void set_period(std::uint32_t period) { period_ = period; }
  [[nodiscard]] constexpr std::uint32_t services() const { return services_; }

 private:
  Emulator* emulator_;
  Ram* ram_;
  std::uint32_t period_;
  std::uint32_t reads_{0};
  std::uint32_t services_{0};
};

}  // namespace a2a::emulated
