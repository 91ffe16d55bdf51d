// From a schedule's round to the fabric's shadow registers and a COMMIT.
//
// What gets written follows the round's control style (Round::control()):
//  - stage control: one STAGE_CTRL word per stage (mode stage, the stage's state);
//  - alternating patterns: one STAGE_CTRL word per stage (the pattern mode, a_s);
//  - individual: STAGE_CTRL = individual, then every SWITCH_STATE word (8 switches each);
// then every port's header (idle ports get 0), in relay mode every sending port's
// message (origin, final destination), and the idle mask, then COMMIT. A fabric
// writes what it has (fabric_capabilities.hpp): without IndividualSwitches a round
// that sets switches one by one is refused (fabric_operation_unsupported); without
// PortHeaders and IdleMasks the ports are not written.
// Each port costs one schedule.send() and O(1) work here; there is no table and no heap.
#pragma once

#include <concepts>
#include <cstdint>

#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::hal {

/// A schedule whose rounds say how they set their switches.
template <class S>
concept ControlledSchedule = Schedule<S> && requires(const typename S::Round& round) {
  { round.control() } -> std::same_as<ControlMode>;
};

namespace detail {

template <FabricController C, class Round>
[[nodiscard]] constexpr Errc write_switches(C& fabric, const Network& net, const Round& round) {
  const ControlMode mode = round.control();
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    if (mode != ControlMode::individual) {
      // Stage and alternating patterns: switch 0 carries the stage's state / a_s.
      const auto state = static_cast<std::uint32_t>(round.switch_state(stage, 0));
      A2A_TRY(fabric.set_stage_control(stage, mode, state));
      continue;
    }
    if constexpr (IndividualSwitches<C>) {
      A2A_TRY(fabric.set_stage_control(stage, ControlMode::individual, 0));
      const std::uint32_t switches = net.switches_per_stage();
      if constexpr (requires { round.periodic_stage(stage); }) {
        // A stage whose states repeat with a period that divides a word's 8 switches
        // (a periodic table): one word, computed once, written to every word of it.
        if (const PeriodicStage p = round.periodic_stage(stage); p.period != 0 && kSwitchesPerWord % p.period == 0) {
          std::uint32_t packed = 0;
          for (std::uint32_t j = 0; j < kSwitchesPerWord; ++j)
            packed |= ((p.pattern >> (j % p.period)) & 1U) << (4 * j);
          for (std::uint32_t first = 0; first < switches; first += kSwitchesPerWord) {
            const std::uint32_t left = switches - first;  // the last word: its switches only
            const std::uint32_t word = left >= kSwitchesPerWord ? packed : packed & ((1U << (4 * left)) - 1U);
            A2A_TRY(fabric.set_switch_word(stage, first / kSwitchesPerWord, word));
          }
          continue;
        }
      }
      for (std::uint32_t first = 0; first < switches; first += kSwitchesPerWord) {
        std::uint32_t packed = 0;
        for (std::uint32_t j = 0; j < kSwitchesPerWord && first + j < switches; ++j)
          packed |= static_cast<std::uint32_t>(round.switch_state(stage, first + j)) << (4 * j);
        A2A_TRY(fabric.set_switch_word(stage, first / kSwitchesPerWord, packed));
      }
    } else {
      return Errc::fabric_operation_unsupported;  // stage control only
    }
  }
  return Errc::ok;
}

// Relay is a template parameter: the relay-mode test is made once per round, and the
// plain path's loop is the same code as without relays.
// Ports [first, end) (end clipped to N; first a multiple of kPortsPerIdleWord, so each
// idle word is written whole): a round may be written a piece at a time.
template <bool Relay, FabricController C, class S>
[[nodiscard]] constexpr Errc write_ports(C& fabric, const S& schedule, const typename S::Round& round,
                                         std::uint32_t first, std::uint32_t end) {
  if constexpr (!PortHeaders<C> && !IdleMasks<C>) {
    (void)fabric, (void)schedule, (void)round, (void)first, (void)end;
    return Errc::ok;  // nothing of a port to write: the fabric is set by its switches alone
  } else {
    const std::uint32_t ports = schedule.network().ports;
    if (end > ports) end = ports;
    [[maybe_unused]] std::uint32_t idle = 0;
    for (std::uint32_t port = first; port < end; ++port) {
      const PortSend send = schedule.send(round, port);
      if constexpr (PortHeaders<C>) {
        const Errc e =
            send.sends ? fabric.set_port_header(port, send.destination, send.tag) : fabric.set_port_header(port, 0, 0);
        A2A_TRY(e);
      }
      if constexpr (Relay) {
        if (send.sends) {
          const Errc m = fabric.set_port_message(port, send.message_origin(port), send.message_final());
          A2A_TRY(m);
        }
      }
      if constexpr (IdleMasks<C>) {
        const std::uint32_t bit = port % kPortsPerIdleWord;
        if (!send.sends) idle |= std::uint32_t{1} << bit;
        const bool last = port + 1 == ports;
        if (bit == kPortsPerIdleWord - 1 || last || port + 1 == end) {
          // Ports beyond N do not exist: mark them idle too (the block ignores them anyway).
          if (last && bit != kPortsPerIdleWord - 1) idle |= ~std::uint32_t{0} << (bit + 1);
          A2A_TRY(fabric.set_idle_word(port / kPortsPerIdleWord, idle));
          idle = 0;
        }
      }
    }
    return Errc::ok;
  }
}
template <bool Relay, FabricController C, class S>
[[nodiscard]] constexpr Errc write_ports(C& fabric, const S& schedule, const typename S::Round& round) {
  return write_ports<Relay>(fabric, schedule, round, 0, schedule.network().ports);
}

}  // namespace detail

/// program_round's first piece: checks the round and the fabric's network, writes the
/// round's switches (stage control words, or SWITCH_STATE words).
template <FabricController C, ControlledSchedule S>
[[nodiscard]] constexpr Errc begin_round(C& fabric, const S& schedule, std::uint32_t round_index) {
  if (round_index >= schedule.rounds()) return Errc::round_out_of_range;
  const Result<Network> configured = fabric.network();
  A2A_TRY(configured);
  const Network net = schedule.network();
  if (!(*configured == net)) return Errc::fabric_network_mismatch;
  return detail::write_switches(fabric, net, schedule.round(round_index));
}
/// Ports [first, end) of round `round_index` (headers, relay messages, idle words;
/// `first` a multiple of kPortsPerIdleWord): a caller that must keep each step short
/// writes a round a piece at a time, then commits.
template <FabricController C, ControlledSchedule S>
[[nodiscard]] constexpr Errc write_round_ports(C& fabric, const S& schedule, std::uint32_t round_index,
                                               std::uint32_t first, std::uint32_t end) {
  const typename S::Round round = schedule.round(round_index);
  if constexpr (RelayFabric<C>) {
    if (fabric.relay()) return detail::write_ports<true>(fabric, schedule, round, first, end);
  }
  return detail::write_ports<false>(fabric, schedule, round, first, end);
}

/// Writes round `round_index` of `schedule` into the fabric's shadow registers and
/// commits it. Does not wait: call wait_round() (or use execute_round) before the
/// next commit. The fabric must be configured for the schedule's network.
template <FabricController C, ControlledSchedule S>
[[nodiscard]] constexpr Errc program_round(C& fabric, const S& schedule, std::uint32_t round_index) {
  A2A_TRY(begin_round(fabric, schedule, round_index));
  A2A_TRY(write_round_ports(fabric, schedule, round_index, 0, schedule.network().ports));
  return fabric.commit();
}

/// program_round, then wait for the round with at most max_polls STATUS reads.
template <FabricController C, ControlledSchedule S>
[[nodiscard]] constexpr Errc execute_round(C& fabric, const S& schedule, std::uint32_t round_index,
                                           std::uint32_t max_polls) {
  A2A_TRY(program_round(fabric, schedule, round_index));
  return fabric.wait_round(max_polls);
}

}  // namespace a2a::hal
