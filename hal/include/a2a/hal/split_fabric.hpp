// A fabric whose switches are set on one path and whose endpoints are another: the
// switch elements on a switch sink's wire (a SwitchFabric: SPI chains, crosspoint
// chips, GPIO), the port headers, relays, delivery counters, output monitors and
// FAULT bits on the a2a block (Block: FabricDriver). The switch path is chosen at run
// time (use_switch_path): off, it is the a2a block as it is; on, a round is
//
//   the switch settings   to the SwitchFabric (its shadow RoundSwitches)
//   commit()              the SwitchFabric latches the round (after its guard time)
//   poll / wait_round     ... until it has settled; then the block's COMMIT carries the
//                         round's traffic over the switches as latched, and its STATUS
//                         is the round's outcome (faulted, done), as without the path.
//
// So the runner, re-planning around faults the block marks, diagnosis through its
// monitors, and the console drive it unchanged. Where the switch elements are and how
// the block learns their states is the hardware's (on a QEMU board the emulated
// fabric's chain model is the chains' far end: platform/emulated).
#pragma once

#include <cstdint>
#include <span>

#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/fabric_driver.hpp"  // kActionPolls: the block's reset waits as FabricDriver's
#include "a2a/hal/program_round.hpp"  // write_periodic_switches: a periodic round word by word
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

template <class Block, class Switches>
class SplitFabric : public Block {
 public:
  template <class Bus>
  SplitFabric(Bus& bus, Switches& switches) : Block(bus), switches_(&switches) {}

  /// Whether the next configure() sets the switches through the switch path.
  void use_switch_path(bool on) { wanted_ = on; }
  [[nodiscard]] bool switch_path() const { return on_; }
  void set_timing(SwitchTiming timing) { switches_->set_timing(timing); }
  [[nodiscard]] SwitchTiming timing() const { return switches_->timing(); }

  /// The block's network (its endpoints, relays and counters); with the switch path,
  /// the sink's elements too.
  [[nodiscard]] Errc configure(const Network& net, bool optical, bool relay = false) {
    on_ = false;
    phase_ = Phase::idle;
    A2A_TRY(Block::configure(net, optical, relay));
    if (!wanted_) return Errc::ok;
    A2A_TRY(switches_->configure(net, optical));  // relays are the endpoints', not the switches'
    on_ = true;
    return Errc::ok;
  }
  [[nodiscard]] Errc set_stage_control(std::uint32_t stage, ControlMode mode, std::uint32_t state) {
    return on_ ? switches_->set_stage_control(stage, mode, state) : Block::set_stage_control(stage, mode, state);
  }
  [[nodiscard]] Errc set_switch_state(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    return on_ ? switches_->set_switch_state(stage, sw, state) : Block::set_switch_state(stage, sw, state);
  }
  [[nodiscard]] Errc set_switch_word(std::uint32_t stage, std::uint32_t word, std::uint32_t packed) {
    return on_ ? switches_->set_switch_word(stage, word, packed) : Block::set_switch_word(stage, word, packed);
  }
  /// A periodic round's stages (Block's PeriodicSwitches): with the switch path, word by
  /// word to the switches (the block's own set_periodic_switches would write its
  /// SWITCH_STATE, which the path leaves alone).
  [[nodiscard]] Errc set_periodic_switches(std::span<const std::uint32_t> words) {
    if (!on_) return Block::set_periodic_switches(words);
    const Result<Network> net = Block::network();
    A2A_TRY(net);
    if (words.size() != net->stages) return Errc::stage_out_of_range;
    return detail::write_periodic_switches(*switches_, *net, words);
  }

  /// With the switch path: the round is due at the switches; the block commits it once
  /// they have latched and settled (at a later poll).
  [[nodiscard]] Errc commit() {
    if (!on_) return Block::commit();
    A2A_TRY(switches_->commit());
    phase_ = Phase::switching;
    return Errc::ok;
  }
  /// As the block's: STATUS reads (or looks at the switches' clock) until the round's
  /// outcome, fabric_timeout when none came in max_polls.
  [[nodiscard]] Result<FabricStatus> poll_status(std::uint32_t max_polls) {
    if (max_polls == 0) return Errc::poll_bound_zero;
    for (std::uint32_t poll = 0; poll < max_polls; ++poll) {
      if (phase_ != Phase::switching) return Block::poll_status(max_polls - poll);
      A2A_TRY(switches_settled());
    }
    return Errc::fabric_timeout;
  }
  [[nodiscard]] Errc wait_round(std::uint32_t max_polls) {
    if (max_polls == 0) return Errc::poll_bound_zero;
    for (std::uint32_t poll = 0; poll < max_polls; ++poll) {
      if (phase_ != Phase::switching) return Block::wait_round(max_polls - poll);
      A2A_TRY(switches_settled());
    }
    return Errc::fabric_timeout;
  }
  /// A round still at the switches is dropped there (the block never commits it).
  [[nodiscard]] Errc abort() {
    if (phase_ == Phase::switching) A2A_TRY(switches_->abort());
    phase_ = Phase::idle;
    return Block::abort();
  }
  [[nodiscard]] Errc reset(std::uint32_t max_polls = kActionPolls) {
    on_ = false;
    phase_ = Phase::idle;
    A2A_TRY(switches_->reset());
    return Block::reset(max_polls);
  }
  /// Where the switches' last read-back differed (Place::none off the switch path).
  [[nodiscard]] WireFault wire_fault() const { return on_ ? switches_->wire_fault() : WireFault{}; }

 private:
  enum class Phase : std::uint8_t { idle, switching };
  /// One look at the switches: latched and settled, the block's COMMIT; a transport
  /// error ends the round (nothing of it committed at the block).
  Errc switches_settled() {
    const Result<FabricStatus> s = switches_->poll_status(1);
    if (!s) {
      phase_ = Phase::idle;
      return s.error();
    }
    if (s->busy) return Errc::ok;
    phase_ = Phase::idle;
    return Block::commit();
  }

  Switches* switches_;
  bool wanted_{false};
  bool on_{false};
  Phase phase_{Phase::idle};
};

}  // namespace a2a::hal
