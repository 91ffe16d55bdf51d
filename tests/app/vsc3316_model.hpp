// A register-level host model of VSC3316 / VSC3308 crosspoints on I2C, written from the
// register list in docs/switch-backends.md ("VSC3316") and not from the sink's code:
// registers 0x00..0x4F are paged by 0x7F (page 0x00: register n holds output n's
// input); 0x50..0x7F are global: 0x5D core control (0 powers the core on), 0x75 core
// configuration (the WP bit, bit 0: written 1 then 0, page 0's connections take
// effect), 0x79 interface mode (0x02: the two-wire interface), 0x7E the revision ID
// (0xAB). Until 0x79 = 0x02 a part answers only reads of 0x7E. Parts: n at base +
// n % 4 behind mux group n / 4. Test hooks: NACK a part, flip a bit of the next read
// of page 0, a revision other than 0xAB.
#pragma once

#include <a2a/status.hpp>
#include <a2a/topology.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <span>

namespace a2a::test {

template <std::uint32_t Ports = 16>
class Vsc3316Model {
 public:
  static constexpr std::uint32_t kPerGroup = 4;

  explicit Vsc3316Model(std::uint8_t i2c_base = 0x40) : base_(i2c_base) {}

  Errc select(std::uint32_t group) {
    group_ = group;
    return Errc::ok;
  }
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    const Result<std::uint32_t> n = part_at(address);
    if (!n || tx.size() < 2) return Errc::bus_nack;
    Part& p = parts_[*n];
    if (!p.two_wire && !(tx[0] == 0x79 && tx.size() == 2)) return Errc::bus_nack;
    ++transfers_;
    for (std::size_t i = 1; i < tx.size(); ++i) write_register(p, static_cast<std::uint8_t>(tx[0] + i - 1), tx[i]);
    return Errc::ok;
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    const Result<std::uint32_t> n = part_at(address);
    if (!n || tx.size() != 1) return Errc::bus_nack;
    Part& p = parts_[*n];
    if (!p.two_wire && tx[0] != 0x7E) return Errc::bus_nack;
    ++transfers_;
    for (std::size_t i = 0; i < rx.size(); ++i) rx[i] = read_register(p, static_cast<std::uint8_t>(tx[0] + i));
    return Errc::ok;
  }

  /// The state element y of stage s is set to, from the parts' committed connections
  /// (Ports-output parts, core powered); ~0 when its outputs do not form a k-shift.
  [[nodiscard]] std::uint32_t element_state(const Network& net, std::uint32_t s, std::uint32_t y) const {
    const std::uint32_t d = net.radix;
    const std::uint32_t per_stage = (net.ports + Ports - 1) / Ports;
    std::uint32_t k = ~0U;
    for (std::uint32_t j = 0; j < d; ++j) {
      const std::uint32_t output = y * d + j;
      const auto found = parts_.find(s * per_stage + output / Ports);
      if (found == parts_.end() || !found->second.powered) return ~0U;
      const std::uint32_t input = output / Ports * Ports + found->second.live[output % Ports];
      if (input < y * d || input >= y * d + d) return ~0U;
      const std::uint32_t shift = (j + d - (input - y * d)) % d;
      if (k != ~0U && shift != k) return ~0U;
      k = shift;
    }
    return k;
  }
  void nack(std::uint32_t part) { nack_part_ = part; }
  void flip_next_read() { flip_ = true; }
  void set_revision(std::uint8_t id) { revision_ = id; }
  [[nodiscard]] std::uint64_t transfers() const { return transfers_; }
  [[nodiscard]] std::uint64_t commits() const { return commits_; }
  /// Called after every WP pulse (the block follows the committed connections).
  std::function<void()> on_commit;

 private:
  struct Part {
    std::array<std::array<std::uint8_t, 0x50>, 0x100> pages{};  // paged registers 0x00..0x4F
    std::array<std::uint8_t, 0x30> global{};                    // 0x50..0x7F
    std::array<std::uint8_t, Ports> live{};
    bool two_wire{false};
    bool powered{false};
  };
  Result<std::uint32_t> part_at(std::uint8_t address) const {
    if (address < base_ || address >= base_ + kPerGroup) return Errc::bus_nack;
    const std::uint32_t part = group_ * kPerGroup + (address - base_);
    if (part == nack_part_) return Errc::bus_nack;
    return part;
  }
  void write_register(Part& p, std::uint8_t reg, std::uint8_t v) {
    if (reg < 0x50) {
      p.pages[p.global[0x7F - 0x50]][reg] = v;
      return;
    }
    if (reg == 0x7E) return;  // read-only
    const bool wp_falls = reg == 0x75 && (p.global[0x75 - 0x50] & 1U) != 0 && (v & 1U) == 0;
    p.global[reg - 0x50] = v;
    if (reg == 0x79) p.two_wire = v == 0x02;
    if (reg == 0x5D) p.powered = v == 0x00;
    if (wp_falls) {
      for (std::uint32_t o = 0; o < Ports; ++o) p.live[o] = p.pages[0][o];
      ++commits_;
      if (on_commit) on_commit();
    }
  }
  std::uint8_t read_register(Part& p, std::uint8_t reg) {
    if (reg == 0x7E) return revision_;
    if (reg >= 0x50) return p.global[reg - 0x50];
    std::uint8_t v = p.pages[p.global[0x7F - 0x50]][reg];
    if (flip_ && p.global[0x7F - 0x50] == 0) v = static_cast<std::uint8_t>(v ^ 1U), flip_ = false;
    return v;
  }
  std::map<std::uint32_t, Part> parts_;
  std::uint8_t base_;
  std::uint8_t revision_{0xAB};
  std::uint32_t group_{0};
  std::uint32_t nack_part_{~0U};
  bool flip_{false};
  std::uint64_t transfers_{0};
  std::uint64_t commits_{0};
};

}  // namespace a2a::test
