// A simulated fabric: the register block of fabric_registers.hpp in front of a
// switch-level model of the network (host only; uses std::vector).
//
// Software sees only read32/write32, exactly as on hardware. On COMMIT the
// block latches the shadow registers into its active set, checks them, and
// walks every non-idle port's signal switch by switch through the configured
// stages: the round the registers hold (hal/latched_round.hpp) through the walk
// the emulated fabric runs too (a2a/round_walk.hpp), with stuck switches, here
// stage-parallel (the network's wiring tabulated once, a2a/stage_replay.hpp). It
// records what arrives where and flags, in STATUS, what real hardware would get
// wrong: conflicts (two signals on one switch output), optical crosstalk (two
// signals through one switch), signals through a faulty switch, and misroutes (a
// header destination that is not where the signal arrived).
//
// Register map 2.2: like hardware, the block takes every CONTROL action up at the
// write, so STATUS carries the action's ticket at once; LAST_ERROR records flagged
// and refused rounds. The counter registers read 0 (deliveries() is this model's
// record, tally() its DeliveryTally) and CAP_SHAPE.Inject is 0 (the test hooks
// below inject faults instead). CAP_SHAPE.Monitor is 1: ARRIVED shows what each
// output received in the last round, ROUND_CHECK (CAP_SHAPE.Check, set_round_check)
// whether that is what the headers named, and a NET_SHAPE.Probe round (a test round)
// goes through the switches but delivers nothing (no Delivery is recorded).
//
// Test hooks: inject_faulty (marked in FAULT; signals pass, the round is flagged),
// inject_hidden (dead or stuck at a state, not marked: the emulated fabric's own
// fault model, a2a/emulated/switch_faults.hpp; a signal lost in a dead switch
// arrives nowhere and is not recorded), inject_forced_port (every input leaves on
// one output port: real conflicts), set_latency (STATUS stays busy for k reads; kNever hangs),
// and the faults of the reliability tests: corrupt_writes (a register that does
// not take what is written: its read-back differs), hang_commits (the next rounds
// stay busy until ABORT: a transient stuck busy), ignore_abort (ABORT does nothing).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "a2a/delivery_tally.hpp"
#include "a2a/emulated/switch_faults.hpp"
#include "a2a/fabric/fabric_records.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/hal/latched_round.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/route.hpp"
#include "a2a/stage_replay.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::host {

template <class Layout>
class SimulatedFabric {
 public:
  static constexpr std::uint32_t kNever = ~std::uint32_t{0};

  SimulatedFabric() : regs_(Layout::kSize / 4), active_(Layout::kSize / 4), dirty_(Layout::kSize / 4) {
    reset_registers();
  }

  // --- RegisterBus -----------------------------------------------------------
  std::uint32_t read32(std::uint32_t offset) {
    if (!valid(offset) || offset == Layout::kControl) return 0;  // CONTROL is write-only
    if (offset == Layout::kStatus && busy()) advance_busy_round();
    return regs_[offset / 4];
  }

  void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset == Layout::kControl) return control(value);
    if (!valid(offset) || !writable(offset)) {
      ++ignored_writes_;  // read-only, reserved or outside the block: hardware drops it
      return;
    }
    regs_[offset / 4] = value ^ corruption(offset);
    if (dirty_[offset / 4] == 0) {  // COMMIT latches the registers written since the last one
      dirty_[offset / 4] = 1;
      written_.push_back(offset / 4);
    }
  }

  // --- test hooks -------------------------------------------------------------
  /// Marks a switch faulty: signals still pass, STATUS.FAULT_CROSSED and FAULT report it.
  [[nodiscard]] Errc inject_faulty(std::uint32_t stage, std::uint32_t sw) { return inject(stage, sw, kNotStuck); }
  /// A switch whose every input leaves on `out_port` (mod d), marked in FAULT: signals collide.
  [[nodiscard]] Errc inject_forced_port(std::uint32_t stage, std::uint32_t sw, std::uint32_t out_port) {
    if (out_port >= a2a::kMaxRadix) return Errc::port_out_of_range;
    return inject(stage, sw, out_port);
  }
  /// A fault FAULT does not mark (INJECT.Hidden on a board): dead, or stuck at a state < d.
  [[nodiscard]] Errc inject_hidden(const emulated::HiddenFault& fault) {
    if (fault.stage >= Layout::kMaxStages) return Errc::stage_out_of_range;
    if (fault.sw >= Layout::kMaxSwitches) return Errc::switch_out_of_range;
    if (fault.stuck && fault.state >= a2a::kMaxRadix) return Errc::state_out_of_range;
    hidden_.push_back(fault);
    return Errc::ok;
  }
  void clear_faults() {
    faults_.clear();
    hidden_.clear();
  }
  /// The next `writes` writes to `offset` store value ^ xor_mask instead of the value
  /// (kNever: every write): a register bit that does not take, seen by a read-back.
  void corrupt_writes(std::uint32_t offset, std::uint32_t xor_mask, std::uint32_t writes) {
    corruptions_.push_back({offset, xor_mask, writes});
  }
  /// The next `commits` accepted commits never complete by themselves: STATUS stays
  /// busy until ABORT (or RESET). Later commits follow set_latency again.
  void hang_commits(std::uint32_t commits) { hung_commits_ = commits; }
  /// ABORT is ignored while set (a block that hangs for good).
  void ignore_abort(bool ignored) { abort_ignored_ = ignored; }
  /// After a COMMIT, STATUS reads BUSY this many times before the round completes (kNever: never).
  void set_latency(std::uint32_t status_reads) { latency_ = status_reads; }
  /// A block of register map 2.1 (false): CAP_SHAPE.Check 0 and ROUND_CHECK reads 0, so a
  /// controller checks ARRIVED port by port; true (the default) implements map 2.2.
  void set_round_check(bool implemented) {
    round_check_implemented_ = implemented;
    const std::uint32_t check = Layout::kCapShapeCheck;
    regs_[Layout::kCapShape / 4] =
        implemented ? regs_[Layout::kCapShape / 4] | check : regs_[Layout::kCapShape / 4] & ~check;
    if (!implemented) regs_[Layout::kRoundCheck / 4] = 0;
  }

  // --- observations -------------------------------------------------------------
  [[nodiscard]] const std::vector<Delivery>& deliveries() const { return deliveries_; }
  void clear_deliveries() {
    deliveries_.clear();
    status_seen_ = 0;
  }
  /// What every recorded round delivered, by message, against N x N pairs (summarize).
  [[nodiscard]] DeliveryTally tally(std::uint32_t ports) const { return summarize(deliveries_, ports); }
  /// Writes the block dropped (read-only, reserved or out-of-block offsets).
  [[nodiscard]] std::uint32_t ignored_writes() const { return ignored_writes_; }
  /// STATUS bits seen at any round completion since construction (or clear_deliveries()).
  [[nodiscard]] std::uint32_t status_seen() const { return status_seen_; }

 private:
  using Status = hal::reg::Status;
  static constexpr std::uint32_t kNotStuck = ~std::uint32_t{0};

  struct InjectedFault {
    std::uint32_t stage, sw, stuck_port;
  };
  struct Corruption {
    std::uint32_t offset, xor_mask, writes_left;
  };

  /// The bits the next write to `offset` gets wrong (and counts that write).
  std::uint32_t corruption(std::uint32_t offset) {
    for (Corruption& c : corruptions_) {
      if (c.offset != offset || c.writes_left == 0) continue;
      if (c.writes_left != kNever) --c.writes_left;
      return c.xor_mask;
    }
    return 0;
  }

  static constexpr bool valid(std::uint32_t offset) { return offset % 4 == 0 && offset < Layout::kSize; }
  static constexpr bool writable(std::uint32_t offset) {
    if (offset == Layout::kNetPorts || offset == Layout::kNetShape) return true;
    if (offset < Layout::kStageControlBase) return false;  // ID, capabilities, STATUS, counter, reserved
    if (offset >= Layout::kArrivedBase) return false;      // ARRIVED: the block's
    return offset < Layout::kFaultBase || offset >= Layout::kPortHeaderBase;
  }
  bool busy() const { return (regs_[Layout::kStatus / 4] & Status::Busy::mask) != 0; }
  /// STATUS with the ticket of the last action taken up.
  void set_status(std::uint32_t bits) { regs_[Layout::kStatus / 4] = Status::Ticket::insert(bits, ticket_); }
  /// A flagged or refused round is the last error (until ClearCounters or RESET).
  void note_error(std::uint32_t status) {
    if ((status & ~(Status::Done::mask | Status::Busy::mask | Status::Ticket::mask)) != 0)
      regs_[Layout::kLastError / 4] = status;
  }

  Errc inject(std::uint32_t stage, std::uint32_t sw, std::uint32_t stuck_port) {
    if (stage >= Layout::kMaxStages) return Errc::stage_out_of_range;
    if (sw >= Layout::kMaxSwitches) return Errc::switch_out_of_range;
    faults_.push_back({stage, sw, stuck_port});
    return Errc::ok;
  }

  void reset_registers() {
    std::fill(regs_.begin(), regs_.end(), 0U);
    regs_[Layout::kId / 4] = hal::reg::Id::reset;
    regs_[Layout::kVersion / 4] = hal::reg::Version::reset;
    regs_[Layout::kCapPorts / 4] = Layout::kCapPortsValue;
    regs_[Layout::kCapShape / 4] =
        Layout::kCapShapeValue | Layout::kCapShapeMonitor | (round_check_implemented_ ? Layout::kCapShapeCheck : 0U);
    for (std::uint32_t w = 0; w < Layout::kIdleWords; ++w) regs_[Layout::idle_mask(w) / 4] = hal::reg::IdleMask::reset;
    active_ = regs_;
    for (const std::uint32_t w : written_) dirty_[w] = 0;
    written_.clear();
    decoded_stages_ = 0;
    pending_.clear();
  }

  /// Latches the shadow registers into the active set: those written since the last
  /// latch (the walk reads only registers software writes; the others it never reads).
  void latch() {
    constexpr std::uint32_t kStageControl = Layout::kStageControlBase / 4;
    constexpr std::uint32_t kSwitchStates = Layout::kSwitchStateBase / 4;
    for (const std::uint32_t w : written_) {
      active_[w] = regs_[w];
      dirty_[w] = 0;
      // A stage's decoded states hold until its STAGE_CTRL or SWITCH_STATE words change.
      if (w >= kStageControl && w < kStageControl + Layout::kMaxStages)
        decoded_stages_ &= ~(std::uint32_t{1} << (w - kStageControl));
      else if (w >= kSwitchStates)
        decoded_stages_ &= ~(std::uint32_t{1} << ((w - kSwitchStates) / Layout::kSwitchWordsPerStage));
      else if (w == Layout::kNetPorts / 4 || w == Layout::kNetShape / 4)
        decoded_stages_ = 0;
    }
    written_.clear();
  }

  void control(std::uint32_t value) {
    using C = hal::reg::Control;
    constexpr std::uint32_t kActions = C::Commit::mask | C::Abort::mask | C::Reset::mask | C::ClearCounters::mask;
    if ((value & kActions) == 0) return;
    ticket_ = C::Ticket::extract(value);  // taken up at the write
    const std::uint32_t outcome = regs_[Layout::kStatus / 4] & ~Status::Ticket::mask;
    if (C::Reset::extract(value) != 0) {
      reset_registers();
      return set_status(0);
    }
    if (C::Abort::extract(value) != 0) {
      if (busy() && !abort_ignored_) {
        pending_.clear();
        set_status(Status::Error::mask | Status::Aborted::mask);
        note_error(regs_[Layout::kStatus / 4]);
        return;
      }
      return set_status(outcome);  // nothing running: the last outcome stands
    }
    if (C::ClearCounters::extract(value) != 0) {
      regs_[Layout::kLastError / 4] = 0;
      return set_status(outcome);
    }
    commit(outcome);
  }

  void commit(std::uint32_t outcome) {
    if (busy()) {  // the running round continues; this commit is lost
      set_status(outcome | Status::Error::mask | Status::Overrun::mask);
      return;
    }
    latch();
    const Result<Network> net = active_network();
    if (!net || !states_valid(*net)) {
      set_status(Status::Error::mask | Status::ConfigInvalid::mask);
      note_error(regs_[Layout::kStatus / 4]);
      return;
    }
    pending_status_ = run_round(*net);
    set_status(Status::Busy::mask);
    remaining_ = latency_;
    if (hung_commits_ > 0) {
      --hung_commits_;
      remaining_ = kNever;
    }
    if (remaining_ == 0) complete_round(*net);
  }

  void advance_busy_round() {
    if (remaining_ == kNever) return;
    if (remaining_ > 0) {
      --remaining_;
      return;
    }
    complete_round(*active_network());
  }

  void complete_round(const Network& net) {
    const std::uint32_t round = regs_[Layout::kRoundCounter / 4];
    for (Delivery& d : pending_) {
      d.round = round;
      d.flagged = pending_status_ != 0;
    }
    if (deliveries_.empty())
      deliveries_.swap(pending_);  // the usual case: deliveries are read and cleared each round
    else
      deliveries_.insert(deliveries_.end(), pending_.begin(), pending_.end());
    pending_.clear();
    ++regs_[Layout::kRoundCounter / 4];
    std::copy(arrivals_.begin(), arrivals_.end(), regs_.begin() + Layout::kArrivedBase / 4);
    if (round_check_implemented_) regs_[Layout::kRoundCheck / 4] = round_check_;
    // The FAULT bitmap: the block's own diagnosis of the switches the network uses
    // (only the words set last time need clearing: the others are 0).
    for (const std::uint32_t w : fault_words_) regs_[w] = 0;
    fault_words_.clear();
    for (const InjectedFault& f : faults_) {
      if (f.stage < net.stages && f.sw < net.switches_per_stage()) {
        const std::uint32_t w = Layout::fault(f.stage, f.sw / 32) / 4;
        regs_[w] |= std::uint32_t{1} << (f.sw % 32);
        fault_words_.push_back(w);
      }
    }
    const std::uint32_t overrun = regs_[Layout::kStatus / 4] & (Status::Error::mask | Status::Overrun::mask);
    set_status(Status::Done::mask | pending_status_ | overrun);
    note_error(regs_[Layout::kStatus / 4]);
    status_seen_ |= regs_[Layout::kStatus / 4] & ~Status::Ticket::mask;
  }

  /// The active set as the walk reads it.
  auto latched() const {
    const auto read = [this](std::uint32_t offset) { return active_[offset / 4]; };
    return hal::LatchedRound<Layout, decltype(read)>(read);
  }
  Result<Network> active_network() const { return latched().network(); }
  bool states_valid(const Network& net) const { return latched().states_valid(net); }

  const InjectedFault* fault_at(std::uint32_t s, std::uint32_t y) const {
    for (const InjectedFault& f : faults_)
      if (f.stage == s && f.sw == y) return &f;
    return nullptr;
  }

  /// The active switch states, decoded once a round (LatchedRound::stage_states): a
  /// Configuration for walk_round when no fault is injected.
  struct SwitchStates {
    const std::uint32_t* states;  // stage s, switch y at s * switches + y
    std::uint32_t switches;
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return states[std::size_t{s} * switches + y];
    }
  };
  /// ... and with the injected faults.
  struct Switches : SwitchStates {
    const SimulatedFabric* fabric;
    [[nodiscard]] bool faulty(std::uint32_t s, std::uint32_t y) const { return fabric->fault_at(s, y) != nullptr; }
    [[nodiscard]] std::uint32_t forced_port(std::uint32_t s, std::uint32_t y) const {
      const InjectedFault* f = fabric->fault_at(s, y);
      return f != nullptr && f->stuck_port != kNotStuck ? f->stuck_port : kNotForced;
    }
  };

  /// The block's side of ARRIVED, for write_arrivals: the words the next completed round shows.
  struct ArrivalWords {
    std::vector<std::uint32_t>* words;
    [[nodiscard]] std::uint32_t read32(std::uint32_t offset) const {
      return (*words)[(offset - Layout::kArrivedBase) / 4];
    }
    void write32(std::uint32_t offset, std::uint32_t value) { (*words)[(offset - Layout::kArrivedBase) / 4] = value; }
  };

  /// The walk's stage-parallel replay, in a vector of its own: tables built for the
  /// network the block is configured for, kept from round to round. A copy of the
  /// fabric starts without them (the replay is a view of these words).
  class ReplayCache {
   public:
    ReplayCache() = default;
    ReplayCache(const ReplayCache&) {}
    ReplayCache(ReplayCache&& other) noexcept : words_(std::move(other.words_)), replay_(other.replay_) {
      other.replay_ = StageReplay{};
    }
    ReplayCache& operator=(const ReplayCache&) {
      replay_ = StageReplay{};
      return *this;
    }
    ReplayCache& operator=(ReplayCache&& other) noexcept {
      words_ = std::move(other.words_);
      replay_ = other.replay_;
      other.replay_ = StageReplay{};
      return *this;
    }
    ~ReplayCache() = default;
    /// The replay for `net`, or nullptr if it has no tables (no network the block accepts).
    StageReplay* for_network(const Network& net) {
      if (!replay_.built_for(net)) {
        words_.assign(StageReplay::words_needed(net), 0);
        replay_ = StageReplay(words_);
        if (!replay_.build(net)) return nullptr;
      }
      return &replay_;
    }

   private:
    std::vector<std::uint32_t> words_;
    StageReplay replay_;
  };

  /// Walks every non-idle port through the active configuration; fills pending_, returns STATUS flags.
  std::uint32_t run_round(const Network& net) {
    const auto block = latched();
    signals_.resize(net.ports);  // filled in place, then cut to the active ports
    std::size_t active = 0;
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      if (block.idle(i)) continue;
      // The claim, field by field (the walk sets the rest): a copy of the whole record
      // would go through the stack, once a port.
      const RoundSignal claim = block.signal(i);
      RoundSignal& signal = signals_[active++];
      signal.source = claim.source;
      signal.destination = claim.destination;
      signal.tag = claim.tag;
    }
    signals_.resize(active);
    walk_words_.resize(walk_words_needed(net));
    const std::uint32_t per_stage = net.switches_per_stage();
    if (!(net == decoded_net_) || states_.size() != std::size_t{net.stages} * per_stage) {
      decoded_net_ = net;
      decoded_stages_ = 0;
      states_.resize(std::size_t{net.stages} * per_stage);
    }
    for (std::uint32_t s = 0; s < net.stages; ++s) {  // the stages whose registers changed
      if (((decoded_stages_ >> s) & 1U) != 0) continue;
      block.stage_states(net, s, std::span<std::uint32_t>(states_).subspan(std::size_t{s} * per_stage, per_stage));
      decoded_stages_ |= std::uint32_t{1} << s;
    }
    const SwitchStates states{states_.data(), per_stage};
    const auto walk = [&](const auto& switches) {
      StageReplay* replay = replay_.for_network(net);
      return replay != nullptr ? walk_round(*replay, switches, block.optical(), signals_, walk_words_)
                               : walk_round(net, switches, block.optical(), signals_, walk_words_);
    };
    const Switches marked{states, this};
    const emulated::FaultedSwitches<Switches> switches{&marked, hidden_};
    const RoundOutcome outcome = faults_.empty() && hidden_.empty() ? walk(states) : walk(switches);
    lost_.resize(signals_.size());
    emulated::mark_lost(net, switches, std::span<const RoundSignal>(signals_), lost_);
    arrivals_.assign(net.ports, 0);  // ARRIVED of the outputs beyond N are never read
    ArrivalWords arrived{&arrivals_};
    round_check_ = emulated::write_arrivals<Layout>(arrived, net, std::span<const RoundSignal>(signals_), lost_);
    const bool relay = block.relay();
    const bool probe = (active_[Layout::kNetShape / 4] & hal::reg::NetShape::Probe::mask) != 0;
    std::uint32_t flags = 0;
    pending_.clear();
    pending_.reserve(signals_.size());
    for (std::size_t k = 0; k < signals_.size(); ++k) {
      const RoundSignal& signal = signals_[k];
      if (signal.wrong_destination() && !lost_[k]) flags |= Status::Misroute::mask;
      if (probe || lost_[k]) continue;        // a test round delivers nothing; a lost signal arrives nowhere
      Delivery& d = pending_.emplace_back();  // filled in place
      d.source = signal.source;
      d.output = signal.output;  // >= N: the shift network's unused last-stage output, no processor
      d.header_destination = signal.destination;
      d.header_tag = signal.tag;
      d.tag_taken = signal.tag_taken;
      d.collided = signal.collided;
      d.wrong_destination = signal.wrong_destination();
      d.origin = relay ? block.message_origin(signal.source) : signal.source;
      d.final_destination = relay ? block.message_final(signal.source) : signal.output;
    }
    if (outcome.crossed_fault != 0) flags |= Status::FaultCrossed::mask;
    if (outcome.collided != 0) flags |= Status::Conflict::mask;
    if (outcome.crosstalk != 0) flags |= Status::Crosstalk::mask;
    return flags;
  }

  std::vector<std::uint32_t> regs_;     // what software reads and writes (shadow + read-only)
  std::vector<std::uint32_t> active_;   // the set latched by the last accepted COMMIT
  std::vector<std::uint8_t> dirty_;     // register words written since the last latch
  std::vector<std::uint32_t> written_;  // their indices
  std::vector<Delivery> pending_;       // the running round's arrivals
  std::vector<Delivery> deliveries_;    // every completed round's arrivals
  std::vector<RoundSignal> signals_;    // the running round's signals, for the walk
  std::vector<std::uint32_t> walk_words_;
  std::vector<std::uint32_t> states_;       // the running round's switch states (Switches)
  Network decoded_net_{};                   // the network states_ is decoded for
  std::uint32_t decoded_stages_{0};         // bit s: states_'s stage s holds the latched registers
  std::vector<std::uint32_t> fault_words_;  // FAULT words with a bit set
  ReplayCache replay_;
  std::vector<InjectedFault> faults_;          // marked in FAULT
  std::vector<emulated::HiddenFault> hidden_;  // acting, not marked
  std::vector<bool> lost_;                     // the running round's signals lost in a hidden dead switch
  std::vector<std::uint32_t> arrivals_;        // ARRIVED of the running round, shown when it completes
  std::uint32_t round_check_{0};               // ... and its ROUND_CHECK
  bool round_check_implemented_{true};         // map 2.2 (set_round_check)
  std::vector<Corruption> corruptions_;
  std::uint32_t hung_commits_{0};
  bool abort_ignored_{false};
  std::uint32_t pending_status_{0};
  std::uint32_t latency_{0};
  std::uint32_t remaining_{0};
  std::uint32_t ignored_writes_{0};
  std::uint32_t status_seen_{0};
  std::uint32_t ticket_{0};
};

}  // namespace a2a::host
