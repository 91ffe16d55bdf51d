// A host model of crosspoint chips, written from the register format in
// docs/switch-backends.md and not from the sink's code: each chip has a shadow and
// an active select register per output; writes go to the shadow, the update line
// copies every chip's shadow to its active selects. Reached over SPI (a chip select
// per chip: [reg & 0x7F, value] writes, [reg | 0x80, 0] reads) or I2C (chip n at
// address base + n). Test hooks: NACK a chip, flip a bit of the next value read.
#pragma once

#include <a2a/status.hpp>
#include <a2a/topology.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <span>

namespace a2a::test {

class CrosspointModel {
 public:
  explicit CrosspointModel(std::uint8_t i2c_base = 0x20) : base_(i2c_base) {}

  // --- SPI: a chip select per chip ---
  Errc write_read(std::uint32_t chip, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (tx.size() != 2 || rx.size() != 2) return Errc::bus_timeout;  // not a register transfer
    if (chip == nack_chip_) return Errc::bus_timeout;
    ++transfers_;
    const auto reg = static_cast<std::uint8_t>(tx[0] & 0x7FU);
    if ((tx[0] & 0x80U) != 0) {
      rx[0] = 0;
      rx[1] = read_value(chip, reg);
    } else {
      chips_[chip].shadow[reg] = tx[1];
    }
    return Errc::ok;
  }
  // --- I2C: chip n at base + n ---
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    if (address < base_ || chip_of(address) == nack_chip_ || tx.size() != 2) return Errc::bus_nack;
    ++transfers_;
    chips_[chip_of(address)].shadow[tx[0] & 0x7FU] = tx[1];
    return Errc::ok;
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (address < base_ || chip_of(address) == nack_chip_ || tx.size() != 1 || rx.size() != 1) return Errc::bus_nack;
    ++transfers_;
    rx[0] = read_value(chip_of(address), static_cast<std::uint8_t>(tx[0] & 0x7FU));
    return Errc::ok;
  }
  // --- the update line ---
  Errc pulse() {
    ++pulses_;
    for (auto& [n, chip] : chips_) chip.active = chip.shadow;
    return Errc::ok;
  }

  // --- the test's side ---
  /// The state (k-shift) element y of stage s is set to, from the active selects of
  /// chips of `chip_ports` outputs; ~0 when its outputs do not form a k-shift.
  [[nodiscard]] std::uint32_t element_state(const Network& net, std::uint32_t chip_ports, std::uint32_t s,
                                            std::uint32_t y) const {
    const std::uint32_t d = net.radix;
    const std::uint32_t per_stage = (net.ports + chip_ports - 1) / chip_ports;
    std::uint32_t k = ~0U;
    for (std::uint32_t j = 0; j < d; ++j) {
      const std::uint32_t output = y * d + j;
      const auto found = chips_.find(s * per_stage + output / chip_ports);
      if (found == chips_.end()) return ~0U;
      const std::uint32_t input = output / chip_ports * chip_ports + found->second.active[output % chip_ports];
      if (input < y * d || input >= y * d + d) return ~0U;        // from outside the element
      const std::uint32_t shift = (j + d - (input - y * d)) % d;  // input u leaves on (u + k) mod d
      if (k != ~0U && shift != k) return ~0U;
      k = shift;
    }
    return k;
  }
  void nack(std::uint32_t chip) { nack_chip_ = chip; }
  void flip_next_read() { flip_ = true; }
  [[nodiscard]] std::uint64_t transfers() const { return transfers_; }
  [[nodiscard]] std::uint64_t pulses() const { return pulses_; }

 private:
  struct Chip {
    std::array<std::uint8_t, 128> shadow{};
    std::array<std::uint8_t, 128> active{};
  };
  [[nodiscard]] std::uint32_t chip_of(std::uint8_t address) const { return std::uint32_t{address} - base_; }
  std::uint8_t read_value(std::uint32_t chip, std::uint8_t reg) {
    std::uint8_t v = chips_[chip].shadow[reg];
    if (flip_) v = static_cast<std::uint8_t>(v ^ 1U), flip_ = false;
    return v;
  }
  std::map<std::uint32_t, Chip> chips_;
  std::uint8_t base_;
  std::uint32_t nack_chip_{~0U};
  bool flip_{false};
  std::uint64_t transfers_{0};
  std::uint64_t pulses_{0};
};

}  // namespace a2a::test
