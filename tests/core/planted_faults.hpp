// Planted faults as the switch level routes them, for the fault locator's tests: what
// the outputs show in a round when some switches are dead or stuck and some links dead,
// from route() alone (a stuck switch's state replaces the round's; a dead element loses
// what passes it), never from the locator's own model (FaultedRound).
#pragma once

#include <a2a/fault/faulted_round.hpp>

#include <cstdint>
#include <span>

namespace a2a::test {

/// What the outputs show for round `config` with the planted faults, by input port.
template <class C>
constexpr void observe_planted(const a2a::Network& net, const C& config, std::span<const a2a::FaultCandidate> truth,
                               std::span<std::uint16_t> out) {
  // The planted faults act through the switch level: a stuck switch's state replaces the
  // round's, a dead element loses what route() takes through it.
  struct Planted {
    const C* base;
    std::span<const a2a::FaultCandidate> faults;
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      for (const a2a::FaultCandidate& f : faults)
        if (f.kind == a2a::LocatedKind::stuck_switch && f.stage == s && f.index == y) return f.state;
      return static_cast<std::uint32_t>(base->switch_state(s, y));
    }
  };
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    const a2a::Path p = a2a::route(net, i, Planted{&config, truth});
    bool lost = false;
    for (const a2a::FaultCandidate& f : truth) {
      const a2a::Hop h = p.hops[f.stage];
      if (f.kind == a2a::LocatedKind::dead_switch) lost = lost || h.switch_index == f.index;
      if (f.kind == a2a::LocatedKind::dead_link)
        lost = lost || a2a::wiring::after_stage(net, f.stage, 2 * h.switch_index + h.out_port) == f.index;
    }
    out[i] = lost ? a2a::kLost : static_cast<std::uint16_t>(p.destination);
  }
}
template <class C>
constexpr void observe_planted(const a2a::Network& net, const C& config, const a2a::FaultCandidate& truth,
                               std::span<std::uint16_t> out) {
  observe_planted(net, config, std::span<const a2a::FaultCandidate>(&truth, 1), out);
}

}  // namespace a2a::test
