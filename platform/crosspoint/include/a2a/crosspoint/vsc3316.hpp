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
// the round took effect), then pulses WP on each part it wrote.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/crosspoint/crosspoint.hpp"
#include "a2a/crosspoint/part_bus.hpp"
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
template <PartBus Bus, std::uint32_t Ports, std::uint32_t MaxPorts>
class Vsc3316Sink {
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
      A2A_TRY(noted(fault_, part, 0, bus_->read(part, vsc3316::kRevision, revision)));
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

  /// Writes and reads back every output whose input changed, then pulses WP on each
  /// part written.
  template <class Round>
  Errc latch(const Round& round) {
    std::uint32_t pending = 0;
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      for (std::uint32_t p = 0; p < parts_per_stage_; ++p) {
        const std::uint32_t part = s * parts_per_stage_ + p;
        if (known_[part] && !round.changed(s)) continue;
        bool wrote = false;
        A2A_TRY(write_part(round, s, p, wrote));
        if (wrote) pending_[pending++] = static_cast<std::uint16_t>(part);
      }
    }
    for (std::uint32_t k = 0; k < pending; ++k) {  // the new connections take effect
      const std::uint32_t part = pending_[k];
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, vsc3316::kCoreConfig, vsc3316::kWriteProtectPulse)));
      A2A_TRY(noted(fault_, part, 0, write_one(*bus_, part, vsc3316::kCoreConfig, 0x00)));
    }
    return Errc::ok;
  }

  [[nodiscard]] SelectFault select_fault() const { return fault_; }
  [[nodiscard]] hal::WireFault wire_fault() const { return wire_fault_of(fault_); }
  [[nodiscard]] std::uint32_t parts_per_stage() const { return parts_per_stage_; }

 private:
  [[nodiscard]] std::uint32_t parts() const { return net_.stages * parts_per_stage_; }
  /// Part p of stage s: each used output whose input differs from the last written.
  template <class Round>
  Errc write_part(const Round& round, std::uint32_t s, std::uint32_t p, bool& wrote) {
    const std::uint32_t part = s * parts_per_stage_ + p;
    const std::uint32_t d = net_.radix;
    const std::uint32_t first = p * Ports;
    const std::uint32_t used = net_.ports - first < Ports ? net_.ports - first : Ports;
    const bool known = known_[part];
    known_[part] = false;  // until every output reads back as written
    for (std::uint32_t o = 0; o < used; ++o) {
      const std::uint32_t output = first + o;
      const auto input = static_cast<std::uint8_t>(selected_input(output, round.state(s, output / d), d) % Ports);
      std::uint8_t& last = last_[std::size_t{part} * Ports + o];
      if (known && last == input) continue;
      const auto reg = static_cast<std::uint8_t>(o);
      A2A_TRY(noted(fault_, part, o, write_one(*bus_, part, reg, input)));
      std::array<std::uint8_t, 1> back{};
      A2A_TRY(noted(fault_, part, o, bus_->read(part, reg, back)));
      if (back[0] != input) {
        fault_ = {true, part, o, false};
        return Errc::bus_readback_mismatch;
      }
      last = input;
      wrote = true;
    }
    known_[part] = true;
    return Errc::ok;
  }

  Bus* bus_;
  Network net_{};
  std::uint32_t parts_per_stage_{0};
  std::array<std::uint8_t, std::size_t{kMaxParts} * Ports> last_{};
  std::array<bool, kMaxParts> known_{};
  std::array<std::uint16_t, kMaxParts> pending_{};
  SelectFault fault_{};
};

}  // namespace a2a::crosspoint
