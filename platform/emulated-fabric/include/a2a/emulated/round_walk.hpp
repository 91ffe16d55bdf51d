// One round through the emulated fabric, switch by switch (FabricEmulator's
// engine; the logic of the firmware's former FabricModel::run_round, fed by
// registers only). Reads the network, stage controls, switch states, idle mask,
// headers and, in relay mode, port messages from the block; keeps the record of
// delivered messages and relay stores; returns the round's STATUS flags.
//
// Relays: a hop whose output is not its message's final destination puts the
// message (origin, final) into a store; a hop whose source is not the origin must
// take a stored message (else relay_errors), so a hop out before its hop in is
// caught. Which relay holds a message is not tracked (that would need N x N holder
// entries): the schedule's relay choice is checked by check_exchange.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::emulated {

template <class Layout, std::uint32_t MaxPorts>
class RoundWalk {
 public:
  using FaultBits = std::array<std::uint32_t, Layout::kMaxStages * Layout::kFaultWordsPerStage>;

  /// The configured network, checked as make_network does and against the capacity.
  template <hal::RegisterBus Bus>
  [[nodiscard]] static constexpr Result<Network> network(Bus& bus) {
    using Shape = hal::reg::NetShape;
    const std::uint32_t shape = bus.read32(Layout::kNetShape);
    const Result<Topology> topology = hal::topology_from_code(Shape::TopologyCode::extract(shape));
    if (!topology) return topology.error();
    const Result<Network> net = make_network(*topology, hal::reg::NetPorts::Ports::extract(bus.read32(Layout::kNetPorts)),
                                             Shape::Radix::extract(shape));
    if (!net) return net.error();
    if (net->stages != Shape::Stages::extract(shape) || !Layout::fits(*net)) return Errc::fabric_capacity_exceeded;
    // A terminal column has N terminals (2N in the shift network, N switches per stage).
    if (net->ports > MaxPorts || net->switches_per_stage() * net->radix > MaxPorts) return Errc::fabric_capacity_exceeded;
    return net;
  }

  /// Every mode code known, every state used < d.
  template <hal::RegisterBus Bus>
  [[nodiscard]] static constexpr bool states_valid(Bus& bus, const Network& net) {
    using SC = hal::reg::StageControl;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::uint32_t ctrl = bus.read32(Layout::stage_control(s));
      const Result<ControlMode> mode = hal::mode_from_code(SC::Mode::extract(ctrl));
      if (!mode) return false;
      if (*mode != ControlMode::individual && SC::State::extract(ctrl) >= net.radix) return false;
      if (*mode == ControlMode::individual)
        for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
          if (switch_state(bus, net, s, y) >= net.radix) return false;
    }
    return true;
  }

  /// Moves every active signal through the stages in lock step, counts what arrived;
  /// returns STATUS flags. A signal through a switch marked in `fault` voids the round.
  template <hal::RegisterBus Bus>
  constexpr std::uint32_t run(Bus& bus, const Network& net, const FaultBits& fault) {
    using S = hal::reg::Status;
    std::uint32_t active = 0;
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      if ((bus.read32(Layout::idle_mask(i / 32)) >> (i % 32)) & 1U) continue;
      source_[active] = i;
      terminal_[active] = i;
      tag_[active] = 0;
      collided_[active] = false;
      ++active;
    }
    std::uint32_t flags = 0;
    std::uint32_t crosstalk = 0;
    bool crossed_fault = false;
    const bool optical = hal::reg::NetShape::Optical::extract(bus.read32(Layout::kNetShape)) != 0;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      used_.fill(0);
      switch_used_.fill(0);
      for (std::uint32_t k = 0; k < active; ++k) {
        const std::uint32_t t = wiring::before_stage(net, s, terminal_[k]);
        const std::uint32_t y = t / net.radix;
        if (((fault[s * Layout::kFaultWordsPerStage + y / 32] >> (y % 32)) & 1U) != 0) crossed_fault = true;
        if (optical && !mark(switch_used_, y)) {  // first-order crosstalk: a second signal through the switch
          ++crosstalk;
          flags |= S::Crosstalk::mask;
        }
        const std::uint32_t out = (t % net.radix + switch_state(bus, net, s, y)) % net.radix;
        const std::uint32_t out_terminal = y * net.radix + out;
        tag_[k] = tag_[k] * net.radix + out;  // the output ports taken: the forward tag
        if (!mark(used_, out_terminal)) {
          collided_[k] = true;
          flags |= S::Conflict::mask;
        }
        terminal_[k] = wiring::after_stage(net, s, out_terminal);
      }
    }
    if (crossed_fault) {  // receivers discard the whole round: nothing of it counts
      add(counts_.faulted, 1);
      return S::FaultCrossed::mask;
    }
    // Misroutes and conflicts are judged first: a flagged round is discarded whole by
    // the receivers (like a faulty one), so a retry of it can never deliver twice.
    for (std::uint32_t k = 0; k < active; ++k) {
      const std::uint32_t header = bus.read32(Layout::port_header(source_[k]));
      if (hal::reg::PortHeader::Destination::extract(header) != terminal_[k] ||
          hal::reg::PortHeader::Tag::extract(header) != tag_[k]) {
        add(counts_.misroutes, 1);
        flags |= S::Misroute::mask;
      } else if (collided_[k]) {
        add(counts_.conflicts, 1);
      }
    }
    add(counts_.crosstalk, crosstalk);
    if (flags != 0) return flags;
    const bool relay = hal::reg::NetShape::Relay::extract(bus.read32(Layout::kNetShape)) != 0;
    std::uint32_t stored = 0;  // hops into a store this round (stored_), usable from the next round on
    for (std::uint32_t k = 0; k < active; ++k) {
      const std::uint32_t source = source_[k];
      const std::uint32_t output = terminal_[k];
      const std::uint32_t message = relay ? bus.read32(Layout::port_message(source)) : 0;
      const std::uint32_t origin = relay ? hal::reg::PortMessage::Origin::extract(message) : source;
      const std::uint32_t final_dest = relay ? hal::reg::PortMessage::Final::extract(message) : output;
      if (origin >= net.ports || final_dest >= net.ports) {
        add(counts_.relay_errors, 1);
        continue;
      }
      const std::uint64_t bit = std::uint64_t{origin} * net.ports + final_dest;
      if (origin != source) {  // a hop out of a relay: the message must be in a store
        if (!test(held_, bit)) {
          add(counts_.relay_errors, 1);
          continue;
        }
        clear(held_, bit);
        --counts_.held;
      }
      if (test(pairs_, bit) || (final_dest != output && test(held_, bit))) {
        add(counts_.duplicates, 1);
        continue;
      }
      if (final_dest != output) {
        stored_[stored++] = bit;
        add(counts_.relayed, 1);
        continue;
      }
      set(pairs_, bit);
      ++counts_.delivered;
    }
    for (std::uint32_t m = 0; m < stored; ++m) set(held_, stored_[m]);
    counts_.held += stored;
    return flags;
  }

  /// ClearCounters / RESET: counters, delivered messages and relay stores.
  constexpr void clear_counts() {
    counts_ = {};
    pairs_.fill(0);
    held_.fill(0);
  }
  [[nodiscard]] constexpr const hal::FabricCounters& counts() const { return counts_; }
  [[nodiscard]] constexpr std::uint64_t missing(std::uint32_t ports) const {
    std::uint64_t have = 0;
    for (std::uint64_t bit = 0; bit < std::uint64_t{ports} * ports; ++bit) have += test(pairs_, bit) ? 1U : 0U;
    return std::uint64_t{ports} * ports - have;
  }
  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_dest, std::uint32_t ports) const {
    return test(pairs_, std::uint64_t{origin} * ports + final_dest);
  }

 private:
  /// The state of switch y of stage s as the registers set it.
  template <hal::RegisterBus Bus>
  static constexpr std::uint32_t switch_state(Bus& bus, const Network& net, std::uint32_t s, std::uint32_t y) {
    using SC = hal::reg::StageControl;
    const std::uint32_t ctrl = bus.read32(Layout::stage_control(s));
    const Result<ControlMode> mode = hal::mode_from_code(SC::Mode::extract(ctrl));
    if (!mode) return net.radix;  // invalid: states_valid refuses the round before it runs
    if (*mode == ControlMode::individual) return (bus.read32(Layout::switch_state(s, y / 8)) >> (4 * (y % 8))) & 0xFU;
    const std::uint32_t block = hal::alternating_block(*mode);
    return (SC::State::extract(ctrl) + (block == 0 ? 0 : (y / block) & 1U)) % net.radix;
  }

  static constexpr void add(std::uint32_t& counter, std::uint32_t n) {  // 32-bit counters saturate
    counter = counter > ~std::uint32_t{0} - n ? ~std::uint32_t{0} : counter + n;
  }
  /// Sets bit `b` of a small bitmap; false if it was set already.
  template <std::size_t W>
  static constexpr bool mark(std::array<std::uint32_t, W>& bits, std::uint32_t b) {
    const std::uint32_t mask = std::uint32_t{1} << (b % 32);
    const bool fresh = (bits[b / 32] & mask) == 0;
    bits[b / 32] |= mask;
    return fresh;
  }

  using PairBits = std::array<std::uint32_t, (std::uint64_t{MaxPorts} * MaxPorts + 31) / 32>;
  static constexpr bool test(const PairBits& bits, std::uint64_t bit) {
    return ((bits[static_cast<std::size_t>(bit / 32)] >> (bit % 32)) & 1U) != 0;
  }
  static constexpr void set(PairBits& bits, std::uint64_t bit) {
    bits[static_cast<std::size_t>(bit / 32)] |= std::uint32_t{1} << (bit % 32);
  }
  static constexpr void clear(PairBits& bits, std::uint64_t bit) {
    bits[static_cast<std::size_t>(bit / 32)] &= ~(std::uint32_t{1} << (bit % 32));
  }

  PairBits pairs_{};  // messages (origin, final) delivered
  PairBits held_{};   // messages (origin, final) in a relay's store
  std::array<std::uint64_t, MaxPorts> stored_{};
  std::array<std::uint32_t, (MaxPorts + 31) / 32> used_{};
  std::array<std::uint32_t, (MaxPorts / 2 + 31) / 32> switch_used_{};  // a stage has at most MaxPorts/2 switches
  std::array<std::uint32_t, MaxPorts> source_{};
  std::array<std::uint32_t, MaxPorts> terminal_{};
  std::array<std::uint32_t, MaxPorts> tag_{};
  std::array<bool, MaxPorts> collided_{};
  hal::FabricCounters counts_{};
};

}  // namespace a2a::emulated
