// The in-firmware fabric model: what the switch hardware would do with the
// committed registers, computed by the controller itself.
//
// Why: under QEMU the fabric's register block is plain RAM, so nothing answers a
// COMMIT. The board's bus (modelled_bus.hpp) calls on_commit(): the model reads
// the registers back exactly as the hardware would latch them, walks every
// non-idle port's signal switch by switch, stage by stage (so two signals on one
// switch output are seen as a conflict, and in optical mode two signals through
// one switch as crosstalk), checks each arrival against the port
// header, counts every (source, output) pair, and writes STATUS and the round
// counter. The firmware's verdict ("every pair exactly once") comes from here,
// not from the schedule's formulas. Heap-free; capacity is a template parameter.
//
// Relays (fault tolerance, paper 004): a message may travel i -> k -> j, so the
// physical (source, output) pairs no longer are the messages. The controller
// passes, with each port header it writes, the header's side information: the
// message's origin and final destination (note_header(); what a store-and-forward
// packet header carries; the register block has no room for it). The model then
// counts by message: a hop whose output is not the final destination puts the
// message into the receiving processor's store (counted `relayed`); a hop whose
// source is not the origin must take a message that is in a store (else
// `relay_errors`), so a hop out before its hop in is caught. A message counts as
// delivered when it reaches its final destination; every (origin, final) pair
// exactly once, no message left in a store. Which relay holds a message is not
// tracked (that would need N x N holder entries): the schedule's relay choice is
// checked by check_exchange. Without side information every hop is direct, as
// before.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::app {

/// What the model has seen since power_on().
struct ModelTally {
  std::uint32_t rounds{0};          ///< commits completed
  std::uint64_t delivered{0};       ///< signals that arrived where their header said, first time for the pair
  std::uint64_t duplicates{0};      ///< (source, output) pairs delivered again
  std::uint32_t misroutes{0};       ///< arrivals that differ from the header's destination or tag
  std::uint32_t conflicts{0};       ///< two signals on one switch output in one round
  std::uint32_t crosstalk{0};       ///< optical mode: a switch carried two signals in one round (per switch)
  std::uint32_t invalid_rounds{0};  ///< commits of an unusable configuration (nothing delivered)
  std::uint64_t relayed{0};         ///< hops into a relay's store (the message's first hop)
  std::uint32_t relay_errors{0};    ///< hops out of a relay for a message no store holds
};

template <class Layout, std::uint32_t MaxPorts>
class FabricModel {
  static_assert(MaxPorts >= 2 && MaxPorts <= Layout::kMaxPorts, "a2a: model capacity must fit the register block");

 public:
  /// The block's reset state: identification, capabilities, idle ports, empty status.
  template <hal::RegisterBus Raw>
  void power_on(Raw& raw) {
    for (std::uint32_t offset = 0; offset < Layout::kSize; offset += 4) raw.write32(offset, 0);
    raw.write32(Layout::kId, hal::reg::Id::reset);
    raw.write32(Layout::kVersion, hal::reg::Version::reset);
    raw.write32(Layout::kCapPorts, Layout::kCapPortsValue);
    raw.write32(Layout::kCapShape, Layout::kCapShapeValue);
    for (std::uint32_t w = 0; w < Layout::kIdleWords; ++w) raw.write32(Layout::idle_mask(w), hal::reg::IdleMask::reset);
    tally_ = {};
    pairs_.fill(0);
    held_.fill(0);
    origin_.fill(kDirect);
    final_.fill(kDirect);
  }

  /// Header side information for `port`'s next hop: the message it carries
  /// (origin, final destination; kDirect = the port / the header's destination).
  void note_header(std::uint32_t port, std::uint32_t origin, std::uint32_t final_destination) {
    if (port >= MaxPorts) return;
    origin_[port] = origin;
    final_[port] = final_destination;
  }

  /// Runs the committed round to completion.
  template <hal::RegisterBus Raw>
  void on_commit(Raw& raw) {
    using S = hal::reg::Status;
    const Result<Network> net = network(raw);
    // A terminal column has N terminals (2N in the shift network, N switches per stage).
    if (!net || net->ports > MaxPorts || net->switches_per_stage() * net->radix > MaxPorts ||
        !states_valid(raw, *net)) {
      ++tally_.invalid_rounds;
      raw.write32(Layout::kStatus, S::Error::mask | S::ConfigInvalid::mask);
      return;
    }
    std::uint32_t flags = run_round(raw, *net);
    raw.write32(Layout::kRoundCounter, raw.read32(Layout::kRoundCounter) + 1);
    raw.write32(Layout::kStatus, S::Done::mask | flags);
    ++tally_.rounds;
  }

  [[nodiscard]] const ModelTally& tally() const { return tally_; }
  /// Pairs of the N x N exchange never delivered (N = the configured network's ports).
  [[nodiscard]] std::uint64_t missing(std::uint32_t ports) const {
    std::uint64_t have = 0;
    for (std::uint64_t bit = 0; bit < std::uint64_t{ports} * ports; ++bit) have += pair(bit) ? 1U : 0U;
    return std::uint64_t{ports} * ports - have;
  }
  [[nodiscard]] bool delivered(std::uint32_t source, std::uint32_t output, std::uint32_t ports) const {
    return pair(std::uint64_t{source} * ports + output);
  }
  /// Messages still in a relay's store (never forwarded).
  [[nodiscard]] std::uint64_t held() const {
    std::uint64_t count = 0;
    for (std::uint32_t word : held_)
      for (std::uint32_t w = word; w != 0; w &= w - 1) ++count;
    return count;
  }

 private:
  template <hal::RegisterBus Raw>
  static Result<Network> network(Raw& raw) {
    using Shape = hal::reg::NetShape;
    const std::uint32_t shape = raw.read32(Layout::kNetShape);
    const Result<Topology> topology = hal::topology_from_code(Shape::TopologyCode::extract(shape));
    if (!topology) return topology.error();
    const Result<Network> net =
        make_network(*topology, hal::reg::NetPorts::Ports::extract(raw.read32(Layout::kNetPorts)),
                     Shape::Radix::extract(shape));
    if (!net) return net.error();
    if (net->stages != Shape::Stages::extract(shape) || !Layout::fits(*net)) return Errc::fabric_capacity_exceeded;
    return net;
  }

  template <hal::RegisterBus Raw>
  static bool states_valid(Raw& raw, const Network& net) {
    using SC = hal::reg::StageControl;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::uint32_t ctrl = raw.read32(Layout::stage_control(s));
      const Result<ControlMode> mode = hal::mode_from_code(SC::Mode::extract(ctrl));
      if (!mode) return false;
      if (*mode != ControlMode::individual && SC::State::extract(ctrl) >= net.radix) return false;
      if (*mode == ControlMode::individual)
        for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
          if (switch_state(raw, net, s, y) >= net.radix) return false;
    }
    return true;
  }

  /// The state of switch y of stage s as the active registers set it.
  template <hal::RegisterBus Raw>
  static std::uint32_t switch_state(Raw& raw, const Network& net, std::uint32_t s, std::uint32_t y) {
    using SC = hal::reg::StageControl;
    const std::uint32_t ctrl = raw.read32(Layout::stage_control(s));
    const ControlMode mode = *hal::mode_from_code(SC::Mode::extract(ctrl));
    if (mode == ControlMode::individual) return (raw.read32(Layout::switch_state(s, y / 8)) >> (4 * (y % 8))) & 0xFU;
    const std::uint32_t block = hal::alternating_block(mode);
    return (SC::State::extract(ctrl) + (block == 0 ? 0 : (y / block) & 1U)) % net.radix;
  }

  /// Moves every active signal through the stages in lock step; returns STATUS flags.
  template <hal::RegisterBus Raw>
  std::uint32_t run_round(Raw& raw, const Network& net) {
    using S = hal::reg::Status;
    std::uint32_t active = 0;
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      if ((raw.read32(Layout::idle_mask(i / 32)) >> (i % 32)) & 1U) continue;
      source_[active] = i;
      terminal_[active] = i;
      tag_[active] = 0;
      collided_[active] = false;
      ++active;
    }
    std::uint32_t flags = 0;
    const bool optical = hal::reg::NetShape::Optical::extract(raw.read32(Layout::kNetShape)) != 0;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      used_.fill(0);
      switch_used_.fill(0);
      for (std::uint32_t k = 0; k < active; ++k) {
        const std::uint32_t t = wiring::before_stage(net, s, terminal_[k]);
        const std::uint32_t y = t / net.radix;
        if (optical) {  // first-order crosstalk: a second signal through the same switch
          std::uint32_t& load = switch_used_[y / 32];
          const std::uint32_t mask = std::uint32_t{1} << (y % 32);
          if ((load & mask) != 0) {
            ++tally_.crosstalk;
            flags |= S::Crosstalk::mask;
          }
          load |= mask;
        }
        const std::uint32_t out = (t % net.radix + switch_state(raw, net, s, y)) % net.radix;
        const std::uint32_t out_terminal = y * net.radix + out;
        tag_[k] = tag_[k] * net.radix + out;  // the output ports taken: the forward tag
        std::uint32_t& word = used_[out_terminal / 32];
        const std::uint32_t bit = std::uint32_t{1} << (out_terminal % 32);
        if ((word & bit) != 0) {
          collided_[k] = true;
          flags |= S::Conflict::mask;
        }
        word |= bit;
        terminal_[k] = wiring::after_stage(net, s, out_terminal);
      }
    }
    std::uint32_t stored = 0;  // hops into a store this round (stored_)
    for (std::uint32_t k = 0; k < active; ++k) {
      const std::uint32_t header = raw.read32(Layout::port_header(source_[k]));
      const std::uint32_t output = terminal_[k];
      if (hal::reg::PortHeader::Destination::extract(header) != output ||
          hal::reg::PortHeader::Tag::extract(header) != tag_[k]) {
        ++tally_.misroutes;
        flags |= S::Misroute::mask;
        continue;
      }
      if (collided_[k]) {
        ++tally_.conflicts;
        continue;
      }
      const std::uint32_t source = source_[k];
      const std::uint32_t origin = origin_[source] == kDirect ? source : origin_[source];
      const std::uint32_t final_destination = final_[source] == kDirect ? output : final_[source];
      if (origin >= net.ports || final_destination >= net.ports) {
        ++tally_.relay_errors;
        continue;
      }
      const std::uint64_t bit = std::uint64_t{origin} * net.ports + final_destination;
      if (origin != source) {  // a hop out of a relay: the message must be in a store
        if (!test(held_, bit)) {
          ++tally_.relay_errors;
          continue;
        }
        clear(held_, bit);
      }
      if (pair(bit) || (final_destination != output && test(held_, bit))) {
        ++tally_.duplicates;
        continue;
      }
      if (final_destination != output) {  // a hop into a relay's store, usable from the next round on
        stored_[stored++] = bit;
        ++tally_.relayed;
        continue;
      }
      pairs_[static_cast<std::size_t>(bit / 32)] |= std::uint32_t{1} << (bit % 32);
      ++tally_.delivered;
    }
    for (std::uint32_t m = 0; m < stored; ++m) set(held_, stored_[m]);
    return flags;
  }

  [[nodiscard]] bool pair(std::uint64_t bit) const { return ((pairs_[static_cast<std::size_t>(bit / 32)] >> (bit % 32)) & 1U) != 0; }
  using PairBits = std::array<std::uint32_t, (std::uint64_t{MaxPorts} * MaxPorts + 31) / 32>;
  static bool test(const PairBits& bits, std::uint64_t bit) {
    return ((bits[static_cast<std::size_t>(bit / 32)] >> (bit % 32)) & 1U) != 0;
  }
  static void set(PairBits& bits, std::uint64_t bit) {
    bits[static_cast<std::size_t>(bit / 32)] |= std::uint32_t{1} << (bit % 32);
  }
  static void clear(PairBits& bits, std::uint64_t bit) {
    bits[static_cast<std::size_t>(bit / 32)] &= ~(std::uint32_t{1} << (bit % 32));
  }

  std::array<std::uint32_t, (std::uint64_t{MaxPorts} * MaxPorts + 31) / 32> pairs_{};
  PairBits held_{};  // messages (origin, final) in a relay's store
  std::array<std::uint64_t, MaxPorts> stored_{};  // this round's hops into a store
  static constexpr std::array<std::uint32_t, MaxPorts> all_direct() {
    std::array<std::uint32_t, MaxPorts> a{};
    a.fill(kDirect);
    return a;
  }
  std::array<std::uint32_t, MaxPorts> origin_ = all_direct();  // header side information (note_header)
  std::array<std::uint32_t, MaxPorts> final_ = all_direct();
  std::array<std::uint32_t, (MaxPorts + 31) / 32> used_{};
  std::array<std::uint32_t, (MaxPorts / 2 + 31) / 32> switch_used_{};  // a stage has at most MaxPorts/2 switches
  std::array<std::uint32_t, MaxPorts> source_{};
  std::array<std::uint32_t, MaxPorts> terminal_{};
  std::array<std::uint32_t, MaxPorts> tag_{};
  std::array<bool, MaxPorts> collided_{};
  ModelTally tally_{};
};

}  // namespace a2a::app
