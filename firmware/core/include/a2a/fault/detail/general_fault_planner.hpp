// The general relay planner: any fault set (switches and links, any stage) of a binary
// unique-path MIN, N = 2^n (fault_set.hpp), into the caller's storage (plan_options.hpp).
//
// Rounds are stage-controlled: vector e sends port u to P(u) ^ e (relay_plan.hpp). The
// N regular rounds run the Latin square (vector = regular_vector(r)); a port whose path
// is blocked idles. Every blocked pair with a two-hop relay (FaultMap::reach() ==
// relay) then goes i -> p -> j in extra rounds, store and forward: the hop out of p
// strictly after the hop in, one message per port per round, both hops fault-free.
// Pairs with no relay are left out (degraded mode; the schedule refuses them otherwise).
//
// Each extra round takes the vector that moves the most messages. plan() runs variants
// and keeps the shortest plan:
//  - early binding (greedy_run.hpp): a first hop picks its message; scores by
//    messages moved, first hops or forwards first, the urgency of a message's ends,
//    or a cyclic order of the vectors;
//  - late binding (token_run.hpp), where one fault blocks every relayed pair: a
//    first hop carries "some message" of its source, bound to an output when a relay
//    forwards it;
//  - numberings: renaming every processor u as u ^ c maps the problem to an equivalent
//    one (vectors e ^ P(c) ^ c); and ties between equal vectors drawn by a seed.
// A plan stops at kMaxFaultRoundsPerPort * N = 8N extra rounds (fault_plan_too_long):
// several faults can need far more than one (each output takes one message a round,
// from the one relay the round's vector assigns it, and the faults leave it few).
// Time: each variant is a run of O(N x rounds) for the vectors plus O(N) per first hop
// for the counts (early binding) or O(tokens x open outputs) per round (late binding);
// make() plans the exchange and its time reverse with `tries` variants each (or the
// variants FaultPlanOptions::variants lists, each in its direction). On the
// host (-O2), N = 256 with four faults: about 7 ms a variant, 0.5 s with the default 32.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/fault/detail/fault_problem.hpp"
#include "a2a/fault/detail/greedy_run.hpp"
#include "a2a/fault/detail/token_run.hpp"
#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/status.hpp"

namespace a2a {

class GeneralFaultPlanner {
 public:
  /// The number of blocked pairs that have a two-hop relay (the messages to relay).
  /// `meter` counts a step per blocked source (O(N) reach() calls each), never stops.
  static constexpr std::uint32_t messages(const FaultMap& m, PlanMeter* meter = nullptr) {
    std::uint32_t count = 0;
    for (std::uint32_t i = 0; i < m.network().ports; ++i) {
      if (!blocked_source(m, i)) continue;
      detail::replay_step(meter);
      (void)m.scan_row(
          i, 0,
          [&count](std::uint32_t, PairReach r) {
            count += r == PairReach::relay ? 1U : 0U;
            return true;
          },
          meter);
    }
    return count;
  }

  /// A lower bound on the extra rounds of any schedule that runs its N regular rounds
  /// first (as this planner's do): a processor sends one message a round and receives
  /// one, so the one with the most relayed messages from it (to it) needs that many
  /// extra rounds of first hops (forwards), and the last first hop a forward after it
  /// (the first forward a first hop before it): max over processors + 1, 0 if none.
  static constexpr std::uint32_t extra_lower_bound(const FaultMap& m) {
    std::uint32_t most = 0;
    for (std::uint32_t u = 0; u < m.network().ports; ++u) {
      std::uint32_t out = 0;
      std::uint32_t in = 0;
      for (std::uint32_t v = 0; v < m.network().ports; ++v) {
        out += m.crosses(u, v) && m.reach(u, v) == PairReach::relay ? 1U : 0U;
        in += m.crosses(v, u) && m.reach(v, u) == PairReach::relay ? 1U : 0U;
      }
      most = out > most ? out : most;
      most = in > most ? in : most;
    }
    return most == 0 ? 0 : most + 1;
  }

  /// Plans every relayable blocked pair of `q` into `storage` (pairs without a relay are
  /// left out: the caller decides whether that is allowed). `reversed`: q is the time
  /// reverse, which picks the listed variants (o.variants) that name it; `chosen` (may be
  /// null) learns the variant kept, so that it alone makes the plan again. Errors:
  /// fault_plan_storage_too_small, fault_plan_too_long (more than 8N extra rounds, or
  /// no variant listed for this direction).
  static constexpr Result<RelayPlan> plan(const FaultProblem& q, PlanStorageSpan storage, FaultPlanOptions o = {},
                                          bool reversed = false, PlanVariant* chosen = nullptr) {
    const std::uint32_t m = messages(q.faults, o.meter);
    if (!FaultPlanSizes::of(q.ports, m).fit(storage)) return Errc::fault_plan_storage_too_small;
    std::uint32_t best_k = 0;
    std::uint32_t best_rounds = kNone;
    const bool listed = !o.variants.empty();
    const std::uint32_t tries = listed ? static_cast<std::uint32_t>(o.variants.size()) : o.tries_for(q.ports);
    const auto stopped = [&] { return o.meter != nullptr && o.meter->over(); };
    bool best_in_storage = false;  // the last run made the best plan: no need to make it again
    for (std::uint32_t t = 0; t < tries && !stopped(); ++t) {
      if (listed && o.variants[t].reversed != reversed) continue;
      const std::uint32_t k = listed ? o.variants[t].k : t;
      const std::uint32_t r = run(q, storage, k, m, o.meter, false);
      best_in_storage = r < best_rounds;
      if (r < best_rounds) best_rounds = r, best_k = k;
    }
    if (best_rounds == kNone) return stopped() ? Errc::fault_plan_over_budget : Errc::fault_plan_too_long;
    if (chosen != nullptr) *chosen = {static_cast<std::uint16_t>(best_k), reversed};
    const std::uint32_t r = best_in_storage ? best_rounds : run(q, storage, best_k, m, o.meter, true);
    // Back to the real numbering: processors u ^ c, vectors e ^ P(c) ^ c.
    const std::uint32_t c = offset(q, best_k);
    detail::unrelabel_plan(storage, q.ports, r, c, q.p(c) ^ c, o.meter);
    return RelayPlan::view(storage, r, q.ports);
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  static constexpr std::uint32_t kRoundCap = kMaxFaultRoundsPerPort;

  static constexpr bool blocked_source(const FaultMap& m, std::uint32_t i) {
    for (std::uint32_t f = 0; f < m.count(); ++f)
      if (m.blocked(f).source(i)) return true;
    return false;
  }
  /// Variants per numbering: 8 with early binding, 8 with late (token_run.hpp).
  static constexpr std::uint32_t variants(const FaultProblem&) { return 16; }
  /// Variant k's renaming: none for the first pass over the variants, then spread over
  /// all bits by a hash (every other pass), and its seed for ties (0: the lowest vector).
  static constexpr std::uint32_t offset(const FaultProblem& q, std::uint32_t k) {
    const std::uint32_t pass = k / variants(q);
    return pass % 2 == 0 ? 0U : (pass * 0x9E3779B1U >> 7) & (q.ports - 1);
  }
  static constexpr std::uint32_t seed(const FaultProblem& q, std::uint32_t k) {
    const std::uint32_t pass = k / variants(q);
    return pass == 0 ? 0U : pass * 7919U + 1U;
  }
  /// One run of variant k over the m messages; its number of extra rounds (kNone: too
  /// long, or stopped by the meter; `replay`: the chosen variant made again, never stopped).
  static constexpr std::uint32_t run(const FaultProblem& q, PlanStorageSpan storage, std::uint32_t k, std::uint32_t m,
                                     PlanMeter* meter, bool replay) {
    FaultProblem relabeled = q;
    relabeled.faults = q.faults.relabeled(offset(q, k));
    const detail::RunMeter steps{meter, replay};
    if (const std::uint32_t v = k % variants(q); v >= 8) {  // late binding: weights (equal, first hops
      const std::uint32_t w = (v - 8) / 2;                  // first, forwards first, 2:1) and binding
      return detail::TokenRun<FaultProblem>::run(relabeled, storage, m, kRoundCap * q.ports,
                                                 w == 2 ? q.ports : (w == 3 ? 2U : 1U), w == 1 ? q.ports : 1U,
                                                 v % 2 == 1, seed(q, k), steps);
    }
    return detail::GreedyRun::run(relabeled, storage, m, kRoundCap * q.ports, k % 8, seed(q, k), steps);
  }
};

}  // namespace a2a
