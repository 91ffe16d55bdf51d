// The wire to register-addressed crosspoint parts (the ADN4604, the VSC3316): a burst
// of registers written from one address on, or read, of part n. Two adapters over the
// transport facades (a2a/hal/transport.hpp):
//  - SpiParts: a chip select per part (write_read(part, tx, rx), as spi_chain's
//    ChainSpi), registers of 8 bits: a write is [00, register, byte, byte, ...], a read
//    [80, register, 00, ...] with the bytes back after the second (the instruction
//    byte's bit 7 is read; docs/switch-backends.md says what of it is confirmed);
//  - I2cParts: part n at 7-bit address base + n % PerGroup behind group n / PerGroup of
//    an I2C multiplexer (a part's address pins give it a few addresses: more parts on
//    one bus need a mux; Mux::select(group) switches it, only when the group changes):
//    a write {register, byte, ...}, a read {register} then the bytes (the parts'
//    address auto-increment).
// Every transfer returns an Errc: a NACK, a timeout.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/transport.hpp"
#include "a2a/status.hpp"

namespace a2a::crosspoint {

/// The longest burst a part takes (a connection map is 8 bytes), its instruction and
/// register bytes besides.
inline constexpr std::size_t kMaxBurst = 14;
inline constexpr std::uint8_t kSpiRead = 0x80;  ///< SpiParts' instruction byte of a read

/// Register bursts to part n: write(part, reg, bytes) and read(part, reg, out).
template <class T>
concept PartBus = requires(T& t, std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> tx,
                           std::span<std::uint8_t> rx) {
  { t.write(part, reg, tx) } -> std::same_as<Errc>;
  { t.read(part, reg, rx) } -> std::same_as<Errc>;
};

/// One register of part n written.
template <PartBus Bus>
Errc write_one(Bus& bus, std::uint32_t part, std::uint8_t reg, std::uint8_t value) {
  const std::array<std::uint8_t, 1> byte{value};
  return bus.write(part, reg, byte);
}

/// SPI, a chip select per part (`Spi::write_read(part, tx, rx)`).
template <class Spi>
class SpiParts {
 public:
  explicit SpiParts(Spi& spi) : spi_(&spi) {}
  Errc write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) {
    if (bytes.size() > kMaxBurst) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    std::array<std::uint8_t, kMaxBurst + 2> tx{};
    std::array<std::uint8_t, kMaxBurst + 2> rx{};
    tx[1] = reg;
    for (std::size_t i = 0; i < bytes.size(); ++i) tx[i + 2] = bytes[i];
    const std::size_t n = bytes.size() + 2;
    return spi_->write_read(part, std::span<const std::uint8_t>(tx).first(n), std::span<std::uint8_t>(rx).first(n));
  }
  Errc read(std::uint32_t part, std::uint8_t reg, std::span<std::uint8_t> out) {
    if (out.size() > kMaxBurst) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    std::array<std::uint8_t, kMaxBurst + 2> tx{};
    std::array<std::uint8_t, kMaxBurst + 2> rx{};
    tx[0] = kSpiRead;
    tx[1] = reg;
    const std::size_t n = out.size() + 2;
    A2A_TRY(spi_->write_read(part, std::span<const std::uint8_t>(tx).first(n), std::span<std::uint8_t>(rx).first(n)));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = rx[i + 2];
    return Errc::ok;
  }

 private:
  Spi* spi_;
};

/// No multiplexer: every part on the bus itself (group 0 only).
struct NoMux {
  static Errc select(std::uint32_t group) { return group == 0 ? Errc::ok : Errc::fabric_capacity_exceeded; }
};

/// I2C: part n at base + n % PerGroup behind mux group n / PerGroup.
template <hal::I2cBus I2c, class Mux = NoMux, std::uint32_t PerGroup = 4>
class I2cParts {
  static_assert(PerGroup >= 1 && PerGroup <= 112, "a group's parts have 7-bit addresses");

 public:
  I2cParts(I2c& i2c, std::uint8_t base, Mux mux = {}) : i2c_(&i2c), mux_(mux), base_(base) {}
  Errc write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) {
    if (bytes.size() > kMaxBurst) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    A2A_TRY(reach(part));
    std::array<std::uint8_t, kMaxBurst + 1> tx{};
    tx[0] = reg;
    for (std::size_t i = 0; i < bytes.size(); ++i) tx[i + 1] = bytes[i];
    return i2c_->write(address(part), std::span<const std::uint8_t>(tx).first(bytes.size() + 1));
  }
  Errc read(std::uint32_t part, std::uint8_t reg, std::span<std::uint8_t> out) {
    A2A_TRY(reach(part));
    const std::array<std::uint8_t, 1> tx{reg};
    return i2c_->write_read(address(part), tx, out);
  }
  /// The 7-bit address of part n (on its group).
  [[nodiscard]] std::uint8_t address(std::uint32_t part) const {
    return static_cast<std::uint8_t>(base_ + part % PerGroup);
  }

 private:
  Errc reach(std::uint32_t part) {
    if (std::uint32_t{base_} + PerGroup - 1 > 0x7FU) return Errc::fabric_capacity_exceeded;
    const std::uint32_t group = part / PerGroup;
    if (group == group_) return Errc::ok;
    A2A_TRY(mux_.select(group));
    group_ = group;
    return Errc::ok;
  }
  I2c* i2c_;
  Mux mux_;
  std::uint8_t base_;
  std::uint32_t group_{~0U};  // the mux's group: unknown until the first select
};

}  // namespace a2a::crosspoint
