// The memory-mapped backend: the fabric's register block at a fixed address.
// The only code in a2a that touches volatile: every access is one 32-bit load
// or store the compiler may neither merge, reorder nor drop.
#pragma once

#include <cstdint>

namespace a2a::mmio {

class MmioBus {
 public:
  /// `base`: the block's address (the board's linker script or data sheet fixes it).
  explicit MmioBus(std::uintptr_t base) : base_(base) {}

  std::uint32_t read32(std::uint32_t offset) { return *reg(offset); }
  void write32(std::uint32_t offset, std::uint32_t value) { *reg(offset) = value; }

 private:
  volatile std::uint32_t* reg(std::uint32_t offset) const {
    return reinterpret_cast<volatile std::uint32_t*>(base_ + offset);  // NOLINT: MMIO by design
  }
  std::uintptr_t base_;
};

}  // namespace a2a::mmio
