// Switch elements on Microchip (Vitesse) VSC3316 / VSC3308 crosspoints (16 x 16 /
// 8 x 8) on I2C: a SwitchSink (a2a/hal/switch_fabric.hpp). A stage's ports are spread
// over parts of Ports outputs (16 or 8; d divides it) as the crosspoint backend spreads
// them. The registers used (docs/switch-backends.md, "VSC3316", has the sources):
//   0x7E        revision ID: reads 0xAB (checked at configure: fabric_device_mismatch)
//   0x79        interface mode: 0x02 enables the two-wire interface
//   0x5D        global core control: 0x00 powers the core on
//   0x7F        the page of registers 0x00..0x4F: page 0x00 holds, at register n, the
//               input output n takes
//   0x75        core configuration: the WP bit (bit 0) written 1 then 0 makes the page's
//               new connections take effect
// A round writes, on page 0, each output whose input changed and reads it back (a
// difference: bus_readback_mismatch naming the part and the output, before anything of
// the round took effect), then pulses WP on each part it wrote. Over a start/complete
// part bus the same transfers are started one a step (start_latch, latch_progress:
// part_round.hpp), each output's input worked out when its turn comes.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/crosspoint/crosspoint.hpp"
#include "a2a/crosspoint/part_bus.hpp"
#include "a2a/crosspoint/part_round.hpp"
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::crosspoint {

namespace vsc3316 {
inline constexpr std::uint8_t kRevision = 0x7E;
inline constexpr std::uint8_t kRevisionId = 0xAB;
inline constexpr std::uint8_t kInterfaceMode = 0x79;
inline constexpr std::uint8_t kTwoWire = 0x02;
inline constexpr std::uint8_t kCoreControl = 0x5D;
inline constexpr std::uint8_t kPage = 0x7F;
inline constexpr std::uint8_t kConnectionPage = 0x00;
inline constexpr std::uint8_t kCoreConfig = 0x75;
inline constexpr std::uint8_t kWriteProtectPulse = 0x01;  ///< WP, bit 0
}  // namespace vsc3316

/// Ports: 16 (VSC3316) or 8 (VSC3308); MaxPorts: the largest network.
template <class Bus, std::uint32_t Ports, std::uint32_t MaxPorts>
requires(PartBus<Bus> || AsyncPartBus<Bus>) class Vsc3316Sink
    : public SequencedLatch<Vsc3316Sink<Bus, Ports, MaxPorts>, Bus> {
  static_assert(Ports == 16 || Ports == 8, "the VSC3316 has 16 outputs, the VSC3308 8");
  static constexpr std::uint32_t kMaxParts = kMaxStages * ((MaxPorts + Ports - 1) / Ports);

 public:
  explicit Vsc3316Sink(Bus& bus) : bus_(&bus) {}

  /// Checks the network and each part's revision, enables its two-wire interface,
  /// powers its core and selects the connection page.
  Errc configure(const Network& net) {
    if (Ports % net.radix != 0) return Errc::fabric_device_mismatch;  // an element across two parts
    if (net.ports > MaxPorts || net.stages > kMaxStages) return Errc::fabric_capacity_exceeded;
    net_ = net;
    parts_per_stage_ = (net.ports + Ports - 1) / Ports;
    fault_ = {};
    for (std::uint32_t part = 0; part < parts(); ++part) {
      std::array<std::uint8_t, 1> revision{};
      A2A_TRY(noted(fault_, part, 0, read_burst(*bus_, part, vsc3316::kRevision, revision)));
      if (revision[0] != vsc3316::kRevisionId) {
        fault_ = {true, part, 0, true};
        return Errc::fabric_device_mismatch;
      }
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, vsc3316::kInterfaceMode, vsc3316::kTwoWire)));
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, vsc3316::kCoreControl, 0x00)));
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, vsc3316::kPage, vsc3316::kConnectionPage)));
      known_[part] = false;
    }
    return Errc::ok;
  }

  // latch(round) (and start_latch, latch_progress over a start/complete bus):
  // SequencedLatch, over next_op's transfers below.

  [[nodiscard]] SelectFault select_fault() const { return fault_; }
  [[nodiscard]] hal::WireFault wire_fault() const { return wire_fault_of(fault_); }
  [[nodiscard]] std::uint32_t parts_per_stage() const { return parts_per_stage_; }

 private:
  [[nodiscard]] std::uint32_t parts() const { return net_.stages * parts_per_stage_; }
  friend class PartRound<Bus>;
  friend class SequencedLatch<Vsc3316Sink, Bus>;
  Bus& bus() { return *bus_; }
  // The round's transfers in order: each changed output written (outputs), then read
  // back (read_back), part by part; then WP 1, WP 0 on each part written (commit).
  enum class Phase : std::uint8_t { outputs, read_back, commit, done };
  void begin_round() {
    phase_ = Phase::outputs;
    cursor_ = 0;
    in_part_ = false;
    count_ = 0;
    k_ = 0;
  }
  template <class Round>
  Result<bool> next_op(const Round& round, PartOp& op) {
    if (phase_ == Phase::read_back) {  // the output just written, read back
      const std::uint32_t o = output_ - 1;
      op.set_read(cursor_, static_cast<std::uint8_t>(o), 1, o);
      op.bytes[0] = written_;
      phase_ = Phase::outputs;
      return true;
    }
    if (phase_ == Phase::outputs) {
      if (next_changed_output(round, op)) {
        phase_ = Phase::read_back;
        return true;
      }
      phase_ = Phase::commit;
    }
    if (phase_ == Phase::commit && k_ < 2 * count_) {  // the new connections take effect
      const std::uint32_t part = pending_[k_ / 2];
      op.set_write_one(part, vsc3316::kCoreConfig, k_ % 2 == 0 ? vsc3316::kWriteProtectPulse : 0x00);
      ++k_;
      return true;
    }
    phase_ = Phase::done;
    return false;
  }
  /// The next output whose input differs from the last written (or is unknown).
  template <class Round>
  bool next_changed_output(const Round& round, PartOp& op) {
    const std::uint32_t d = net_.radix;
    while (cursor_ < parts()) {
      const std::uint32_t part = cursor_;
      const std::uint32_t s = part / parts_per_stage_;
      if (!in_part_) {
        if (known_[part] && !round.changed(s)) {
          ++cursor_;
          continue;
        }
        part_known_ = known_[part];
        known_[part] = false;  // until every output reads back as written
        wrote_ = false;
        output_ = 0;
        in_part_ = true;
      }
      const std::uint32_t first = (part % parts_per_stage_) * Ports;
      const std::uint32_t used = net_.ports - first < Ports ? net_.ports - first : Ports;
      while (output_ < used) {
        const std::uint32_t o = output_++;
        const std::uint32_t output = first + o;
        const auto input = static_cast<std::uint8_t>(selected_input(output, round.state(s, output / d), d) % Ports);
        if (part_known_ && last_[std::size_t{part} * Ports + o] == input) continue;
        written_ = input;
        op.set_write_one(part, static_cast<std::uint8_t>(o), input, o);
        return true;
      }
      known_[part] = true;
      if (wrote_) pending_[count_++] = static_cast<std::uint16_t>(part);
      in_part_ = false;
      ++cursor_;
    }
    return false;
  }
  Errc read_back(const PartOp& op, std::span<const std::uint8_t> got) {
    if (got.empty() || got[0] != op.bytes[0]) {
      fault_ = {true, op.part, op.output, false};
      return Errc::bus_readback_mismatch;
    }
    last_[std::size_t{op.part} * Ports + op.output] = op.bytes[0];
    wrote_ = true;
    return Errc::ok;
  }
  Errc op_failed(const PartOp& op, Errc e) { return noted(fault_, op.part, op.output, e); }

  Bus* bus_;
  Network net_{};
  std::uint32_t parts_per_stage_{0};
  std::array<std::uint8_t, std::size_t{kMaxParts} * Ports> last_{};
  std::array<bool, kMaxParts> known_{};
  std::array<std::uint16_t, kMaxParts> pending_{};  // parts written this round: [0, count_)
  SelectFault fault_{};
  Phase phase_{Phase::done};
  std::uint32_t cursor_{0};  // the part next_changed_output is in or looks at next
  std::uint32_t output_{0};  // its next output
  bool in_part_{false};
  bool part_known_{false};   // what it held was known as the round began
  bool wrote_{false};        // an output of it written this round
  std::uint8_t written_{0};  // the input just written, to read back
  std::uint32_t count_{0};
  std::uint32_t k_{0};  // commit: the WP write next (2 a part)
};

}  // namespace a2a::crosspoint
