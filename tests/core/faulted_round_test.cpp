// a2a/fault/faulted_round.hpp: where each signal of a round arrives with faults in it.
// Held to route() at the switch level: a dead switch or link loses exactly the signals
// whose fault-free path passes it and leaves every other signal where it was going; a
// stuck switch routes as if the round had set it to its state; faults act together.
#include <a2a/fault/faulted_round.hpp>

#include "a2a_test.hpp"

namespace faulted_round_unit {
using namespace a2a;

/// Round `base` with switch (stage, index) set to `state`: the stuck switch, routed plainly.
struct Overridden {
  StageControl base;
  std::uint32_t stage, index, state;
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    return s == stage && y == index ? state : static_cast<std::uint32_t>(base.switch_state(s, y));
  }
};

/// Ports whose signal FaultedRound sends elsewhere than route() through `expected` does,
/// where `lost(path)` says a dead element takes it.
template <class Expected, class Lost>
constexpr std::uint32_t disagreements(const Network& net, const StageControl& config, const FaultCandidate& f,
                                      const Expected& expected, Lost&& lost) {
  const FaultedRound<StageControl> faulted(net, config, std::span<const FaultCandidate>(&f, 1));
  std::uint32_t wrong = 0;
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    const Path p = route(net, i, expected);
    wrong += faulted.output(i) != (lost(p) ? kLost : p.destination) ? 1U : 0U;
  }
  return wrong;
}

/// Every switch dead and stuck either way, every link dead, in round `word`.
constexpr std::uint32_t sweep(Topology t, std::uint32_t ports, std::uint32_t word) {
  const Network net = make_network(t, ports).value();
  const StageControl config{word, 2, net.stages};
  std::uint32_t wrong = 0;
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
      wrong += disagreements(net, config, {LocatedKind::dead_switch, s, y, 0}, config,
                             [&](const Path& p) { return p.hops[s].switch_index == y; });
      for (std::uint32_t k = 0; k < 2; ++k)
        wrong += disagreements(net, config, {LocatedKind::stuck_switch, s, y, k}, Overridden{config, s, y, k},
                               [](const Path&) { return false; });
    }
  for (std::uint32_t s = 0; s + 1 < net.stages; ++s)
    for (std::uint32_t t2 = 0; t2 < net.ports; ++t2)
      wrong += disagreements(net, config, {LocatedKind::dead_link, s, t2, 0}, config, [&](const Path& p) {
        return wiring::after_stage(net, s, 2 * p.hops[s].switch_index + p.hops[s].out_port) == t2;
      });
  return wrong;
}
static_assert(sweep(Topology::omega, 8, 5) == 0);

/// A dead switch in a full round loses its two signals; a link one; a stuck switch in the
/// state the round gave it changes nothing, in the other it swaps its two signals.
constexpr std::uint32_t lost_or_moved(Topology t, const FaultCandidate& f, std::uint32_t word) {
  const Network net = make_network(t, 16).value();
  const StageControl config{word, 2, net.stages};
  const FaultedRound<StageControl> faulted(net, config, std::span<const FaultCandidate>(&f, 1));
  std::uint32_t changed = 0;
  for (std::uint32_t i = 0; i < net.ports; ++i)
    changed += faulted.output(i) != route(net, i, config).destination ? 1U : 0U;
  return changed;
}
static_assert(lost_or_moved(Topology::baseline, {LocatedKind::dead_switch, 2, 5, 0}, 9) == 2);
static_assert(lost_or_moved(Topology::baseline, {LocatedKind::dead_link, 1, 11, 0}, 9) == 1);
static_assert(lost_or_moved(Topology::baseline, {LocatedKind::stuck_switch, 2, 5, 0}, 0) == 0);  // word 0: all straight
static_assert(lost_or_moved(Topology::baseline, {LocatedKind::stuck_switch, 2, 5, 1}, 0) == 2);
}  // namespace faulted_round_unit

TEST_CASE("faulted round: every single fault of omega, baseline and banyan N = 16 as route() sees it") {
  using namespace faulted_round_unit;
  for (const a2a::Topology t : {a2a::Topology::omega, a2a::Topology::baseline, a2a::Topology::banyan})
    for (std::uint32_t word = 0; word < 16; word += 5) CHECK(sweep(t, 16, word) == 0);
}

TEST_CASE("faulted round: faults act together, a dead element after a stuck switch loses what it diverts") {
  using namespace a2a;
  const Network net = make_network(Topology::omega, 16).value();
  const StageControl config{0, 2, net.stages};
  // Stuck cross at stage 1 switch 2 diverts its two signals; kill the switch of stage 3
  // the first of them reaches then: that signal is lost, the other still arrives moved.
  const faulted_round_unit::Overridden crossed{config, 1, 2, 1};
  std::uint32_t first = net.ports;
  for (std::uint32_t i = 0; i < net.ports && first == net.ports; ++i)
    if (route(net, i, config).hops[1].switch_index == 2) first = i;
  REQUIRE(first < net.ports);
  const Path diverted = route(net, first, crossed);
  const FaultCandidate both[] = {{LocatedKind::stuck_switch, 1, 2, 1},
                                 {LocatedKind::dead_switch, 3, diverted.hops[3].switch_index, 0}};
  const FaultedRound<StageControl> faulted(net, config, both);
  CHECK(faulted.output(first) == kLost);
  CHECK(FaultedRound<StageControl>(net, config, std::span<const FaultCandidate>(both, 1)).output(first) ==
        diverted.destination);
  CHECK(diverted.destination != route(net, first, config).destination);
}
