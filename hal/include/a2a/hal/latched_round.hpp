// The far side of the register block: what its registers say about the round it
// is to run. Both models of the block read them here, the emulated fabric
// (platform/emulated, behind a board's block) and the host simulated
// fabric (platform/host/fabric), so that they decode the network, the switch
// states and the headers alike and hand the same round to the one walk
// (a2a/round_walk.hpp).
//
// The registers come through a read function (offset -> value), because the two
// keep them differently: the emulator reads its bus (RAM under QEMU), the
// simulated fabric the copy it latched at COMMIT.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/hal/fabric_fields.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

template <class Layout, class Read>
class LatchedRound {
 public:
  constexpr explicit LatchedRound(Read read) : read_(read) {}

  /// NET_PORTS and NET_SHAPE as a network: checked as make_network does, the stage
  /// count against the shape's, and against the block's capacity.
  [[nodiscard]] constexpr Result<Network> network() const {
    using Shape = reg::NetShape;
    const std::uint32_t shape = read_(Layout::kNetShape);
    const Result<Topology> topology = topology_from_code(Shape::TopologyCode::extract(shape));
    if (!topology) return topology.error();
    const Result<Network> net =
        make_network(*topology, reg::NetPorts::Ports::extract(read_(Layout::kNetPorts)), Shape::Radix::extract(shape));
    if (!net) return net.error();
    if (net->stages != Shape::Stages::extract(shape) || !Layout::fits(*net)) return Errc::fabric_capacity_exceeded;
    return net;
  }
  [[nodiscard]] constexpr bool optical() const {
    return reg::NetShape::Optical::extract(read_(Layout::kNetShape)) != 0;
  }
  [[nodiscard]] constexpr bool relay() const { return reg::NetShape::Relay::extract(read_(Layout::kNetShape)) != 0; }

  /// Every mode code known, every state used < d: a round that fails this does not run.
  [[nodiscard]] constexpr bool states_valid(const Network& net) const {
    using SC = reg::StageControl;
    using SW = reg::SwitchState;
    const std::uint32_t switches = net.switches_per_stage();
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::uint32_t ctrl = read_(Layout::stage_control(s));
      const Result<ControlMode> mode = mode_from_code(SC::Mode::extract(ctrl));
      if (!mode) return false;
      if (*mode != ControlMode::individual && SC::State::extract(ctrl) >= net.radix) return false;
      if (*mode != ControlMode::individual) continue;
      // A word at a time; for d = 2^w a whole word with one mask (no state may have a
      // bit at or above w).
      static_assert(SW::kBitsPerSwitch == 4 && SW::kSwitchesPerWord == 8, "the mask below is 8 nibbles");
      const bool power_of_two = (net.radix & (net.radix - 1)) == 0;
      const std::uint32_t high = power_of_two ? 0x1111'1111U * (0xFU & ~(net.radix - 1)) : 0;
      for (std::uint32_t first = 0; first < switches; first += SW::kSwitchesPerWord) {
        const std::uint32_t word = read_(Layout::switch_state(s, first / SW::kSwitchesPerWord));
        if (power_of_two && first + SW::kSwitchesPerWord <= switches) {
          if ((word & high) != 0) return false;
          continue;
        }
        for (std::uint32_t y = first; y < first + SW::kSwitchesPerWord && y < switches; ++y)
          if (((word >> (SW::kBitsPerSwitch * (y - first))) & 0xFU) >= net.radix) return false;
      }
    }
    return true;
  }

  /// switch_state(net, s, y) of every switch y of stage s, into out[y] (out holds at
  /// least net.switches_per_stage() words): one STAGE_CTRL read, and in individual
  /// mode one SWITCH_STATE read per word of switches.
  constexpr void stage_states(const Network& net, std::uint32_t s, std::span<std::uint32_t> out) const {
    using SC = reg::StageControl;
    using SW = reg::SwitchState;
    const std::uint32_t switches = net.switches_per_stage();
    const std::uint32_t ctrl = read_(Layout::stage_control(s));
    const Result<ControlMode> mode = mode_from_code(SC::Mode::extract(ctrl));
    if (!mode) {
      for (std::uint32_t y = 0; y < switches; ++y) out[y] = net.radix;
      return;
    }
    if (*mode == ControlMode::individual) {
      for (std::uint32_t first = 0; first < switches; first += SW::kSwitchesPerWord) {
        const std::uint32_t word = read_(Layout::switch_state(s, first / SW::kSwitchesPerWord));
        for (std::uint32_t y = first; y < first + SW::kSwitchesPerWord && y < switches; ++y)
          out[y] = (word >> (SW::kBitsPerSwitch * (y - first))) & 0xFU;
      }
      return;
    }
    for (std::uint32_t y = 0; y < switches; ++y) out[y] = switch_state(net, s, y);
  }

  /// The state of switch y of stage s as STAGE_CTRL (and SWITCH_STATE in individual
  /// mode) set it; d for an unknown mode code (states_valid refuses such a round).
  [[nodiscard]] constexpr std::uint32_t switch_state(const Network& net, std::uint32_t s, std::uint32_t y) const {
    using SC = reg::StageControl;
    const std::uint32_t ctrl = read_(Layout::stage_control(s));
    const Result<ControlMode> mode = mode_from_code(SC::Mode::extract(ctrl));
    if (!mode) return net.radix;
    using SW = reg::SwitchState;
    if (*mode == ControlMode::individual)
      return (read_(Layout::switch_state(s, y / SW::kSwitchesPerWord)) >>
              (SW::kBitsPerSwitch * (y % SW::kSwitchesPerWord))) &
             0xFU;
    const std::uint32_t block = alternating_block(*mode);
    return (SC::State::extract(ctrl) + (block == 0 ? 0 : (y / block) & 1U)) %
           net.radix;  // d = 2: ((y / b) mod 2) xor a_s
  }

  /// Whether port i stays idle (IDLE_MASK).
  [[nodiscard]] constexpr bool idle(std::uint32_t i) const {
    return ((read_(Layout::idle_mask(i / 32)) >> (i % 32)) & 1U) != 0;
  }
  /// Port i's signal as its PORT_HEADER claims it, for walk_round.
  [[nodiscard]] constexpr RoundSignal signal(std::uint32_t i) const {
    const std::uint32_t header = read_(Layout::port_header(i));
    RoundSignal signal;
    signal.source = i;
    signal.destination = reg::PortHeader::Destination::extract(header);
    signal.tag = reg::PortHeader::Tag::extract(header);
    return signal;
  }
  /// Port i's message in relay mode (PORT_MESSAGE): origin and final destination.
  [[nodiscard]] constexpr std::uint32_t message_origin(std::uint32_t i) const {
    return reg::PortMessage::Origin::extract(read_(Layout::port_message(i)));
  }
  [[nodiscard]] constexpr std::uint32_t message_final(std::uint32_t i) const {
    return reg::PortMessage::Final::extract(read_(Layout::port_message(i)));
  }

 private:
  Read read_;
};

}  // namespace a2a::hal
