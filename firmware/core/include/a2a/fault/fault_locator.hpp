// Locating a fault the fabric does not name, from what the outputs receive.
//
// A round's observation is, for every input port, the output its signal reached
// (kLost: none; kIdle: the port sent nothing). A fault explains it when routing
// the round with the fault (and the faults already known) predicts exactly that
// for every port whose path meets the fault:
//  - a dead switch or dead link loses the signals through it;
//  - a switch stuck in state K passes them in K whatever the round set, so a
//    signal that wanted the other state leaves on the other port and (the round
//    being a permutation downstream) arrives at another processor's output.
// The candidates are the elements on the path of one signal that went wrong (its
// n switches, dead or stuck in the state it did not get, and its n - 1 links):
// the fault is among them. Each further observation keeps the candidates that
// explain it: alone, or else with one more fault (two faults on one signal's path,
// where neither alone explains the round), or else on the ports they meet (more
// faults at work). A test round is a full stage-controlled round (word x: every port
// sends, every switch carries d signals); choose_test() picks, among the 2n + 2
// words 0, all ones, each single stage and each single stage cleared, the one
// whose predicted observations split the candidates into the smallest largest
// class. When no word splits them they cannot be told apart from the outputs:
// the caller reports the class and plans around all of it.
//
// No heap, O(n) state; each check routes every port once (O(N n) per candidate, and
// per partner tried with it), a meter (plan_meter.hpp) ticking per check so a device
// feeds its watchdog. The model of a faulted round is faulted_round.hpp.
// Binary networks (d = 2), as the fault planner.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/fault/faulted_round.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/limits.hpp"
#include "a2a/route.hpp"
#include "a2a/topology.hpp"
#include "a2a/wiring.hpp"

namespace a2a {

/// The candidates, narrowed observation by observation. `Capacity` >= 3n - 1.
template <std::size_t Capacity = std::size_t{3} * kMaxStages>
class FaultLocator {
 public:
  static constexpr std::uint32_t kMaxKnown = kMaxFaults;  // the configuration's slots

  /// Faults already located (they act in every observation from now on).
  constexpr FaultLocator(const Network& net, std::span<const FaultCandidate> known, PlanMeter* meter = nullptr)
      : net_(net), meter_(meter) {
    for (const FaultCandidate& f : known)
      if (known_count_ < kMaxKnown) known_[known_count_++] = f;
  }

  /// The elements on the path `source` took in round `config` (as planned): each switch
  /// dead or stuck in the state the round did not give it, each link dead.
  template <Configuration C>
  constexpr void start(const C& config, std::uint32_t source) {
    count_ = 0;
    for_each_element(route(net_, source, FaultedRound<C>(net_, config, known())),
                     [this](const FaultCandidate& f) { add(f); });
  }

  /// Keeps the candidates that, with the known faults, predict `observed` (by input port)
  /// for every port (`whole`: the candidate alone explains everything that went wrong).
  /// When none does, keeps those that do with one more fault on the path of the first
  /// signal they leave wrong (two faults on one signal's path: neither alone explains
  /// it); when none does that either (more faults at work), keeps the candidates by the
  /// ports whose signal meets them. Returns whether `whole` held.
  template <Configuration C>
  constexpr bool keep_explaining(const C& config, std::span<const std::uint16_t> observed, bool whole = true) {
    if (whole && keep_matching(config, observed, Match::alone)) return true;
    if (whole && keep_matching(config, observed, Match::with_another)) return false;
    keep_matching(config, observed, Match::on_its_ports);
    return false;
  }

  /// The same, unless it would keep none: then nothing changes and it returns false
  /// (a test round other faults distort rules every candidate out).
  template <Configuration C>
  constexpr bool keep_unless_none(const C& config, std::span<const std::uint16_t> observed) {
    if (keep_matching(config, observed, Match::alone) || keep_matching(config, observed, Match::with_another))
      return true;
    bool any = false;
    for (std::size_t k = 0; k < count_ && !any; ++k) {
      detail::replay_step(meter_);
      any = explains(config, candidates_[k], observed, false);
    }
    if (any) keep_matching(config, observed, Match::on_its_ports);
    return any;
  }

  [[nodiscard]] constexpr std::span<const FaultCandidate> candidates() const {
    return std::span<const FaultCandidate>(candidates_).first(count_);
  }

  /// The test word that splits the candidates best; split false: none tells them apart.
  /// `index` numbers the word among the 2n + 2 (bit `index` of choose_test's `tried`).
  struct TestChoice {
    std::uint32_t word{0};
    bool split{false};
    std::uint32_t index{0};
  };
  /// Words whose bit is set in `tried` are passed over: a test round that kept every
  /// candidate (each explains it with another fault) would only keep them again.
  [[nodiscard]] constexpr TestChoice choose_test(std::uint64_t tried = 0) const {
    TestChoice best;
    std::size_t best_largest = count_;
    const std::uint32_t all = (std::uint32_t{1} << net_.stages) - 1;
    for (std::uint32_t w = 0; w < 2 * net_.stages + 2; ++w) {
      if ((tried >> w & 1U) != 0) continue;
      const std::uint32_t bit = std::uint32_t{1} << (w % net_.stages);
      const std::uint32_t word = w == 2 * net_.stages       ? 0U
                                 : w == 2 * net_.stages + 1 ? all
                                 : w < net_.stages          ? bit
                                                            : all & ~bit;
      const std::size_t largest = largest_class(word);
      if (largest < best_largest) best = {word, true, w}, best_largest = largest;
    }
    return best;
  }

  /// What the known faults and candidate `f` predict for the full round `word`: a hash
  /// of the ports whose signal would not arrive where the round sends it, and where.
  [[nodiscard]] constexpr std::uint32_t signature(std::uint32_t word, const FaultCandidate& f) const {
    const StageControl config{word, net_.radix, net_.stages};
    std::array<FaultCandidate, kMaxKnown + 1> with{};
    const std::span<const FaultCandidate> faults = with_known(f, with);
    const FaultedRound<StageControl> faulted(net_, config, faults);
    std::uint32_t hash = 0;
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      const std::uint32_t out = faulted.output(i);
      if (out != route(net_, i, config).destination) hash += deviation(i, out);
    }
    return hash;
  }

  /// Ports a step of signatures() routes: a step stays short (about 16 routes of n hops
  /// and one path check per candidate a port), so the meter's tick comes often.
  static constexpr std::uint32_t kPortsPerStep = 16;

  /// signature() of every candidate for the full round `word` (into sig[0 .. count)), in
  /// one pass over the ports: a port whose path (with the known faults) misses a
  /// candidate's element arrives as with the known faults alone, so only the ports on
  /// that path are routed again. O(N n (1 + d c / N)) for c candidates, not O(N n c).
  constexpr void signatures(std::uint32_t word, std::span<std::uint32_t> sig) const {
    const StageControl config{word, net_.radix, net_.stages};
    const FaultedRound<StageControl> before(net_, config, known());
    for (std::size_t k = 0; k < count_; ++k) sig[k] = 0;
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      if (i % kPortsPerStep == 0) detail::replay_step(meter_);
      const Path path = route(net_, i, before);
      // Without known faults the round as planned is the path just taken: one route, not two.
      const std::uint32_t expected = known_count_ == 0 ? path.destination : route(net_, i, config).destination;
      const std::uint32_t known_out = before.arrival(path);
      for (std::size_t k = 0; k < count_; ++k) {
        std::uint32_t out = known_out;
        if (FaultedRound<StageControl>::on_path(net_, path, candidates_[k])) {
          std::array<FaultCandidate, kMaxKnown + 1> with{};
          out = FaultedRound<StageControl>(net_, config, with_known(candidates_[k], with)).output(i);
        }
        if (out != expected) sig[k] += deviation(i, out);
      }
    }
  }

 private:
  /// How a candidate must explain an observation: alone, with one more fault, or on
  /// the ports whose signal meets it.
  enum class Match : std::uint8_t { alone, with_another, on_its_ports };

  /// One pass of keep_explaining. Unless `on_its_ports`, a pass that keeps none changes
  /// nothing (compaction only writes matches). Returns whether it kept any.
  template <Configuration C>
  constexpr bool keep_matching(const C& config, std::span<const std::uint16_t> observed, Match match) {
    std::size_t kept = 0;
    for (std::size_t k = 0; k < count_; ++k) {
      detail::replay_step(meter_);
      const bool ok = match == Match::with_another ? explains_with_another(config, candidates_[k], observed)
                                                   : explains(config, candidates_[k], observed, match == Match::alone);
      if (ok) candidates_[kept++] = candidates_[k];
    }
    if (kept != 0 || match == Match::on_its_ports) count_ = kept;
    return kept != 0;
  }

  /// Each element on path `p` that could have sent its signal wrong: each switch dead or
  /// stuck in a state the signal did not take, each link behind a stage dead.
  template <class Fn>
  constexpr void for_each_element(const Path& p, Fn&& fn) const {
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      const std::uint32_t y = p.hops[s].switch_index;
      fn(FaultCandidate{LocatedKind::dead_switch, s, y, 0});
      const std::uint32_t taken = (p.hops[s].out_port + net_.radix - p.hops[s].in_port) % net_.radix;
      for (std::uint32_t k = 0; k < net_.radix; ++k)
        if (k != taken) fn(FaultCandidate{LocatedKind::stuck_switch, s, y, k});
      if (s + 1 < net_.stages)
        fn(FaultCandidate{LocatedKind::dead_link, s, wiring::after_stage(net_, s, net_.radix * y + p.hops[s].out_port),
                          0});
    }
  }

  constexpr void add(const FaultCandidate& f) {
    if (count_ < Capacity) candidates_[count_++] = f;
  }
  [[nodiscard]] constexpr std::span<const FaultCandidate> known() const {
    return std::span<const FaultCandidate>(known_).first(known_count_);
  }
  constexpr std::span<const FaultCandidate> with_known(const FaultCandidate& f,
                                                       std::array<FaultCandidate, kMaxKnown + 1>& with) const {
    for (std::uint32_t k = 0; k < known_count_; ++k) with[k] = known_[k];
    with[known_count_] = f;
    return std::span<const FaultCandidate>(with).first(known_count_ + 1);
  }

  template <Configuration C>
  [[nodiscard]] constexpr bool explains(const C& config, const FaultCandidate& f,
                                        std::span<const std::uint16_t> observed, bool whole) const {
    std::array<FaultCandidate, kMaxKnown + 1> with{};
    const FaultedRound<C> before(net_, config, known());
    const FaultedRound<C> after(net_, config, with_known(f, with));
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      port_checkpoint(i);
      if (observed[i] == kIdle) continue;
      if (!whole && !FaultedRound<C>::on_path(net_, route(net_, i, before), f)) continue;
      if (after.output(i) != observed[i]) return false;
    }
    return true;  // a candidate no signal met is not ruled out
  }

  /// The first port whose signal `round` does not send where `observed` saw it (N: none).
  template <Configuration C>
  [[nodiscard]] constexpr std::uint32_t first_wrong(const FaultedRound<C>& round,
                                                    std::span<const std::uint16_t> observed) const {
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      port_checkpoint(i);
      if (observed[i] != kIdle && round.output(i) != observed[i]) return i;
    }
    return net_.ports;
  }

  /// Whether `f` and one more fault explain `observed` with the known faults. The other
  /// fault is on the path (with the known faults and f) of the first signal f alone
  /// leaves wrong, so O(n) of them are tried; each must first send that signal right
  /// (one route), then every port (N routes). A meter step per fault tried.
  template <Configuration C>
  [[nodiscard]] constexpr bool explains_with_another(const C& config, const FaultCandidate& f,
                                                     std::span<const std::uint16_t> observed) const {
    std::array<FaultCandidate, kMaxKnown + 2> with{};
    for (std::uint32_t k = 0; k < known_count_; ++k) with[k] = known_[k];
    with[known_count_] = f;
    const FaultedRound<C> alone(net_, config, std::span<const FaultCandidate>(with.data(), known_count_ + 1));
    const std::uint32_t wrong = first_wrong(alone, observed);
    if (wrong == net_.ports) return true;
    bool found = false;
    for_each_element(route(net_, wrong, alone), [&](const FaultCandidate& g) {
      if (found || (g.stage == f.stage && g.index == f.index &&
                    (g.kind == LocatedKind::dead_link) == (f.kind == LocatedKind::dead_link)))
        return;  // one element, one fault
      detail::replay_step(meter_);
      with[known_count_ + 1] = g;
      const FaultedRound<C> both(net_, config, std::span<const FaultCandidate>(with.data(), known_count_ + 2));
      found = both.output(wrong) == observed[wrong] && first_wrong(both, observed) == net_.ports;
    });
    return found;
  }

  /// A port's route through a faulted round costs up to a thousand instructions: a
  /// checkpoint of the meter (no step) every kPortsPerStep ports of a pass over them.
  constexpr void port_checkpoint(std::uint32_t i) const {
    if (i % kPortsPerStep == kPortsPerStep - 1) detail::checkpoint(meter_);
  }
  /// One deviation of a signature: port i's signal arrived at `out` (kLost: nowhere).
  static constexpr std::uint32_t deviation(std::uint32_t i, std::uint32_t out) {
    std::uint32_t x = (i << 16) ^ out ^ 0x9E37'79B9U;
    x ^= x >> 15, x *= 0x2C1B'3C6DU, x ^= x >> 12, x *= 0x297A'2D39U, x ^= x >> 15;
    return x;  // summed: order-free, the set of deviations
  }

  [[nodiscard]] constexpr std::size_t largest_class(std::uint32_t word) const {
    std::array<std::uint32_t, Capacity> sig{};
    signatures(word, sig);
    std::size_t largest = 0;
    for (std::size_t k = 0; k < count_; ++k) {
      std::size_t same = 0;
      for (std::size_t m = 0; m < count_; ++m) same += sig[m] == sig[k] ? 1U : 0U;
      largest = same > largest ? same : largest;
    }
    return largest;
  }

  Network net_;
  PlanMeter* meter_;
  std::array<FaultCandidate, kMaxKnown> known_{};
  std::uint32_t known_count_{0};
  std::array<FaultCandidate, Capacity> candidates_{};
  std::size_t count_{0};
};

/// Narrows the locator's candidates by test rounds: `run_test(word, observed)` runs the
/// full round `word` and fills `observed` (by input port; false: it could not run).
/// Stops at one candidate, when no word splits them, after `max_tests`, or when a test
/// round rules every candidate out or keeps them all (other faults distort it: the
/// candidates before it stay); returns the test rounds run. No word is run twice.
template <std::size_t Capacity, class RunTest>
constexpr std::uint32_t narrow_by_tests(const Network& net, FaultLocator<Capacity>& locator,
                                        std::span<std::uint16_t> observed, RunTest&& run_test,
                                        std::uint32_t max_tests) {
  std::uint32_t tests = 0;
  std::uint64_t tried = 0;
  while (locator.candidates().size() > 1 && tests < max_tests) {
    const auto choice = locator.choose_test(tried);
    if (!choice.split || !run_test(choice.word, observed)) break;
    ++tests;
    tried |= std::uint64_t{1} << choice.index;
    // Another fault at work may distort the test so that it rules every candidate out:
    // then the candidates stay as they were. A test that keeps every candidate (each
    // explains it with some other fault) tells nothing: the next would not either.
    const std::size_t before = locator.candidates().size();
    if (!locator.keep_unless_none(StageControl{choice.word, net.radix, net.stages}, observed)) break;
    if (locator.candidates().size() == before) break;
  }
  return tests;
}

/// What is planned around once the candidates are narrowed: one candidate as it is; a
/// class no test round tells apart whole, its stuck switches as dead (one plan covers
/// every member). Appends to faults[0, count) those not listed yet, while room is left.
constexpr void add_planned(std::span<const FaultCandidate> found, std::span<FaultCandidate> faults,
                           std::uint32_t& count) {
  for (FaultCandidate f : found) {
    if (found.size() > 1 && f.kind == LocatedKind::stuck_switch) f = {LocatedKind::dead_switch, f.stage, f.index, 0};
    bool listed = false;
    for (std::uint32_t k = 0; k < count; ++k) listed = listed || faults[k] == f;
    if (!listed && count < faults.size()) faults[count++] = f;
  }
}

/// Feng and Wu's worst case for locating one fault in these networks (IEEE Trans.
/// Computers, 1981): max(12, 6 + 2 ceil(log2(log2 N))) tests.
constexpr std::uint32_t feng_wu_tests(std::uint32_t ports) {
  std::uint32_t n = 0;
  while ((std::uint32_t{1} << n) < ports) ++n;
  std::uint32_t lg = 0;
  while ((std::uint32_t{1} << lg) < n) ++lg;
  return 6 + 2 * lg > 12 ? 6 + 2 * lg : 12;
}

}  // namespace a2a
