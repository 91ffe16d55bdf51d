// What a failed switch does to a round: the one fault model of both fabrics, the
// emulated fabric behind a board's register block (round_engine.hpp) and the host
// simulated fabric (platform/host/fabric), so that a fault planted in either acts
// the same way and the controller sees the same outputs.
//
//  - A fault the fabric marks in FAULT: the fabric's own walk reports every signal
//    through it (the configuration's faulty(); each fabric decides what that costs:
//    the emulated block voids the round, the simulated one flags it).
//  - A hidden fault (INJECT.Hidden), which real hardware would not know of:
//      dead:  every signal through the switch is lost; the others of the round arrive;
//      stuck: the switch stays in `state` whatever its registers say, so a signal that
//             wanted the other state arrives elsewhere (a misroute, or a conflict).
//    Only the outputs show it: ARRIVED[j] and ROUND_CHECK (write_arrivals) after every round.
//
// Freestanding, heap-free, constexpr: the caller keeps the faults and the lost marks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/route.hpp"
#include "a2a/topology.hpp"

namespace a2a::emulated {

/// A switch fault the fabric does not mark in FAULT (INJECT.Hidden): dead (the signals
/// through it are lost) or stuck in `state` (it stays there whatever it is set to).
struct HiddenFault {
  std::uint32_t stage{0};
  std::uint32_t sw{0};
  bool stuck{false};
  std::uint32_t state{0};
};

/// The switches as a faulty fabric sets them: `Base` (a Configuration: the states the
/// registers hold, and faulty() for the switches FAULT marks) with the hidden faults
/// acting. A Configuration itself, for route() and walk_round().
template <class Base>
struct FaultedSwitches {
  const Base* base;
  std::span<const HiddenFault> hidden;

  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    for (const HiddenFault& f : hidden)
      if (f.stuck && f.stage == s && f.sw == y) return f.state;
    return base->switch_state(s, y);
  }
  [[nodiscard]] constexpr bool faulty(std::uint32_t s, std::uint32_t y) const { return base->faulty(s, y); }
  /// The base's forced output port (route.hpp), where it has one.
  [[nodiscard]] constexpr std::uint32_t forced_port(std::uint32_t s, std::uint32_t y) const requires
      requires(const Base& b) {
    b.forced_port(s, y);
  }
  { return base->forced_port(s, y); }
  [[nodiscard]] constexpr bool hidden_dead(std::uint32_t s, std::uint32_t y) const {
    for (const HiddenFault& f : hidden)
      if (!f.stuck && f.stage == s && f.sw == y) return true;
    return false;
  }
  [[nodiscard]] constexpr bool any_dead() const {
    for (const HiddenFault& f : hidden)
      if (!f.stuck) return true;
    return false;
  }
};

/// lost[k]: signal k went through a hidden dead switch. Routed again only when there
/// is one (O(N n) more per round then). `Flags`: bools indexed 0 .. signals.size() - 1.
template <class Base, class Flags>
constexpr void mark_lost(const Network& net, const FaultedSwitches<Base>& switches,
                         std::span<const RoundSignal> signals, Flags& lost) {
  const bool any_dead = switches.any_dead();
  for (std::size_t k = 0; k < signals.size(); ++k) {
    lost[k] = false;
    if (!any_dead) continue;
    const Path path = route(net, signals[k].source, switches);
    for (std::uint32_t s = 0; s < net.stages && !lost[k]; ++s)
      lost[k] = switches.hidden_dead(s, path.hops[s].switch_index);
  }
}

/// ARRIVED[j]: Valid and the source of the signal output j received (the last one, if
/// several collided), 0 where none did. `bus` is the block's side of the registers.
/// Returns ROUND_CHECK (register map 2.2): Valid, and Mismatch with First, the lowest
/// output a signal's header named whose ARRIVED does not show that signal; what a
/// monitor at the outputs computes as the round completes (O(signals) here).
template <class Layout, hal::RegisterBus Bus, class Flags>
constexpr std::uint32_t write_arrivals(Bus& bus, const Network& net, std::span<const RoundSignal> signals,
                                       const Flags& lost) {
  using A = hal::reg::Arrived;
  for (std::uint32_t j = 0; j < net.ports; ++j) bus.write32(Layout::arrived(j), 0);
  for (std::size_t k = 0; k < signals.size(); ++k)
    if (!lost[k] && signals[k].output < net.ports)
      bus.write32(Layout::arrived(signals[k].output), A::Valid::mask | A::Source::insert(0, signals[k].source));
  using C = hal::reg::RoundCheck;
  std::uint32_t first = net.ports;  // none
  for (const RoundSignal& signal : signals) {
    const std::uint32_t named = signal.destination;
    if (named >= first) continue;  // a lower one is known already
    if (named >= net.ports ||
        bus.read32(Layout::arrived(named)) != (A::Valid::mask | A::Source::insert(0, signal.source)))
      first = named;
  }
  if (first >= net.ports) return C::Valid::mask;
  return C::Valid::mask | C::Mismatch::mask | C::First::insert(0, first);
}

}  // namespace a2a::emulated
