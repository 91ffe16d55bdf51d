// A host stand-in for a product's own switch hardware: a circuit switch of 2x2
// elements with no delivery counters, no relays, no fault flags, driven through
// a hal::FabricController (and the capabilities it has) the way a team's driver would be. Each commit carries
// the round at once: every enabled input is walked through the latched states
// (a2a::route, switch by switch) and its output's endpoint records the origin it
// received (the receipts a product's acknowledgement hook reads) and the pair (the
// test's ground truth, never shown to the device). A test hook loses one receipt.
#pragma once

#include <a2a/app/acknowledgements.hpp>
#include <a2a/hal/fabric_capabilities.hpp>
#include <a2a/hal/fabric_controller.hpp>
#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include <cstdint>
#include <vector>

namespace a2a::test {

class CircuitFabric {
 public:
  static constexpr std::uint32_t kNoPort = app::kNoReceipt;

  Errc configure(const Network& net, bool optical) {
    if (optical || net.radix != 2) return Errc::fabric_device_mismatch;
    net_ = net;
    configured_ = true;
    states_.assign(std::size_t{net.stages} * net.switches_per_stage(), 0);
    idle_.assign((net.ports + 31) / 32, 0);
    receipts_.assign(net.ports, kNoPort);
    pairs_.assign(std::size_t{net.ports} * net.ports, 0);
    return Errc::ok;
  }
  Result<Network> network() const {
    if (!configured_) return Errc::fabric_not_configured;
    return net_;
  }
  Errc set_stage_control(std::uint32_t stage, ControlMode mode, std::uint32_t state) {
    if (!configured_) return Errc::fabric_not_configured;
    if (stage >= net_.stages) return Errc::stage_out_of_range;
    if (mode == ControlMode::individual) return Errc::ok;                       // the switch words follow
    if (mode != ControlMode::stage) return Errc::fabric_operation_unsupported;  // no alternating patterns
    if (state > 1) return Errc::state_out_of_range;
    for (std::uint32_t sw = 0; sw < net_.switches_per_stage(); ++sw) states_[index(stage, sw)] = state;
    return Errc::ok;
  }
  Errc set_switch_state(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    if (!configured_) return Errc::fabric_not_configured;
    if (stage >= net_.stages || sw >= net_.switches_per_stage()) return Errc::switch_out_of_range;
    if (state > 1) return Errc::state_out_of_range;
    states_[index(stage, sw)] = state;
    return Errc::ok;
  }
  Errc set_switch_word(std::uint32_t stage, std::uint32_t word, std::uint32_t packed) {
    for (std::uint32_t j = 0; j < hal::kSwitchesPerWord; ++j) {
      const std::uint32_t sw = word * hal::kSwitchesPerWord + j;
      if (sw >= net_.switches_per_stage()) break;
      A2A_TRY(set_switch_state(stage, sw, (packed >> (4 * j)) & 0xFU));
    }
    return Errc::ok;
  }
  Errc set_idle_word(std::uint32_t word, std::uint32_t bits) {
    if (word >= idle_.size()) return Errc::port_out_of_range;
    idle_[word] = bits;
    return Errc::ok;
  }
  Errc commit() {
    if (!configured_) return Errc::fabric_not_configured;
    carry();
    ++rounds_;
    return Errc::ok;
  }
  Errc abort() { return Errc::ok; }  // nothing to take back: a commit carries its round at once
  Errc reset() {
    configured_ = false;
    return Errc::ok;
  }
  Result<hal::FabricStatus> poll_status(std::uint32_t) const {
    hal::FabricStatus status;
    status.done = true;
    return status;
  }
  Errc wait_round(std::uint32_t) const { return Errc::ok; }
  std::uint32_t round_counter() const { return rounds_; }

  // --- the endpoints ---
  /// The origin `destination` received in the last round carried (kNoPort: none).
  [[nodiscard]] std::uint32_t receipt(std::uint32_t destination) const { return receipts_.at(destination); }
  /// The acknowledgement hook a product would hand the device.
  static std::uint32_t received(void* self, std::uint32_t destination) {
    return static_cast<CircuitFabric*>(self)->receipt(destination);
  }
  // --- the test's side ---
  /// Pairs that arrived 0, 1 or more times (every ordered pair once is the goal).
  [[nodiscard]] std::uint64_t pairs_arrived_once() const { return count_pairs(1); }
  [[nodiscard]] std::uint64_t pairs_missing() const { return count_pairs(0); }
  /// Loses the receipt at `destination` in round `round` (counted from 0 over commits).
  void lose_receipt(std::uint32_t round, std::uint32_t destination) {
    lost_round_ = round;
    lost_destination_ = destination;
  }
  /// Who sent to `destination` in the round the receipt was lost (kNoPort: nobody).
  [[nodiscard]] std::uint32_t lost_origin() const { return lost_origin_; }

 private:
  struct Latched {
    const CircuitFabric* fabric;
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return fabric->states_[fabric->index(stage, sw)];
    }
  };
  [[nodiscard]] std::size_t index(std::uint32_t stage, std::uint32_t sw) const {
    return std::size_t{stage} * net_.switches_per_stage() + sw;
  }
  void carry() {
    receipts_.assign(net_.ports, kNoPort);
    for (std::uint32_t source = 0; source < net_.ports; ++source) {
      if (((idle_[source / 32] >> (source % 32)) & 1U) != 0) continue;
      const std::uint32_t destination = route(net_, source, Latched{this}).destination;
      ++pairs_[std::size_t{source} * net_.ports + destination];
      receipts_[destination] = source;
    }
    if (rounds_ == lost_round_ && lost_destination_ < net_.ports) {
      lost_origin_ = receipts_[lost_destination_];
      receipts_[lost_destination_] = kNoPort;
    }
  }
  [[nodiscard]] std::uint64_t count_pairs(std::uint32_t times) const {
    std::uint64_t n = 0;
    for (const std::uint32_t c : pairs_) n += c == times ? 1 : 0;
    return n;
  }

  Network net_{};
  bool configured_{false};
  std::vector<std::uint32_t> states_;
  std::vector<std::uint32_t> idle_;
  std::vector<std::uint32_t> receipts_;
  std::vector<std::uint32_t> pairs_;
  std::uint32_t rounds_{0};
  std::uint32_t lost_round_{kNoPort};
  std::uint32_t lost_destination_{kNoPort};
  std::uint32_t lost_origin_{kNoPort};
};
static_assert(hal::FabricController<CircuitFabric>);
// A circuit's driver: switch words, the idle mask, the round counter, and nothing else.
static_assert(hal::IndividualSwitches<CircuitFabric> && hal::IdleMasks<CircuitFabric> &&
              hal::RoundCounter<CircuitFabric>);
static_assert(!hal::PortHeaders<CircuitFabric> && !hal::RelayFabric<CircuitFabric> &&
              !hal::DeliveryCounters<CircuitFabric> && !hal::FaultMarking<CircuitFabric> &&
              !hal::FaultInjection<CircuitFabric>);

}  // namespace a2a::test
