// What the controller firmware programs against: FabricController (everything
// program_round needs) and FabricDiagnostics (the block's counters, its last
// error and, where the block has them, the fault-injection registers).
// FabricDriver (fabric_driver.hpp) implements both for blocks that follow
// fabric_registers.hpp; a foreign block implements FabricController with its own
// driver (tests/app/porting_example.hpp).
#pragma once

#include <concepts>
#include <cstdint>

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
///  - configure(net, optical, relay) the network (active from the next commit),
///    network(), relay() (whether port messages are carried);
///  - the shadow settings of a round: set_stage_control(stage, mode, state),
///    set_switch_state(stage, switch, state), set_switch_word(stage, word, 8 packed
///    states), set_port_header(port, destination, tag), set_port_message(port, origin,
///    final) (relay mode only), set_idle_word(word, 32 bits);
///  - commit(), then poll_status(max_polls) / wait_round(max_polls), which read STATUS a
///    bounded number of times and only accept the outcome of this commit; abort(), reset();
///  - diagnostics: round_counter(), switch_faulty(stage, switch).
/// A fabric that cannot relay returns an error from configure(net, optical, true).
template <class C>
concept FabricController = requires(C& c, const C& cc, const Network& net, std::uint32_t u, ControlMode mode,
                                    bool flag) {
  { c.configure(net, flag) } -> std::same_as<Errc>;
  { c.configure(net, flag, flag) } -> std::same_as<Errc>;
  { cc.network() } -> std::same_as<Result<Network>>;
  { cc.relay() } -> std::same_as<bool>;
  { c.set_stage_control(u, mode, u) } -> std::same_as<Errc>;
  { c.set_switch_state(u, u, u) } -> std::same_as<Errc>;
  { c.set_switch_word(u, u, u) } -> std::same_as<Errc>;
  { c.set_port_header(u, u, u) } -> std::same_as<Errc>;
  { c.set_port_message(u, u, u) } -> std::same_as<Errc>;
  { c.set_idle_word(u, u) } -> std::same_as<Errc>;
  { c.commit() } -> std::same_as<Errc>;
  { c.abort() } -> std::same_as<Errc>;
  { c.reset() } -> std::same_as<Errc>;
  { c.poll_status(u) } -> std::same_as<Result<FabricStatus>>;
  { c.wait_round(u) } -> std::same_as<Errc>;
  { c.round_counter() } -> std::same_as<std::uint32_t>;
  { c.switch_faulty(u, u) } -> std::same_as<Result<bool>>;
};

/// A FabricController whose block also reports what it delivered (the counters of
/// register map 2.0) and may offer fault injection (an emulated or test block).
template <class C>
concept FabricDiagnostics = FabricController<C> && requires(C& c, std::uint32_t u) {
  { c.clear_counters(u) } -> std::same_as<Errc>;
  { c.counters() } -> std::same_as<DeliveryTally>;
  { c.last_error() } -> std::same_as<std::uint32_t>;
  { c.can_inject() } -> std::same_as<bool>;
  { c.inject_fault(u, u, u) } -> std::same_as<Errc>;
  { c.clear_injected_faults() } -> std::same_as<Errc>;
};

/// A FabricController that reads its FAULT bitmap a word at a time (the a2a block's
/// driver): bit k of fault_word(stage, w) marks switch 32 w + k of the stage. Where a
/// fabric has it, the round loop locates a marked switch 32 a read (a step reads all
/// of N = 256's), else switch_faulty() one at a time.
template <class C>
concept FaultWords = FabricController<C> && requires(C& c, std::uint32_t u) {
  { c.fault_word(u, u) } -> std::same_as<Result<std::uint32_t>>;
};

}  // namespace a2a::hal
