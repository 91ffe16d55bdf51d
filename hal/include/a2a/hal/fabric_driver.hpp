// The fabric controller driver: typed operations on the register block, over
// any RegisterBus (memory-mapped hardware, the simulated fabric, the recording
// mock). Every operation validates its arguments against the configured
// network before it touches a register, and returns an Errc.
//
// FabricController (fabric_controller.hpp) is the contract the firmware programs
// against; FabricDriver<Bus, Layout> implements it and every capability of
// fabric_capabilities.hpp for blocks that follow fabric_registers.hpp (register map
// 2.x; ROUND_CHECK where the block has map 2.2).
//
// Tickets: every CONTROL action carries the driver's next 8-bit ticket, and STATUS
// names the ticket of the last action the block took up. A STATUS read right after
// a COMMIT may still show the previous round (posted writes on hardware, an
// interrupt that has not run yet on an emulated block), so the driver only trusts
// a STATUS with its own ticket. probe() starts from the block's current ticket, so
// a second driver on the same block never takes an old STATUS for its own.
//
// The round loop at the floor: stepper(schedule) checks once that the schedule runs
// on the configured network in one-stage Gray steps (Latin square in Gray order with
// d = 2^w, the alternating schedule) and hands out a RoundStepper. Its step() takes
// no argument that could be wrong: it writes the changed stage's STAGE_CTRL and
// COMMIT (with the next ticket) at offsets fixed at stepper() time, no range checks
// per write; wait_round() then confirms the round by STATUS and its ticket as the
// driver's own wait_round does.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/arrivals.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/gray_stepper.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

/// STATUS reads the driver allows itself where the caller gives no bound (reset,
/// fault injection): generous for an interrupt-driven block, still finite.
inline constexpr std::uint32_t kActionPolls = 100'000;

template <RegisterBus Bus, class Layout>
class FabricDriver {
 public:
  using layout = Layout;

  constexpr explicit FabricDriver(Bus& bus) : bus_(&bus) {}

  /// Read-back verification (off by default): every shadow register is read back
  /// right after it is written, and a difference is fabric_readback_mismatch. A
  /// round whose registers did not all take is then refused before its COMMIT, so
  /// the fabric never latches a half-valid configuration. Costs one read per write.
  constexpr void set_write_verification(bool on) { verify_writes_ = on; }
  [[nodiscard]] constexpr bool write_verification() const { return verify_writes_; }

  /// Checks that the block is an a2a fabric of version 2.x with exactly Layout's capacity
  /// (the offsets of its arrays depend on it), and takes the block's current STATUS
  /// ticket as the starting point of its own.
  [[nodiscard]] constexpr Errc probe() {
    const auto version = read_register<reg::Version>(*bus_, Layout::kVersion);
    const auto shape = read_register<reg::CapShape>(*bus_, Layout::kCapShape);
    if (bus_->read32(Layout::kId) != reg::kIdValue || version.template get<reg::Version::Major>() != 2 ||
        bus_->read32(Layout::kCapPorts) != Layout::kCapPortsValue ||
        shape.template get<reg::CapShape::MaxStages>() != Layout::kMaxStages)
      return Errc::fabric_device_mismatch;
    ticket_ = static_cast<std::uint8_t>(
        read_register<reg::Status>(*bus_, Layout::kStatus).template get<reg::Status::Ticket>());
    return Errc::ok;
  }

  /// Writes N, d, n, topology, optical and relay mode; active from the next commit.
  /// relay: the block reads PORT_MESSAGE and counts deliveries by message.
  [[nodiscard]] constexpr Errc configure(const Network& net, bool optical, bool relay = false) {
    const Result<Network> checked = make_network(net.topology, net.ports, net.radix);
    A2A_TRY(checked);
    if (!Layout::fits(*checked)) return Errc::fabric_capacity_exceeded;
    configured_ = false;  // until both registers hold the new network
    forget_shadow();
    stepped_ = false;
    if (const Errc e =
            write_shadow(Layout::kNetPorts, RegisterValue<reg::NetPorts>{}.set<reg::NetPorts::Ports>(checked->ports));
        e != Errc::ok)
      return e;
    if (const Errc e = write_shadow(Layout::kNetShape, net_shape(*checked, optical, relay, false)); e != Errc::ok)
      return e;
    net_ = *checked;
    stage_words_ = checked->stage_words();
    switches_ = checked->switches_per_stage();
    optical_ = optical;
    relay_ = relay;
    configured_ = true;
    return Errc::ok;
  }

  [[nodiscard]] constexpr Result<Network> network() const {
    if (!configured_) return Errc::fabric_not_configured;
    return net_;
  }

  /// The configured round loop: from round 0 of a schedule on the configured network
  /// whose rounds change one stage each, each step() writes that stage's STAGE_CTRL
  /// word and COMMIT with the next ticket (two stores, no checks: all made here).
  /// W = 1 for d = 2 (binary Gray steps), W = 0 for any d = 2^w. The driver stays
  /// usable beside it (its ticket follows every step); a reconfigure, reset or
  /// abort ends the stepper's validity (program the round whole, then seek()).
  template <std::uint32_t W>
  class RoundStepper {
   public:
    constexpr RoundStepper() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return core_.index(); }
    [[nodiscard]] constexpr std::uint32_t rounds() const { return core_.rounds(); }
    A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr bool more() const { return core_.more(); }
    /// The next round (precondition more()): STAGE_CTRL of the one stage it changes,
    /// then COMMIT. Returns the round's index.
    A2A_ROUND_LOOP_INLINE constexpr std::uint32_t step() {
      const StageStep s = core_.step();
      bus_->write32(stage_base_ + s.stage * 4U, mode_word_ | s.state << reg::StageControl::State::position);
      control_ += std::uint32_t{1} << reg::Control::Ticket::position;  // carries above the ticket are ignored
      bus_->write32(Layout::kControl, control_);
      driver_->ticket_ = static_cast<std::uint8_t>(control_ >> reg::Control::Ticket::position);
      return core_.index();
    }
    /// Confirms the round just stepped: STATUS with its ticket, done and clean (the
    /// driver's wait_round, at most max_polls reads).
    [[nodiscard]] constexpr Errc wait_round(std::uint32_t max_polls) { return driver_->wait_round(max_polls); }
    /// Stands at round r, programmed whole by other means (program_round); the next
    /// step() writes round r + 1's changed stage. Takes up the driver's ticket.
    constexpr void seek(std::uint32_t r) {
      core_.seek(r);
      resync();
    }
    /// Takes up the driver's ticket after a CONTROL action made through the driver.
    constexpr void resync() { control_ = commit_word(driver_->ticket_); }
    [[nodiscard]] constexpr const GrayStepper<W>& core() const { return core_; }

   private:
    friend class FabricDriver;
    static constexpr std::uint32_t commit_word(std::uint8_t ticket) {
      return RegisterValue<reg::Control>{}
          .flag<reg::Control::Commit>()
          .template set<reg::Control::Ticket>(ticket)
          .raw();
    }
    constexpr RoundStepper(FabricDriver& driver, const GrayStepper<W>& core)
        : core_(core),
          driver_(&driver),
          bus_(driver.bus_),
          mode_word_(RegisterValue<reg::StageControl>{}.set<reg::StageControl::Mode>(mode_code(core.control())).raw()),
          control_(commit_word(driver.ticket_)) {}
    GrayStepper<W> core_{};
    FabricDriver* driver_{nullptr};
    Bus* bus_{nullptr};
    std::uint32_t stage_base_{Layout::stage_control(0)};
    std::uint32_t mode_word_{0};
    std::uint32_t control_{0};
  };

  /// A RoundStepper for `schedule` at its round 0: checked here once (configured,
  /// the same network, one-stage Gray steps; W = 1 needs d = 2), never per step.
  /// The caller programs round 0 whole (program_round) before the first step().
  template <std::uint32_t W, class S>
  [[nodiscard]] constexpr Result<RoundStepper<W>> stepper(const S& schedule) {
    if (!configured_) return Errc::fabric_not_configured;
    if (!(schedule.network() == net_)) return Errc::stepper_needs_gray_steps;
    const Result<GrayStepper<W>> core = gray_stepper<W>(schedule);
    A2A_TRY(core);
    forget_shadow();
    stepped_ = true;  // the stepper's writes bypass the stage mirror: stop trusting it
    return RoundStepper<W>(*this, *core);
  }
  [[nodiscard]] constexpr bool optical() const { return optical_; }
  /// Whether the configured network runs in relay mode (PORT_MESSAGE is read).
  [[nodiscard]] constexpr bool relay() const { return configured_ && relay_; }
  /// The ticket of this driver's last CONTROL action.
  [[nodiscard]] constexpr std::uint8_t ticket() const { return ticket_; }

  /// STAGE_CTRL[stage]: mode and the stage state (stage mode) or a_s (alternating modes).
  [[nodiscard]] constexpr Errc set_stage_control(std::uint32_t stage, ControlMode mode, std::uint32_t state) {
    A2A_TRY(check_stage(stage));
    if (!mode_from_code(mode_code(mode))) return Errc::control_mode_unknown;
    if (state >= net_.radix) return Errc::state_out_of_range;
    const auto value = RegisterValue<reg::StageControl>{}
                           .set<reg::StageControl::Mode>(mode_code(mode))
                           .set<reg::StageControl::State>(state);
    // Shadow registers keep their value across commits: a stage that keeps its
    // setting is not written again (a Gray-order round writes one stage).
    const auto key = static_cast<std::uint8_t>(mode_code(mode) | state << 3);  // 3 + 4 bits: the whole register
    if (!stepped_ && ((stage_known_ >> stage) & 1U) != 0 && stage_mirror_[stage] == key) return Errc::ok;
    const Errc e = write_shadow(Layout::stage_control(stage), value);
    remember(stage_known_, stage, e == Errc::ok);
    stage_mirror_[stage] = key;
    return e;
  }

  /// One switch's state (a read-modify-write of its SWITCH_STATE word; prefer
  /// set_switch_word when a whole stage changes).
  [[nodiscard]] constexpr Errc set_switch_state(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    A2A_TRY(check_stage(stage));
    if (sw >= net_.switches_per_stage()) return Errc::switch_out_of_range;
    if (state >= net_.radix) return Errc::state_out_of_range;
    const std::uint32_t offset = Layout::switch_state(stage, sw / kSwitchesPerWord);
    const std::uint32_t shift = (sw % kSwitchesPerWord) * reg::SwitchState::kBitsPerSwitch;
    const std::uint32_t old = bus_->read32(offset);
    return write_raw_shadow(offset, (old & ~(0xFU << shift)) | (state << shift));
  }

  /// SWITCH_STATE word `word` of `stage`: switches 8*word .. 8*word+7, 4 bits each
  /// (least significant nibble first). Nibbles of switches the network lacks must be 0.
  [[nodiscard]] constexpr Errc set_switch_word(std::uint32_t stage, std::uint32_t word, std::uint32_t packed) {
    A2A_TRY(check_stage(stage));
    if (word >= switch_words()) return Errc::switch_out_of_range;
    A2A_TRY(check_switch_word(word, packed));
    return write_raw_shadow(Layout::switch_state(stage, word), packed);
  }

  /// A round whose stages are all set switch by switch, each with one word repeated (a
  /// periodic table's): STAGE_CTRL individual where it is not already, and every
  /// SWITCH_STATE word of stage s words[s], the last cut to the switches it has. The
  /// checks once a stage, all before the first store; then a store (and its read-back)
  /// a word.
  [[nodiscard]] constexpr Errc set_periodic_switches(std::span<const std::uint32_t> words) {
    if (!configured_) return Errc::fabric_not_configured;
    if (words.size() != net_.stages) return Errc::stage_out_of_range;
    const std::uint32_t count = switch_words();
    const std::uint32_t here = switches_ - (count - 1) * kSwitchesPerWord;  // the last word's switches
    const std::uint32_t cut = here >= kSwitchesPerWord ? ~0U : (1U << (4 * here)) - 1U;
    for (const std::uint32_t packed : words)  // all before any is written: a refused round writes nothing
      A2A_TRY(check_switch_word(0, count > 1 ? packed : packed & cut));  // the others: packed, or cut from it
    for (std::uint32_t stage = 0; stage < net_.stages; ++stage) {
      A2A_TRY(set_stage_control(stage, ControlMode::individual, 0));
      const std::uint32_t packed = words[stage];
      const std::uint32_t offset = Layout::switch_state(stage, 0);
      A2A_TRY(verify_writes_ ? fill_words<true>(*bus_, offset, count, packed, packed & cut)
                             : fill_words<false>(*bus_, offset, count, packed, packed & cut));
    }
    return Errc::ok;
  }

  /// PORT_HEADER[port]: destination and forward tag of the message injected at `port`.
  [[nodiscard]] constexpr Errc set_port_header(std::uint32_t port, std::uint32_t destination, std::uint32_t tag) {
    if (!configured_) return Errc::fabric_not_configured;
    if (port >= net_.ports || destination >= net_.ports) return Errc::port_out_of_range;
    if (tag >= stage_words_) return Errc::tag_out_of_range;
    return write_shadow(
        Layout::port_header(port),
        RegisterValue<reg::PortHeader>{}.set<reg::PortHeader::Destination>(destination).set<reg::PortHeader::Tag>(tag));
  }

  /// PORT_HEADER of ports [first, end) from a periodic round (PeriodicPorts: a periodic
  /// table's): its tags checked once, then each port's destination by one addition
  /// and a store (and its read-back), a class of ports at a time; idle ports get 0, 0.
  /// What set_port_header() a port would write, at a fraction of the instructions.
  [[nodiscard]] constexpr Errc set_periodic_headers(std::uint32_t first, std::uint32_t end, const PeriodicPorts& p) {
    if (!configured_) return Errc::fabric_not_configured;
    const std::uint32_t ports = net_.ports;
    if (first > end || end > ports) return Errc::port_out_of_range;
    const std::uint32_t period = p.period;
    if (period == 0 || period > 8 || (period & (period - 1U)) != 0 || ports % period != 0 || p.tags.size() != period ||
        p.step >= ports)
      return Errc::table_malformed;
    for (const std::uint8_t tag : p.tags)
      if (tag >= stage_words_) return Errc::tag_out_of_range;
    if (ports - 1U > reg::PortHeader::Destination::max) return Errc::port_out_of_range;  // each below N fits
    if (first == end) return Errc::ok;
    return verify_writes_ ? periodic_headers<true>(*bus_, first, end, p, ports)
                          : periodic_headers<false>(*bus_, first, end, p, ports);
  }

  /// PORT_MESSAGE[port] (relay mode only): the message `port` injects, by its origin and
  /// final destination (origin = port and final = the header's destination: a direct message).
  [[nodiscard]] constexpr Errc set_port_message(std::uint32_t port, std::uint32_t origin, std::uint32_t final_dest) {
    if (!configured_) return Errc::fabric_not_configured;
    if (!relay_) return Errc::fabric_relay_off;
    if (port >= net_.ports || origin >= net_.ports || final_dest >= net_.ports) return Errc::port_out_of_range;
    return write_shadow(
        Layout::port_message(port),
        RegisterValue<reg::PortMessage>{}.set<reg::PortMessage::Origin>(origin).set<reg::PortMessage::Final>(
            final_dest));
  }

  /// IDLE_MASK[word]: bit j = 1 keeps port 32*word + j idle (bits of ports >= N are ignored).
  [[nodiscard]] constexpr Errc set_idle_word(std::uint32_t word, std::uint32_t idle_bits) {
    if (!configured_) return Errc::fabric_not_configured;
    if (word >= (net_.ports + kPortsPerIdleWord - 1) / kPortsPerIdleWord) return Errc::port_out_of_range;
    return write_raw_shadow(Layout::idle_mask(word), idle_bits);
  }

  /// Latches every shadow register into the active set and starts the round.
  [[nodiscard]] constexpr Errc commit() { return control<reg::Control::Commit>(true); }
  /// Stops the running round; nothing of it is delivered.
  [[nodiscard]] constexpr Errc abort() {
    forget_shadow();  // what the block holds after an abort is not ours to assume
    return control<reg::Control::Abort>(false);
  }
  /// Every register back to reset; the network must be configured again. Waits (at
  /// most max_polls STATUS reads) until the block shows the reset's ticket: registers
  /// written before that could still be wiped by it. fabric_timeout if it never does.
  [[nodiscard]] constexpr Errc reset(std::uint32_t max_polls = kActionPolls) {
    const Errc e = control<reg::Control::Reset>(false);
    configured_ = false;
    forget_shadow();
    A2A_TRY(e);
    return wait_ticket(max_polls);
  }
  /// Zeroes the block's counters, LAST_ERROR and its record of delivered messages
  /// (configuration untouched); waits at most max_polls STATUS reads for its ticket.
  [[nodiscard]] constexpr Errc clear_counters(std::uint32_t max_polls) {
    A2A_TRY(start_clear_counters());
    return wait_ticket(max_polls);
  }
  /// clear_counters for a caller that does not wait here: the action written; then
  /// action_taken(), one STATUS read a call, until the block shows its ticket.
  [[nodiscard]] constexpr Errc start_clear_counters() { return control<reg::Control::ClearCounters>(false); }
  /// One read of STATUS: the block shows the last action's ticket (reset, clear_counters).
  [[nodiscard]] constexpr bool action_taken() { return status().ticket == ticket_; }

  /// One read of STATUS.
  [[nodiscard]] constexpr FabricStatus status() {
    return FabricStatus::decode(read_register<reg::Status>(*bus_, Layout::kStatus));
  }

  /// Reads STATUS until it shows this driver's last ticket and BUSY is clear, at most
  /// max_polls times (the bounded-wait rule: never spin forever on hardware). A STATUS
  /// of another ticket is an outcome not yet taken up: as good as busy. fabric_timeout
  /// if no read qualified.
  [[nodiscard]] constexpr Result<FabricStatus> poll_status(std::uint32_t max_polls) {
    for (std::uint32_t poll = 0; poll < max_polls; ++poll) {
      const FabricStatus s = status();
      if (s.ticket == ticket_ && !s.busy) return s;
    }
    return Errc::fabric_timeout;
  }

  /// poll_status, then the outcome as one error: ok only for a completed, clean round.
  [[nodiscard]] constexpr Errc wait_round(std::uint32_t max_polls) {
    const Result<FabricStatus> s = poll_status(max_polls);
    A2A_TRY(s);
    if (s->error || !s->done) return Errc::fabric_round_not_run;
    if (!s->clean()) return Errc::fabric_round_faulted;
    return Errc::ok;
  }

  /// Completed rounds since reset.
  [[nodiscard]] constexpr std::uint32_t round_counter() {
    return read_register<reg::RoundCounter>(*bus_, Layout::kRoundCounter).template get<reg::RoundCounter::Count>();
  }

  /// The block's counters as a DeliveryTally (missing: 0, no register counts it).
  /// DELIVERED is two words: read HI, LO, HI again, and retry once if a round
  /// completed in between (the block may update them at any time).
  [[nodiscard]] constexpr DeliveryTally counters() {
    DeliveryTally c;
    std::uint32_t hi = bus_->read32(offset::kDeliveredHi);
    std::uint32_t lo = bus_->read32(offset::kDeliveredLo);
    if (const std::uint32_t again = bus_->read32(offset::kDeliveredHi); again != hi) {
      hi = again;
      lo = bus_->read32(offset::kDeliveredLo);
    }
    c.delivered = std::uint64_t{hi} << 32 | lo;
    c.duplicates = bus_->read32(offset::kDuplicates);
    c.misroutes = bus_->read32(offset::kMisroutes);
    c.conflicts = bus_->read32(offset::kConflicts);
    c.crosstalk = bus_->read32(offset::kCrosstalk);
    c.relayed = bus_->read32(offset::kRelayed);
    c.relay_errors = bus_->read32(offset::kRelayErrors);
    c.left_in_store = bus_->read32(offset::kHeld);
    c.faulted_rounds = bus_->read32(offset::kFaulted);
    return c;
  }
  /// LAST_ERROR: the STATUS of the most recent flagged or refused round (0: none).
  [[nodiscard]] constexpr std::uint32_t last_error() { return bus_->read32(Layout::kLastError); }

  /// Whether the block implements the fault-injection registers (CAP_SHAPE.Inject).
  [[nodiscard]] constexpr bool can_inject() {
    return read_register<reg::CapShape>(*bus_, Layout::kCapShape).template test<reg::CapShape::Inject>();
  }
  /// Arms a fault: switch `sw` of `stage` fails from ROUND_COUNTER = from_round_counter on.
  /// Waits (bounded) until the block took it up (it clears INJECT.Arm), so a second
  /// call never overwrites a fault the block has not seen yet.
  [[nodiscard]] constexpr Errc inject_fault(std::uint32_t stage, std::uint32_t sw, std::uint32_t from_round_counter,
                                            std::uint32_t max_polls = kActionPolls) {
    return inject_fault(stage, sw, from_round_counter, InjectedKind{}, max_polls);  // dead, marked in FAULT
  }
  /// The same, failing as `kind` says: stuck in a state rather than dead, hidden (FAULT
  /// does not mark it: only what the outputs receive shows it).
  [[nodiscard]] constexpr Errc inject_fault(std::uint32_t stage, std::uint32_t sw, std::uint32_t from_round_counter,
                                            const InjectedKind& kind, std::uint32_t max_polls = kActionPolls) {
    A2A_TRY(start_inject_fault(stage, sw, from_round_counter, kind));
    return wait_injection(max_polls);
  }
  /// inject_fault for a caller that does not wait here: INJECT written; then
  /// injection_taken(), one read of INJECT a call, until the block has taken it up.
  [[nodiscard]] constexpr Errc start_inject_fault(std::uint32_t stage, std::uint32_t sw,
                                                  std::uint32_t from_round_counter, const InjectedKind& kind) {
    if (!can_inject()) return Errc::fabric_inject_unsupported;
    A2A_TRY(check_stage(stage));
    if (sw >= net_.switches_per_stage()) return Errc::switch_out_of_range;
    if (kind.stuck && kind.state >= net_.radix) return Errc::state_out_of_range;
    write_register(*bus_, Layout::kInjectRound,
                   RegisterValue<reg::InjectRound>{}.set<reg::InjectRound::Round>(from_round_counter));
    write_register(*bus_, Layout::kInject,
                   RegisterValue<reg::Inject>{}
                       .set<reg::Inject::Stage>(stage)
                       .set<reg::Inject::Switch>(sw)
                       .set<reg::Inject::State>(kind.stuck ? kind.state : 0U)
                       .set<reg::Inject::Stuck>(kind.stuck ? 1U : 0U)
                       .set<reg::Inject::Hidden>(kind.hidden ? 1U : 0U)
                       .flag<reg::Inject::Arm>());
    return Errc::ok;
  }
  /// One read of INJECT: the block has taken up the last fault armed or cleared (Arm
  /// and Clear read 0 again).
  [[nodiscard]] constexpr bool injection_taken() {
    constexpr std::uint32_t kPending = reg::Inject::Arm::mask | reg::Inject::Clear::mask;
    return (bus_->read32(Layout::kInject) & kPending) == 0;
  }
  /// Forgets every injected fault and clears the FAULT bitmap.
  [[nodiscard]] constexpr Errc clear_injected_faults(std::uint32_t max_polls = kActionPolls) {
    A2A_TRY(start_clear_injected_faults());
    return wait_injection(max_polls);
  }
  /// clear_injected_faults without the wait: INJECT.Clear written; injection_taken() then.
  [[nodiscard]] constexpr Errc start_clear_injected_faults() {
    if (!can_inject()) return Errc::fabric_inject_unsupported;
    write_register(*bus_, Layout::kInject, RegisterValue<reg::Inject>{}.flag<reg::Inject::Clear>());
    return Errc::ok;
  }

  /// Whether the block reports what each output receives (ARRIVED) and runs test rounds
  /// (NET_SHAPE.Probe): CAP_SHAPE.Monitor.
  [[nodiscard]] constexpr bool monitors() {
    return read_register<reg::CapShape>(*bus_, Layout::kCapShape).template test<reg::CapShape::Monitor>();
  }
  /// ARRIVED[output]: whose signal `output` received in the last round that ran.
  [[nodiscard]] constexpr Result<Arrival> arrived(std::uint32_t output) {
    if (!configured_) return Errc::fabric_not_configured;
    if (output >= net_.ports) return Errc::port_out_of_range;
    const auto a = read_register<reg::Arrived>(*bus_, Layout::arrived(output));
    return Arrival{a.template test<reg::Arrived::Valid>(), a.template get<reg::Arrived::Source>()};
  }
  /// Whether the block summarizes each round's arrivals in ROUND_CHECK: CAP_SHAPE.Check
  /// (register map 2.2).
  [[nodiscard]] constexpr bool checks_rounds() {
    return read_register<reg::CapShape>(*bus_, Layout::kCapShape).template test<reg::CapShape::Check>();
  }
  /// ROUND_CHECK: the last round's arrivals against its headers, one read (arrivals.hpp).
  [[nodiscard]] constexpr Result<RoundCheck> round_check() {
    if (!configured_) return Errc::fabric_not_configured;
    return read_round_check<Layout>(*bus_);
  }
  /// The first sending input in [first, end) whose signal ARRIVED does not show at the
  /// output its header names, kAllArrived when none: the port-by-port check,
  /// registers read raw (first_unarrived, arrivals.hpp).
  [[nodiscard]] constexpr Result<std::uint32_t> first_unarrived(std::uint32_t first, std::uint32_t end) {
    if (!configured_) return Errc::fabric_not_configured;
    return hal::first_unarrived<Layout>(*bus_, net_.ports, first, end);
  }
  /// Test rounds on (the rounds committed from now on count nothing; ARRIVED shows
  /// where their signals went) or off again.
  [[nodiscard]] constexpr Errc set_probe(bool probe) {
    if (!configured_) return Errc::fabric_not_configured;
    return write_shadow(Layout::kNetShape, net_shape(net_, optical_, relay_, probe));
  }

  /// Whether the block marks switch `sw` of `stage` faulty (FAULT bitmap).
  [[nodiscard]] constexpr Result<bool> switch_faulty(std::uint32_t stage, std::uint32_t sw) {
    A2A_TRY(check_stage(stage));
    if (sw >= net_.switches_per_stage()) return Errc::switch_out_of_range;
    return ((bus_->read32(Layout::fault(stage, sw / 32)) >> (sw % 32)) & 1U) != 0;
  }
  /// FAULT word `word` of `stage`: bit k marks switch 32 word + k (hal::FaultWords).
  [[nodiscard]] constexpr Result<std::uint32_t> fault_word(std::uint32_t stage, std::uint32_t word) {
    A2A_TRY(check_stage(stage));
    if (word >= (net_.switches_per_stage() + 31) / 32) return Errc::switch_out_of_range;
    return bus_->read32(Layout::fault(stage, word));
  }

 private:
  /// The mirror of what this driver last wrote into the stage-control shadow
  /// registers: only values written without error since configure(), forgotten on
  /// reset, abort and any failed write, so a skipped write can never leave a stale
  /// setting in the block. (Idle-mask words are port state, rewritten each round:
  /// a mirror of them would grow with the block's capacity.)
  constexpr void forget_shadow() { stage_known_ = 0; }
  static constexpr void remember(std::uint32_t& known, std::uint32_t bit, bool ok) {
    known = ok ? known | (std::uint32_t{1} << bit) : known & ~(std::uint32_t{1} << bit);
  }

  /// SWITCH_STATE words of a stage (8 switches each).
  [[nodiscard]] constexpr std::uint32_t switch_words() const {
    return (switches_ + kSwitchesPerWord - 1) / kSwitchesPerWord;
  }
  /// A SWITCH_STATE word's nibbles at once (a round of a periodic table writes a word per
  /// 8 switches: no loop over them): those of switches the network has must be states
  /// below d, the others 0.
  [[nodiscard]] constexpr Errc check_switch_word(std::uint32_t word, std::uint32_t packed) const {
    static_assert(kSwitchesPerWord * reg::SwitchState::kBitsPerSwitch == 32 && reg::SwitchState::kBitsPerSwitch == 4);
    const std::uint32_t here = switches_ - word * kSwitchesPerWord;  // switches in this word, at least 1
    const std::uint32_t present = here >= kSwitchesPerWord ? ~0U : (1U << (4 * here)) - 1U;
    const std::uint32_t radix = net_.radix;
    if ((radix & (radix - 1U)) == 0) {
      if ((packed & present & (0x11111111U * (0xFU & ~(radix - 1U)))) != 0) return Errc::state_out_of_range;
    } else {
      for (std::uint32_t j = 0; j < here && j < kSwitchesPerWord; ++j)
        if (((packed >> (4 * j)) & 0xFU) >= radix) return Errc::state_out_of_range;
    }
    if ((packed & ~present) != 0) return Errc::switch_out_of_range;
    return Errc::ok;
  }

  [[nodiscard]] constexpr Errc check_stage(std::uint32_t stage) const {
    if (!configured_) return Errc::fabric_not_configured;
    if (stage >= net_.stages) return Errc::stage_out_of_range;
    return Errc::ok;
  }

  /// Writes a shadow register and, with read-back verification on, checks it took.
  template <class R>
  [[nodiscard]] constexpr Errc write_shadow(std::uint32_t offset, const RegisterValue<R>& value) {
    write_register(*bus_, offset, value);
    return read_back(offset, value.raw());
  }
  [[nodiscard]] constexpr Errc write_raw_shadow(std::uint32_t offset, std::uint32_t value) {
    bus_->write32(offset, value);
    return read_back(offset, value);
  }
  /// A store and, with Verify (read-back verification), its read-back: for the loops
  /// below, which choose once and hold the bus in a local (no store can change it).
  template <bool Verify>
  [[nodiscard]] static constexpr Errc store(Bus& bus, std::uint32_t offset, std::uint32_t value) {
    bus.write32(offset, value);
    if constexpr (Verify) return bus.read32(offset) == value ? Errc::ok : Errc::fabric_readback_mismatch;
    return Errc::ok;
  }
  /// set_periodic_switches' stores: `words` words from `offset`, the last `last`.
  template <bool Verify>
  [[nodiscard]] static constexpr Errc fill_words(Bus& bus, std::uint32_t offset, std::uint32_t words,
                                                 std::uint32_t packed, std::uint32_t last) {
    for (std::uint32_t w = 0; w + 1 < words; ++w) A2A_TRY(store<Verify>(bus, offset + 4 * w, packed));
    return store<Verify>(bus, offset + 4 * (words - 1), last);
  }
  /// One class of a periodic round's ports: `count` headers `spacing` bytes apart from
  /// `offset`, each the one before plus `stride` (mod N in its destination field).
  struct HeaderRun {
    std::uint32_t offset;   ///< the first header's
    std::uint32_t count;    ///< headers
    std::uint32_t spacing;  ///< bytes between two (4 P)
    std::uint32_t header;   ///< the first header's value
    std::uint32_t stride;   ///< P 2^n mod N: added to each next destination
    std::uint32_t limit;    ///< the tag's bits plus N: a header at or past it has passed N
    std::uint32_t ports;    ///< N
  };
  /// Not inlined: inside its callers the loop's registers spill (bench_runner, 2026-12-05).
  template <bool Verify>
  [[nodiscard, gnu::noinline]] static constexpr Errc header_run(Bus& bus, const HeaderRun& run) {
    std::uint32_t offset = run.offset;
    std::uint32_t header = run.header;
    const std::uint32_t spacing = run.spacing;  // locals: the stores cannot be taken to change them
    const std::uint32_t stride = run.stride;
    const std::uint32_t limit = run.limit;
    const std::uint32_t ports = run.ports;
    for (std::uint32_t k = run.count; k != 0; --k, offset += spacing) {
      A2A_TRY(store<Verify>(bus, offset, header));
      header += stride;
      if (header >= limit) header -= ports;  // the destination field passed N
    }
    return Errc::ok;
  }
  /// An idle class: `count` zero headers `spacing` bytes apart from `offset`.
  template <bool Verify>
  [[nodiscard, gnu::noinline]] static constexpr Errc zero_run(Bus& bus, const HeaderRun& run) {
    std::uint32_t offset = run.offset;
    for (std::uint32_t k = run.count; k != 0; --k, offset += run.spacing) A2A_TRY(store<Verify>(bus, offset, 0));
    return Errc::ok;
  }
  /// set_periodic_headers' stores (its checks made): a class of ports at a time, each
  /// port's header its class's previous one with P 2^n (mod N) added to its destination.
  template <bool Verify>
  [[nodiscard]] static constexpr Errc periodic_headers(Bus& bus, std::uint32_t first, std::uint32_t end,
                                                       const PeriodicPorts& p, std::uint32_t ports) {
    static_assert(reg::PortHeader::Destination::position == 0);  // the header's low bits step
    const std::uint32_t period = p.period;
    const std::uint32_t stride = (period * p.step) % ports;
    for (std::uint32_t port = first; port < first + period && port < end; ++port) {
      const std::uint32_t cls = port & (period - 1U);
      const std::uint32_t count = (end - port + period - 1U) / period;
      const std::uint32_t tag = p.tags[cls];
      const std::uint32_t tag_bits = reg::PortHeader::Tag::insert(0, tag);
      const HeaderRun run{
          Layout::port_header(port), count, 4 * period, tag_bits | (port * p.step + tag) % ports, stride,
          tag_bits + ports,          ports};
      const bool idle = ((p.idle >> cls) & 1U) != 0;  // an idle class: 0, 0
      A2A_TRY(idle ? zero_run<Verify>(bus, run) : header_run<Verify>(bus, run));
    }
    return Errc::ok;
  }
  [[nodiscard]] constexpr Errc read_back(std::uint32_t offset, std::uint32_t written) {
    if (!verify_writes_) return Errc::ok;
    return bus_->read32(offset) == written ? Errc::ok : Errc::fabric_readback_mismatch;
  }

  static constexpr RegisterValue<reg::NetShape> net_shape(const Network& net, bool optical, bool relay, bool probe) {
    return RegisterValue<reg::NetShape>{}
        .set<reg::NetShape::Radix>(net.radix)
        .set<reg::NetShape::Stages>(net.stages)
        .set<reg::NetShape::TopologyCode>(topology_code(net.topology))
        .set<reg::NetShape::Optical>(optical ? 1U : 0U)
        .set<reg::NetShape::Relay>(relay ? 1U : 0U)
        .set<reg::NetShape::Probe>(probe ? 1U : 0U);
  }

  /// Writes CONTROL: one action with the next ticket.
  template <class Action>
  [[nodiscard]] constexpr Errc control(bool needs_network) {
    if (needs_network && !configured_) return Errc::fabric_not_configured;
    ticket_ = static_cast<std::uint8_t>(ticket_ + 1U);
    write_register(*bus_, Layout::kControl,
                   RegisterValue<reg::Control>{}.flag<Action>().template set<reg::Control::Ticket>(ticket_));
    return Errc::ok;
  }
  /// Bounded wait until STATUS shows the last ticket (the outcome bits do not matter).
  [[nodiscard]] constexpr Errc wait_ticket(std::uint32_t max_polls) {
    for (std::uint32_t poll = 0; poll < max_polls; ++poll)
      if (action_taken()) return Errc::ok;
    return Errc::fabric_timeout;
  }
  /// Bounded wait until the block has taken up INJECT (injection_taken).
  [[nodiscard]] constexpr Errc wait_injection(std::uint32_t max_polls) {
    for (std::uint32_t poll = 0; poll < max_polls; ++poll)
      if (injection_taken()) return Errc::ok;
    return Errc::fabric_timeout;
  }

  Bus* bus_;
  Network net_{};
  std::uint32_t switches_{0};     // net_.switches_per_stage(), once per configure (a division for some)
  std::uint32_t stage_words_{0};  // net_.stage_words(): the bound of a header's tag, once per configure
  bool configured_{false};
  bool optical_{false};
  bool relay_{false};
  std::uint8_t ticket_{0};
  bool verify_writes_{false};
  bool stepped_{false};  // a RoundStepper was handed out since configure(): the stage mirror is off
  static_assert(Layout::stage_control(1) - Layout::stage_control(0) == 4, "a2a::hal: STAGE_CTRL words are adjacent");
  static_assert(Layout::kMaxStages <= 32, "a2a::hal: the stage mirror holds at most 32 stages");
  std::array<std::uint8_t, Layout::kMaxStages> stage_mirror_{};  // small: drivers live on round-loop stacks
  std::uint32_t stage_known_{0};
};

}  // namespace a2a::hal
