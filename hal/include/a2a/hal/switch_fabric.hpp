// Switch hardware that is not a2a's register block: a switch sink (a shift-register
// chain on SPI, crosspoint chips on SPI or I2C, GPIO latches) takes a round's switch
// states and latches them; SwitchFabric makes any sink a FabricController, so the
// round loop, the runner, re-planning and the console device drive it unchanged.
//
// A round's life on such hardware, with the clock facade (transport.hpp):
//   commit()       the round is due; it is latched as soon as the guard time after
//                  the round before has passed (at once, or at a later poll)
//   latch          the sink writes the stages that changed and strobes them; a
//                  transport error (NACK, timeout, readback) is the round's outcome
//   settle_us      after the latch the elements settle (electro-optic: microseconds,
//                  MEMS: milliseconds); then the round is done and may carry traffic
//   guard_us       the least time from one round being done to the next latch (the
//                  round's traffic window and the guard band)
// Every wait is a deadline: poll_status() looks at the clock once and says busy or
// done; the caller (the runner) comes back. Nothing here loops on time.
//
// A circuit switch carries no headers, relays or counters, and names no faulty
// element: SwitchFabric has FabricController, IndividualSwitches and RoundCounter
// (fabric_capabilities.hpp) and nothing else, so the round loop writes no ports to it
// and refuses relay mode (fabric_relay_unsupported).
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>

#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/limits.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

/// Bits a d x d element's state takes on the wire (d = 2^w: w), 0 when d is not a
/// power of two (a sink that sets elements bit by bit refuses it).
[[nodiscard]] constexpr std::uint32_t element_bits(std::uint32_t radix) {
  // (not std::has_single_bit: a library call for popcount on a core without the instruction)
  return radix >= 2 && (radix & (radix - 1U)) == 0 ? static_cast<std::uint32_t>(std::countr_zero(radix)) : 0U;
}
static_assert(element_bits(2) == 1 && element_bits(16) == 4 && element_bits(3) == 0);

/// What a stage's states follow when one pattern sets them all (a stage or alternating
/// control word): switch y in ((y / block) & 1) ^ state, or every switch in `state`
/// (block 0). A sink may build the stage's frame from it in O(bytes) (spi_chain).
struct StagePattern {
  bool known{false};
  std::uint8_t block{0};
  std::uint8_t state{0};
  friend constexpr bool operator==(const StagePattern&, const StagePattern&) = default;
};

/// A round's switch states as a sink sees them: each stage's switches (0 .. d - 1),
/// which stages changed since the last latch (a Gray-order round changes one), and
/// the pattern a stage follows while a control word set it.
template <std::uint32_t MaxSwitches>
class RoundSwitches {
 public:
  static constexpr std::uint32_t kMaxSwitches = MaxSwitches;
  constexpr void reset(const Network& net) {
    net_ = net;
    states_.fill(0);
    patterns_.fill(StagePattern{true, 0, 0});  // every switch in state 0
    changed_ = ~0U;                            // the first latch writes every stage
  }
  [[nodiscard]] constexpr const Network& network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t state(std::uint32_t stage, std::uint32_t sw) const {
    return states_[std::size_t{stage} * MaxSwitches + sw];
  }
  [[nodiscard]] constexpr bool changed(std::uint32_t stage) const { return ((changed_ >> stage) & 1U) != 0; }
  /// The stages that changed, bit s for stage s (a sink visits them by their set bits).
  [[nodiscard]] constexpr std::uint32_t changed_stages() const {
    return net_.stages >= 32 ? changed_ : changed_ & ((1U << net_.stages) - 1U);
  }
  [[nodiscard]] constexpr StagePattern pattern(std::uint32_t stage) const { return patterns_[stage]; }
  constexpr void set(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    const std::size_t at = std::size_t{stage} * MaxSwitches + sw;
    if (states_[at] == state) return;
    states_[at] = static_cast<std::uint8_t>(state);
    changed_ |= 1U << stage;
    patterns_[stage].known = false;  // one switch set alone: no pattern any more
  }
  /// Every switch of `stage` as `pattern` says (its block and state); nothing to do
  /// when the stage already follows it (a stage word that did not change).
  constexpr void set_stage(std::uint32_t stage, StagePattern pattern) {
    pattern.known = true;
    if (patterns_[stage] == pattern) return;
    for (std::uint32_t y = 0; y < net_.switches_per_stage(); ++y)
      set(stage, y, pattern.block == 0 ? pattern.state : ((y / pattern.block) & 1U) ^ pattern.state);
    patterns_[stage] = pattern;
  }
  constexpr void latched() { changed_ = 0; }

 private:
  Network net_{};
  std::array<std::uint8_t, std::size_t{MaxSwitches} * kMaxStages> states_{};
  std::array<StagePattern, kMaxStages> patterns_{};
  std::uint32_t changed_{~0U};
};

/// What a sink does: take a network's elements (configure) and latch a round's states
/// (the stages that changed at least), every wire error returned.
template <class S>
concept SwitchSink = requires(S& s, const Network& net, const RoundSwitches<8>& round) {
  { s.configure(net) } -> std::same_as<Errc>;
  { s.latch(round) } -> std::same_as<Errc>;
};

/// A sink whose latch runs over a start/complete transport (transfer.hpp): start_latch()
/// begins the round's transfers, latch_progress(round) looks at them once (false while
/// they run, true once latched; the same round, which stays put until then, so a sink
/// may work out each transfer as it comes to it). SwitchFabric then never waits for the
/// wire in a call.
template <class S, class Round>
concept StartingSink = requires(S& s, const Round& round) {
  { s.start_latch(round) } -> std::same_as<Errc>;
  { s.latch_progress(round) } -> std::same_as<Result<bool>>;
};

/// Where on the wire the last latch went wrong (a read-back that differed, a transfer
/// that failed), for the console's error line: an element of a stage's chain or the
/// chain, an output of a chip or the chip.
struct WireFault {
  /// chain_element, chip_output: a read-back that differed; chain_transfer,
  /// chip_transfer: a transfer that did not complete (a NACK, a bus timeout).
  enum class Place : std::uint8_t { none, chain_element, chip_output, chain_transfer, chip_transfer };
  Place place{Place::none};
  std::uint32_t unit{0};   ///< the chain (its stage), or the chip
  std::uint32_t index{0};  ///< the element in the chain, or the chip's output
};
/// A sink that says where its last read-back differed.
template <class S>
concept LocatingSink = requires(const S& s) {
  { s.wire_fault() } -> std::same_as<WireFault>;
};

/// The settle and guard times of a fabric's elements, in microseconds.
struct SwitchTiming {
  std::uint32_t settle_us{0};
  std::uint32_t guard_us{0};
};

/// Any switch sink as a FabricController (see the top of this file). MaxSwitches: the
/// most switches per stage the sink drives.
template <SwitchSink Sink, MicrosClock Clock, std::uint32_t MaxSwitches>
class SwitchFabric {
 public:
  SwitchFabric(Sink& sink, Clock& clock, SwitchTiming timing = {}) : sink_(&sink), clock_(&clock), timing_(timing) {}

  constexpr void set_timing(SwitchTiming timing) { timing_ = timing; }
  [[nodiscard]] constexpr SwitchTiming timing() const { return timing_; }

  /// No relays: a circuit switch has no store (configure_fabric refuses relay = true).
  Errc configure(const Network& net, bool /*optical*/) {
    if (net.switches_per_stage() > MaxSwitches || net.stages > kMaxStages) return Errc::fabric_capacity_exceeded;
    A2A_TRY(sink_->configure(net));
    round_.reset(net);
    configured_ = true;
    due_ = false;
    settling_ = false;
    latching_ = false;
    return Errc::ok;
  }
  [[nodiscard]] Result<Network> network() const {
    if (!configured_) return Errc::fabric_not_configured;
    return round_.network();
  }
  Errc set_stage_control(std::uint32_t stage, ControlMode mode, std::uint32_t state) {
    A2A_TRY(check_stage(stage));
    if (mode == ControlMode::individual) return Errc::ok;  // the switch words follow
    const Network& net = round_.network();
    const std::uint32_t block = mode == ControlMode::alternating             ? 1U
                                : mode == ControlMode::doubly_alternating    ? 2U
                                : mode == ControlMode::quadruply_alternating ? 4U
                                                                             : 0U;
    if (state >= (block == 0 ? net.radix : 2U)) return Errc::state_out_of_range;
    round_.set_stage(stage, StagePattern{true, static_cast<std::uint8_t>(block), static_cast<std::uint8_t>(state)});
    return Errc::ok;
  }
  Errc set_switch_state(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    A2A_TRY(check_stage(stage));
    if (sw >= round_.network().switches_per_stage()) return Errc::switch_out_of_range;
    if (state >= round_.network().radix) return Errc::state_out_of_range;
    round_.set(stage, sw, state);
    return Errc::ok;
  }
  Errc set_switch_word(std::uint32_t stage, std::uint32_t word, std::uint32_t packed) {
    for (std::uint32_t j = 0; j < kSwitchesPerWord; ++j) {
      const std::uint32_t sw = word * kSwitchesPerWord + j;
      if (sw >= round_.network().switches_per_stage()) break;
      A2A_TRY(set_switch_state(stage, sw, (packed >> (4 * j)) & 0xFU));
    }
    return Errc::ok;
  }
  /// The round is due: latched now, or at a later poll once the guard time has passed.
  Errc commit() {
    if (!configured_) return Errc::fabric_not_configured;
    due_ = true;
    settling_ = false;
    error_ = Errc::ok;
    return advance();
  }
  /// One look at the clock: busy until the round is latched and settled, then done;
  /// a transport error is the round's outcome (nothing of it latched).
  Result<FabricStatus> poll_status(std::uint32_t max_polls) {
    if (max_polls == 0) return Errc::poll_bound_zero;
    A2A_TRY(advance());
    FabricStatus status;
    status.busy = due_ || latching_ || settling_;
    status.done = !status.busy;
    return status;
  }
  /// At most max_polls looks (poll_status); fabric_timeout while the round settles.
  Errc wait_round(std::uint32_t max_polls) {
    for (std::uint32_t i = 0; i < max_polls; ++i) {
      const Result<FabricStatus> s = poll_status(1);
      if (!s) return s.error();
      if (s->done) return Errc::ok;
    }
    return max_polls == 0 ? Errc::poll_bound_zero : Errc::fabric_timeout;
  }
  /// A round not latched yet is dropped; a latched one cannot be taken back (it settles),
  /// nor one whose transfers are under way (they end, it latches and settles).
  Errc abort() {
    due_ = false;
    return Errc::ok;
  }
  Errc reset() {
    configured_ = false;
    due_ = false;
    latching_ = false;
    settling_ = false;
    return Errc::ok;
  }
  /// Rounds latched and settled so far.
  [[nodiscard]] std::uint32_t round_counter() const { return carried_; }
  /// The transport error of the last latch (ok: none). Not LAST_ERROR: the a2a block's
  /// last_error() is that register's word; this is a transfer's Errc.
  [[nodiscard]] Errc last_transfer_error() const { return error_; }
  /// Where the last read-back differed, if the sink says (else Place::none).
  [[nodiscard]] WireFault wire_fault() const {
    if constexpr (LocatingSink<Sink>) return sink_->wire_fault();
    return {};
  }

 private:
  Errc check_stage(std::uint32_t stage) const {
    if (!configured_) return Errc::fabric_not_configured;
    return stage < round_.network().stages ? Errc::ok : Errc::stage_out_of_range;
  }
  /// The round's deadlines against the clock: latch once the guard time has passed,
  /// done once settled.
  Errc advance() {
    const std::uint64_t now = clock_->now_us();
    if (due_ && now >= next_latch_at_) {
      due_ = false;
      if constexpr (kStarting) {
        if (const Errc e = sink_->start_latch(round_); e != Errc::ok) return failed(e);
        latching_ = true;
      } else {
        if (const Errc e = sink_->latch(round_); e != Errc::ok) return failed(e);
        latched(now);
      }
    }
    if constexpr (kStarting) {
      if (latching_) {  // one look at the transfers under way
        const Result<bool> done = sink_->latch_progress(round_);
        if (!done) {
          latching_ = false;
          return failed(done.error());
        }
        if (!*done) return Errc::ok;
        latching_ = false;
        latched(now);
      }
    }
    if (settling_ && now >= settled_at_) {
      settling_ = false;
      ++carried_;
      next_latch_at_ = now + timing_.guard_us;
    }
    return Errc::ok;
  }

  static constexpr bool kStarting = StartingSink<Sink, RoundSwitches<MaxSwitches>>;
  Errc failed(Errc e) {
    error_ = e;
    return e;
  }
  void latched(std::uint64_t now) {
    round_.latched();
    settling_ = true;
    settled_at_ = now + timing_.settle_us;
  }

  Sink* sink_;
  Clock* clock_;
  SwitchTiming timing_;
  RoundSwitches<MaxSwitches> round_{};
  bool configured_{false};
  bool due_{false};       // committed, not latched yet (the guard time runs)
  bool latching_{false};  // its transfers under way (a StartingSink)
  bool settling_{false};  // latched, not settled yet
  std::uint64_t settled_at_{0};
  std::uint64_t next_latch_at_{0};
  std::uint32_t carried_{0};
  Errc error_{Errc::ok};
};

}  // namespace a2a::hal
