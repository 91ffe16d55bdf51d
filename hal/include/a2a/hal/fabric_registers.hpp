// Register map of the switch-controller block of a MIN fabric (CMSIS-like).
// docs/register-map.md is the prose version of this file; keep them in step.
//
// Programming model: software writes a round into SHADOW registers (network
// configuration, stage control, switch states, port headers, idle mask), then
// writes CONTROL.COMMIT. The block latches every shadow register into its active
// set at once and runs the round; a round therefore never sees half-written
// settings, and software may prepare round r+1 while round r runs. Shadow
// registers keep their value across commits (only what changes must be rewritten).
//
// All registers are 32 bits at byte offsets that are multiples of 4. Fixed
// registers come first; the arrays behind them grow with the capacity of the
// block, so their offsets come from FabricLayout<MaxPorts, MaxStages>.
#pragma once

#include <cstdint>

#include "a2a/hal/register.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {
namespace reg {

/// 0x000 ID (RO, reset 0x4132'4146 = "A2AF" read as big-endian ASCII): identifies the block.
struct Id : RegisterSpec<ReadOnly, 0x4132'4146> {};
inline constexpr std::uint32_t kIdValue = Id::reset;

/// 0x004 VERSION (RO, reset 0x0000'0100): register-map version 1.0.
struct Version : RegisterSpec<ReadOnly, 0x0000'0100> {
  using Major = Field<Version, 8, 8>;
  using Minor = Field<Version, 0, 8>;
};

/// 0x008 CAP_PORTS (RO, reset = MaxPorts of the block): largest N the block can run.
struct CapPorts : RegisterSpec<ReadOnly, 0> {
  using MaxPorts = Field<CapPorts, 0, 17>;
};

/// 0x00C CAP_SHAPE (RO, reset = MaxStages | 2 << 8 | 16 << 16 | 1 << 24): the other limits.
struct CapShape : RegisterSpec<ReadOnly, 0> {
  using MaxStages = Field<CapShape, 0, 8>;
  using MinRadix = Field<CapShape, 8, 8>;
  using MaxRadix = Field<CapShape, 16, 8>;
  using Optical = Field<CapShape, 24, 1>;  ///< 1: the block can check optical (crosstalk-free) rounds
};

/// 0x010 NET_PORTS (RW shadow, reset 0): N.
struct NetPorts : RegisterSpec<ReadWrite, 0> {
  using Ports = Field<NetPorts, 0, 17>;
};

/// 0x014 NET_SHAPE (RW shadow, reset 0): d, n, topology, optical mode.
struct NetShape : RegisterSpec<ReadWrite, 0> {
  using Radix = Field<NetShape, 0, 5>;
  using Stages = Field<NetShape, 8, 5>;
  using TopologyCode = Field<NetShape, 16, 4>;  ///< topology_code()
  using Optical = Field<NetShape, 24, 1>;   ///< 1: flag any switch that carries two signals in a round
};

/// 0x018 CONTROL (WO, reads as 0): write-1 actions; writing 0 to a bit does nothing.
/// If several bits are written at once: RESET wins over ABORT, ABORT over COMMIT.
struct Control : RegisterSpec<WriteOnly, 0> {
  using Commit = Field<Control, 0, 1>;  ///< latch all shadow registers into the active set, start the round
  using Abort = Field<Control, 1, 1>;   ///< stop the running round; nothing of it is delivered
  using Reset = Field<Control, 2, 1>;   ///< every register back to its reset value, ROUND_COUNTER = 0
};

/// 0x01C STATUS (RO, reset 0): what the last COMMIT did. Cleared by each COMMIT.
struct Status : RegisterSpec<ReadOnly, 0> {
  using Busy = Field<Status, 0, 1>;          ///< the round is running
  using Done = Field<Status, 1, 1>;          ///< the round completed (ROUND_COUNTER advanced)
  using Error = Field<Status, 2, 1>;         ///< the round did not run: see bits 8-10
  using Conflict = Field<Status, 3, 1>;      ///< two signals met on one switch output
  using Crosstalk = Field<Status, 4, 1>;     ///< optical mode: a switch carried two signals
  using FaultCrossed = Field<Status, 5, 1>;  ///< a signal went through a switch marked in FAULT
  using Misroute = Field<Status, 6, 1>;      ///< a signal arrived elsewhere than its header's destination
  using ConfigInvalid = Field<Status, 8, 1>; ///< N, d, n, topology or a mode code is not valid for the block
  using Overrun = Field<Status, 9, 1>;       ///< COMMIT while busy: ignored
  using Aborted = Field<Status, 10, 1>;      ///< ABORT stopped the round
};

/// 0x020 ROUND_COUNTER (RO, reset 0): completed rounds since reset (wraps at 2^32).
struct RoundCounter : RegisterSpec<ReadOnly, 0> {
  using Count = Field<RoundCounter, 0, 32>;
};

/// STAGE_CTRL[s] (RW shadow, reset 0 = individual, state 0): how stage s sets its switches.
struct StageControl : RegisterSpec<ReadWrite, 0> {
  using Mode = Field<StageControl, 0, 3>;   ///< mode_code()
  using State = Field<StageControl, 8, 4>;  ///< stage mode: the k-shift of every switch; alternating: a_s
};

/// IDLE_MASK[w] (RW shadow, reset 0xFFFF'FFFF = every port idle): bit j = port 32w + j
/// injects nothing this round. Bits of ports >= N are ignored.
struct IdleMask : RegisterSpec<ReadWrite, 0xFFFF'FFFF> {};

/// FAULT[s][w] (RO, reset 0): bit j = switch 32w + j of stage s is known faulty.
struct Fault : RegisterSpec<ReadOnly, 0> {};

/// PORT_HEADER[i] (RW shadow, reset 0): the header of the message injected at input i.
struct PortHeader : RegisterSpec<ReadWrite, 0> {
  using Destination = Field<PortHeader, 0, 16>;  ///< processor the message is for (N = 65536 uses 0..65535)
  using Tag = Field<PortHeader, 16, 16>;         ///< forward control tag: output ports, stage 0 most significant
};

/// SWITCH_STATE[s][w] (RW shadow, reset 0): nibble j = k-shift state of switch 8w + j of
/// stage s, used when STAGE_CTRL[s].MODE is individual.
struct SwitchState : RegisterSpec<ReadWrite, 0> {
  template <unsigned J>
  using Switch = Field<SwitchState, 4 * J, 4>;
  static constexpr std::uint32_t kSwitchesPerWord = 8;
  static constexpr std::uint32_t kBitsPerSwitch = 4;
};

}  // namespace reg

// ---------------------------------------------------------------------------
// Codes stored in the registers. Explicit tables: the hardware codes must not
// change if the core's enums are reordered.

constexpr std::uint32_t topology_code(Topology t) {
  switch (t) {
    case Topology::omega: return 0;
    case Topology::baseline: return 1;
    case Topology::banyan: return 2;
    case Topology::reverse_omega: return 3;
    case Topology::reverse_baseline: return 4;
    case Topology::reverse_banyan: return 5;
    case Topology::gsen: return 6;
    case Topology::shift: return 7;  // paper 003: N switches per stage (see FabricLayout::fits)
  }
  return 15;  // reserved: the block reports ConfigInvalid
}

constexpr Result<Topology> topology_from_code(std::uint32_t code) {
  for (Topology t : kAllTopologies)
    if (topology_code(t) == code) return t;
  return Errc::topology_unknown;
}

constexpr std::uint32_t mode_code(ControlMode m) {
  switch (m) {
    case ControlMode::individual: return 0;
    case ControlMode::stage: return 1;
    case ControlMode::alternating: return 2;
    case ControlMode::doubly_alternating: return 3;
    case ControlMode::quadruply_alternating: return 4;
  }
  return 7;  // reserved: the block reports ConfigInvalid
}

constexpr Result<ControlMode> mode_from_code(std::uint32_t code) {
  constexpr ControlMode kModes[] = {ControlMode::individual, ControlMode::stage, ControlMode::alternating,
                                    ControlMode::doubly_alternating, ControlMode::quadruply_alternating};
  for (ControlMode m : kModes)
    if (mode_code(m) == code) return m;
  return Errc::control_mode_unknown;
}

/// Block size b of an alternating mode (switch y of stage s: ((y / b) mod 2) xor a_s); 0 otherwise.
constexpr std::uint32_t alternating_block(ControlMode m) {
  switch (m) {
    case ControlMode::alternating: return 1;
    case ControlMode::doubly_alternating: return 2;
    case ControlMode::quadruply_alternating: return 4;
    default: return 0;
  }
}

// ---------------------------------------------------------------------------

/// Offsets of a block that runs networks of up to MaxPorts ports and MaxStages stages.
template <std::uint32_t MaxPorts, std::uint32_t MaxStages>
struct FabricLayout {
  static_assert(MaxPorts >= 2, "a2a::hal: a fabric block needs at least 2 ports");
  static_assert(MaxPorts <= a2a::kMaxPorts, "a2a::hal: a fabric block holds at most 65536 ports");
  static_assert(MaxStages >= 1, "a2a::hal: a fabric block needs at least 1 stage");
  static_assert(MaxStages <= a2a::kMaxStages, "a2a::hal: a fabric block holds at most 16 stages");

  static constexpr std::uint32_t kMaxPorts = MaxPorts;
  static constexpr std::uint32_t kMaxStages = MaxStages;
  /// Switches per stage at the smallest radix (2): every radix fits in this stride.
  static constexpr std::uint32_t kMaxSwitches = MaxPorts / 2;
  static constexpr std::uint32_t kSwitchWordsPerStage = (kMaxSwitches + 7) / 8;
  static constexpr std::uint32_t kFaultWordsPerStage = (kMaxSwitches + 31) / 32;
  static constexpr std::uint32_t kIdleWords = (MaxPorts + 31) / 32;

  // Fixed registers.
  static constexpr std::uint32_t kId = 0x000;
  static constexpr std::uint32_t kVersion = 0x004;
  static constexpr std::uint32_t kCapPorts = 0x008;
  static constexpr std::uint32_t kCapShape = 0x00C;
  static constexpr std::uint32_t kNetPorts = 0x010;
  static constexpr std::uint32_t kNetShape = 0x014;
  static constexpr std::uint32_t kControl = 0x018;
  static constexpr std::uint32_t kStatus = 0x01C;
  static constexpr std::uint32_t kRoundCounter = 0x020;
  // 0x024..0x03C reserved (read 0, writes ignored).

  // Arrays, one after the other.
  static constexpr std::uint32_t kStageControlBase = 0x040;
  static constexpr std::uint32_t kIdleMaskBase = kStageControlBase + 4 * MaxStages;
  static constexpr std::uint32_t kFaultBase = kIdleMaskBase + 4 * kIdleWords;
  static constexpr std::uint32_t kPortHeaderBase = kFaultBase + 4 * MaxStages * kFaultWordsPerStage;
  static constexpr std::uint32_t kSwitchStateBase = kPortHeaderBase + 4 * MaxPorts;
  /// Bytes the block occupies.
  static constexpr std::uint32_t kSize = kSwitchStateBase + 4 * MaxStages * kSwitchWordsPerStage;

  /// Values of the capability registers.
  static constexpr std::uint32_t kCapPortsValue = MaxPorts;
  static constexpr std::uint32_t kCapShapeValue =
      reg::CapShape::Optical::insert(reg::CapShape::MaxRadix::insert(
          reg::CapShape::MinRadix::insert(reg::CapShape::MaxStages::insert(0, MaxStages), 2), a2a::kMaxRadix), 1);

  // Array offsets. Indices are preconditions (the driver validates them first);
  // a wrong index is a contract violation, a compile error in a constant expression.
  [[nodiscard]] static constexpr std::uint32_t stage_control(std::uint32_t stage) {
    check(stage < MaxStages);
    return kStageControlBase + 4 * stage;
  }
  [[nodiscard]] static constexpr std::uint32_t idle_mask(std::uint32_t word) {
    check(word < kIdleWords);
    return kIdleMaskBase + 4 * word;
  }
  [[nodiscard]] static constexpr std::uint32_t fault(std::uint32_t stage, std::uint32_t word) {
    check(stage < MaxStages && word < kFaultWordsPerStage);
    return kFaultBase + 4 * (stage * kFaultWordsPerStage + word);
  }
  [[nodiscard]] static constexpr std::uint32_t port_header(std::uint32_t port) {
    check(port < MaxPorts);
    return kPortHeaderBase + 4 * port;
  }
  [[nodiscard]] static constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t word) {
    check(stage < MaxStages && word < kSwitchWordsPerStage);
    return kSwitchStateBase + 4 * (stage * kSwitchWordsPerStage + word);
  }

  /// Whether the network fits in the block. The per-stage arrays hold kMaxSwitches =
  /// MaxPorts/2 switches: every banyan-type network up to MaxPorts ports, and the shift
  /// network (paper 003, N switches per stage) up to MaxPorts/2 ports.
  [[nodiscard]] static constexpr bool fits(const Network& net) {
    return net.ports <= MaxPorts && net.switches_per_stage() <= kMaxSwitches && net.stages <= MaxStages &&
           net.radix >= 2 && net.radix <= a2a::kMaxRadix;
  }

 private:
  static constexpr void check(bool in_range) {
    if (!in_range) a2a::detail::contract_violation();
  }
};

/// STATUS decoded.
struct FabricStatus {
  bool busy{false};
  bool done{false};
  bool error{false};
  bool conflict{false};
  bool crosstalk{false};
  bool fault_crossed{false};
  bool misroute{false};
  bool config_invalid{false};
  bool overrun{false};
  bool aborted{false};

  [[nodiscard]] static constexpr FabricStatus decode(RegisterValue<reg::Status> v) {
    using S = reg::Status;
    return {v.test<S::Busy>(),          v.test<S::Done>(),          v.test<S::Error>(),
            v.test<S::Conflict>(),      v.test<S::Crosstalk>(),     v.test<S::FaultCrossed>(),
            v.test<S::Misroute>(),      v.test<S::ConfigInvalid>(), v.test<S::Overrun>(),
            v.test<S::Aborted>()};
  }
  /// The round ran and nothing was flagged.
  [[nodiscard]] constexpr bool clean() const {
    return done && !error && !conflict && !crosstalk && !fault_crossed && !misroute;
  }
  friend constexpr bool operator==(const FabricStatus&, const FabricStatus&) = default;
};

}  // namespace a2a::hal
