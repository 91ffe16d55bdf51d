// Switch elements on register-addressed crosspoint chips: a SwitchSink
// (a2a/hal/switch_fabric.hpp). Each stage's ports are spread over chips of ChipPorts
// outputs (ChipPorts a multiple of d, so no d x d element straddles two chips); a
// chip has one register per output, holding the input (within the chip) that output
// takes, and a shared update line makes every chip's written selects take effect
// together. The register format (docs/switch-backends.md):
//
//   - chip c of stage s is chip number s C + c (C = ceil(N / ChipPorts) chips a
//     stage); its ports are c ChipPorts .. c ChipPorts + ChipPorts - 1;
//   - element y in state k (a k-shift: input u leaves on output (u + k) mod d) sets,
//     for each of its outputs j = 0 .. d - 1, register (y d + j) mod ChipPorts to the
//     input (y d + (j - k) mod d) mod ChipPorts;
//   - over SPI (SpiRegisters): a write is the two bytes [register & 0x7F, input], a
//     read [register | 0x80, 0x00] with the value in the second byte back; over I2C
//     (I2cRegisters): chip n at 7-bit address base + n, a write {register, input}, a
//     read {register} then one byte;
//   - per round only the elements whose state changed are written, every write is
//     read back and compared (a difference: bus_readback_mismatch, naming the chip
//     and the output; the update line is not pulsed, nothing of the round takes
//     effect), then the update line is pulsed once.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/switch_fabric.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::crosspoint {

/// The input a stage's output takes (numbered across the stage): output y d + j of
/// element y in state k (a k-shift: input u leaves on output (u + k) mod d) takes input
/// y d + (j - k) mod d. Every crosspoint backend sets its parts' selects by this.
constexpr std::uint32_t selected_input(std::uint32_t output, std::uint32_t k, std::uint32_t d) {
  const std::uint32_t y = output / d;
  const std::uint32_t j = output % d;
  return y * d + (j + d - k % d) % d;
}

/// The chips' registers: write(chip, reg, value) and read(chip, reg), every transfer
/// an Errc (a NACK, a timeout).
template <class T>
concept RegisterPort = requires(T& t, std::uint32_t chip, std::uint8_t reg, std::uint8_t value) {
  { t.write(chip, reg, value) } -> std::same_as<Errc>;
  { t.read(chip, reg) } -> std::same_as<Result<std::uint8_t>>;
};

/// SPI with a chip select per chip: write_read(chip, tx, rx) (as spi_chain::ChainSpi).
template <class Spi>
class SpiRegisters {
 public:
  explicit SpiRegisters(Spi& spi) : spi_(&spi) {}
  Errc write(std::uint32_t chip, std::uint8_t reg, std::uint8_t value) {
    const std::array<std::uint8_t, 2> tx{static_cast<std::uint8_t>(reg & 0x7FU), value};
    std::array<std::uint8_t, 2> rx{};
    return spi_->write_read(chip, tx, rx);
  }
  Result<std::uint8_t> read(std::uint32_t chip, std::uint8_t reg) {
    const std::array<std::uint8_t, 2> tx{static_cast<std::uint8_t>(reg | 0x80U), 0};
    std::array<std::uint8_t, 2> rx{};
    A2A_TRY(spi_->write_read(chip, tx, rx));
    return rx[1];
  }

 private:
  Spi* spi_;
};

/// I2C: chip n at address base + n (a chip past address 0x7F: fabric_capacity_exceeded).
template <hal::I2cBus I2c>
class I2cRegisters {
 public:
  I2cRegisters(I2c& i2c, std::uint8_t base_address) : i2c_(&i2c), base_(base_address) {}
  Errc write(std::uint32_t chip, std::uint8_t reg, std::uint8_t value) {
    if (!addressable(chip)) return Errc::fabric_capacity_exceeded;
    const std::array<std::uint8_t, 2> tx{reg, value};
    return i2c_->write(address(chip), tx);
  }
  Result<std::uint8_t> read(std::uint32_t chip, std::uint8_t reg) {
    if (!addressable(chip)) return Errc::fabric_capacity_exceeded;
    const std::array<std::uint8_t, 1> tx{reg};
    std::array<std::uint8_t, 1> rx{};
    A2A_TRY(i2c_->write_read(address(chip), tx, rx));
    return rx[0];
  }

 private:
  [[nodiscard]] bool addressable(std::uint32_t chip) const { return std::uint32_t{base_} + chip <= 0x7FU; }
  [[nodiscard]] std::uint8_t address(std::uint32_t chip) const { return static_cast<std::uint8_t>(base_ + chip); }
  I2c* i2c_;
  std::uint8_t base_;
};

/// Which chip output read back different, for the console's error line.
struct SelectFault {
  bool found{false};
  std::uint32_t chip{0};
  std::uint32_t output{0};  ///< the chip's output (register)
  bool transfer{false};     ///< a transfer to the chip failed (NACK, bus timeout)
};

/// A transfer's result; a failed one names its chip (or part) and output in `fault`.
constexpr Errc noted(SelectFault& fault, std::uint32_t chip, std::uint32_t output, Errc e) {
  if (e != Errc::ok) fault = {true, chip, output, true};
  return e;
}

/// The same for the console (hal::LocatingSink): every crosspoint backend's wire_fault().
constexpr hal::WireFault wire_fault_of(const SelectFault& f) {
  if (!f.found) return {};
  return {f.transfer ? hal::WireFault::Place::chip_transfer : hal::WireFault::Place::chip_output, f.chip, f.output};
}

/// MaxPorts: the largest network; ChipPorts: outputs per chip (at most 128: 7-bit registers).
template <RegisterPort Port, hal::LatchLine Update, std::uint32_t ChipPorts, std::uint32_t MaxPorts>
class CrosspointSink {
  static_assert(ChipPorts >= 2 && ChipPorts <= 128, "a chip's outputs are 7-bit registers");

 public:
  CrosspointSink(Port& port, Update& update) : port_(&port), update_(&update) {}

  Errc configure(const Network& net) {
    if (ChipPorts % net.radix != 0) return Errc::fabric_device_mismatch;  // an element would straddle two chips
    if (net.ports > MaxPorts || net.stages > kMaxStages || net.switches_per_stage() > MaxPorts / 2)
      return Errc::fabric_capacity_exceeded;
    net_ = net;
    chips_per_stage_ = (net.ports + ChipPorts - 1) / ChipPorts;
    known_ = 0;
    fault_ = {};
    return Errc::ok;
  }

  /// Writes (and reads back) every output of every element whose state changed, then
  /// pulses the update line.
  template <class Round>
  Errc latch(const Round& round) {
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      if (!round.changed(s) && ((known_ >> s) & 1U) != 0) continue;
      for (std::uint32_t y = 0; y < net_.switches_per_stage(); ++y) {
        const auto state = static_cast<std::uint8_t>(round.state(s, y));
        std::uint8_t& last = latched_[std::size_t{s} * (MaxPorts / 2) + y];
        if (((known_ >> s) & 1U) != 0 && last == state) continue;
        A2A_TRY(write_element(s, y, state));
        last = state;
      }
      known_ |= 1U << s;
    }
    return update_->pulse();
  }

  [[nodiscard]] SelectFault select_fault() const { return fault_; }
  /// The same for the console (hal::LocatingSink).
  [[nodiscard]] hal::WireFault wire_fault() const { return wire_fault_of(fault_); }
  /// Chips a stage takes (its chip numbers: stage x this .. + this - 1).
  [[nodiscard]] std::uint32_t chips_per_stage() const { return chips_per_stage_; }

 private:
  Errc write_element(std::uint32_t stage, std::uint32_t y, std::uint32_t k) {
    const std::uint32_t d = net_.radix;
    for (std::uint32_t j = 0; j < d; ++j) {
      const std::uint32_t output = y * d + j;
      const std::uint32_t input = selected_input(output, k, d);
      const std::uint32_t chip = stage * chips_per_stage_ + output / ChipPorts;
      const auto reg = static_cast<std::uint8_t>(output % ChipPorts);
      const auto value = static_cast<std::uint8_t>(input % ChipPorts);
      const Errc wrote = port_->write(chip, reg, value);
      const Result<std::uint8_t> back = wrote == Errc::ok ? port_->read(chip, reg) : Result<std::uint8_t>(wrote);
      if (!back) {
        known_ &= ~(1U << stage);
        fault_ = {true, chip, reg, true};
        return back.error();
      }
      if (*back != value) {
        known_ &= ~(1U << stage);  // what the stage's chips hold is unknown again
        fault_ = {true, chip, reg};
        return Errc::bus_readback_mismatch;
      }
    }
    return Errc::ok;
  }

  Port* port_;
  Update* update_;
  Network net_{};
  std::uint32_t chips_per_stage_{0};
  std::uint32_t known_{0};  // bit s: latched_ holds what stage s's chips select
  std::array<std::uint8_t, std::size_t{kMaxStages} * (MaxPorts / 2)> latched_{};
  SelectFault fault_{};
};

}  // namespace a2a::crosspoint
