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
// the next attempt writes the part again). Over a start/complete part bus the same
// transfers are started one a step (start_latch, latch_progress: part_round.hpp), each
// part's map worked out when its turn comes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>

#include "a2a/crosspoint/crosspoint.hpp"
#include "a2a/crosspoint/part_bus.hpp"
#include "a2a/crosspoint/part_round.hpp"
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::crosspoint {

namespace adn4604 {
inline constexpr std::uint32_t kPorts = 16;    ///< outputs (and inputs) a part
inline constexpr std::uint32_t kMapBytes = 8;  ///< a connection map: two outputs a byte
inline constexpr std::uint8_t kReset = 0x00;
inline constexpr std::uint8_t kTxBasic = 0x20;    ///< + output
inline constexpr std::uint8_t kTxEnabled = 0x30;  ///< TX_EN = 11
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
constexpr std::uint32_t input_of(const Map& map, std::uint32_t o) { return (map[o / 2] >> (4 * (o % 2))) & 0xFU; }
}  // namespace adn4604

/// The update of every part by a register write (no UPDATE line wired).
struct XptUpdateRegister {};

/// MaxPorts: the largest network. Update: a hal::LatchLine wired to every part's UPDATE
/// pin, or XptUpdateRegister.
template <class Bus, class Update, std::uint32_t MaxPorts>
requires(PartBus<Bus> || AsyncPartBus<Bus>) class Adn4604Sink
    : public SequencedLatch<Adn4604Sink<Bus, Update, MaxPorts>, Bus> {
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
  // latch(round) (and start_latch, latch_progress over a start/complete bus):
  // SequencedLatch, over next_op's transfers below.

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
  friend class PartRound<Bus>;
  friend class SequencedLatch<Adn4604Sink, Bus>;
  Bus& bus() { return *bus_; }
  // The round's transfers in order: each changed part's inactive map and its select
  // (maps), the update (update: XPT_UPDATE to each, or the pin pulsed once between),
  // each written part's live connection read (check).
  enum class Phase : std::uint8_t { maps, select, update, check, done };
  void begin_round() {
    phase_ = Phase::maps;
    cursor_ = 0;
    count_ = 0;
    k_ = 0;
  }
  template <class Round>
  Result<bool> next_op(const Round& round, PartOp& op) {
    if (phase_ == Phase::select) {  // the map just written applies next
      const std::uint32_t part = pending_[count_ - 1];
      op.set_write_one(part, adn4604::kXptMapSelect, static_cast<std::uint8_t>(live_map_[part] ^ 1U));
      phase_ = Phase::maps;
      return true;
    }
    if (phase_ == Phase::maps) {
      if (next_changed_part(round, op)) {
        phase_ = Phase::select;
        return true;
      }
      phase_ = kPin ? Phase::check : Phase::update;
      if constexpr (kPin) A2A_TRY(update_->pulse());  // every part's selected map live at once
    }
    if (phase_ == Phase::update) {
      if (k_ < count_) {
        op.set_write_one(pending_[k_++], adn4604::kXptUpdate, 0x01);
        return true;
      }
      phase_ = Phase::check;
      k_ = 0;
    }
    if (phase_ == Phase::check && k_ < count_) {
      op.set_read(pending_[k_++], adn4604::kXptStatus, adn4604::kMapBytes);
      return true;
    }
    phase_ = Phase::done;
    return false;
  }
  /// The next part whose map changed: its inactive map written in one burst.
  template <class Round>
  bool next_changed_part(const Round& round, PartOp& op) {
    while (cursor_ < parts()) {
      const std::uint32_t part = cursor_++;
      const std::uint32_t s = part / parts_per_stage_;
      if (known_[part] && !round.changed(s)) continue;
      const adn4604::Map map = map_of(round, s, part % parts_per_stage_);
      if (known_[part] && map == last_[part]) continue;
      const bool shadow_is_1 = live_map_[part] == 0;
      op.set_write_one(part, shadow_is_1 ? adn4604::kMap1 : adn4604::kMap0, map[0]);
      op.length = static_cast<std::uint8_t>(adn4604::kMapBytes);  // the whole map in one burst
      for (std::uint32_t b = 1; b < adn4604::kMapBytes; ++b) op.bytes[b] = map[b];
      known_[part] = false;  // until its live connection reads back as written
      last_[part] = map;
      pending_[count_++] = static_cast<std::uint16_t>(part);
      return true;
    }
    return false;
  }
  /// The part's live connection against the map written: bus_readback_mismatch names the output.
  Errc read_back(const PartOp& op, std::span<const std::uint8_t> got) {
    const std::uint32_t part = op.part;
    adn4604::Map live{};
    for (std::uint32_t b = 0; b < adn4604::kMapBytes && b < got.size(); ++b) live[b] = got[b];
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
  Errc op_failed(const PartOp& op, Errc e) { return noted(fault_, op.part, op.output, e); }

  Bus* bus_;
  Update* update_;
  Network net_{};
  std::uint32_t parts_per_stage_{0};
  std::array<adn4604::Map, kMaxParts> last_{};      // the map each part was last given
  std::array<std::uint8_t, kMaxParts> live_map_{};  // which of its maps is live
  std::array<bool, kMaxParts> known_{};             // its live connection is last_
  std::array<std::uint16_t, kMaxParts> pending_{};  // parts written this round: [0, count_)
  SelectFault fault_{};
  Phase phase_{Phase::done};
  std::uint32_t cursor_{0};  // the next part next_changed_part looks at
  std::uint32_t count_{0};
  std::uint32_t k_{0};  // the next of pending_ to update or read
};

}  // namespace a2a::crosspoint
