// The emulated fabric: what the switch hardware behind a register block (map 2.2)
// does, played by code on the far side of the block. The controller never calls
// it; it only writes and reads registers, exactly as on hardware.
//
// Why: under QEMU the block is plain RAM, so nothing answers a COMMIT. On a board
// a high-priority interrupt (cortex_m_service.cpp: SysTick) calls service(); on
// the host a test's bus calls it. service() notices an action in the CONTROL word
// (RAM here: the write stays there until taken up), clears the word, acts and
// writes STATUS with the action's ticket. A COMMIT runs the round switch by switch,
// stage by stage from the registers (round_engine.hpp: the walk of a2a/round_walk.hpp,
// which the host simulated fabric runs too: conflicts, optical crosstalk, each
// arrival against its header's destination and tag), and counts deliveries by
// message (origin, final destination) with the relay-aware accounting of
// a2a/delivery_tally.hpp; the counter registers show that DeliveryTally. The
// message of port i is PORT_MESSAGE[i] in relay mode (NET_SHAPE.Relay), else the
// direct message (i, the output it reached).
//
// Faults: INJECT arms "switch (s, y) fails from ROUND_COUNTER r on". From then on
// FAULT marks it, and a round in which any signal crosses a marked switch is
// flagged FAULT_CROSSED and delivers nothing. So does a round flagged for a
// conflict, a misroute or (optical mode) crosstalk: receivers discard a flagged
// round, so a retried or re-planned round never counts a message twice.
// INJECT.Hidden: FAULT does not mark the switch, as real hardware would not know.
// A hidden dead switch loses the signals through it (the others of the round are
// delivered: only the outputs, ARRIVED, show what is missing); a hidden stuck one
// stays in its state, so a signal that wanted the other one arrives elsewhere, a
// misroute (the round is flagged and delivers nothing). ARRIVED[j] shows after every
// round what output j received, ROUND_CHECK whether every signal arrived where its
// header named (map 2.2); NET_SHAPE.Probe rounds (tests) count nothing.
//
// Freestanding and heap-free: capacity is a template parameter (MaxPorts^2 bits
// twice: delivered pairs and relay stores).
#pragma once

#include <array>
#include <cstdint>

#include "a2a/delivery_tally.hpp"
#include "a2a/emulated/round_engine.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::emulated {

template <class Layout, std::uint32_t MaxPorts>
class FabricEmulator {
  static_assert(MaxPorts >= 2 && MaxPorts <= Layout::kMaxPorts, "a2a: emulator capacity must fit the register block");

 public:
  /// Faults INJECT can keep armed at once (a further Arm is dropped).
  static constexpr std::uint32_t kMaxInjected = 8;

  /// The block's reset state: identification, capabilities (with Inject), idle ports,
  /// STATUS ticket 0; forgets deliveries, stores and injected faults.
  template <hal::RegisterBus Bus>
  constexpr void power_on(Bus& bus) {
    injected_used_ = 0;
    reset_block(bus, 0);
  }

  /// Takes up a pending INJECT and then a pending CONTROL action, if any. Call it
  /// from an interrupt that preempts the controller (or from a test's bus).
  template <hal::RegisterBus Bus>
  constexpr void service(Bus& bus) {
    take_inject(bus);
    using C = hal::reg::Control;
    const std::uint32_t control = bus.read32(Layout::kControl);
    constexpr std::uint32_t kActions = C::Commit::mask | C::Abort::mask | C::Reset::mask | C::ClearCounters::mask;
    if ((control & kActions) == 0) return;
    bus.write32(Layout::kControl, 0);  // taken up: a later write is a new action
    const std::uint32_t ticket = C::Ticket::extract(control);
    const bool in_sequence = ticket == ((last_ticket_ + 1U) & 0xFFU);
    last_ticket_ = ticket;
    if (C::Reset::extract(control) != 0) return reset_block(bus, ticket);
    if (C::Abort::extract(control) != 0) return abort(bus, ticket, in_sequence);
    if (C::ClearCounters::extract(control) != 0) {
      engine_.clear_counts();
      bus.write32(Layout::kLastError, 0);
      write_counters(bus);
      return set_ticket(bus, ticket);
    }
    commit(bus, ticket);
  }

  // --- for tests: the emulator's own record (the controller reads registers only) ---
  /// Messages (origin, final) of the N x N exchange never delivered (N = `ports`).
  [[nodiscard]] constexpr std::uint64_t missing(std::uint32_t ports) const { return engine_.missing(ports); }
  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_dest, std::uint32_t ports) const {
    return engine_.delivered(origin, final_dest, ports);
  }
  /// What the counter registers show, before saturation to 32 bits (missing: 0, not a register).
  [[nodiscard]] constexpr const DeliveryTally& tally() const { return engine_.tally(); }

 private:
  using Status = hal::reg::Status;
  struct Injected {
    HiddenFault fault;  // position and kind (hidden or not)
    bool hidden;
    std::uint32_t from_round;
  };

  template <hal::RegisterBus Bus>
  constexpr void reset_block(Bus& bus, std::uint32_t ticket) {
    for (std::uint32_t offset = 0; offset < Layout::kSize; offset += 4) bus.write32(offset, 0);
    bus.write32(Layout::kId, hal::reg::Id::reset);
    bus.write32(Layout::kVersion, hal::reg::Version::reset);
    bus.write32(Layout::kCapPorts, Layout::kCapPortsValue);
    bus.write32(Layout::kCapShape,
                Layout::kCapShapeValue | Layout::kCapShapeInject | Layout::kCapShapeMonitor | Layout::kCapShapeCheck);
    for (std::uint32_t w = 0; w < Layout::kIdleWords; ++w) bus.write32(Layout::idle_mask(w), hal::reg::IdleMask::reset);
    bus.write32(Layout::kStatus, Status::Ticket::insert(0, ticket));
    // A reset does not repair a switch: armed faults stay (INJECT.Clear forgets them)
    // and mark FAULT again at the next round.
    engine_.clear_counts();
    fault_.fill(0);
    last_ticket_ = ticket;
  }

  template <hal::RegisterBus Bus>
  constexpr void set_ticket(Bus& bus, std::uint32_t ticket) {
    bus.write32(Layout::kStatus, Status::Ticket::insert(bus.read32(Layout::kStatus), ticket));
  }

  /// The emulator completes a round inside service(), so it is never busy: an ABORT
  /// finds either the previous outcome (kept: that round was delivered) or, when its
  /// ticket does not follow the last one taken up, a COMMIT it overwrote in the
  /// CONTROL word before it was taken up: that round never ran.
  template <hal::RegisterBus Bus>
  constexpr void abort(Bus& bus, std::uint32_t ticket, bool in_sequence) {
    if (in_sequence) return set_ticket(bus, ticket);
    const std::uint32_t status = Status::Ticket::insert(Status::Error::mask | Status::Aborted::mask, ticket);
    bus.write32(Layout::kStatus, status);
    bus.write32(Layout::kLastError, status);
  }

  template <hal::RegisterBus Bus>
  constexpr void take_inject(Bus& bus) {
    using I = hal::reg::Inject;
    const std::uint32_t inject = bus.read32(Layout::kInject);
    if ((inject & (I::Arm::mask | I::Clear::mask)) == 0) return;
    if (I::Clear::extract(inject) != 0) {
      injected_used_ = 0;
      fault_.fill(0);
      write_faults(bus);
    }
    if (I::Arm::extract(inject) != 0 && injected_used_ < kMaxInjected &&
        I::Stage::extract(inject) < Layout::kMaxStages && I::Switch::extract(inject) < Layout::kMaxSwitches)
      injected_[injected_used_++] = {{I::Stage::extract(inject), I::Switch::extract(inject),
                                      I::Stuck::extract(inject) != 0, I::State::extract(inject)},
                                     I::Hidden::extract(inject) != 0,
                                     bus.read32(Layout::kInjectRound)};
    bus.write32(Layout::kInject, inject & ~(I::Arm::mask | I::Clear::mask));  // taken up
  }

  template <hal::RegisterBus Bus>
  constexpr void commit(Bus& bus, std::uint32_t ticket) {
    const Result<Network> net = engine_.network(bus);
    std::uint32_t status = 0;
    if (!net || !engine_.states_valid(bus, *net)) {
      status = Status::Error::mask | Status::ConfigInvalid::mask;
    } else {
      const std::uint32_t round = bus.read32(Layout::kRoundCounter);
      std::array<HiddenFault, kMaxInjected> hidden{};
      std::uint32_t hidden_count = 0;
      for (std::uint32_t k = 0; k < injected_used_; ++k) {  // armed faults whose time has come
        const Injected& f = injected_[k];
        const std::uint32_t stage = f.fault.stage, sw = f.fault.sw;
        if (f.from_round > round || stage >= net->stages || sw >= net->switches_per_stage()) continue;
        if (f.hidden) {  // it acts, but the block does not know it
          hidden[hidden_count++] = f.fault;
          continue;
        }
        fault_[stage * Layout::kFaultWordsPerStage + sw / 32] |= std::uint32_t{1} << (sw % 32);
      }
      write_faults(bus);
      status = Status::Done::mask |
               engine_.run(bus, *net, fault_, std::span<const HiddenFault>(hidden.data(), hidden_count));
      bus.write32(Layout::kRoundCounter, round + 1);
    }
    status = Status::Ticket::insert(status, ticket);
    bus.write32(Layout::kStatus, status);
    if ((status & ~(Status::Done::mask | Status::Ticket::mask)) != 0) bus.write32(Layout::kLastError, status);
    write_counters(bus);
  }

  template <hal::RegisterBus Bus>
  constexpr void write_faults(Bus& bus) const {
    for (std::uint32_t s = 0; s < Layout::kMaxStages; ++s)
      for (std::uint32_t w = 0; w < Layout::kFaultWordsPerStage; ++w)
        bus.write32(Layout::fault(s, w), fault_[s * Layout::kFaultWordsPerStage + w]);
  }

  template <hal::RegisterBus Bus>
  constexpr void write_counters(Bus& bus) const {
    const DeliveryTally& c = engine_.tally();
    bus.write32(hal::offset::kDeliveredLo, static_cast<std::uint32_t>(c.delivered));
    bus.write32(hal::offset::kDeliveredHi, static_cast<std::uint32_t>(c.delivered >> 32));
    bus.write32(hal::offset::kDuplicates, saturated(c.duplicates));
    bus.write32(hal::offset::kMisroutes, saturated(c.misroutes));
    bus.write32(hal::offset::kConflicts, saturated(c.conflicts));
    bus.write32(hal::offset::kCrosstalk, saturated(c.crosstalk));
    bus.write32(hal::offset::kRelayed, saturated(c.relayed));
    bus.write32(hal::offset::kRelayErrors, saturated(c.relay_errors));
    bus.write32(hal::offset::kHeld, saturated(c.left_in_store));
    bus.write32(hal::offset::kFaulted, saturated(c.faulted_rounds));
  }
  /// The 32-bit counters saturate (docs/register-map.md).
  static constexpr std::uint32_t saturated(std::uint64_t count) {
    return count > ~std::uint32_t{0} ? ~std::uint32_t{0} : static_cast<std::uint32_t>(count);
  }

  RoundEngine<Layout, MaxPorts> engine_{};
  std::array<std::uint32_t, Layout::kMaxStages * Layout::kFaultWordsPerStage> fault_{};  // FAULT, as written
  std::array<Injected, kMaxInjected> injected_{};
  std::uint32_t injected_used_{0};
  std::uint32_t last_ticket_{0};
};

}  // namespace a2a::emulated
