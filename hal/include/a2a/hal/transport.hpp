// The wires to real switch hardware, as facades a product implements over its own
// peripherals (Pigweed's pw_spi / pw_i2c shape): every transfer returns an Errc, so a
// NACK, a bus timeout or a readback that differs is a value the controller reports,
// never a hang or a silent loss. A transfer is bounded by the product's driver (its
// own timeout); nothing here waits. Time is a clock facade in microseconds: settle
// and guard times are deadlines against it (switch_fabric.hpp).
#pragma once

#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/status.hpp"

namespace a2a::hal {

/// An SPI controller with its chip select: write_read() shifts `tx` out and, when
/// `rx` is not empty (as long as `tx`), what came back in; bus_timeout when the
/// transfer did not complete.
template <class T>
concept SpiBus = requires(T& t, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
  { t.write_read(tx, rx) } -> std::same_as<Errc>;
};

/// A latch (strobe) line: pulse() makes what was shifted into a chain take effect.
template <class T>
concept LatchLine = requires(T& t) {
  { t.pulse() } -> std::same_as<Errc>;
};

/// An I2C controller: write() and write_read() to a 7-bit address; bus_nack when the
/// address or a byte was not acknowledged, bus_timeout when the bus hung.
template <class T>
concept I2cBus = requires(T& t, std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
  { t.write(address, tx) } -> std::same_as<Errc>;
  { t.write_read(address, tx, rx) } -> std::same_as<Errc>;
};

/// GPIO output lines, 32 at a time: set(word, bits) drives lines 32 word .. 32 word + 31.
template <class T>
concept OutputLines = requires(T& t, std::uint32_t word, std::uint32_t bits) {
  { t.set(word, bits) } -> std::same_as<Errc>;
};

/// Monotonic time in microseconds (the board's timer).
template <class T>
concept MicrosClock = requires(T& t) {
  { t.now_us() } -> std::same_as<std::uint64_t>;
};

}  // namespace a2a::hal
