// Finding the fault that stopped an exchange when the fabric does not name it:
// what the outputs received in the stopped round (ARRIVED), then as few test rounds
// as it takes (NET_SHAPE.Probe: full stage-controlled rounds that deliver nothing),
// narrowed by the core's FaultLocator (a2a/fault/fault_locator.hpp).
//
// The first signal that went wrong and that the faults known so far do not explain
// (and that one fault on its path can explain: two on one path can mask each other)
// starts the search: the elements on its path, kept by what they explain, narrowed by
// test rounds. Several faults are found one stop at a time: the re-planned run meets
// the next in its own rounds, this one known by then (up to the configuration's slots). One candidate
// left: the fault, with its type. Several that no test word tells apart: all of them
// are reported and planned around (a stuck candidate as its switch dead, so one plan
// covers the class). Test rounds are counted; a single fault is found within Feng and
// Wu's max(12, 6 + 2 ceil(log2 log2 N)) of them, all faults of one exchange within
// 2 log2 N + 2 (one allowance its stops share: when it is spent, a stop reports the
// class its own round leaves).
// Bounded: each candidate check routes every port once and ticks the meter.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/app/controller.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/fault/fault_locator.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Candidates a board's locator holds: 3n - 1 for the largest n its register block runs
/// (binary: n = log2 MaxPorts), not the core's 16 stages: small boards' stacks are small.
template <class Fabric>
inline constexpr std::size_t kLocatorCapacity = [] {
  if constexpr (requires { Fabric::layout::kMaxPorts; }) {
    std::size_t n = 0;
    while ((std::size_t{1} << n) < Fabric::layout::kMaxPorts) ++n;
    return 3 * (n < 2 ? 2 : n);
  } else {
    return 3 * kMaxStages;
  }
}();

/// Ports a pass of the diagnosis handles between two checkpoints of the planning meter
/// (a send or a route costs hundreds of instructions; a device's slice ends at each).
inline constexpr std::uint32_t kPortsPerCheckpoint = 32;
static_assert(kPortsPerCheckpoint % hal::kPortsPerIdleWord == 0, "a test round's piece writes whole idle words");

/// Faults one diagnosis reports at most (the configuration's slots bound what is planned).
inline constexpr std::uint32_t kMaxLocated = kMaxConfigFaults;

/// What a diagnosis found; for a job (JobResources::located), what all its stops found.
struct LocatedFaults {
  std::array<FaultCandidate, kMaxLocated> faults{};
  std::uint32_t count{0};
  std::uint32_t test_rounds{0};
  bool exact{true};                  ///< every fault alone in its class (false: a class was reported whole)
  std::uint32_t last_stop_found{0};  ///< a job's: faults its last stop found (0: nothing explains that stop)
};

/// The full stage-controlled round `word` as a one-round schedule: every port sends
/// where the word routes it (a test round's pattern).
class TestRound {
 public:
  struct Round {
    StageControl stages;
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::stage; }
    [[nodiscard]] constexpr std::uint32_t word() const { return stages.word; }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return stages.switch_state(s, y);
    }
  };
  constexpr TestRound(const Network& net, std::uint32_t word) : net_(net), word_(word) {}
  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return 1; }
  [[nodiscard]] constexpr Round round(std::uint32_t) const { return Round{{word_, net_.radix, net_.stages}}; }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t port) const {
    const Path p = route(net_, port, round.stages);
    return PortSend{true, p.destination, p.tag};
  }

 private:
  Network net_;
  std::uint32_t word_;
};

/// The faults known (configured, and found before) as the locator's known faults.
constexpr std::uint32_t known_faults(FaultSetView known, std::span<FaultCandidate> out) {
  std::uint32_t count = 0;
  for (const SwitchFault& f : known.switches)
    if (count < out.size()) out[count++] = {LocatedKind::dead_switch, f.stage, f.switch_index, 0};
  for (const StuckFault& f : known.stuck)
    if (count < out.size()) out[count++] = {LocatedKind::stuck_switch, f.stage, f.switch_index, f.state};
  for (const LinkFault& f : known.links)
    if (count < out.size()) out[count++] = {LocatedKind::dead_link, f.stage, f.terminal, 0};
  return count;
}

namespace detail {
template <class Fabric>
constexpr Errc read_arrivals(Fabric& fabric, std::uint32_t ports, std::span<std::uint16_t> observed) {
  for (std::uint32_t j = 0; j < ports; ++j) {
    const auto got = fabric.arrived(j);
    A2A_TRY(got);
    if (got->valid && got->source < ports && observed[got->source] != kIdle)
      observed[got->source] = static_cast<std::uint16_t>(j);
  }
  return Errc::ok;
}
}  // namespace detail

/// What the outputs received in round r of `schedule` (just run), by input port: the
/// output port i's signal reached, kLost, or kIdle where the round sends nothing from i.
/// `meter`: a checkpoint every kPortsPerCheckpoint sends (plan_meter.hpp; no step).
template <class Fabric, hal::ControlledSchedule S>
constexpr Errc observe_round(Fabric& fabric, const S& schedule, std::uint32_t r, std::span<std::uint16_t> observed,
                             const PlanMeter* meter = nullptr) {
  const Network net = schedule.network();
  const typename S::Round round = schedule.round(r);
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    if (i % kPortsPerCheckpoint == kPortsPerCheckpoint - 1) a2a::detail::checkpoint(meter);
    observed[i] = schedule.send(round, i).sends ? kLost : kIdle;
  }
  return detail::read_arrivals(fabric, net.ports, observed);
}

/// Runs the full round `word` as a test round (nothing delivered, nothing counted) and
/// reads what the outputs received. One STATUS read a meter tick, at most max_polls:
/// a device planning in slices returns to its caller between reads (the wait is the
/// caller's, as the round loop's is).
template <class Fabric>
constexpr bool run_test_round(Fabric& fabric, const Network& net, std::uint32_t word, std::span<std::uint16_t> observed,
                              std::uint32_t max_polls, PlanMeter* meter = nullptr) {
  if (fabric.set_probe(true) != Errc::ok) return false;
  const TestRound test(net, word);
  Errc ran = max_polls == 0 ? Errc::poll_bound_zero : hal::begin_round(fabric, test, 0);
  // Its ports a piece at a time (a send routes the port: hundreds of instructions), then COMMIT.
  for (std::uint32_t first = 0; ran == Errc::ok && first < net.ports; first += kPortsPerCheckpoint) {
    a2a::detail::checkpoint(meter);
    ran = hal::write_round_ports(fabric, test, 0, first, first + kPortsPerCheckpoint);
  }
  if (ran == Errc::ok) ran = fabric.commit();
  for (std::uint32_t polls = 1; ran == Errc::ok; ++polls) {
    ran = fabric.wait_round(1);
    if (ran != Errc::fabric_timeout || polls >= max_polls) break;
    a2a::detail::replay_step(meter);
    ran = Errc::ok;
  }
  const Errc off = fabric.set_probe(false);
  if (off != Errc::ok || (ran != Errc::ok && ran != Errc::fabric_round_faulted)) return false;
  for (std::uint32_t i = 0; i < net.ports; ++i) observed[i] = kLost;
  return detail::read_arrivals(fabric, net.ports, observed) == Errc::ok;
}

/// Test rounds one exchange may spend on all its faults together: Lin and Lin's
/// 2 log2 N for several faults, plus 2.
constexpr std::uint32_t test_round_allowance(const Network& net) { return 2 * net.stages + 2; }

/// Locates the faults behind round r of `schedule` (its observation in `observed`, which
/// the test rounds reuse), given the configuration's known faults, with at most `budget`
/// test rounds (what the exchange's earlier stops left of test_round_allowance()).
template <class Fabric, hal::ControlledSchedule S>
[[gnu::noinline]] LocatedFaults diagnose(Fabric& fabric, const S& schedule, std::uint32_t r,
                                         FaultSetView known_faults_so_far, std::span<std::uint16_t> observed,
                                         std::uint32_t max_polls, PlanMeter* meter, std::uint32_t budget) {
  LocatedFaults out;
  const Network net = schedule.network();
  std::array<FaultCandidate, FaultLocator<>::kMaxKnown> known{};  // small: a board's stack
  const std::uint32_t known_count = known_faults(known_faults_so_far, known);
  const typename S::Round round = schedule.round(r);
  for (std::uint32_t source = 0; source < net.ports && out.count < kMaxLocated; ++source) {
    std::array<FaultCandidate, FaultLocator<>::kMaxKnown> with{};
    std::uint32_t with_count = 0;
    for (std::uint32_t k = 0; k < known_count; ++k) with[with_count++] = known[k];
    for (std::uint32_t k = 0; k < out.count && with_count < with.size(); ++k) with[with_count++] = out.faults[k];
    const std::span<const FaultCandidate> faults(with.data(), with_count);
    // A signal that went wrong and that the faults known and found so far do not explain.
    if (source % kPortsPerCheckpoint == kPortsPerCheckpoint - 1) a2a::detail::checkpoint(meter);
    if (observed[source] == kIdle ||
        FaultedRound<typename S::Round>(net, round, faults).output(source) == observed[source])
      continue;
    FaultLocator<kLocatorCapacity<Fabric>> locator(net, faults, meter);
    locator.start(round, source);
    locator.keep_explaining(round, std::span<const std::uint16_t>(observed));
    const std::uint32_t tests = narrow_by_tests(
        net, locator, observed,
        [&](std::uint32_t word, std::span<std::uint16_t> o) {
          return run_test_round(fabric, net, word, o, max_polls, meter);
        },
        budget);
    out.test_rounds += tests;
    budget -= tests < budget ? tests : budget;
    const auto found = locator.candidates();
    if (found.empty()) continue;  // faults that mask each other on its path: try the next wrong signal
    out.exact = out.exact && found.size() == 1;
    add_planned(found, out.faults, out.count);
    // One search per stop: the test rounds overwrote `observed`, and the re-planned run
    // meets any other fault in its own rounds (with this one known by then).
    break;
  }
  return out;
}

}  // namespace a2a::app
