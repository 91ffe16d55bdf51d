// The fabric controller driver: typed operations on the register block, over
// any RegisterBus (memory-mapped hardware, the simulated fabric, the recording
// mock). Every operation validates its arguments against the configured
// network before it touches a register, and returns an Errc.
//
// FabricController is the contract the firmware programs against (program_round
// needs nothing else); FabricDriver<Bus, Layout> is the implementation for
// blocks that follow fabric_registers.hpp.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

/// Switch states packed per set_switch_word() call (4 bits each).
inline constexpr std::uint32_t kSwitchesPerWord = reg::SwitchState::kSwitchesPerWord;
/// Ports per set_idle_word() call (1 bit each).
inline constexpr std::uint32_t kPortsPerIdleWord = 32;

/// What the controller firmware needs from a fabric:
///  - configure(net, optical) the network (active from the next commit), network();
///  - the shadow settings of a round: set_stage_control(stage, mode, state),
///    set_switch_state(stage, switch, state), set_switch_word(stage, word, 8 packed
///    states), set_port_header(port, destination, tag), set_idle_word(word, 32 bits);
///  - commit(), then poll_status(max_polls) / wait_round(max_polls), which read STATUS a
///    bounded number of times; abort(), reset();
///  - diagnostics: round_counter(), switch_faulty(stage, switch).
template <class C>
concept FabricController = requires(C& c, const C& cc, const Network& net, std::uint32_t u, ControlMode mode,
                                    bool flag) {
  { c.configure(net, flag) } -> std::same_as<Errc>;
  { cc.network() } -> std::same_as<Result<Network>>;
  { c.set_stage_control(u, mode, u) } -> std::same_as<Errc>;
  { c.set_switch_state(u, u, u) } -> std::same_as<Errc>;
  { c.set_switch_word(u, u, u) } -> std::same_as<Errc>;
  { c.set_port_header(u, u, u) } -> std::same_as<Errc>;
  { c.set_idle_word(u, u) } -> std::same_as<Errc>;
  { c.commit() } -> std::same_as<Errc>;
  { c.abort() } -> std::same_as<Errc>;
  { c.reset() } -> std::same_as<Errc>;
  { c.poll_status(u) } -> std::same_as<Result<FabricStatus>>;
  { c.wait_round(u) } -> std::same_as<Errc>;
  { c.round_counter() } -> std::same_as<std::uint32_t>;
  { c.switch_faulty(u, u) } -> std::same_as<Result<bool>>;
};

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

  /// Checks that the block is an a2a fabric of version 1.x with exactly Layout's capacity
  /// (the offsets of its arrays depend on it).
  [[nodiscard]] constexpr Errc probe() {
    const auto version = read_register<reg::Version>(*bus_, Layout::kVersion);
    const auto shape = read_register<reg::CapShape>(*bus_, Layout::kCapShape);
    if (bus_->read32(Layout::kId) != reg::kIdValue || version.template get<reg::Version::Major>() != 1 ||
        bus_->read32(Layout::kCapPorts) != Layout::kCapPortsValue ||
        shape.template get<reg::CapShape::MaxStages>() != Layout::kMaxStages)
      return Errc::fabric_device_mismatch;
    return Errc::ok;
  }

  /// Writes N, d, n, topology and optical mode; active from the next commit.
  [[nodiscard]] constexpr Errc configure(const Network& net, bool optical) {
    const Result<Network> checked = make_network(net.topology, net.ports, net.radix);
    if (!checked) return checked.error();
    if (!Layout::fits(*checked)) return Errc::fabric_capacity_exceeded;
    configured_ = false;  // until both registers hold the new network
    forget_shadow();
    if (const Errc e = write_shadow(Layout::kNetPorts,
                                    RegisterValue<reg::NetPorts>{}.set<reg::NetPorts::Ports>(checked->ports));
        e != Errc::ok)
      return e;
    if (const Errc e = write_shadow(Layout::kNetShape,
                                    RegisterValue<reg::NetShape>{}
                                        .set<reg::NetShape::Radix>(checked->radix)
                                        .set<reg::NetShape::Stages>(checked->stages)
                                        .set<reg::NetShape::TopologyCode>(topology_code(checked->topology))
                                        .set<reg::NetShape::Optical>(optical ? 1U : 0U));
        e != Errc::ok)
      return e;
    net_ = *checked;
    optical_ = optical;
    configured_ = true;
    return Errc::ok;
  }

  [[nodiscard]] constexpr Result<Network> network() const {
    if (!configured_) return Errc::fabric_not_configured;
    return net_;
  }
  [[nodiscard]] constexpr bool optical() const { return optical_; }

  /// STAGE_CTRL[stage]: mode and the stage state (stage mode) or a_s (alternating modes).
  [[nodiscard]] constexpr Errc set_stage_control(std::uint32_t stage, ControlMode mode, std::uint32_t state) {
    if (const Errc e = check_stage(stage); e != Errc::ok) return e;
    if (!mode_from_code(mode_code(mode))) return Errc::control_mode_unknown;
    if (state >= net_.radix) return Errc::state_out_of_range;
    const auto value = RegisterValue<reg::StageControl>{}
                           .set<reg::StageControl::Mode>(mode_code(mode))
                           .set<reg::StageControl::State>(state);
    // Shadow registers keep their value across commits: a stage that keeps its
    // setting is not written again (a Gray-order round writes one stage).
    const auto key = static_cast<std::uint8_t>(mode_code(mode) | state << 3);  // 3 + 4 bits: the whole register
    if (((stage_known_ >> stage) & 1U) != 0 && stage_mirror_[stage] == key) return Errc::ok;
    const Errc e = write_shadow(Layout::stage_control(stage), value);
    remember(stage_known_, stage, e == Errc::ok);
    stage_mirror_[stage] = key;
    return e;
  }

  /// One switch's state (a read-modify-write of its SWITCH_STATE word; prefer
  /// set_switch_word when a whole stage changes).
  [[nodiscard]] constexpr Errc set_switch_state(std::uint32_t stage, std::uint32_t sw, std::uint32_t state) {
    if (const Errc e = check_stage(stage); e != Errc::ok) return e;
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
    if (const Errc e = check_stage(stage); e != Errc::ok) return e;
    const std::uint32_t switches = net_.switches_per_stage();
    if (word >= (switches + kSwitchesPerWord - 1) / kSwitchesPerWord) return Errc::switch_out_of_range;
    for (std::uint32_t j = 0; j < kSwitchesPerWord; ++j) {
      const std::uint32_t state = (packed >> (j * reg::SwitchState::kBitsPerSwitch)) & 0xFU;
      if (word * kSwitchesPerWord + j >= switches) {
        if (state != 0) return Errc::switch_out_of_range;
      } else if (state >= net_.radix) {
        return Errc::state_out_of_range;
      }
    }
    return write_raw_shadow(Layout::switch_state(stage, word), packed);
  }

  /// PORT_HEADER[port]: destination and forward tag of the message injected at `port`.
  [[nodiscard]] constexpr Errc set_port_header(std::uint32_t port, std::uint32_t destination, std::uint32_t tag) {
    if (!configured_) return Errc::fabric_not_configured;
    if (port >= net_.ports || destination >= net_.ports) return Errc::port_out_of_range;
    if (tag >= net_.stage_words()) return Errc::tag_out_of_range;
    return write_shadow(Layout::port_header(port), RegisterValue<reg::PortHeader>{}
                                                       .set<reg::PortHeader::Destination>(destination)
                                                       .set<reg::PortHeader::Tag>(tag));
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
  /// Every register back to reset; the network must be configured again.
  [[nodiscard]] constexpr Errc reset() {
    const Errc e = control<reg::Control::Reset>(false);
    configured_ = false;
    forget_shadow();
    return e;
  }

  /// One read of STATUS.
  [[nodiscard]] constexpr FabricStatus status() {
    return FabricStatus::decode(read_register<reg::Status>(*bus_, Layout::kStatus));
  }

  /// Reads STATUS until BUSY clears, at most max_polls times (the bounded-wait
  /// rule: never spin forever on hardware). fabric_timeout if it stayed busy.
  [[nodiscard]] constexpr Result<FabricStatus> poll_status(std::uint32_t max_polls) {
    for (std::uint32_t poll = 0; poll < max_polls; ++poll) {
      const FabricStatus s = status();
      if (!s.busy) return s;
    }
    return Errc::fabric_timeout;
  }

  /// poll_status, then the outcome as one error: ok only for a completed, clean round.
  [[nodiscard]] constexpr Errc wait_round(std::uint32_t max_polls) {
    const Result<FabricStatus> s = poll_status(max_polls);
    if (!s) return s.error();
    if (s->error || !s->done) return Errc::fabric_round_not_run;
    if (!s->clean()) return Errc::fabric_round_faulted;
    return Errc::ok;
  }

  /// Completed rounds since reset.
  [[nodiscard]] constexpr std::uint32_t round_counter() {
    return read_register<reg::RoundCounter>(*bus_, Layout::kRoundCounter).template get<reg::RoundCounter::Count>();
  }

  /// Whether the block marks switch `sw` of `stage` faulty (FAULT bitmap).
  [[nodiscard]] constexpr Result<bool> switch_faulty(std::uint32_t stage, std::uint32_t sw) {
    if (const Errc e = check_stage(stage); e != Errc::ok) return e;
    if (sw >= net_.switches_per_stage()) return Errc::switch_out_of_range;
    return ((bus_->read32(Layout::fault(stage, sw / 32)) >> (sw % 32)) & 1U) != 0;
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
  [[nodiscard]] constexpr Errc read_back(std::uint32_t offset, std::uint32_t written) {
    if (!verify_writes_) return Errc::ok;
    return bus_->read32(offset) == written ? Errc::ok : Errc::fabric_readback_mismatch;
  }

  template <class Action>
  [[nodiscard]] constexpr Errc control(bool needs_network) {
    if (needs_network && !configured_) return Errc::fabric_not_configured;
    write_register(*bus_, Layout::kControl, RegisterValue<reg::Control>{}.flag<Action>());
    return Errc::ok;
  }

  Bus* bus_;
  Network net_{};
  bool configured_{false};
  bool optical_{false};
  bool verify_writes_{false};
  static_assert(Layout::kMaxStages <= 32, "a2a::hal: the stage mirror holds at most 32 stages");
  std::array<std::uint8_t, Layout::kMaxStages> stage_mirror_{};  // small: drivers live on round-loop stacks
  std::uint32_t stage_known_{0};
};

}  // namespace a2a::hal
