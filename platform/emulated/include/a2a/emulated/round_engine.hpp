// One round through the emulated fabric (FabricEmulator's engine), fed by
// registers only: the round the block latched (hal/latched_round.hpp) is walked
// switch by switch with the walk the host simulated fabric runs too
// (a2a/round_walk.hpp), and what arrives is counted with the one relay-aware
// accounting (a2a/delivery_tally.hpp) into the tally the counter registers show.
//
// What this block makes of a walk (docs/register-map.md): a signal through a
// switch marked in FAULT voids the round (CNT_FAULTED); a misroute (destination or
// tag), a conflict or optical crosstalk flags it, is counted, and delivers nothing
// else, so that a retried round never counts a message twice. A clean round counts
// by message: PORT_MESSAGE[i] in relay mode (NET_SHAPE.Relay), else the direct
// message (i, output reached). Which relay holds a message is not tracked (that
// would need N x N holder entries): the schedule's relay choice is check_exchange's.
// Hidden faults act as switch_faults.hpp models them (the host simulated fabric's too).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/delivery_tally.hpp"
#include "a2a/emulated/switch_faults.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/hal/latched_round.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::emulated {

template <class Layout, std::uint32_t MaxPorts>
class RoundEngine {
 public:
  using FaultBits = std::array<std::uint32_t, Layout::kMaxStages * Layout::kFaultWordsPerStage>;

  /// The configured network (hal::LatchedRound::network), and within this emulator's capacity.
  template <hal::RegisterBus Bus>
  [[nodiscard]] static constexpr Result<Network> network(Bus& bus) {
    const Result<Network> net = latched(bus).network();
    if (!net) return net.error();
    // A terminal column has N terminals (2N in the shift network, N switches per stage).
    if (net->ports > MaxPorts || net->switches_per_stage() * net->radix > MaxPorts)
      return Errc::fabric_capacity_exceeded;
    return net;
  }

  /// Every mode code known, every state used < d.
  template <hal::RegisterBus Bus>
  [[nodiscard]] static constexpr bool states_valid(Bus& bus, const Network& net) {
    return latched(bus).states_valid(net);
  }

  /// Walks every active signal, shows in ARRIVED what each output received (and in
  /// ROUND_CHECK whether that is what the headers named), counts
  /// what arrived (not in a test round: NET_SHAPE.Probe); returns STATUS flags.
  /// `hidden`: the faults in force that FAULT does not mark.
  template <hal::RegisterBus Bus>
  constexpr std::uint32_t run(Bus& bus, const Network& net, const FaultBits& fault,
                              std::span<const HiddenFault> hidden) {
    using S = hal::reg::Status;
    const auto block = latched(bus);
    std::uint32_t active = 0;
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (!block.idle(i)) signals_[active++] = block.signal(i);
    const std::span<RoundSignal> signals(signals_.data(), active);
    const Registers<decltype(block)> registers{&block, net, &fault};
    const FaultedSwitches<decltype(registers)> switches{&registers, hidden};
    const RoundOutcome outcome =
        walk_round(net, switches, block.optical(), signals, std::span<std::uint32_t>(walk_words_));
    mark_lost(net, switches, std::span<const RoundSignal>(signals), lost_);
    bus.write32(Layout::kRoundCheck, write_arrivals<Layout>(bus, net, std::span<const RoundSignal>(signals), lost_));
    const bool probe = (bus.read32(Layout::kNetShape) & hal::reg::NetShape::Probe::mask) != 0;
    if (outcome.crossed_fault != 0) {  // receivers discard the whole round: nothing of it counts
      if (!probe) ++tally_.faulted_rounds;
      return S::FaultCrossed::mask;
    }
    // Misroutes and conflicts are judged first: a flagged round is discarded whole by
    // the receivers (like a faulty one), so a retry of it can never deliver twice.
    // A signal lost in a hidden dead switch is no misroute: nothing arrives anywhere.
    std::uint32_t flags =
        (outcome.collided != 0 ? S::Conflict::mask : 0U) | (outcome.crosstalk != 0 ? S::Crosstalk::mask : 0U);
    for (std::uint32_t k = 0; k < active; ++k) {
      const RoundSignal& signal = signals_[k];
      if (lost_[k]) continue;
      if (signal.misrouted()) {
        flags |= S::Misroute::mask;
        if (!probe) ++tally_.misroutes;
      } else if (signal.collided && !probe) {
        ++tally_.conflicts;
      }
    }
    if (probe) return flags;  // a test round: receivers keep nothing, no counter moves
    tally_.crosstalk += outcome.crosstalk;
    if (flags != 0) return flags;
    const bool relay = block.relay();
    DeliveryLedger<> book = ledger(net.ports);
    std::uint32_t stored = 0;  // hops into a store this round, put there once the round is over
    for (std::uint32_t k = 0; k < active; ++k) {
      if (lost_[k]) continue;  // the receivers never see it: the controller sends it again
      const RoundSignal& signal = signals_[k];
      const std::uint32_t origin = relay ? block.message_origin(signal.source) : signal.source;
      const std::uint32_t final_dest = relay ? block.message_final(signal.source) : signal.output;
      if (book.hop(signal.source, signal.output, origin, final_dest, tally_) == HopOutcome::stored)
        stored_[stored++] = k;
    }
    for (std::uint32_t m = 0; m < stored; ++m) {
      const std::uint32_t source = signals_[stored_[m]].source;
      book.put(block.message_origin(source), block.message_final(source), signals_[stored_[m]].output, tally_);
    }
    return flags;
  }

  /// ClearCounters / RESET: the tally, delivered messages and relay stores.
  constexpr void clear_counts() {
    tally_ = {};
    pairs_.fill(0);
    held_.fill(0);
  }
  [[nodiscard]] constexpr const DeliveryTally& tally() const { return tally_; }
  [[nodiscard]] constexpr std::uint64_t missing(std::uint32_t ports) const { return pairs_missing(pairs_, ports); }
  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_dest, std::uint32_t ports) const {
    return pair_delivered(pairs_, ports, origin, final_dest);
  }

 private:
  template <hal::RegisterBus Bus>
  static constexpr auto latched(Bus& bus) {
    const auto read = [&bus](std::uint32_t offset) { return bus.read32(offset); };
    return hal::LatchedRound<Layout, decltype(read)>(read);
  }

  /// The block's switch states and the switches FAULT marks (FaultedSwitches' base).
  template <class Block>
  struct Registers {
    const Block* block;
    Network net;
    const FaultBits* fault;
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return block->switch_state(net, s, y);
    }
    [[nodiscard]] constexpr bool faulty(std::uint32_t s, std::uint32_t y) const {
      return (((*fault)[s * Layout::kFaultWordsPerStage + y / 32] >> (y % 32)) & 1U) != 0;
    }
  };

  /// The accounting over the record of delivered and stored messages, for N = ports.
  constexpr DeliveryLedger<> ledger(std::uint32_t ports) {
    return DeliveryLedger<>(std::span<std::uint32_t>(pairs_), StoreBits(std::span<std::uint32_t>(held_), ports), ports);
  }

  using PairBits = std::array<std::uint32_t, pair_bitmap_words(MaxPorts)>;
  PairBits pairs_{};                              // messages (origin, final) delivered
  PairBits held_{};                               // messages (origin, final) in a relay's store
  std::array<std::uint32_t, MaxPorts> stored_{};  // signals_ index of each hop into a store this round
  std::array<RoundSignal, MaxPorts> signals_{};
  std::array<bool, MaxPorts> lost_{};  // signals_[k] went through a hidden dead switch
  // A stage has at most MaxPorts/2 switches; a terminal column at most MaxPorts terminals.
  std::array<std::uint32_t, walk_words_needed(MaxPorts, MaxPorts / 2, Layout::kMaxStages)> walk_words_{};
  DeliveryTally tally_{};
};

}  // namespace a2a::emulated
