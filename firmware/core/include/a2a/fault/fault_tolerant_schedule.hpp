// Fault-tolerant all-to-all exchange around faulty switches and dead links (paper 004's
// one switch, derived anew, and any fault set by the general planner).
//
// A faulty switch E(s, l) of a unique-path binary MIN blocks exactly the pairs
// A x B: A = the 2^(s+1) sources that can reach it, B = the 2^(n-s) outputs it
// can reach. The schedule runs
//  - N regular rounds (the stage-controlled Latin square): the two ports whose
//    path crosses the faulty switch in that round stay idle;
//  - extra stage-controlled rounds that relay every blocked message in two hops
//    through a processor outside A and B (store and forward).
//
// Round word x sends port u to P(u) ^ E(x), P the straight configuration. Where P
// is the identity (omega, reverse omega, GSEN 2^n) rounds are translations and the
// relays follow closed-form designs: the chain of relay_chain.hpp for stages 1 and
// n-2 (N + 1 extra rounds, the lower bound) and the blocks of block_relay.hpp for
// the middle stages; state O(n), every send computed on the fly in O(n), no table.
// Elsewhere (baseline, banyan, reverses) a relay leaves from P(relay), not from where
// it arrived, and the greedy planner of relay_plan.hpp plans the extra rounds into
// the caller's storage (106 bytes per port); a send is then a binary search.
// Any set of faulty switches and dead links (fault_set.hpp) goes through
// make(net, FaultSetView, ...): the general planner (general_fault_planner.hpp) with the same
// round structure, every fault's blocked pairs idle in the regular rounds; for one
// internal switch the fewer rounds of it and the designs above. Pairs no two-hop relay
// reaches are refused, or left out in degraded mode.
// docs/fault-tolerance.md explains the designs, the lower bound and the tables.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/fault/completion_planner.hpp"
#include "a2a/fault/detail/block_relay.hpp"
#include "a2a/fault/detail/general_fault_planner.hpp"
#include "a2a/fault/detail/relay_chain.hpp"
#include "a2a/fault/detail/single_fault_planner.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// The processors a fault in the first or last stage cuts off. The error value
/// (Errc::fault_cuts_off_processors) cannot carry them, so callers ask this.
struct CutOffProcessors {
  std::uint32_t count{0};      ///< 0 for an internal fault, else 2
  bool cannot_send{false};     ///< stage 0: these processors reach nothing
  bool cannot_receive{false};  ///< stage n-1: nothing reaches these processors
  std::uint32_t processors[2]{0, 0};
};

/// Which processors a fault cuts off (any topology; O(N) scan for stage 0).
constexpr CutOffProcessors cut_off_processors(const Network& net, SwitchFault fault) {
  CutOffProcessors cut;
  if (fault.stage >= net.stages || fault.switch_index >= net.switches_per_stage()) return cut;
  if (fault.stage == 0) {
    cut.cannot_send = true;
    for (std::uint32_t i = 0; i < net.ports && cut.count < 2; ++i)
      if (wiring::before_stage(net, 0, i) / net.radix == fault.switch_index) cut.processors[cut.count++] = i;
  } else if (fault.stage + 1 == net.stages) {
    cut.cannot_receive = true;
    for (std::uint32_t v = 0; v < 2; ++v)
      cut.processors[cut.count++] = wiring::after_stage(net, fault.stage, fault.switch_index * net.radix + v);
  }
  return cut;
}

class FaultTolerantSchedule : public CheckedAccess<FaultTolerantSchedule> {
 public:
  /// A stage-controlled round (regular or extra). A Configuration, so route() traces it.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::stage; }
    [[nodiscard]] constexpr std::uint32_t word() const { return word_; }
    /// A round beyond the Latin square: index >= N, or index < extra_rounds() for a plan run
    /// backwards (reversed). Relay hops happen there, and in the one regular round a plan
    /// steals (only where the plain plan is above paper 004's bound).
    [[nodiscard]] constexpr bool extra() const { return extra_; }
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return (word_ >> (stages_ - 1 - stage)) & 1U;
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t) const {
      return stage_state(stage);
    }

   private:
    friend class FaultTolerantSchedule;
    std::uint32_t index_{0};
    std::uint32_t word_{0};
    std::uint32_t stages_{1};
    std::uint32_t translation_{0};  // destination = port ^ translation
    bool extra_{false};
  };

  constexpr FaultTolerantSchedule() = default;

  /// Checks the fault and the network (binary, N = 2^n >= 16, the fault in an internal
  /// stage) and plans the exchange. Omega, reverse omega and GSEN 2^n (straight
  /// configuration = identity) use the closed-form relay designs and need no storage.
  /// Baseline, banyan and their reverses use the relay planner (relay_plan.hpp) and
  /// need `storage` for N ports (fault_plan_storage_too_small otherwise); the schedule
  /// reads the plan from it, so it must outlive the schedule. A fault in stage 0 or
  /// n-1 cuts processors off: fault_cuts_off_processors (see cut_off_processors()).
  /// `options`: relay_numberings and meter go to the relay planner (the rest is for the
  /// fault-set make() below).
  static constexpr Result<FaultTolerantSchedule> make(const Network& net, SwitchFault fault,
                                                      PlanStorageSpan storage = {},
                                                      const FaultPlanOptions& options = {}) {
    if (fault.stage >= net.stages || fault.switch_index >= net.switches_per_stage()) return Errc::fault_out_of_range;
    if (fault.stage == 0 || fault.stage + 1 == net.stages) return Errc::fault_cuts_off_processors;
    if (net.radix != 2 || net.ports < 16 || (std::uint32_t{1} << net.stages) != net.ports)
      return Errc::faults_not_supported;
    // Planned in the basis's own result: one schedule on the stack, not two (a small
    // board plans beneath its round loop).
    auto f = with_basis(net);
    A2A_TRY(f);
    detail::checkpoint(options.meter);  // with_basis and the rectangle route O(n) ports each: O(n^2) hops
    f->fault_ = fault;
    A2A_TRY(f->find_blocked_rectangle(net));
    detail::checkpoint(options.meter);
    if (!f->identity_) {  // baseline, banyan, reverses: the planner
      A2A_TRY(f->plan_relays(net, storage, options));
      return f;
    }
    A2A_TRY(f->choose_closed_form(net));
    return f;
  }

  /// Any fault set (fault_set.hpp: switches and dead links, any stage, up to kMaxFaults)
  /// on the same networks (binary, N = 2^n >= 16), planned by the general planner
  /// (general_fault_planner.hpp) into `storage` (FaultPlanStorage<N, faults>). A pair with
  /// neither a fault-free path nor a two-hop relay is refused unless options.degraded:
  /// fault_cuts_off_processors (its origin reaches no output, or no source its
  /// destination) or faults_separate_processors; first_undeliverable(net, faults) names
  /// it. In degraded mode those pairs are left out (first_left_out() / next_left_out()),
  /// every other pair is delivered once. One internal switch fault: the fewer rounds of
  /// the single-fault make() (closed form or SingleFaultPlanner) and the general planner; the
  /// closed forms need no storage, so without storage they are used alone.
  static constexpr Result<FaultTolerantSchedule> make(const Network& net, FaultSetView faults, PlanStorageSpan storage,
                                                      FaultPlanOptions options = {}) {
    A2A_TRY(check_faults(net, faults));
    detail::checkpoint(options.meter);  // the checks route every fault's elements
    if (net.ports < 16) return Errc::faults_not_supported;
    const bool single = options.single_designs && faults.switches.size() == 1 && faults.links.empty() &&
                        faults.stuck.empty() && faults.switches[0].stage > 0 &&
                        faults.switches[0].stage + 1 < net.stages;
    // Bounded planning (a device): the single-fault design alone (one internal switch
    // leaves every pair a relay). Apart from the general path, whose fault map and
    // problems would otherwise sit on a small board's stack beneath it.
    if (single && options.bounded) return make(net, faults.switches[0], storage, options);
#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
    // A build without the general planner (the smallest boards' images, whose plan
    // storage holds the single-fault designs' plans only): its code and its frames,
    // the deepest chain beneath a round loop, are left out.
    if (single) return make(net, faults.switches[0], storage, options);
    return refuse_fault_set(net, faults, options);
#else
    return make_general(net, faults, storage, options, single);
#endif
  }

  /// The completion of an exchange a fault interrupted (completion_planner.hpp): the
  /// messages of `held` (written into its storage, which the plan then holds: it must
  /// outlive the schedule) carried around `faults` in extra rounds only
  /// (regular_rounds() is 0). Messages no relay carries are refused, or with
  /// options.degraded left out: counted in `left_out` (its first kept there too).
  /// completion_frame() and complete() are its two halves, for a caller that makes the
  /// frame (the routes of the network's round structure and of every fault) apart.
  static constexpr Result<FaultTolerantSchedule> completion(const Network& net, FaultSetView faults, HeldList& held,
                                                            const FaultPlanOptions& options,
                                                            LeftOutMessages& left_out) {
    auto f = completion_frame(net, faults, options.meter);
    A2A_TRY(f);
    A2A_TRY(f->complete(held, options, left_out));
    return f;
  }
  /// A completion with no messages yet: the round structure and the faults' rectangles.
  static constexpr Result<FaultTolerantSchedule> completion_frame(const Network& net, FaultSetView faults,
                                                                  const PlanMeter* meter = nullptr) {
    A2A_TRY(check_faults(net, faults));
    detail::checkpoint(meter);  // the checks route every fault's elements
    if (net.ports < 16) return Errc::faults_not_supported;
    const auto map = FaultMap::make(net, faults);
    A2A_TRY(map);
    detail::checkpoint(meter);
    auto f = with_basis(net);
    A2A_TRY(f);
    detail::checkpoint(meter);
    f->general_ = true;
    f->map_ = *map;
    f->regular_ = 0;
    f->design_ = Design::planned;
    f->plan_ = {};
    if (!faults.switches.empty()) f->fault_ = faults.switches[0];
    return f;
  }
  /// Plans the messages of `held` into a completion frame (completion()).
  constexpr Errc complete(HeldList& held, const FaultPlanOptions& options, LeftOutMessages& left_out) {
    if (regular_ != 0 || !general_) return Errc::faults_not_supported;  // not a completion frame
    if (held.capacity() == 0) return Errc::fault_plan_storage_too_small;
    FaultProblem problem{{}, net_.ports, map_};
    for (std::uint32_t b = 0; b < net_.stages; ++b) {
      problem.straight[b] = std::uint32_t{1} << straight_bit_[b];
      problem.word[b] = translation_of(std::uint32_t{1} << b);
    }
    const auto plan = CompletionPlanner::plan(problem, held, options.degraded, left_out, options.meter);
    A2A_TRY(plan);
    plan_ = *plan;
    return Errc::ok;
  }

 private:
  /// The faulty switch's blocked rectangle A x B (fixed_a_, a_, fixed_b_, b_): B = the
  /// outputs reachable from it (stages s..n-1 free); A = the sources that reach it (the
  /// stage-s input terminal, a bit permutation of the source, free in the port bit and
  /// in the bits stages 0..s-1 flip).
  constexpr Errc find_blocked_rectangle(const Network& net) {
    const std::uint32_t n = net.stages;
    const std::uint32_t s = fault_.stage;
    // The fault was checked against the network; this keeps every shift below in range.
    if (s >= n || n > 31) return Errc::faults_not_supported;
    std::uint32_t free_terminal = 1;
    for (std::uint32_t k = 0; k < s; ++k) {
      const Path p = route(net, 0, StageControl{std::uint32_t{1} << (n - 1 - k), 2, n});
      free_terminal |= 2 * p.hops[s].switch_index + p.hops[s].in_port;
    }
    std::uint32_t fixed_a = 0;
    std::uint32_t a = 0;
    for (std::uint32_t b = 0; b < n; ++b) {
      const Path p = route(net, std::uint32_t{1} << b, StraightConfiguration{});
      const std::uint32_t terminal = 2 * p.hops[s].switch_index + p.hops[s].in_port;
      if ((terminal & free_terminal) != 0) continue;
      fixed_a |= std::uint32_t{1} << b;
      if (((2 * fault_.switch_index) & terminal) != 0) a |= std::uint32_t{1} << b;
    }
    // A path through the faulty switch: source a steered by the stages before s.
    std::uint32_t steer = 0;
    const Path p = route(net, a, StraightConfiguration{});
    const std::uint32_t off = (2 * p.hops[s].switch_index + p.hops[s].in_port) ^ (2 * fault_.switch_index);
    for (std::uint32_t k = 0; k < s; ++k) {
      const Path q = route(net, 0, StageControl{std::uint32_t{1} << (n - 1 - k), 2, n});
      if ((off & (2 * q.hops[s].switch_index + q.hops[s].in_port)) != 0) steer |= std::uint32_t{1} << (n - 1 - k);
    }
    const Path steered = route(net, a, StageControl{steer, 2, n});
    if (steered.hops[s].switch_index != fault_.switch_index) return Errc::faults_not_supported;
    std::uint32_t free_b = 0;
    for (std::uint32_t k = s; k < n; ++k) free_b |= stage_flip_[k];
    fixed_a_ = fixed_a;
    a_ = a;
    fixed_b_ = (net.ports - 1) & ~free_b;
    b_ = steered.destination & fixed_b_;
    return Errc::ok;
  }

  /// Baseline, banyan and their reverses: the relay planner into `storage`, and the
  /// time-reversed problem when the plan passes paper 004's bound.
  constexpr Errc plan_relays(const Network& net, PlanStorageSpan storage, const FaultPlanOptions& options) {
    const std::uint32_t n = net.stages;
    const std::uint32_t s = fault_.stage;
    SingleFaultProblem problem{{}, net.ports, fixed_a_, a_, fixed_b_, b_, 0};
    for (std::uint32_t b = 0; b < n; ++b) {
      problem.straight[b] = std::uint32_t{1} << straight_bit_[b];
      problem.word[b] = translation_of(std::uint32_t{1} << b);  // regular round r = word r
    }
    problem.bound = (s == 1 || s + 2 == n) ? 3 * net.ports : 2 * net.ports;  // paper 004, Table 1
    auto plan = SingleFaultPlanner::plan(problem, storage, options.relay_numberings, options.meter);
    A2A_TRY(plan);
    if (net.ports + plan->rounds() > problem.bound) {
      // Above the bound: plan the time-reversed problem (rounds u -> Q(u) ^ e, Q = P^-1,
      // sources B, outputs A) and run it backwards; keep whichever is shorter.
      SingleFaultProblem reverse{{}, net.ports, fixed_b_, b_, fixed_a_, a_, problem.bound};
      for (std::uint32_t b = 0; b < n; ++b) {
        reverse.straight[straight_bit_[b]] = std::uint32_t{1} << b;
        reverse.word[b] = std::uint32_t{1} << b;  // its regular round r: vector r
      }
      const auto backwards = SingleFaultPlanner::plan(reverse, storage, options.relay_numberings, options.meter);
      if (backwards && backwards->rounds() < plan->rounds()) {
        reversed_ = true;
        plan = backwards;
      } else {
        // The storage holds the last plan made: make the forward one again.
        plan = SingleFaultPlanner::plan(problem, storage, options.relay_numberings, options.meter);
        A2A_TRY(plan);
      }
    }
    design_ = Design::planned;
    plan_ = *plan;
    return Errc::ok;
  }

  /// Omega, reverse omega and GSEN 2^n: paper 004's closed-form design for the
  /// rectangle's shape (a chain for one beta or one alpha bit, blocks otherwise).
  constexpr Errc choose_closed_form(const Network& net) {
    const std::uint32_t pi = (net.ports - 1) & ~fixed_a_ & ~fixed_b_;
    if (detail::popcount32(pi) != 1 || (fixed_a_ & fixed_b_) != 0) return Errc::faults_not_supported;
    const std::uint32_t ka = detail::popcount32(fixed_a_);  // n - 1 - s
    const std::uint32_t kb = detail::popcount32(fixed_b_);  // s
    if (kb == 1 && ka >= 2) {
      design_ = Design::chain;
      chain_ = detail::RelayChain(fixed_a_, a_, fixed_b_, b_, pi);
    } else if (ka == 1 && kb >= 2) {  // the mirror: B's sources relay to A, then reverse time
      design_ = Design::chain;
      mirrored_ = true;
      chain_ = detail::RelayChain(fixed_b_, b_, fixed_a_, a_, pi);
    } else if (detail::BlockRelay::supported(ka, kb)) {
      design_ = Design::blocks;
      blocks_ = detail::BlockRelay(ka, kb);
      frame_ = Frame{fixed_a_, a_, fixed_b_, b_, pi};
    } else if (detail::BlockRelay::supported(kb, ka)) {  // more beta than alpha bits: the mirror
      design_ = Design::blocks;
      mirrored_ = true;
      blocks_ = detail::BlockRelay(kb, ka);
      frame_ = Frame{fixed_b_, b_, fixed_a_, a_, pi};
    } else {
      return Errc::faults_not_supported;  // N = 8 (one alpha and one beta bit)
    }
    return Errc::ok;
  }

#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
  /// A fault set the single-fault designs cannot plan: a pair it cuts off is named as the
  /// general planner names it (unless degraded); else the plan would not fit the storage.
  [[gnu::noinline]] static constexpr Errc refuse_fault_set(const Network& net, FaultSetView faults,
                                                           const FaultPlanOptions& options) {
    const auto first = first_undeliverable(net, faults);
    A2A_TRY(first);
    if (first->found && !options.degraded)
      return first->reason == PairReach::separated ? Errc::faults_separate_processors : Errc::fault_cuts_off_processors;
    return Errc::fault_plan_storage_too_small;
  }
#endif

  /// make(net, FaultSetView, ...) past its checks: the general planner, and for one
  /// internal switch (`single`) the fewer rounds of it and the single-fault designs.
  [[gnu::noinline]] static constexpr Result<FaultTolerantSchedule> make_general(const Network& net, FaultSetView faults,
                                                                                PlanStorageSpan storage,
                                                                                const FaultPlanOptions& options,
                                                                                bool single) {
    const auto map = FaultMap::make(net, faults);
    A2A_TRY(map);
    detail::checkpoint(options.meter);  // the fault map: O(n) routes a fault
    const UndeliverablePair first = map->next_undeliverable(0, 0, false, options.meter);
    if (first.found && !options.degraded)
      return first.reason == PairReach::separated ? Errc::faults_separate_processors : Errc::fault_cuts_off_processors;
    // Each candidate is kept as its round count only, and made again if chosen; one
    // schedule (planned in the basis's own result) and one problem, posed either way:
    // whole schedules or problems side by side would take kilobytes of a small board's stack.
    std::uint32_t classic_rounds = 0;  // 0: no single-fault design
    if (single) {
      const auto classic = make(net, faults.switches[0], storage, options);
      if (classic) classic_rounds = classic->rounds();
    }
    auto f = with_basis(net);
    A2A_TRY(f);
    f->general_ = true;
    f->degraded_ = first.found;
    f->map_ = *map;
    if (!faults.switches.empty()) f->fault_ = faults.switches[0];
    // The exchange and its time reverse (rounds u -> Q(u) ^ e, Q = P^-1, the faults
    // transposed), run backwards: greedy choices differ, so plan both, keep the shorter.
    FaultProblem problem{{}, net.ports, {}};
    const auto pose = [&](bool reverse) -> const FaultProblem& {
      problem.faults = reverse ? map->transposed() : *map;
      for (std::uint32_t b = 0; b < net.stages; ++b) {
        if (reverse) {
          problem.straight[f->straight_bit_[b]] = std::uint32_t{1} << b;
          problem.word[b] = std::uint32_t{1} << b;  // its regular round r: vector r
        } else {
          problem.straight[b] = std::uint32_t{1} << f->straight_bit_[b];
          problem.word[b] = f->translation_of(std::uint32_t{1} << b);  // regular round r = word r
        }
      }
      return problem;
    };
    if (options.bounded) {  // one direction, no comparison: the device's bounded planning
      const auto plan = GeneralFaultPlanner::plan(pose(false), storage, options);
      A2A_TRY(plan);
      f->design_ = Design::planned;
      f->plan_ = *plan;
      return f;
    }
    std::uint32_t backwards_rounds = 0;  // 0: no plan
    PlanVariant backwards_variant{};     // the time reverse's best: made again alone if chosen
    if (const auto backwards = GeneralFaultPlanner::plan(pose(true), storage, options, true, &backwards_variant))
      backwards_rounds = backwards->rounds() + 1;
    auto plan = GeneralFaultPlanner::plan(pose(false), storage, options);  // the storage holds this one now
    f->reversed_ = backwards_rounds != 0 && (!plan || backwards_rounds - 1 < plan->rounds());
    const std::uint32_t planned_rounds = f->reversed_ ? backwards_rounds - 1 : plan ? plan->rounds() : 0;
    if (classic_rounds != 0 && ((!plan && !f->reversed_) || classic_rounds <= net.ports + planned_rounds))
      return make(net, faults.switches[0], storage,
                  options);  // the closed form, or its plan made again into the storage
    if (f->reversed_) {
      FaultPlanOptions again = options;
      again.variants = std::span<const PlanVariant>(&backwards_variant, 1);
      plan = GeneralFaultPlanner::plan(pose(true), storage, again, true);
    }
    A2A_TRY(plan);
    f->design_ = Design::planned;
    f->plan_ = *plan;
    return f;
  }

 public:
  [[nodiscard]] constexpr Network network() const { return net_; }
  /// Its relays are a plan in the caller's storage (not a closed form): the storage is in use.
  [[nodiscard]] constexpr bool planned() const { return design_ == Design::planned; }
  /// The parts of `s`, the storage it was planned in, this schedule never reads: the tails
  /// of vectors, offsets and hops behind its plan, and the planners' scratch (all of s
  /// for a closed form). A completion planned there runs beside it in one storage.
  [[nodiscard]] constexpr PlanStorageSpan storage_left(const PlanStorageSpan& s) const {
    if (!planned()) return s;
    const std::size_t offsets = std::size_t{plan_.regular()} + plan_.rounds() + 1;
    const std::size_t hops = s.offsets.size() >= offsets ? s.offsets[offsets - 1] : s.hops.size();
    auto tail = [](auto span, std::size_t from) {
      return from < span.size() ? span.subspan(from) : span.subspan(span.size());
    };
    return {tail(s.vectors, plan_.rounds()), tail(s.offsets, offsets), tail(s.hops, hops), s.work16, s.work32};
  }
  /// Whether its regular rounds are the Latin square's, nothing else in them: every port
  /// sends its direct message or idles (not a reversed plan, no relayed hop in a regular
  /// round). Then regular_round_of() names the round of each direct message.
  [[nodiscard]] constexpr bool regular_rounds_direct() const {
    if (reversed_) return false;
    if (design_ != Design::planned) return true;
    for (std::uint32_t g = 0; g < regular_; ++g)
      if (!plan_.hops_of(g).empty()) return false;
    return true;
  }
  /// The regular round whose direct hop carries (origin -> j) (regular_rounds_direct()).
  [[nodiscard]] constexpr std::uint32_t regular_round_of(std::uint32_t origin, std::uint32_t j) const {
    return word_of(straight(origin) ^ j);
  }
  /// The relay hops of round r, each {port, origin, final} (planned, not reversed: their
  /// list is the plan's; false otherwise: ask send() of every port). The other ports of a
  /// regular round send their direct message or idle.
  [[nodiscard]] constexpr bool relay_hops(std::uint32_t r, std::span<const RelayHop>& hops) const {
    if (design_ != Design::planned || reversed_ || r >= rounds()) return false;
    hops = plan_.hops_of(r);
    return true;
  }
  /// Planned by the general planner (make(net, FaultSetView, ...)).
  [[nodiscard]] constexpr bool general() const { return general_; }
  /// The faults as blocked rectangles (general schedules; else empty).
  [[nodiscard]] constexpr const FaultMap& fault_map() const { return map_; }
  /// The pairs the fault blocks, whose messages it relays (paper 004's designs; general
  /// schedules: fault_map() has a rectangle per fault).
  [[nodiscard]] constexpr BlockedPairs blocked() const { return {fixed_a_, a_, fixed_b_, b_}; }
  /// Degraded: some pairs are left out. The first of them (found == false: none) and the next.
  [[nodiscard]] constexpr bool degraded() const { return degraded_; }
  [[nodiscard]] constexpr UndeliverablePair first_left_out() const {
    return degraded_ ? map_.next_undeliverable() : UndeliverablePair{};
  }
  [[nodiscard]] constexpr UndeliverablePair next_left_out(const UndeliverablePair& p) const {
    return degraded_ ? map_.next_after(p) : UndeliverablePair{};
  }
  /// The faulty switch (general schedules: the first switch of the set, {0, 0} if it has
  /// none; fault_map() has them all).
  [[nodiscard]] constexpr SwitchFault fault() const { return fault_; }
  /// N, or 0 for a completion (completion()): its rounds are all extra.
  [[nodiscard]] constexpr std::uint32_t regular_rounds() const { return regular_; }
  [[nodiscard]] constexpr std::uint32_t extra_rounds() const {
    if (design_ == Design::planned) return plan_.rounds();
    return design_ == Design::chain ? chain_.rounds() : blocks_.rounds();
  }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return regular_rounds() + extra_rounds(); }

  /// Is source i blocked from output j by the fault (its unique path crosses it; general
  /// schedules: any fault of the set)?
  [[nodiscard]] constexpr bool crosses_fault(std::uint32_t i, std::uint32_t j) const {
    if (general_) return map_.crosses(i, j);
    return (i & fixed_a_) == a_ && (j & fixed_b_) == b_;
  }

  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.index_ = r;
    round.stages_ = net_.stages;
    // reversed_: round r runs round t of the reverse problem's plan backwards, vector P(e_t).
    const std::uint32_t t = reversed_ ? rounds() - 1 - r : r;
    round.extra_ = t >= regular_;
    if (!round.extra_) {
      round.word_ = reversed_ ? word_of(straight(t)) : t;  // the reverse plan's regular round t: vector t
    } else if (design_ == Design::planned) {
      const std::uint32_t e = plan_.vector(t - regular_);
      round.word_ = word_of(reversed_ ? straight(e) : e);
    } else {
      const std::uint32_t extra = t - regular_;
      round.word_ = word_of(design_translation(mirrored_ ? extra_rounds() - 1 - extra : extra));
    }
    round.translation_ = translation_of(round.word_);
    return round;
  }

  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    const std::uint32_t destination = straight(i) ^ round.translation_;
    const std::uint32_t tag = tag_of(i) ^ round.word_;
    if (reversed_) {  // the reverse plan's hop u -> i, carried backwards as i -> u
      const std::uint32_t t = rounds() - 1 - round.index_;
      RelayHop hop;
      if (plan_.find(t, destination, hop)) return {true, destination, tag, hop.final_destination, hop.origin};
      if (t >= net_.ports || crosses_fault(i, destination)) return {};
      return {true, destination, tag};
    }
    if (design_ == Design::planned) {  // a regular slot may carry a relayed message instead
      RelayHop hop;
      if (plan_.find(round.index_, i, hop)) return {true, destination, tag, hop.origin, hop.final_destination};
      if (round.extra_ || crosses_fault(i, destination)) return {};
      return {true, destination, tag};
    }
    if (!round.extra_) {
      if (crosses_fault(i, destination)) return {};
      return {true, destination, tag};
    }
    const std::uint32_t extra = round.index_ - regular_;
    // Mirror: the design's hop destination -> i in the reversed round, carried backwards.
    const std::uint32_t r = mirrored_ ? extra_rounds() - 1 - extra : extra;
    const std::uint32_t port = mirrored_ ? destination : i;
    const Relay h = design_hop(r, port);
    if (!h.sends) return {};
    if (!mirrored_) return {true, destination, tag, h.origin, h.final_destination};
    return {true, destination, tag, h.final_destination, h.origin};
  }

 private:
  enum class Design : std::uint8_t { chain, blocks, planned };
  /// The network's round structure: round word x sends port u to P(u) ^ E(x), P the
  /// straight configuration (a bit permutation), E flips one output bit per stage.
  static constexpr Result<FaultTolerantSchedule> with_basis(const Network& net) {
    FaultTolerantSchedule f;
    f.net_ = net;
    f.regular_ = net.ports;
    const std::uint32_t n = net.stages;
    f.identity_ = true;
    // The forward tag of port u under word x is T(u) ^ x, T a bit permutation (every
    // binary unique-path network here: a stage's state flips its own output-port bit):
    // kept as T's bits, so a send costs no route() (core_fault_tolerant_schedule checks it).
    // Word 0 is the straight configuration: one route per bit gives P's and T's images.
    f.tag_identity_ = true;
    if (route(net, 0, StageControl{0, 2, n}).tag != 0) return Errc::faults_not_supported;
    for (std::uint32_t b = 0; b < n; ++b) {
      const Path straight = route(net, std::uint32_t{1} << b, StageControl{0, 2, n});
      const std::uint32_t image = straight.destination;
      if (detail::popcount32(image) != 1) return Errc::faults_not_supported;
      f.straight_bit_[b] = static_cast<std::uint8_t>(detail::popcount32(image - 1));  // its bit index
      f.identity_ = f.identity_ && image == (std::uint32_t{1} << b);
      const std::uint32_t tag = straight.tag;
      if (detail::popcount32(tag) != 1) return Errc::faults_not_supported;
      f.tag_bit_[b] = static_cast<std::uint8_t>(detail::popcount32(tag - 1));
      f.tag_identity_ = f.tag_identity_ && tag == (std::uint32_t{1} << b);
    }
    std::uint32_t seen = 0;
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::uint32_t flip = route(net, 0, StageControl{std::uint32_t{1} << (n - 1 - k), 2, n}).destination;
      if (detail::popcount32(flip) != 1 || (seen & flip) != 0) return Errc::faults_not_supported;
      seen |= flip;
      f.stage_flip_[k] = flip;
    }
    return f;
  }
  /// The bit permutation that moves bit k of u to bit `to[k]`.
  static constexpr std::uint32_t permute_bits(std::uint32_t u, const std::uint8_t (&to)[kMaxStages]) {
    std::uint32_t v = 0;
    for (std::uint32_t k = 0; u != 0; ++k, u >>= 1)
      if ((u & 1U) != 0) v ^= std::uint32_t{1} << to[k];
    return v;
  }
  /// P(u): where the straight configuration sends u (the identity for translation networks).
  [[nodiscard]] constexpr std::uint32_t straight(std::uint32_t u) const {
    return identity_ ? u : permute_bits(u, straight_bit_);
  }
  /// T(u): port u's forward tag under word 0 (its tag under word x is T(u) ^ x).
  [[nodiscard]] constexpr std::uint32_t tag_of(std::uint32_t u) const {
    return tag_identity_ ? u : permute_bits(u, tag_bit_);
  }
  /// The coordinates of the block design: alpha = the bits its "A" fixes (value a),
  /// beta = the bits its "B" fixes (value b), pi = the bit both leave free.
  struct Frame {
    std::uint32_t alpha{0};
    std::uint32_t a{0};
    std::uint32_t beta{0};
    std::uint32_t b{0};
    std::uint32_t pi{0};
  };
  struct Relay {
    bool sends{false};
    std::uint32_t origin{0};
    std::uint32_t final_destination{0};
  };
  [[nodiscard]] constexpr std::uint32_t design_translation(std::uint32_t r) const {
    if (design_ == Design::chain) return chain_.translation(r);
    const auto v = blocks_.vector(r);
    return detail::scatter_bits(v.x, frame_.alpha) | detail::scatter_bits(v.y, frame_.beta) |
           (v.z != 0 ? frame_.pi : 0U);
  }
  /// What port p does in the design's extra round r (unmirrored orientation).
  [[nodiscard]] constexpr Relay design_hop(std::uint32_t r, std::uint32_t p) const {
    if (design_ == Design::chain) {
      const auto h = chain_.hop(r, p);
      return {h.sends, h.origin, h.final_destination};
    }
    const std::uint32_t x = detail::gather_bits(p ^ frame_.a, frame_.alpha);
    const std::uint32_t y = detail::gather_bits(p ^ frame_.b, frame_.beta);
    const std::uint32_t c = (p & frame_.pi) != 0 ? 1U : 0U;
    const auto h = blocks_.hop(r, x, y, c);
    if (!h.sends) return {};
    const std::uint32_t other = (detail::scatter_bits(h.other_x, frame_.alpha) ^ frame_.a) |
                                (detail::scatter_bits(h.other_y, frame_.beta) ^ frame_.b) |
                                (h.other_c != 0 ? frame_.pi : 0U);
    if (h.first) return {true, p, other};
    return {true, other, p ^ design_translation(r)};
  }
  [[nodiscard]] constexpr std::uint32_t translation_of(std::uint32_t word) const {
    std::uint32_t e = 0;
    for (std::uint32_t k = 0; k < net_.stages; ++k)
      if (((word >> (net_.stages - 1 - k)) & 1U) != 0) e ^= stage_flip_[k];
    return e;
  }
  [[nodiscard]] constexpr std::uint32_t word_of(std::uint32_t translation) const {
    std::uint32_t word = 0;
    for (std::uint32_t k = 0; k < net_.stages; ++k)
      if ((translation & stage_flip_[k]) != 0) word |= std::uint32_t{1} << (net_.stages - 1 - k);
    return word;
  }

  Network net_{};
  std::uint32_t regular_{0};  // N; 0 for a completion
  SwitchFault fault_{};
  std::uint32_t stage_flip_[kMaxStages]{};
  std::uint32_t fixed_a_{0};
  std::uint32_t a_{0};
  std::uint32_t fixed_b_{0};
  std::uint32_t b_{0};
  std::uint8_t straight_bit_[kMaxStages]{};  // P(1 << k) = 1 << straight_bit_[k]
  std::uint8_t tag_bit_[kMaxStages]{};       // T(1 << k) = 1 << tag_bit_[k]
  bool identity_{true};
  bool tag_identity_{true};
  Design design_{Design::chain};
  RelayPlan plan_{};
  bool reversed_{false};  // planned: the reverse problem's plan, run backwards
  detail::RelayChain chain_{};
  detail::BlockRelay blocks_{};
  Frame frame_{};
  bool mirrored_{false};
  bool general_{false};   // the general planner's plan: crosses_fault() asks map_
  bool degraded_{false};  // some pairs left out (map_.next_undeliverable() lists them)
  FaultMap map_{};
};

static_assert(Schedule<FaultTolerantSchedule>);

}  // namespace a2a
