// What the controller firmware programs against: FabricController, the eight calls
// every fabric has (configure, write a round's stages, commit, poll, wait, abort, back
// to idle). What only some fabrics have (switch words, port headers and idle masks,
// relays, counters, output monitors, fault marking, fault injection) is a capability
// concept of its own (fabric_capabilities.hpp): the app looks for each with
// `if constexpr` and a driver implements only what its hardware has.
// FabricDriver (fabric_driver.hpp) is the a2a block's driver; a foreign block brings
// its own (tests/app/porting_example.hpp, examples/product/acme_circuit.hpp).
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

/// What the controller firmware needs from every fabric:
///  - configure(net, optical): the network, active from the next commit; network():
///    the one configured (fabric_not_configured before);
///  - set_stage_control(stage, mode, state): a stage's shadow setting for the next
///    commit (a mode the fabric lacks: fabric_operation_unsupported);
///  - commit(): run the round the shadow settings describe;
///  - poll_status(max_polls) / wait_round(max_polls): read the outcome at most
///    max_polls times, accepting only this commit's (wait_round: ok only for a
///    completed, clean round); never a wait without bound;
///  - abort(): drop a round that hangs (fabric_operation_unsupported where the
///    hardware cannot take one back); reset(): back to idle, unconfigured.
template <class C>
concept FabricController = requires(C& fabric, const C& configured, const Network& net, bool optical,
                                    std::uint32_t stage, ControlMode mode, std::uint32_t state,
                                    std::uint32_t max_polls) {
  { fabric.configure(net, optical) } -> std::same_as<Errc>;
  { configured.network() } -> std::same_as<Result<Network>>;
  { fabric.set_stage_control(stage, mode, state) } -> std::same_as<Errc>;
  { fabric.commit() } -> std::same_as<Errc>;
  { fabric.poll_status(max_polls) } -> std::same_as<Result<FabricStatus>>;
  { fabric.wait_round(max_polls) } -> std::same_as<Errc>;
  { fabric.abort() } -> std::same_as<Errc>;
  { fabric.reset() } -> std::same_as<Errc>;
};

}  // namespace a2a::hal
