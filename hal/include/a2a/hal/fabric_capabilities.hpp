// What only some fabrics have, beside FabricController (fabric_controller.hpp): one
// concept per capability, each defined here once. The app looks for each with
// `if constexpr`, so a driver implements only what its hardware has and pays
// nothing for the rest; asked for what it lacks, the app answers with an error
// (fabric_relay_unsupported, fabric_inject_unsupported, fabric_operation_unsupported),
// never with a call into a stub.
//
//   IndividualSwitches  set_switch_word: every switch its own state (else stage
//                       control only: a round that sets switches one by one is refused)
//   PortHeaders         set_port_header: each port's destination and tag (self-routing)
//   IdleMasks           set_idle_word: which ports send nothing this round
//   PeriodicSwitches    set_periodic_switches: a periodic round's stages, a store a word
//   PeriodicHeaders     set_periodic_headers: a periodic round's headers, a store a port
//   RelayFabric         configure(.., relay), relay(), set_port_message: relayed messages
//   RoundCounter        round_counter(): rounds the fabric has carried
//   DeliveryCounters    counters() and their clearing: what arrived, to verify a run
//   OutputMonitors      ARRIVED and ROUND_CHECK: each output's source after a round
//   FaultMarking        switch_faulty(), FaultWords fault_word(): the switches it marks
//   FaultInjection      failing a switch on request (an emulated or test block)
#pragma once

#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/delivery_tally.hpp"
#include "a2a/hal/arrivals.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal {

/// How an injected fault fails (INJECT): dead, or stuck in `state`; `hidden`: FAULT
/// does not mark it.
struct InjectedKind {
  bool stuck{false};
  std::uint32_t state{0};
  bool hidden{false};
};

/// What an output received in the last round (ARRIVED): valid, and from which input.
struct Arrival {
  bool valid{false};
  std::uint32_t source{0};
  friend constexpr bool operator==(const Arrival&, const Arrival&) = default;
};

/// Switches set one by one: set_switch_word(stage, word, packed_states) sets switches
/// 8 word .. 8 word + 7 of `stage` (4 bits each, kSwitchesPerWord).
template <class C>
concept IndividualSwitches = requires(C& fabric, std::uint32_t stage, std::uint32_t word, std::uint32_t packed_states) {
  { fabric.set_switch_word(stage, word, packed_states) } -> std::same_as<Errc>;
};

/// Self-routing headers: set_port_header(port, destination, tag) for the next commit
/// (an idle port gets 0, 0).
template <class C>
concept PortHeaders = requires(C& fabric, std::uint32_t port, std::uint32_t destination, std::uint32_t tag) {
  { fabric.set_port_header(port, destination, tag) } -> std::same_as<Errc>;
};

/// Endpoints told who sends: bit j of set_idle_word(word, idle_bits) marks port
/// 32 word + j idle this round (kPortsPerIdleWord).
template <class C>
concept IdleMasks = requires(C& fabric, std::uint32_t word, std::uint32_t idle_bits) {
  { fabric.set_idle_word(word, idle_bits) } -> std::same_as<Errc>;
};

/// IndividualSwitches a round at a time where each stage repeats one word of 8 states
/// (a periodic table's): set_periodic_switches(words), words[s] for stage s, the checks
/// made once a stage.
template <class C>
concept PeriodicSwitches = IndividualSwitches<C> && requires(C& fabric, std::span<const std::uint32_t> words) {
  { fabric.set_periodic_switches(words) } -> std::same_as<Errc>;
};

/// PortHeaders from a periodic round (PeriodicPorts, a periodic table's):
/// set_periodic_headers(first, end, ports) writes ports [first, end) as set_port_header
/// would, with no send() and no checks a port.
template <class C>
concept PeriodicHeaders = PortHeaders<C> &&
    requires(C& fabric, std::uint32_t first, std::uint32_t end, const PeriodicPorts& ports) {
  { fabric.set_periodic_headers(first, end, ports) } -> std::same_as<Errc>;
};

/// A fabric that stores and forwards (fault-tolerant schedules relay through a port):
/// configure(net, optical, relay), relay() (whether it is carrying port messages) and
/// each sending port's message, set_port_message(port, origin, final_destination).
template <class C>
concept RelayFabric = PortHeaders<C> &&
    requires(C& fabric, const C& configured, const Network& net, bool optical, bool relay, std::uint32_t port,
             std::uint32_t origin, std::uint32_t final_destination) {
  { fabric.configure(net, optical, relay) } -> std::same_as<Errc>;
  { configured.relay() } -> std::same_as<bool>;
  { fabric.set_port_message(port, origin, final_destination) } -> std::same_as<Errc>;
};

/// The rounds the fabric has carried since it was reset (the console's status line;
/// where an injected fault starts).
template <class C>
concept RoundCounter = requires(C& fabric) {
  { fabric.round_counter() } -> std::same_as<std::uint32_t>;
};

/// What the fabric delivered (register map 2.0's counters): they verify a run. Cleared
/// in two halves, so no step waits: start_clear_counters(), then action_taken() (one
/// read a call) until the fabric confirms.
template <class C>
concept DeliveryCounters = requires(C& fabric) {
  { fabric.start_clear_counters() } -> std::same_as<Errc>;
  { fabric.action_taken() } -> std::same_as<bool>;
  { fabric.counters() } -> std::same_as<DeliveryTally>;
};

/// What each output received in the last round: monitors() (whether the block has
/// them), arrived(output) one output at a time (the diagnosis), first_unarrived(first,
/// end) a range of sending inputs checked against their headers, and where
/// checks_rounds(), the block's own summary, round_check() (register map 2.2).
template <class C>
concept OutputMonitors = requires(C& fabric, std::uint32_t output, std::uint32_t first, std::uint32_t end) {
  { fabric.monitors() } -> std::same_as<bool>;
  { fabric.arrived(output) } -> std::same_as<Result<Arrival>>;
  { fabric.checks_rounds() } -> std::same_as<bool>;
  { fabric.round_check() } -> std::same_as<Result<RoundCheck>>;
  { fabric.first_unarrived(first, end) } -> std::same_as<Result<std::uint32_t>>;
};

/// The switches the fabric marks faulty after a flagged round: switch_faulty(stage,
/// switch_index). Without it a faulted round is retried and reported unlocated.
template <class C>
concept FaultMarking = requires(C& fabric, std::uint32_t stage, std::uint32_t switch_index) {
  { fabric.switch_faulty(stage, switch_index) } -> std::same_as<Result<bool>>;
};

/// FaultMarking a word at a time (the a2a block's FAULT bitmap): bit k of
/// fault_word(stage, word) marks switch 32 word + k of the stage. The round loop then
/// locates a marked switch 32 a read (a step reads all of N = 256's).
template <class C>
concept FaultWords = FaultMarking<C> && requires(C& fabric, std::uint32_t stage, std::uint32_t word) {
  { fabric.fault_word(stage, word) } -> std::same_as<Result<std::uint32_t>>;
};

/// Switches failed on request (an emulated or test block; can_inject() says whether
/// this one has the registers), from a round the fabric counts (RoundCounter). Armed
/// and cleared in two halves as the counters are: start_inject_fault(stage, switch_index, from_round, kind) or
/// start_clear_injected_faults(), then injection_taken() until the block took it up.
template <class C>
concept FaultInjection = RoundCounter<C> && requires(C& fabric, std::uint32_t stage, std::uint32_t switch_index,
                                                     std::uint32_t from_round, const InjectedKind& kind) {
  { fabric.can_inject() } -> std::same_as<bool>;
  { fabric.start_inject_fault(stage, switch_index, from_round, kind) } -> std::same_as<Errc>;
  { fabric.injection_taken() } -> std::same_as<bool>;
  { fabric.start_clear_injected_faults() } -> std::same_as<Errc>;
};

/// configure(net, optical, relay) on any fabric: a fabric without relays refuses
/// relay = true (fabric_relay_unsupported) and is configured plainly otherwise.
template <FabricController C>
[[nodiscard]] constexpr Errc configure_fabric(C& fabric, const Network& net, bool optical, bool relay) {
  if constexpr (RelayFabric<C>) {
    return fabric.configure(net, optical, relay);
  } else {
    return relay ? Errc::fabric_relay_unsupported : fabric.configure(net, optical);
  }
}

/// Whether the fabric is carrying relayed messages (false for one without relays).
template <FabricController C>
[[nodiscard]] constexpr bool relays(const C& fabric) {
  if constexpr (RelayFabric<C>) {
    return fabric.relay();
  } else {
    (void)fabric;
    return false;
  }
}

}  // namespace a2a::hal
