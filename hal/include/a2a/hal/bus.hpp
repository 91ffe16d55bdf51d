// The one thing a backend must provide: 32-bit reads and writes at byte offsets
// of the fabric's register block.
//
// Backends: the memory-mapped bus on a board (the only code that touches
// volatile), the simulated fabric on the host, the recording mock in tests.
// Drivers are templates over the bus type (static dispatch, no virtual calls),
// so a driver over a memory-mapped bus compiles down to plain loads and stores.
#pragma once

#include <concepts>
#include <cstdint>

#include "a2a/hal/register.hpp"

namespace a2a::hal {

/// A register bus: read32/write32 at a byte offset into the register block.
/// Offsets are multiples of 4; a bus may assume so.
template <class B>
concept RegisterBus = requires(B& bus, std::uint32_t offset, std::uint32_t value) {
  { bus.read32(offset) } -> std::same_as<std::uint32_t>;
  bus.write32(offset, value);
};

/// Reads register R at `offset` as a typed value. R must be readable.
template <class R, RegisterBus Bus>
[[nodiscard]] constexpr RegisterValue<R> read_register(Bus& bus, std::uint32_t offset) {
  static_assert(kReadable<typename R::access>, "a2a::hal: cannot read a write-only register");
  return RegisterValue<R>::from_raw(bus.read32(offset));
}

/// Writes a typed value of register R at `offset`. R must be writable.
template <class R, RegisterBus Bus>
constexpr void write_register(Bus& bus, std::uint32_t offset, const RegisterValue<R>& value) {
  static_assert(kWritable<typename R::access>, "a2a::hal: cannot write a read-only register");
  bus.write32(offset, value.raw());
}

}  // namespace a2a::hal
