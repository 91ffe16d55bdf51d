// Buses that wrap another bus: one counts the controller's register accesses
// (reported per round and in the summary), one stands in for the fabric
// hardware on a board whose register block is plain RAM (QEMU): after a write
// of COMMIT it lets the FabricModel run the round.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"

namespace a2a::app {

template <hal::RegisterBus Inner>
class CountingBus {
 public:
  constexpr explicit CountingBus(Inner& inner) : inner_(&inner) {}
  constexpr std::uint32_t read32(std::uint32_t offset) {
    ++reads_;
    return inner_->read32(offset);
  }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) {
    ++writes_;
    inner_->write32(offset, value);
  }
  [[nodiscard]] constexpr std::uint64_t writes() const { return writes_; }
  [[nodiscard]] constexpr std::uint64_t reads() const { return reads_; }

 private:
  Inner* inner_;
  std::uint64_t writes_{0};
  std::uint64_t reads_{0};
};

/// The bus the controller sees on an emulated board: accesses go to the RAM
/// block; a COMMIT additionally runs the model, as the fabric would.
template <hal::RegisterBus Raw, class Model, class Layout>
class ModelledBus {
 public:
  constexpr ModelledBus(Raw& raw, Model& model) : raw_(&raw), model_(&model) {}
  constexpr std::uint32_t read32(std::uint32_t offset) { return raw_->read32(offset); }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset == Layout::kControl) {
      // CONTROL is write-only: the hardware acts on it and never stores it.
      if (hal::reg::Control::Commit::extract(value) != 0) model_->on_commit(*raw_);
      if (hal::reg::Control::Reset::extract(value) != 0) model_->power_on(*raw_);
      return;
    }
    raw_->write32(offset, value);
  }

 private:
  Raw* raw_;
  Model* model_;
};

/// A register block in ordinary memory (host tests; the model's view of RAM).
template <std::uint32_t SizeBytes>
class RamBus {
 public:
  constexpr std::uint32_t read32(std::uint32_t offset) { return words_[offset / 4]; }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) { words_[offset / 4] = value; }

 private:
  std::array<std::uint32_t, SizeBytes / 4> words_{};
};

}  // namespace a2a::app
