// The fields of the fabric controller's registers, version 2.0 (CMSIS-like), and
// the codes stored in them. fabric_registers.hpp adds the offsets (FabricLayout);
// docs/register-map.md is the prose version of both files. register_table.hpp is
// the same map as one table; fabric_registers.hpp proves at compile time that the
// two agree, and the doc's tables and docs/a2a-fabric.svd are generated from it.
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

/// 0x004 VERSION (RO, reset 0x0000'0202): register-map version 2.2 (tickets, counters,
/// relay messages, fault injection; the arrays moved to 0x080; 2.1: stuck and hidden
/// faults, ARRIVED and test rounds; 2.2: ROUND_CHECK).
struct Version : RegisterSpec<ReadOnly, 0x0000'0202> {
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
  /// 1: INJECT / INJECT_ROUND work (an emulated or test fabric; real hardware normally 0).
  using Inject = Field<CapShape, 25, 1>;
  /// 1: ARRIVED reports what each output received, and NET_SHAPE.Probe runs test rounds.
  using Monitor = Field<CapShape, 26, 1>;
  /// 1: ROUND_CHECK summarizes each round's arrivals (register map 2.2).
  using Check = Field<CapShape, 27, 1>;
};

/// 0x010 NET_PORTS (RW shadow, reset 0): N.
struct NetPorts : RegisterSpec<ReadWrite, 0> {
  using Ports = Field<NetPorts, 0, 17>;
};

/// 0x014 NET_SHAPE (RW shadow, reset 0): d, n, topology, optical mode, relay mode.
struct NetShape : RegisterSpec<ReadWrite, 0> {
  using Radix = Field<NetShape, 0, 5>;
  using Stages = Field<NetShape, 8, 5>;
  using TopologyCode = Field<NetShape, 16, 4>;  ///< topology_code()
  using Optical = Field<NetShape, 24, 1>;       ///< 1: flag any switch that carries two signals in a round
  /// 1: PORT_MESSAGE is valid and deliveries count by message (origin, final destination),
  /// so a message may be relayed i -> k -> j; 0: every hop is a direct message.
  using Relay = Field<NetShape, 25, 1>;
  /// 1: test rounds (CAP_SHAPE.Monitor): the signals go through and ARRIVED shows where,
  /// but receivers keep nothing and no counter moves.
  using Probe = Field<NetShape, 26, 1>;
};

/// 0x018 CONTROL (WO, reads as 0): write-1 actions; writing 0 to a bit does nothing.
/// If several bits are written at once only one acts: RESET, else ABORT, else
/// CLEAR_COUNTERS, else COMMIT. Every action carries a Ticket that STATUS echoes once the
/// block has taken the action up (a STATUS read right after a write may be stale).
struct Control : RegisterSpec<WriteOnly, 0> {
  using Commit = Field<Control, 0, 1>;         ///< latch all shadow registers into the active set, start the round
  using Abort = Field<Control, 1, 1>;          ///< stop the running round; nothing of it is delivered
  using Reset = Field<Control, 2, 1>;          ///< every register back to its reset value, ROUND_COUNTER = 0
  using ClearCounters = Field<Control, 3, 1>;  ///< zero the counters, LAST_ERROR, delivered pairs, relay stores
  using Ticket = Field<Control, 8, 8>;         ///< the writer's number for this action (STATUS.Ticket echoes it)
  // Bits 31:16 are ignored: a controller may keep CONTROL as a running count
  // (COMMIT | count << 8); only the count's low 8 bits are the ticket.
};

/// 0x01C STATUS (RO, reset 0): what the last COMMIT did. Cleared by each COMMIT.
struct Status : RegisterSpec<ReadOnly, 0> {
  using Busy = Field<Status, 0, 1>;           ///< the round is running
  using Done = Field<Status, 1, 1>;           ///< the round completed (ROUND_COUNTER advanced)
  using Error = Field<Status, 2, 1>;          ///< the round did not run: see bits 8-10
  using Conflict = Field<Status, 3, 1>;       ///< two signals met on one switch output
  using Crosstalk = Field<Status, 4, 1>;      ///< optical mode: a switch carried two signals
  using FaultCrossed = Field<Status, 5, 1>;   ///< a signal went through a switch marked in FAULT
  using Misroute = Field<Status, 6, 1>;       ///< a signal arrived elsewhere than its header's destination
  using ConfigInvalid = Field<Status, 8, 1>;  ///< N, d, n, topology or a mode code is not valid for the block
  using Overrun = Field<Status, 9, 1>;        ///< COMMIT while busy: ignored
  using Aborted = Field<Status, 10, 1>;       ///< ABORT stopped the round
  using Ticket = Field<Status, 16, 8>;        ///< ticket of the last CONTROL action taken up
};

/// 0x020 ROUND_COUNTER (RO, reset 0): completed rounds since reset (wraps at 2^32).
struct RoundCounter : RegisterSpec<ReadOnly, 0> {
  using Count = Field<RoundCounter, 0, 32>;
};

/// 0x024 LAST_ERROR (RO, reset 0): the STATUS value of the most recent round that was
/// flagged or did not run since the last CLEAR_COUNTERS or RESET (0: none).
struct LastError : RegisterSpec<ReadOnly, 0> {};

/// 0x028 INJECT (RW, reset 0; only when CAP_SHAPE.Inject): arms a switch fault or
/// forgets them all. The block takes Arm / Clear up and then clears those two bits.
/// A fault is dead (signals through it are lost) or, with Stuck, stuck in State (it
/// stays there whatever SWITCH_STATE or STAGE_CTRL say); Hidden: FAULT does not mark
/// it, as real hardware would not know; only what the outputs receive shows it.
struct Inject : RegisterSpec<ReadWrite, 0> {
  using Stage = Field<Inject, 0, 8>;
  using Switch = Field<Inject, 8, 16>;
  using State = Field<Inject, 24, 4>;   ///< the k-shift state a stuck switch stays in
  using Stuck = Field<Inject, 28, 1>;   ///< 1: stuck in State; 0: dead
  using Hidden = Field<Inject, 29, 1>;  ///< 1: not marked in FAULT
  using Clear = Field<Inject, 30, 1>;   ///< 1: forget every injected fault, clear FAULT
  using Arm = Field<Inject, 31, 1>;     ///< 1: (Stage, Switch) fails from ROUND_COUNTER = INJECT_ROUND on
};

/// 0x02C INJECT_ROUND (RW, reset 0): the ROUND_COUNTER value an armed fault starts at.
struct InjectRound : RegisterSpec<ReadWrite, 0> {
  using Round = Field<InjectRound, 0, 32>;
};

/// 0x030 ROUND_CHECK (RO, reset 0; only with CAP_SHAPE.Check): what a monitor at the
/// outputs computes as the round completes, so that a controller confirms a round's
/// arrivals with one read instead of N: Mismatch when some sending input's signal is not
/// what ARRIVED shows at the output its PORT_HEADER named (lost, elsewhere, or another
/// signal there), First the lowest such output. Valid: the last round that ran wrote it.
struct RoundCheck : RegisterSpec<ReadOnly, 0> {
  using First = Field<RoundCheck, 0, 16>;
  using Mismatch = Field<RoundCheck, 30, 1>;
  using Valid = Field<RoundCheck, 31, 1>;
};

/// 0x040..0x064 counters (RO, reset 0): 32 bits, saturating (DELIVERED: 64 bits in two words).
struct Counter : RegisterSpec<ReadOnly, 0> {
  using Count = Field<Counter, 0, 32>;
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

/// PORT_MESSAGE[i] (RW shadow, reset 0): the message port i injects, read only in relay
/// mode (NET_SHAPE.Relay): its origin and final destination (a relay hop has origin != i
/// or final != the header's destination). What a store-and-forward header carries.
struct PortMessage : RegisterSpec<ReadWrite, 0> {
  using Origin = Field<PortMessage, 0, 16>;
  using Final = Field<PortMessage, 16, 16>;
};

/// ARRIVED[j] (RO, reset 0; CAP_SHAPE.Monitor): what output j received in the last
/// round that ran (test rounds too): Valid and the input port the signal came from.
struct Arrived : RegisterSpec<ReadOnly, 0> {
  using Source = Field<Arrived, 0, 16>;
  using Valid = Field<Arrived, 31, 1>;
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

/// NET_SHAPE.TOPOLOGY: each topology's description states its register code
/// (topologies.hpp; never the core's enum value, so reordering that enum changes no
/// hardware code); the list checks they are distinct and below 15, and the core's
/// golden table pins them.
constexpr std::uint32_t topology_code(Topology t) {
  if (!Topologies::contains(t)) return 15;  // reserved: the block reports ConfigInvalid
  return Topologies::register_code(t);
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

}  // namespace a2a::hal
