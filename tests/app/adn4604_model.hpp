// A register-level host model of ADN4604 crosspoints (16 x 16), written from the part's
// register list in docs/switch-backends.md ("ADN4604") and not from the sink's code:
// two connection maps of 8 bytes (MAP0 0x90.., MAP1 0x98..; output 2b's input in bits
// 3:0 of byte b, output 2b + 1's in bits 7:4), the map the update applies (0x81), the
// update (XPT_UPDATE 0x80 = 0x01, or a pulse of the UPDATE pin shared by every part),
// the live connection (0xB0.., read-only), per-output TX control (0x20 + n) and the
// software reset (0x00 = 0x01: maps, select, live connection and TX controls 0).
// Registers auto-increment in a burst. Reached over I2C (part n at base + n % 4 behind
// mux group n / 4: select()) or SPI (chip select n: [00 | 80, register, data...]).
// Test hooks: NACK a part, flip a bit of the next live read.
#pragma once

#include <a2a/status.hpp>
#include <a2a/topology.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <span>

namespace a2a::test {

class Adn4604Model {
 public:
  static constexpr std::uint32_t kPorts = 16;
  static constexpr std::uint32_t kPerGroup = 4;  // the ADDR pins' four addresses a mux group

  explicit Adn4604Model(std::uint8_t i2c_base = 0x48) : base_(i2c_base) {}

  // --- I2C: a mux group of four parts ---
  Errc select(std::uint32_t group) {
    group_ = group;
    ++mux_selects_;
    return Errc::ok;
  }
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    const Result<std::uint32_t> part = part_at(address);
    if (!part || tx.empty()) return Errc::bus_nack;
    ++transfers_;
    for (std::size_t i = 1; i < tx.size(); ++i) write_register(*part, static_cast<std::uint8_t>(tx[0] + i - 1), tx[i]);
    return Errc::ok;
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    const Result<std::uint32_t> part = part_at(address);
    if (!part || tx.size() != 1) return Errc::bus_nack;
    ++transfers_;
    for (std::size_t i = 0; i < rx.size(); ++i) rx[i] = read_register(*part, static_cast<std::uint8_t>(tx[0] + i));
    return Errc::ok;
  }
  // --- SPI: a chip select per part ---
  Errc write_read(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (part == nack_part_ || tx.size() < 2 || rx.size() != tx.size() || (tx[0] & 0x7FU) != 0) return Errc::bus_timeout;
    ++transfers_;
    const bool read = (tx[0] & 0x80U) != 0;
    rx[0] = rx[1] = 0;
    for (std::size_t i = 2; i < tx.size(); ++i) {
      const auto reg = static_cast<std::uint8_t>(tx[1] + i - 2);
      if (read)
        rx[i] = read_register(part, reg);
      else
        write_register(part, reg, tx[i]);
    }
    return Errc::ok;
  }
  // --- the UPDATE pin, shared by every part ---
  Errc pulse() {
    ++pulses_;
    for (auto& [n, p] : parts_) p.live = p.maps[p.select & 1U];
    if (on_update) on_update();
    return Errc::ok;
  }

  // --- the test's side ---
  /// The state (k-shift) element y of stage s is set to, from the parts' live
  /// connections (16-output parts); ~0 when its outputs do not form a k-shift.
  [[nodiscard]] std::uint32_t element_state(const Network& net, std::uint32_t s, std::uint32_t y) const {
    const std::uint32_t d = net.radix;
    const std::uint32_t per_stage = (net.ports + kPorts - 1) / kPorts;
    std::uint32_t k = ~0U;
    for (std::uint32_t j = 0; j < d; ++j) {
      const std::uint32_t output = y * d + j;
      const auto found = parts_.find(s * per_stage + output / kPorts);
      if (found == parts_.end()) return ~0U;
      const Part& p = found->second;
      const std::uint32_t o = output % kPorts;
      if ((p.tx[o] & 0x30U) != 0x30U) return ~0U;  // the output's driver is not enabled
      const std::uint32_t nibble = (p.live[o / 2] >> (4 * (o % 2))) & 0xFU;
      const std::uint32_t input = output / kPorts * kPorts + nibble;
      if (input < y * d || input >= y * d + d) return ~0U;
      const std::uint32_t shift = (j + d - (input - y * d)) % d;
      if (k != ~0U && shift != k) return ~0U;
      k = shift;
    }
    return k;
  }
  void nack(std::uint32_t part) { nack_part_ = part; }
  void flip_next_live_read() { flip_ = true; }
  [[nodiscard]] std::uint64_t transfers() const { return transfers_; }
  [[nodiscard]] std::uint64_t pulses() const { return pulses_; }
  [[nodiscard]] std::uint64_t updates() const { return updates_; }
  [[nodiscard]] std::uint64_t resets() const { return resets_; }
  /// Called after every update that changed live connections (the block follows them).
  std::function<void()> on_update;

 private:
  struct Part {
    std::array<std::array<std::uint8_t, 8>, 2> maps{};
    std::array<std::uint8_t, 8> live{};
    std::array<std::uint8_t, kPorts> tx{};
    std::uint8_t select{0};
  };
  Result<std::uint32_t> part_at(std::uint8_t address) const {
    if (address < base_ || address >= base_ + kPerGroup) return Errc::bus_nack;
    const std::uint32_t part = group_ * kPerGroup + (address - base_);
    if (part == nack_part_) return Errc::bus_nack;
    return part;
  }
  void write_register(std::uint32_t n, std::uint8_t reg, std::uint8_t v) {
    Part& p = parts_[n];
    if (reg == 0x00 && (v & 1U) != 0) {
      p = Part{};
      ++resets_;
    } else if (reg >= 0x20 && reg < 0x20 + kPorts) {
      p.tx[reg - 0x20] = v;
    } else if (reg == 0x80 && (v & 1U) != 0) {
      p.live = p.maps[p.select & 1U];
      ++updates_;
      if (on_update) on_update();
    } else if (reg == 0x81) {
      p.select = static_cast<std::uint8_t>(v & 1U);
    } else if (reg >= 0x90 && reg < 0xA0) {
      p.maps[std::size_t{reg - 0x90U} / 8][std::size_t{reg - 0x90U} % 8] = v;
    }  // 0xB0.. is read-only; other registers are not modelled
  }
  std::uint8_t read_register(std::uint32_t n, std::uint8_t reg) {
    Part& p = parts_[n];
    std::uint8_t v = 0;
    if (reg >= 0xB0 && reg < 0xB8)
      v = p.live[reg - 0xB0];
    else if (reg >= 0x90 && reg < 0xA0)
      v = p.maps[std::size_t{reg - 0x90U} / 8][std::size_t{reg - 0x90U} % 8];
    else if (reg == 0x81)
      v = p.select;
    else if (reg >= 0x20 && reg < 0x20 + kPorts)
      v = p.tx[reg - 0x20];
    if (flip_ && reg >= 0xB0 && reg < 0xB8) v = static_cast<std::uint8_t>(v ^ 1U), flip_ = false;
    return v;
  }
  std::map<std::uint32_t, Part> parts_;
  std::uint8_t base_;
  std::uint32_t group_{0};
  std::uint32_t nack_part_{~0U};
  bool flip_{false};
  std::uint64_t transfers_{0};
  std::uint64_t pulses_{0};
  std::uint64_t updates_{0};
  std::uint64_t resets_{0};
  std::uint64_t mux_selects_{0};
};

}  // namespace a2a::test
