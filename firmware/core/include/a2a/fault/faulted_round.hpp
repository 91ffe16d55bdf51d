// A round with faults in it, as the outputs see it: where each signal arrives when
// some switches are dead or stuck and some links dead (the fault locator's model of
// what a fault does; fault_locator.hpp). A dead element loses the signals through it;
// a switch stuck in state K passes its signals in K whatever the round set.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/route.hpp"
#include "a2a/topology.hpp"
#include "a2a/wiring.hpp"

namespace a2a {

enum class LocatedKind : std::uint8_t { dead_switch, stuck_switch, dead_link };

/// One fault a locator considers: a dead or stuck switch (stage, index = switch), or a
/// dead link (stage, index = terminal behind the stage, as LinkFault).
struct FaultCandidate {
  LocatedKind kind{LocatedKind::dead_switch};
  std::uint32_t stage{0};
  std::uint32_t index{0};
  std::uint32_t state{0};  ///< stuck_switch: the state it stays in
  friend constexpr bool operator==(const FaultCandidate&, const FaultCandidate&) = default;
};

/// An observation's entries: the port's signal arrived nowhere, or the port sent nothing.
inline constexpr std::uint16_t kLost = 0xFFFF;
inline constexpr std::uint16_t kIdle = 0xFFFE;

/// Round `config` with the faults `faults`: where the signal of `source` arrives (kLost: nowhere).
template <Configuration C>
class FaultedRound {
 public:
  constexpr FaultedRound(const Network& net, const C& config, std::span<const FaultCandidate> faults)
      : net_(net), config_(&config), faults_(faults) {}
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    for (const FaultCandidate& f : faults_)
      if (f.kind == LocatedKind::stuck_switch && f.stage == s && f.index == y) return f.state;
    return static_cast<std::uint32_t>(config_->switch_state(s, y));
  }
  [[nodiscard]] constexpr std::uint32_t output(std::uint32_t source) const {
    return arrival(route(net_, source, *this));
  }
  /// Where a signal that took path `p` (route() through this round) arrives: kLost when a
  /// dead element is on it.
  [[nodiscard]] constexpr std::uint32_t arrival(const Path& p) const {
    for (const FaultCandidate& f : faults_)
      if (on_path(net_, p, f) && f.kind != LocatedKind::stuck_switch) return kLost;
    return p.destination;
  }
  /// Whether path `p` passes the element of `f`.
  [[nodiscard]] static constexpr bool on_path(const Network& net, const Path& p, const FaultCandidate& f) {
    const Hop h = p.hops[f.stage];
    if (f.kind != LocatedKind::dead_link) return h.switch_index == f.index;
    return wiring::after_stage(net, f.stage, net.radix * h.switch_index + h.out_port) == f.index;
  }

 private:
  Network net_;
  const C* config_;
  std::span<const FaultCandidate> faults_;
};

}  // namespace a2a
