// The wire to a2a's own crosspoint chips (crosspoint.hpp's register format): one register
// of chip n written or read at a time.
//  - RegisterPort: what the sink takes from a product over a blocking transport,
//    write(chip, reg, value) and read(chip, reg);
//  - SpiRegisters: SPI with a chip select per chip, a write [register & 0x7F, input], a
//    read [register | 0x80, 0x00] with the value in the second byte back;
//  - I2cRegisters: chip n at 7-bit address base + n, a write {register, input}, a read
//    {register} then one byte.
// Over a start/complete transport (a2a/hal/transfer.hpp) SpiRegisters and I2cRegisters
// are AsyncPartBuses of one-register bursts (part_bus.hpp): the sink then starts its
// transfers one a step. RegisterParts makes a RegisterPort the sink's blocking part bus.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/crosspoint/part_bus.hpp"
#include "a2a/hal/transfer.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/status.hpp"

namespace a2a::crosspoint {

/// The chips' registers: write(chip, reg, value) and read(chip, reg), every transfer
/// an Errc (a NACK, a timeout).
template <class T>
concept RegisterPort = requires(T& t, std::uint32_t chip, std::uint8_t reg, std::uint8_t value) {
  { t.write(chip, reg, value) } -> std::same_as<Errc>;
  { t.read(chip, reg) } -> std::same_as<Result<std::uint8_t>>;
};

/// SPI with a chip select per chip: write_read(chip, tx, rx) (as spi_chain::ChainSpi), or
/// start(chip, tx, rx, done) (hal::AsyncSpiBus: an AsyncPartBus of one-byte bursts).
template <class Spi>
class SpiRegisters {
 public:
  static constexpr bool kAsync = hal::AsyncSpiBus<Spi>;
  explicit SpiRegisters(Spi& spi) : spi_(&spi) {}
  Errc write(std::uint32_t chip, std::uint8_t reg, std::uint8_t value) requires(!kAsync) {
    const std::array<std::uint8_t, 2> tx{static_cast<std::uint8_t>(reg & 0x7FU), value};
    return spi_->write_read(chip, tx, rx_);
  }
  Result<std::uint8_t> read(std::uint32_t chip, std::uint8_t reg) requires(!kAsync) {
    const std::array<std::uint8_t, 2> tx{static_cast<std::uint8_t>(reg | 0x80U), 0};
    A2A_TRY(spi_->write_read(chip, tx, rx_));
    return rx_[1];
  }

  Errc start_write(std::uint32_t chip, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(kAsync) {
    if (bytes.size() != 1) return Errc::fabric_capacity_exceeded;  // a register a transfer
    return start(chip, {static_cast<std::uint8_t>(reg & 0x7FU), bytes[0]});
  }
  Errc start_read(std::uint32_t chip, std::uint8_t reg, std::size_t n) requires(kAsync) {
    if (n != 1) return Errc::fabric_capacity_exceeded;
    return start(chip, {static_cast<std::uint8_t>(reg | 0x80U), 0});
  }
  Result<bool> progress() requires(kAsync) { return detail::look(*spi_, done_); }
  [[nodiscard]] std::span<const std::uint8_t> received() const { return std::span<const std::uint8_t>(rx_).subspan(1); }

 private:
  Errc start(std::uint32_t chip, std::array<std::uint8_t, 2> frame) {
    tx_ = frame;
    done_.begin();
    const Errc e = spi_->start(chip, tx_, rx_, done_);
    if (e != Errc::ok) done_.complete(e);
    return e;
  }
  Spi* spi_;
  std::array<std::uint8_t, 2> tx_{};  // the transfer under way's (a started one reads them)
  std::array<std::uint8_t, 2> rx_{};
  hal::TransferCompletion done_{};
};

/// I2C: chip n at address base + n (a chip past address 0x7F: fabric_capacity_exceeded);
/// over hal::I2cBus, or hal::AsyncI2cBus (an AsyncPartBus of one-byte bursts).
template <class I2c>
requires(hal::I2cBus<I2c> || hal::AsyncI2cBus<I2c>) class I2cRegisters {
 public:
  static constexpr bool kAsync = hal::AsyncI2cBus<I2c>;
  I2cRegisters(I2c& i2c, std::uint8_t base_address) : i2c_(&i2c), base_(base_address) {}
  Errc write(std::uint32_t chip, std::uint8_t reg, std::uint8_t value) requires(!kAsync) {
    if (!addressable(chip)) return Errc::fabric_capacity_exceeded;
    const std::array<std::uint8_t, 2> tx{reg, value};
    return i2c_->write(address(chip), tx);
  }
  Result<std::uint8_t> read(std::uint32_t chip, std::uint8_t reg) requires(!kAsync) {
    if (!addressable(chip)) return Errc::fabric_capacity_exceeded;
    const std::array<std::uint8_t, 1> tx{reg};
    A2A_TRY(i2c_->write_read(address(chip), tx, rx_));
    return rx_[0];
  }

  Errc start_write(std::uint32_t chip, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(kAsync) {
    if (!addressable(chip) || bytes.size() != 1) return Errc::fabric_capacity_exceeded;
    tx_ = {reg, bytes[0]};
    return started(i2c_->start_write(address(chip), tx_, done_begun()));
  }
  Errc start_read(std::uint32_t chip, std::uint8_t reg, std::size_t n) requires(kAsync) {
    if (!addressable(chip) || n != 1) return Errc::fabric_capacity_exceeded;
    tx_ = {reg, 0};
    return started(
        i2c_->start_write_read(address(chip), std::span<const std::uint8_t>(tx_).first(1), rx_, done_begun()));
  }
  Result<bool> progress() requires(kAsync) { return detail::look(*i2c_, done_); }
  [[nodiscard]] std::span<const std::uint8_t> received() const { return rx_; }

 private:
  [[nodiscard]] bool addressable(std::uint32_t chip) const { return std::uint32_t{base_} + chip <= 0x7FU; }
  [[nodiscard]] std::uint8_t address(std::uint32_t chip) const { return static_cast<std::uint8_t>(base_ + chip); }
  hal::TransferCompletion& done_begun() {
    done_.begin();
    return done_;
  }
  Errc started(Errc e) {
    if (e != Errc::ok) done_.complete(e);
    return e;
  }
  I2c* i2c_;
  std::uint8_t base_;
  std::array<std::uint8_t, 2> tx_{};  // the transfer under way's (a started one reads them)
  std::array<std::uint8_t, 1> rx_{};
  hal::TransferCompletion done_{};
};

/// A RegisterPort as a blocking PartBus: a burst is its registers one by one.
template <class Port>
class RegisterParts {
 public:
  explicit RegisterParts(Port& port) : port_(&port) {}
  Errc write(std::uint32_t chip, std::uint8_t reg, std::span<const std::uint8_t> bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i)
      A2A_TRY(port_->write(chip, static_cast<std::uint8_t>(reg + i), bytes[i]));
    return Errc::ok;
  }
  Errc read(std::uint32_t chip, std::uint8_t reg, std::span<std::uint8_t> out) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      const Result<std::uint8_t> value = port_->read(chip, static_cast<std::uint8_t>(reg + i));
      if (!value) return value.error();
      out[i] = *value;
    }
    return Errc::ok;
  }

 private:
  Port* port_;
};

}  // namespace a2a::crosspoint
