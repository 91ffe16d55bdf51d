// Switch elements on Analog Devices ADN4604 crosspoints (16 x 16, I2C or SPI): a
// SwitchSink (a2a/hal/switch_fabric.hpp). A stage's ports are spread over parts of 16
// outputs as the crosspoint backend spreads them (part s P + p takes ports 16 p .. of
// stage s, P = ceil(N / 16) parts a stage; d divides 16). The registers used
// (docs/switch-backends.md, "ADN4604", has the sources):
//   0x00        RESET: 0x01 resets the part (at configure)
//   0x20 + n    TX basic control of output n: bits 5:4 = 11 enables it (0x30)
//   0x80        XPT_UPDATE: 0x01 makes the selected map the live connection
//   0x81        XPT_MAP_TABLE_SELECT: the map (0 or 1) the update applies
//   0x90..0x97  map 0, 0x98..0x9F map 1: byte b holds output 2b's input in bits 3:0 and
//               output 2b + 1's in bits 7:4
//   0xB0..0xB7  the live connection, packed as the maps (the read-back)
// The two maps are a shadow and the live one: a round writes each changed part's
// inactive map in one burst and selects it, then the update makes them live (one pulse
// of the shared UPDATE pin, or XPT_UPDATE written to each changed part), then each
// changed part's live connection is read back and compared (a difference:
// bus_readback_mismatch naming the part and the output; the round is not delivered and
// the next attempt writes the part again).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>

#include "a2a/crosspoint/crosspoint.hpp"
#include "a2a/crosspoint/part_bus.hpp"
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::crosspoint {

namespace adn4604 {
inline constexpr std::uint32_t kPorts = 16;          ///< outputs (and inputs) a part
inline constexpr std::uint32_t kMapBytes = 8;        ///< a connection map: two outputs a byte
inline constexpr std::uint8_t kReset = 0x00;
inline constexpr std::uint8_t kTxBasic = 0x20;       ///< + output
inline constexpr std::uint8_t kTxEnabled = 0x30;     ///< TX_EN = 11
inline constexpr std::uint8_t kXptUpdate = 0x80;
inline constexpr std::uint8_t kXptMapSelect = 0x81;
inline constexpr std::uint8_t kMap0 = 0x90;
inline constexpr std::uint8_t kMap1 = 0x98;
inline constexpr std::uint8_t kXptStatus = 0xB0;
using Map = std::array<std::uint8_t, kMapBytes>;
/// The map byte of outputs 2b (bits 3:0) and 2b + 1 (bits 7:4).
constexpr std::uint8_t map_byte(std::uint32_t even_output_input, std::uint32_t odd_output_input) {
  return static_cast<std::uint8_t>((even_output_input & 0xFU) | ((odd_output_input & 0xFU) << 4));
}
/// The input output o selects in `map`.
constexpr std::uint32_t input_of(const Map& map, std::uint32_t o) {
  return (map[o / 2] >> (4 * (o % 2))) & 0xFU;
}
}  // namespace adn4604

/// The update of every part by a register write (no UPDATE line wired).
struct XptUpdateRegister {};

/// MaxPorts: the largest network. Update: a hal::LatchLine wired to every part's UPDATE
/// pin, or XptUpdateRegister.
template <PartBus Bus, class Update, std::uint32_t MaxPorts>
class Adn4604Sink {
  static constexpr std::uint32_t kMaxParts = kMaxStages * ((MaxPorts + adn4604::kPorts - 1) / adn4604::kPorts);
  static constexpr bool kPin = !std::is_same_v<Update, XptUpdateRegister>;

 public:
  Adn4604Sink(Bus& bus, Update& update) : bus_(&bus), update_(&update) {}

  /// Checks the network against the parts, resets every part, enables the outputs a
  /// stage uses and selects map 0 as the next to apply (the first round writes map 1).
  Errc configure(const Network& net) {
    if (adn4604::kPorts % net.radix != 0) return Errc::fabric_device_mismatch;  // an element across two parts
    if (net.ports > MaxPorts || net.stages > kMaxStages) return Errc::fabric_capacity_exceeded;
    net_ = net;
    parts_per_stage_ = (net.ports + adn4604::kPorts - 1) / adn4604::kPorts;
    fault_ = {};
    for (std::uint32_t part = 0; part < parts(); ++part) {
      const std::uint32_t used = outputs_used(part);
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, adn4604::kReset, 0x01)));
      for (std::uint32_t o = 0; o < used; ++o)
        A2A_TRY(noted(fault_, part, o,
                      write_one(*bus_, part, static_cast<std::uint8_t>(adn4604::kTxBasic + o), adn4604::kTxEnabled)));
      live_map_[part] = 0;  // after reset: map 0 applies (and holds 0: every output input 0)
      known_[part] = false;
    }
    return Errc::ok;
  }

  /// Writes the inactive map of every part whose selects changed, makes them live, reads
  /// the live connections back.
  template <class Round>
  Errc latch(const Round& round) {
    std::uint32_t pending = 0;  // parts written this round: pending_[0 .. pending)
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      for (std::uint32_t p = 0; p < parts_per_stage_; ++p) {
        const std::uint32_t part = s * parts_per_stage_ + p;
        if (known_[part] && !round.changed(s)) continue;
        const adn4604::Map map = map_of(round, s, p);
        if (known_[part] && map == last_[part]) continue;
        const std::uint8_t shadow = live_map_[part] ^ 1U;
        A2A_TRY(noted(fault_, part, 0, bus_->write(part, shadow == 0 ? adn4604::kMap0 : adn4604::kMap1, map)));
        A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, adn4604::kXptMapSelect, shadow)));
        known_[part] = false;  // until its live connection reads back as written
        last_[part] = map;
        pending_[pending++] = static_cast<std::uint16_t>(part);
      }
    }
    A2A_TRY(update(pending));
    for (std::uint32_t k = 0; k < pending; ++k) A2A_TRY(check_live(pending_[k]));
    return Errc::ok;
  }

  [[nodiscard]] SelectFault select_fault() const { return fault_; }
  [[nodiscard]] hal::WireFault wire_fault() const { return wire_fault_of(fault_); }
  /// Parts a stage takes (part numbers stage x this .. + this - 1).
  [[nodiscard]] std::uint32_t parts_per_stage() const { return parts_per_stage_; }

 private:
  [[nodiscard]] std::uint32_t parts() const { return net_.stages * parts_per_stage_; }
  /// Outputs of `part` a stage uses (the last part of a stage may be part used).
  [[nodiscard]] std::uint32_t outputs_used(std::uint32_t part) const {
    const std::uint32_t first = (part % parts_per_stage_) * adn4604::kPorts;
    return net_.ports - first < adn4604::kPorts ? net_.ports - first : adn4604::kPorts;
  }
  /// Part p of stage s's map for `round`: each used output's input within the part.
  template <class Round>
  adn4604::Map map_of(const Round& round, std::uint32_t s, std::uint32_t p) const {
    adn4604::Map map{};
    const std::uint32_t d = net_.radix;
    std::array<std::uint32_t, adn4604::kPorts> input{};
    const std::uint32_t used = outputs_used(s * parts_per_stage_ + p);
    for (std::uint32_t o = 0; o < used; ++o) {
      const std::uint32_t output = p * adn4604::kPorts + o;
      input[o] = selected_input(output, round.state(s, output / d), d) % adn4604::kPorts;
    }
    for (std::uint32_t b = 0; b < adn4604::kMapBytes; ++b) map[b] = adn4604::map_byte(input[2 * b], input[2 * b + 1]);
    return map;
  }
  /// The maps written this round become live: one pulse, or XPT_UPDATE to each part.
  Errc update(std::uint32_t pending) {
    if constexpr (kPin) {
      return update_->pulse();
    } else {
      for (std::uint32_t k = 0; k < pending; ++k)
        A2A_TRY(noted(fault_, pending_[k], 0, write_one(*bus_, pending_[k], adn4604::kXptUpdate, 0x01)));
      return Errc::ok;
    }
  }
  /// The part's live connection against the map written: bus_readback_mismatch names the output.
  Errc check_live(std::uint32_t part) {
    adn4604::Map live{};
    A2A_TRY(noted(fault_, part, 0, bus_->read(part, adn4604::kXptStatus, live)));
    live_map_[part] ^= 1U;
    for (std::uint32_t o = 0; o < outputs_used(part); ++o) {
      if (adn4604::input_of(live, o) != adn4604::input_of(last_[part], o)) {
        fault_ = {true, part, o, false};
        return Errc::bus_readback_mismatch;
      }
    }
    known_[part] = true;
    return Errc::ok;
  }

  Bus* bus_;
  Update* update_;
  Network net_{};
  std::uint32_t parts_per_stage_{0};
  std::array<adn4604::Map, kMaxParts> last_{};      // the map each part was last given
  std::array<std::uint8_t, kMaxParts> live_map_{};  // which of its maps is live
  std::array<bool, kMaxParts> known_{};             // its live connection is last_
  std::array<std::uint16_t, kMaxParts> pending_{};  // parts written this round
  SelectFault fault_{};
};

}  // namespace a2a::crosspoint
