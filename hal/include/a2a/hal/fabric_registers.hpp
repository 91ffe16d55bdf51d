// Register map of the switch-controller block of a MIN fabric, version 2.2: the
// offsets (FabricLayout), the decoded view of STATUS and where the counters go. The
// fields of every register are in fabric_fields.hpp. docs/register-map.md is the
// prose version of both files; keep them in step. register_table.hpp is the same map
// as one table (the source of the doc's tables and of docs/a2a-fabric.svd); the
// static_asserts at the end of this file prove the two agree.
//
// Programming model: software writes a round into SHADOW registers (network
// configuration, stage control, switch states, port headers and messages, idle
// mask), then writes CONTROL.COMMIT with a ticket. The block latches every shadow
// register into its active set at once and runs the round; a round therefore never
// sees half-written settings. STATUS names the ticket of the last action the block
// took up, so software never mistakes the previous round's outcome for this one's
// (a posted write or an emulating interrupt may not have acted yet).
//
// All registers are 32 bits at byte offsets that are multiples of 4. Fixed
// registers come first (0x000..0x07C); the arrays from 0x080 on grow with the
// capacity of the block, so their offsets come from FabricLayout<MaxPorts, MaxStages>.
#pragma once

#include <cstdint>

#include "a2a/delivery_tally.hpp"
#include "a2a/hal/fabric_fields.hpp"
#include "a2a/hal/register.hpp"
#include "a2a/hal/register_table_check.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

/// The fixed registers: the same offsets in every layout (a mock needs no layout).
namespace offset {
inline constexpr std::uint32_t kId = 0x000;
inline constexpr std::uint32_t kVersion = 0x004;
inline constexpr std::uint32_t kCapPorts = 0x008;
inline constexpr std::uint32_t kCapShape = 0x00C;
inline constexpr std::uint32_t kNetPorts = 0x010;
inline constexpr std::uint32_t kNetShape = 0x014;
inline constexpr std::uint32_t kControl = 0x018;
inline constexpr std::uint32_t kStatus = 0x01C;
inline constexpr std::uint32_t kRoundCounter = 0x020;
inline constexpr std::uint32_t kLastError = 0x024;
inline constexpr std::uint32_t kInject = 0x028;
inline constexpr std::uint32_t kInjectRound = 0x02C;
inline constexpr std::uint32_t kRoundCheck = 0x030;
// 0x034..0x03C reserved.
inline constexpr std::uint32_t kDeliveredLo = 0x040;
inline constexpr std::uint32_t kDeliveredHi = 0x044;
inline constexpr std::uint32_t kDuplicates = 0x048;
inline constexpr std::uint32_t kMisroutes = 0x04C;
inline constexpr std::uint32_t kConflicts = 0x050;
inline constexpr std::uint32_t kCrosstalk = 0x054;
inline constexpr std::uint32_t kRelayed = 0x058;
inline constexpr std::uint32_t kRelayErrors = 0x05C;
inline constexpr std::uint32_t kHeld = 0x060;
inline constexpr std::uint32_t kFaulted = 0x064;
// 0x068..0x07C reserved.
inline constexpr std::uint32_t kFirstCounter = kDeliveredLo;
inline constexpr std::uint32_t kEndCounters = kFaulted + 4;
inline constexpr std::uint32_t kArrays = 0x080;
}  // namespace offset

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

  // Fixed registers (namespace offset).
  static constexpr std::uint32_t kId = offset::kId;
  static constexpr std::uint32_t kVersion = offset::kVersion;
  static constexpr std::uint32_t kCapPorts = offset::kCapPorts;
  static constexpr std::uint32_t kCapShape = offset::kCapShape;
  static constexpr std::uint32_t kNetPorts = offset::kNetPorts;
  static constexpr std::uint32_t kNetShape = offset::kNetShape;
  static constexpr std::uint32_t kControl = offset::kControl;
  static constexpr std::uint32_t kStatus = offset::kStatus;
  static constexpr std::uint32_t kRoundCounter = offset::kRoundCounter;
  static constexpr std::uint32_t kLastError = offset::kLastError;
  static constexpr std::uint32_t kInject = offset::kInject;
  static constexpr std::uint32_t kInjectRound = offset::kInjectRound;
  static constexpr std::uint32_t kRoundCheck = offset::kRoundCheck;

  // Arrays, one after the other.
  static constexpr std::uint32_t kStageControlBase = offset::kArrays;
  static constexpr std::uint32_t kIdleMaskBase = kStageControlBase + 4 * MaxStages;
  static constexpr std::uint32_t kFaultBase = kIdleMaskBase + 4 * kIdleWords;
  static constexpr std::uint32_t kPortHeaderBase = kFaultBase + 4 * MaxStages * kFaultWordsPerStage;
  static constexpr std::uint32_t kPortMessageBase = kPortHeaderBase + 4 * MaxPorts;
  static constexpr std::uint32_t kSwitchStateBase = kPortMessageBase + 4 * MaxPorts;
  static constexpr std::uint32_t kArrivedBase = kSwitchStateBase + 4 * MaxStages * kSwitchWordsPerStage;
  /// Bytes the block occupies.
  static constexpr std::uint32_t kSize = kArrivedBase + 4 * MaxPorts;

  /// Values of the capability registers (without CAP_SHAPE.Inject: a block that
  /// implements injection adds kCapShapeInject).
  static constexpr std::uint32_t kCapPortsValue = MaxPorts;
  static constexpr std::uint32_t kCapShapeValue = reg::CapShape::Optical::insert(
      reg::CapShape::MaxRadix::insert(
          reg::CapShape::MinRadix::insert(reg::CapShape::MaxStages::insert(0, MaxStages), 2), a2a::kMaxRadix),
      1);
  static constexpr std::uint32_t kCapShapeInject = reg::CapShape::Inject::mask;
  /// ... and a block with output monitors adds kCapShapeMonitor, with ROUND_CHECK kCapShapeCheck.
  static constexpr std::uint32_t kCapShapeMonitor = reg::CapShape::Monitor::mask;
  static constexpr std::uint32_t kCapShapeCheck = reg::CapShape::Check::mask;

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
  [[nodiscard]] static constexpr std::uint32_t port_message(std::uint32_t port) {
    check(port < MaxPorts);
    return kPortMessageBase + 4 * port;
  }
  [[nodiscard]] static constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t word) {
    check(stage < MaxStages && word < kSwitchWordsPerStage);
    return kSwitchStateBase + 4 * (stage * kSwitchWordsPerStage + word);
  }
  [[nodiscard]] static constexpr std::uint32_t arrived(std::uint32_t output) {
    check(output < MaxPorts);
    return kArrivedBase + 4 * output;
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
  std::uint8_t ticket{0};  ///< the action this outcome belongs to

  [[nodiscard]] static constexpr FabricStatus decode(RegisterValue<reg::Status> v) {
    using S = reg::Status;
    return {v.test<S::Busy>(),
            v.test<S::Done>(),
            v.test<S::Error>(),
            v.test<S::Conflict>(),
            v.test<S::Crosstalk>(),
            v.test<S::FaultCrossed>(),
            v.test<S::Misroute>(),
            v.test<S::ConfigInvalid>(),
            v.test<S::Overrun>(),
            v.test<S::Aborted>(),
            static_cast<std::uint8_t>(v.get<S::Ticket>())};
  }
  /// The round ran and nothing was flagged.
  [[nodiscard]] constexpr bool clean() const {
    return done && !error && !conflict && !crosstalk && !fault_crossed && !misroute;
  }
  friend constexpr bool operator==(const FabricStatus&, const FabricStatus&) = default;
};

// The block's counters (0x040..0x064) are a DeliveryTally (a2a/delivery_tally.hpp),
// the one tally of every judge of an exchange: FabricDriver::counters() reads
// CNT_DELIVERED into delivered, CNT_DUPLICATES into duplicates, CNT_MISROUTES into
// misroutes, CNT_CONFLICTS into conflicts, CNT_CROSSTALK into crosstalk, CNT_RELAYED
// into relayed, CNT_RELAY_ERRORS into relay_errors, CNT_HELD into left_in_store and
// CNT_FAULTED into faulted_rounds; missing is no register (count_missing).

// ---------------------------------------------------------------------------
// The typed registers above are the register table (register_table.hpp): same offsets,
// access, reset values and fields. Fails to compile if one changes without the other.
namespace map::check {
using namespace a2a::hal::reg;
static_assert(fixed_part_ordered() && fields_disjoint(), "a2a::hal: register table rows overlap or leave a gap");
static_assert(at("ID", offset::kId) && at("VERSION", offset::kVersion) && at("CAP_PORTS", offset::kCapPorts) &&
                  at("CAP_SHAPE", offset::kCapShape) && at("NET_PORTS", offset::kNetPorts) &&
                  at("NET_SHAPE", offset::kNetShape) && at("CONTROL", offset::kControl) &&
                  at("STATUS", offset::kStatus) && at("ROUND_COUNTER", offset::kRoundCounter) &&
                  at("LAST_ERROR", offset::kLastError) && at("INJECT", offset::kInject) &&
                  at("INJECT_ROUND", offset::kInjectRound) && at("ROUND_CHECK", offset::kRoundCheck) &&
                  at("CNT_DELIVERED_LO", offset::kDeliveredLo) && at("CNT_DELIVERED_HI", offset::kDeliveredHi) &&
                  at("CNT_DUPLICATES", offset::kDuplicates) && at("CNT_MISROUTES", offset::kMisroutes) &&
                  at("CNT_CONFLICTS", offset::kConflicts) && at("CNT_CROSSTALK", offset::kCrosstalk) &&
                  at("CNT_RELAYED", offset::kRelayed) && at("CNT_RELAY_ERRORS", offset::kRelayErrors) &&
                  at("CNT_HELD", offset::kHeld) && at("CNT_FAULTED", offset::kFaulted) &&
                  kArraysOffset == offset::kArrays,
              "a2a::hal: a fixed register's offset differs from the register table");
static_assert(same_register<Id>("ID") && same_register<Version, Version::Minor, Version::Major>("VERSION") &&
                  same_register<CapPorts, CapPorts::MaxPorts>("CAP_PORTS") &&
                  same_register<CapShape, CapShape::MaxStages, CapShape::MinRadix, CapShape::MaxRadix,
                                CapShape::Optical, CapShape::Inject, CapShape::Monitor, CapShape::Check>("CAP_SHAPE") &&
                  same_register<NetPorts, NetPorts::Ports>("NET_PORTS") &&
                  same_register<NetShape, NetShape::Radix, NetShape::Stages, NetShape::TopologyCode, NetShape::Optical,
                                NetShape::Relay, NetShape::Probe>("NET_SHAPE") &&
                  same_register<Control, Control::Commit, Control::Abort, Control::Reset, Control::ClearCounters,
                                Control::Ticket>("CONTROL") &&
                  same_register<Status, Status::Busy, Status::Done, Status::Error, Status::Conflict, Status::Crosstalk,
                                Status::FaultCrossed, Status::Misroute, Status::ConfigInvalid, Status::Overrun,
                                Status::Aborted, Status::Ticket>("STATUS") &&
                  same_register<RoundCounter, RoundCounter::Count>("ROUND_COUNTER") &&
                  same_register<LastError>("LAST_ERROR") &&
                  same_register<Inject, Inject::Stage, Inject::Switch, Inject::State, Inject::Stuck, Inject::Hidden,
                                Inject::Clear, Inject::Arm>("INJECT") &&
                  same_register<InjectRound, InjectRound::Round>("INJECT_ROUND") &&
                  same_register<RoundCheck, RoundCheck::First, RoundCheck::Mismatch, RoundCheck::Valid>("ROUND_CHECK"),
              "a2a::hal: a fixed register's access, reset or fields differ from the register table");
static_assert(same_register<Counter, Counter::Count>("CNT_DELIVERED_LO") &&
                  same_register<Counter, Counter::Count>("CNT_DELIVERED_HI") &&
                  same_register<Counter, Counter::Count>("CNT_DUPLICATES") &&
                  same_register<Counter, Counter::Count>("CNT_MISROUTES") &&
                  same_register<Counter, Counter::Count>("CNT_CONFLICTS") &&
                  same_register<Counter, Counter::Count>("CNT_CROSSTALK") &&
                  same_register<Counter, Counter::Count>("CNT_RELAYED") &&
                  same_register<Counter, Counter::Count>("CNT_RELAY_ERRORS") &&
                  same_register<Counter, Counter::Count>("CNT_HELD") &&
                  same_register<Counter, Counter::Count>("CNT_FAULTED"),
              "a2a::hal: a counter differs from the register table");
static_assert(same_register<StageControl, StageControl::Mode, StageControl::State>("STAGE_CTRL") &&
                  same_register<IdleMask>("IDLE_MASK") && same_register<Fault>("FAULT") &&
                  same_register<PortHeader, PortHeader::Destination, PortHeader::Tag>("PORT_HEADER") &&
                  same_register<PortMessage, PortMessage::Origin, PortMessage::Final>("PORT_MESSAGE") &&
                  same_register<SwitchState, SwitchState::Switch<0>, SwitchState::Switch<1>, SwitchState::Switch<2>,
                                SwitchState::Switch<3>, SwitchState::Switch<4>, SwitchState::Switch<5>,
                                SwitchState::Switch<6>, SwitchState::Switch<7>>("SWITCH_STATE") &&
                  same_register<Arrived, Arrived::Source, Arrived::Valid>("ARRIVED"),
              "a2a::hal: an array register's access, reset or fields differ from the register table");
// Capacities at the limits, the controller image's, the doc's examples and an odd one.
static_assert(same_layout<FabricLayout<2, 1>>() && same_layout<FabricLayout<100, 3>>() &&
                  same_layout<FabricLayout<256, 8>>() && same_layout<FabricLayout<256, 16>>() &&
                  same_layout<FabricLayout<65536, 16>>(),
              "a2a::hal: the register table's array offsets differ from FabricLayout");
}  // namespace map::check

}  // namespace a2a::hal
