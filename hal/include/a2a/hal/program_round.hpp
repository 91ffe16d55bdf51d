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
// A periodic table's round (stage patterns, PeriodicPorts) where the fabric has
// PeriodicSwitches and PeriodicHeaders: a word a stage and no send() at all, the headers
// a store a port from the round's P tags.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/limits.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::hal {

/// A schedule whose rounds say how they set their switches.
template <class S>
concept ControlledSchedule = Schedule<S> && requires(const typename S::Round& round) {
  { round.control() } -> std::same_as<ControlMode>;
};

namespace detail {

/// Nibble k of kNibbles[x] is bit k of x: 4 states in SWITCH_STATE's 4-bit fields.
inline constexpr std::array<std::uint16_t, 16> kNibbles = [] {
  std::array<std::uint16_t, 16> t{};
  for (std::uint32_t x = 0; x < 16; ++x)
    for (std::uint32_t k = 0; k < 4; ++k) t[x] = static_cast<std::uint16_t>(t[x] | ((x >> k) & 1U) << (4 * k));
  return t;
}();
/// A SWITCH_STATE word of a periodic stage (period dividing 8, pattern bits below it):
/// its period's states, a nibble each, then doubled until the word holds 8.
[[nodiscard]] constexpr std::uint32_t periodic_word(const PeriodicStage& p) {
  std::uint32_t word = kNibbles[p.pattern & 0xFU] | std::uint32_t{kNibbles[(p.pattern >> 4) & 0xFU]} << 16;
  for (std::uint32_t width = p.period; width < kSwitchesPerWord; width *= 2) word |= word << (4 * width);
  return word;
}

/// A periodic round's SWITCH_STATE words (every stage's pattern, of a period dividing a
/// word's 8 switches) into words[s]: true; false where the round has none.
template <class Round>
[[nodiscard]] constexpr bool periodic_words(const Round& round, std::span<std::uint32_t> words) {
  if constexpr (requires { round.stage_patterns(words); }) {
    const std::uint32_t period = round.stage_patterns(words);
    if (period == 0 || kSwitchesPerWord % period != 0) return false;
    for (std::uint32_t& word : words) word = periodic_word({period, word});
    return true;
  } else {
    (void)round, (void)words;
    return false;
  }
}

/// A periodic round's stages where the fabric sets a stage a word at a time: its words,
/// the last of each stage cut to the switches it has.
template <IndividualSwitches C>
[[nodiscard]] constexpr Errc write_periodic_switches(C& fabric, const Network& net,
                                                     std::span<const std::uint32_t> words) {
  if constexpr (PeriodicSwitches<C>) {
    (void)net;
    return fabric.set_periodic_switches(words);  // the checks once, a store a word
  } else {
    const std::uint32_t switches = net.switches_per_stage();
    for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
      A2A_TRY(fabric.set_stage_control(stage, ControlMode::individual, 0));
      const std::uint32_t packed = words[stage];
      for (std::uint32_t first = 0; first < switches; first += kSwitchesPerWord) {
        const std::uint32_t left = switches - first;  // the last word: its switches only
        const std::uint32_t word = left >= kSwitchesPerWord ? packed : packed & ((1U << (4 * left)) - 1U);
        A2A_TRY(fabric.set_switch_word(stage, first / kSwitchesPerWord, word));
      }
    }
    return Errc::ok;
  }
}

template <FabricController C, class Round>
[[nodiscard]] constexpr Errc write_switches(C& fabric, const Network& net, const Round& round) {
  const ControlMode mode = round.control();
  if constexpr (IndividualSwitches<C>) {
    if (mode == ControlMode::individual) {
      // A periodic table's round: a word a stage, computed once (no switch_state() a switch).
      std::array<std::uint32_t, kMaxStages> buffer{};
      const std::span<std::uint32_t> words = std::span(buffer).first(net.stages);
      if (periodic_words(round, words)) return write_periodic_switches(fabric, net, words);
    }
  }
  const std::uint32_t switches = mode == ControlMode::individual ? net.switches_per_stage() : 0;  // a division
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    if (mode != ControlMode::individual) {
      // Stage and alternating patterns: switch 0 carries the stage's state / a_s.
      const auto state = static_cast<std::uint32_t>(round.switch_state(stage, 0));
      A2A_TRY(fabric.set_stage_control(stage, mode, state));
      continue;
    }
    if constexpr (IndividualSwitches<C>) {
      A2A_TRY(fabric.set_stage_control(stage, ControlMode::individual, 0));
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

/// A periodic round's ports [first, end) (end clipped to N): the headers in one call,
/// then each idle word from the classes' idle bits (P divides 32: every whole word is
/// the same; ports beyond N idle, as write_ports marks them).
template <PeriodicHeaders C>
[[nodiscard]] constexpr Errc write_periodic_ports(C& fabric, std::uint32_t ports, const PeriodicPorts& p,
                                                  std::uint32_t first, std::uint32_t end) {
  if (first >= end) return Errc::ok;  // as write_ports: nothing asked
  A2A_TRY(fabric.set_periodic_headers(first, end, p));
  if constexpr (IdleMasks<C>) {
    std::uint32_t pattern = p.idle & ((1U << p.period) - 1U);
    for (std::uint32_t width = p.period; width < kPortsPerIdleWord; width *= 2) pattern |= pattern << width;
    for (std::uint32_t base = first; base < end; base += kPortsPerIdleWord) {
      const std::uint32_t here = end - base;  // ports of this word written now
      std::uint32_t idle = here >= kPortsPerIdleWord ? pattern : pattern & ((1U << here) - 1U);
      if (base + kPortsPerIdleWord > ports) idle |= ~std::uint32_t{0} << (ports - base);  // beyond N
      A2A_TRY(fabric.set_idle_word(base / kPortsPerIdleWord, idle));
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
  if constexpr (!Relay && PeriodicHeaders<C> && requires { schedule.periodic_ports(round); }) {
    // A periodic table's round: no send() a port (its formula is the fabric's loop).
    const std::uint32_t ports = schedule.network().ports;
    if (const PeriodicPorts p = schedule.periodic_ports(round); p.period != 0)
      return write_periodic_ports(fabric, ports, p, first, end > ports ? ports : end);
  }
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

/// Whether write_round_ports writes round `round_index` from its pattern (a periodic
/// table's round, PeriodicPorts, on a fabric with PeriodicHeaders, not relaying): no
/// send() a port, a quarter of the generic path's instructions a port or less.
template <FabricController C, ControlledSchedule S>
[[nodiscard]] constexpr bool writes_periodic_ports(const C& fabric, const S& schedule, std::uint32_t round_index) {
  if constexpr (PeriodicHeaders<C> && requires(const typename S::Round& r) { schedule.periodic_ports(r); }) {
    if (relays(fabric) || round_index >= schedule.rounds()) return false;
    if constexpr (requires {
                    { schedule.periodic() } -> std::same_as<bool>;
                  }) {
      if (!schedule.periodic()) return false;  // no round made for it
    }
    return schedule.periodic_ports(schedule.round(round_index)).period != 0;
  } else {
    (void)fabric, (void)schedule, (void)round_index;
    return false;
  }
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
