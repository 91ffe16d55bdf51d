// The completion of an exchange a fault interrupted: the messages the rounds left
// held (at their origin, or as copies in a relay's store), each carried on by a
// two-hop relay (or one hop, where its holder's path to its destination is
// fault-free) in extra stage-controlled rounds, and nothing else. This is what makes
// a late fault cheap: a switch failing in the last round of omega 256 leaves two
// messages, and their completion is a few rounds, not a fault-tolerant schedule of
// 2N rounds with everything delivered left idle (docs/fault-tolerance.md, "A fault
// during the exchange").
//
// Rounds are stage-controlled as the general planner's: vector e sends u to P(u) ^ e.
// The plan is greedy, early binding: each round takes the vector that moves the most
// messages, counting
//  - forwards: stored messages (relay q, destination j) with P(q) ^ j = e, one bucket
//    per vector (a holder whose own path is fault-free is a store of its own);
//  - first hops: holders whose relay P(h) ^ e is valid for one of their messages
//    (h -> p and p -> j fault-free), kept incrementally per vector: a holder's share
//    changes only when the last of its messages of one output class leaves.
// A first hop takes the message whose forward vector has the most messages waiting.
// Cost: O(N) per round for the vector, O(N x faults x classes) per holder for the
// counts: in proportion to the holders and the rounds, never to N^2. Up to
// detail::kFewHeld messages the same greedy runs over the messages alone
// (few_held_planner.hpp): nothing of size N, for a late fault's few.
//
// The held list and the scratch are in the caller's plan storage (plan_storage.hpp):
// work16 = pending ranges per holder (2N), a tally per vector (N), then the list (3 per
// message); work32 = a link per message, then four arrays of N. hops: at most two per
// message.
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#include "a2a/fault/detail/fault_problem.hpp"
#include "a2a/fault/detail/few_held_planner.hpp"
#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/held_list.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"

namespace a2a {

class CompletionPlanner {
 public:
  /// Plans every message of `held` (in its storage) around q.faults: extra rounds only
  /// (RelayPlan with 0 regular rounds). A message no two-hop relay carries is left out
  /// when `degraded` (added to `left_out`, removed from the list), else refused
  /// (faults_separate_processors; fault_cuts_off_processors when its holder reaches no
  /// output or nothing reaches its destination). Errors: fault_plan_too_long (more than
  /// 8N rounds, or than the storage holds), fault_plan_over_budget (the meter's cap). The meter counts a step per
  /// round and checkpoints within.
  static constexpr Result<RelayPlan> plan(const FaultProblem& q, HeldList& held, bool degraded,
                                          LeftOutMessages& left_out, PlanMeter* meter = nullptr) {
    CompletionPlanner p(q, held, meter);
    A2A_TRY(p.drop_unreachable(degraded, left_out));
    // A late fault's few: nothing of size N (few_held_planner.hpp).
    const std::uint32_t rounds =
        held.size() <= detail::kFewHeld ? detail::FewHeldPlanner<HeldList>(q, held, meter).run() : p.start_and_run();
    if (rounds == kStopped)
      return meter != nullptr && meter->over() ? Errc::fault_plan_over_budget : Errc::fault_plan_too_long;
    const PlanStorageSpan& s = held.storage();
    std::uint32_t sorted = 0;  // hops since the last checkpoint: one every 64 (a slice each round was many)
    for (std::uint32_t g = 0; g < rounds; ++g) {
      detail::sort_hops_by_port(s.hops, s.offsets[g], s.offsets[g + 1]);
      sorted += s.offsets[g + 1] - s.offsets[g];
      if (sorted >= 64) detail::checkpoint(meter), sorted = 0;
    }
    return RelayPlan::view(s, rounds, 0);
  }

 private:
  static constexpr std::uint32_t kStopped = 0xFFFFFFFFU;
  static_assert(kStopped == detail::kFewStopped, "one value for a plan that stopped");
  static constexpr std::int32_t kEnd = -1;
  static constexpr std::uint32_t kWorkPerCheckpoint = 512;

  constexpr CompletionPlanner(const FaultProblem& q, HeldList& held, PlanMeter* meter)
      : q_(q), held_(held), s_(held.storage()), n_(q.ports), meter_(meter) {}

  [[nodiscard]] constexpr std::uint16_t& pend_begin(std::uint32_t h) const { return s_.work16[h]; }
  [[nodiscard]] constexpr std::uint16_t& pend_count(std::uint32_t h) const { return s_.work16[n_ + h]; }
  [[nodiscard]] constexpr std::uint16_t& tally(std::uint32_t f) const { return s_.work16[2 * n_ + f]; }
  [[nodiscard]] constexpr std::int32_t& next(std::uint32_t m) const { return s_.work32[m]; }
  [[nodiscard]] constexpr std::int32_t& per_port(std::uint32_t array, std::uint32_t u) const {
    return s_.work32[held_.capacity() + array * n_ + u];
  }
  [[nodiscard]] constexpr std::int32_t& bucket_head(std::uint32_t e) const { return per_port(0, e); }
  [[nodiscard]] constexpr std::int32_t& bucket_count(std::uint32_t e) const { return per_port(1, e); }
  [[nodiscard]] constexpr std::int32_t& first_count(std::uint32_t e) const { return per_port(2, e); }
  [[nodiscard]] constexpr std::int32_t& used(std::uint32_t u) const { return per_port(3, u); }

  constexpr void worked(std::uint32_t units) {
    work_ += units;
    if (work_ < kWorkPerCheckpoint) return;
    work_ = 0;
    detail::checkpoint(meter_);
  }

  /// Messages whose holder no relay joins to their destination: left out or refused.
  constexpr Errc drop_unreachable(bool degraded, LeftOutMessages& left_out) {
    for (std::uint32_t k = 0; k < held_.size();) {
      const HeldMessage m = held_.at(k);
      worked(n_);
      const PairReach r = q_.faults.reach(m.holder, m.final_destination);
      if (deliverable(r)) {
        ++k;
        continue;
      }
      if (!degraded)
        return r == PairReach::separated ? Errc::faults_separate_processors : Errc::fault_cuts_off_processors;
      if (left_out.count++ == 0) left_out.first = {true, m.origin, m.final_destination, r};
      held_.remove(k);
    }
    return Errc::ok;
  }

  /// The list sorted by holder, each holder's range [begin, begin + count) pending (its
  /// path to the destination blocked) and the rest of its block stored at the holder.
  constexpr void start() {
    const std::uint32_t size = held_.size();
    for (std::uint32_t u = 0; u < n_; ++u) {
      pend_begin(u) = pend_count(u) = 0;
      bucket_head(u) = kEnd;
      bucket_count(u) = first_count(u) = used(u) = 0;
    }
    detail::heap_sort(
        size, [this](std::uint32_t x, std::uint32_t y) { return held_.at(x).holder < held_.at(y).holder; },
        [this](std::uint32_t x, std::uint32_t y) {
          held_.swap(x, y);
          worked(4);  // a compare and a swap: about 40 instructions (checkpoints within the sort)
        });
    detail::checkpoint(meter_);
    for (std::uint32_t k = 0; k < size;) {
      const std::uint32_t h = held_.at(k).holder;
      std::uint32_t end = k;
      while (end < size && held_.at(end).holder == h) ++end;
      std::uint32_t pending = k;  // blocked ones to the front
      for (std::uint32_t t = k; t < end; ++t)
        if (q_.faults.crosses(h, held_.at(t).final_destination)) held_.swap(t, pending++);
      pend_begin(h) = static_cast<std::uint16_t>(k);
      pend_count(h) = static_cast<std::uint16_t>(pending - k);
      for (std::uint32_t t = pending; t < end; ++t) store(t);
      worked(end - k);
      k = end;
    }
    for (std::uint32_t h = 0; h < n_; ++h)
      if (pend_count(h) != 0) contribute(h, +1);
    remaining_ = 0;
    for (std::uint32_t h = 0; h < n_; ++h) remaining_ += pend_count(h);
    chain_ = q_.faults.count() == 1 && chained();  // several faults: the greedy (measured, below)
  }

  /// Whether the rounds chain: each round's first hops all of one forward vector, the
  /// vector a later round forwards them by. A first hop from h by vector e leaves its
  /// message (h, j) the forward vector P(P(h)) ^ P(e) ^ j: the messages of one class
  /// c = P(P(h)) ^ j share it whatever e. Where the classes are large against the
  /// destinations (baseline, a fault in the first round: 32 classes of 16 for 16
  /// destinations at N = 256), first hops of one class a round forward together; where
  /// they are small (omega: pairs), the greedy's any first hop a round is shorter.
  constexpr bool chained() {
    std::uint32_t classes = 0;
    std::uint32_t destinations = 0;
    for (std::uint32_t pass = 0; pass < 2; ++pass) {
      for (std::uint32_t u = 0; u < n_; ++u) tally(u) = 0;
      for (std::uint32_t h = 0; h < n_; ++h) {
        if (pend_count(h) == 0) continue;
        const std::uint32_t pp = pass == 0 ? q_.p(q_.p(h)) : 0;  // two translations: about 100 instructions
        for (std::uint32_t t = pend_begin(h); t < pend_begin(h) + pend_count(h); ++t) {
          const std::uint32_t key = pp ^ held_.at(t).final_destination;
          if (tally(key) == 0) ++(pass == 0 ? classes : destinations);
          tally(key) = 1;
        }
        worked(pend_count(h) + (pass == 0 ? 10U : 1U));
      }
      worked(n_);
    }
    // A class of more than half the destinations on average, one fault (measured on the
    // resumed rounds of docs/fault-tolerance.md: at half or less the greedy's rounds are
    // fewer; and on the standstill bench's two faults, whose classes are large too, but
    // whose relays the second fault thins: 904 rounds chained against 810 on banyan 256).
    return classes != 0 && 2 * std::uint64_t{remaining_} > std::uint64_t{classes} * destinations;
  }
  /// The chain's forward vector for vector e's first hops: the one most of the holders
  /// that can send could send a message by, with the messages already waiting for it.
  constexpr std::uint32_t chain_target(std::int32_t stamp, std::uint32_t e) {
    for (std::uint32_t u = 0; u < n_; ++u) tally(u) = 0;
    worked(n_);
    for (std::uint32_t h = 0; h < n_; ++h) {
      const std::uint32_t count = pend_count(h);
      if (count == 0 || used(h) == stamp) continue;
      const std::uint32_t p = q_.p(h) ^ e;
      if (q_.faults.crosses(h, p)) continue;
      worked(4 * count);  // a message's two crossing tests: about 40 instructions
      for (std::uint32_t t = pend_begin(h); t < pend_begin(h) + count; ++t) {
        const std::uint32_t j = held_.at(t).final_destination;
        if (j == p || q_.faults.crosses(p, j)) continue;
        std::uint16_t& c = tally(q_.p(p) ^ j);
        if (c != 0xFFFFU) ++c;
      }
    }
    std::uint32_t target = kStopped;
    std::int32_t best = -1;
    for (std::uint32_t f = 0; f < n_; ++f) {
      if (tally(f) == 0) continue;
      const std::int32_t score = bucket_count(f) + static_cast<std::int32_t>(tally(f));
      if (score > best) best = score, target = f;
    }
    worked(n_);
    return target;
  }

  /// Message k waits in its holder's store for the vector P(holder) ^ destination.
  constexpr void store(std::uint32_t k) {
    const HeldMessage m = held_.at(k);
    const std::uint32_t f = q_.p(m.holder) ^ m.final_destination;
    next(k) = bucket_head(f);
    bucket_head(f) = static_cast<std::int32_t>(k);
    ++bucket_count(f);
    ++in_flight_;
  }

  /// The rectangles whose outputs hold j: which relays reach j depends on this only.
  [[nodiscard]] constexpr std::uint32_t output_class(std::uint32_t j) const {
    std::uint32_t c = 0;
    for (std::uint32_t f = 0; f < q_.faults.count(); ++f)
      if (q_.faults.blocked(f).output(j)) c |= std::uint32_t{1} << f;
    return c;
  }
  /// Rectangle f's sources (as_source) or outputs among 32 numbers from `base`.
  [[nodiscard]] constexpr std::uint32_t chunk(std::uint32_t f, std::uint32_t base, bool as_source) const {
    const BlockedPairs r = q_.faults.blocked(f);
    return detail::coset_word(
        r, as_source, as_source ? detail::low_pattern(r.fixed_a, r.a) : detail::low_pattern(r.fixed_b, r.b), base);
  }
  /// Holder h's share of first_count: +sign for every vector whose relay P(h) ^ e takes
  /// one of its pending messages (h -> p fault-free, p -> j for one of its classes).
  /// Relays 32 at a time as bit sets (a rectangle's sources or outputs among 32
  /// consecutive numbers are a pattern of its low bits), as the general planner does.
  constexpr void contribute(std::uint32_t h, std::int32_t sign) {
    std::uint32_t classes[32]{};
    std::uint32_t k = 0;
    for (std::uint32_t t = 0; t < pend_count(h); ++t) {
      const std::uint32_t c = output_class(held_.at(pend_begin(h) + t).final_destination);
      bool seen = false;
      for (std::uint32_t x = 0; x < k && !seen; ++x) seen = classes[x] == c;
      if (!seen && k < 32) classes[k++] = c;
    }
    std::uint32_t from_h = 0;  // rectangles whose sources hold h: h -> p blocked for p among their outputs
    for (std::uint32_t f = 0; f < q_.faults.count(); ++f)
      if (q_.faults.blocked(f).source(h)) from_h |= std::uint32_t{1} << f;
    const std::uint32_t ph = q_.p(h);
    const std::uint32_t word_bits = n_ < 32 ? (std::uint32_t{1} << n_) - 1U : ~std::uint32_t{0};
    for (std::uint32_t base = 0; base < n_; base += 32) {
      std::uint32_t blocked = 0;
      for (std::uint32_t rest = from_h; rest != 0; rest &= rest - 1) blocked |= chunk(lowest(rest), base, false);
      std::uint32_t stuck = ~std::uint32_t{0};  // relays that reach no class of h's messages
      for (std::uint32_t x = 0; x < k; ++x) {
        std::uint32_t cannot = 0;
        for (std::uint32_t rest = classes[x]; rest != 0; rest &= rest - 1) cannot |= chunk(lowest(rest), base, true);
        stuck &= cannot;
      }
      for (std::uint32_t take = ~blocked & ~stuck & word_bits; take != 0; take &= take - 1)
        first_count(ph ^ (base + lowest(take))) += sign;
    }
    worked(n_);  // about its instructions / 10: a checkpoint every two or so (a device's slices stay short)
  }
  static constexpr std::uint32_t lowest(std::uint32_t bits) {
    return static_cast<std::uint32_t>(std::countr_zero(bits));
  }

  [[nodiscard]] constexpr std::uint32_t best_vector() const {
    std::uint32_t best = kStopped;
    std::int32_t best_score = 0;
    std::int32_t best_forwards = -1;
    for (std::uint32_t e = 0; e < n_; ++e) {
      const std::int32_t score = bucket_count(e) + first_count(e);
      if (score > best_score || (score == best_score && score > 0 && bucket_count(e) > best_forwards)) {
        best_score = score;
        best_forwards = bucket_count(e);
        best = e;
      }
    }
    return best;
  }

  constexpr std::uint32_t start_and_run() {
    start();
    return run();
  }
  constexpr std::uint32_t run() {
    s_.offsets[0] = 0;
    std::uint32_t r = 0;
    while (remaining_ + in_flight_ > 0) {
      if (r == held_.max_rounds() || !detail::search_step(meter_)) return kStopped;
      const std::uint32_t e = best_vector();
      if (e == kStopped) return kStopped;  // nothing moves: cannot happen (every message has a relay)
      s_.vectors[r] = e;
      const auto stamp = static_cast<std::int32_t>(r + 1);
      forward(stamp, e);
      first_hops(stamp, e);
      s_.offsets[r + 1] = hops_;
      ++r;
      worked(n_);
    }
    return r;
  }

  constexpr void forward(std::int32_t stamp, std::uint32_t e) {
    const std::uint32_t sent = detail::forward_bucket(
        bucket_head(e), stamp, [this](std::uint32_t m) -> std::int32_t& { return next(m); },
        [this](std::uint32_t m) -> std::uint32_t { return held_.at(m).holder; },
        [this](std::uint32_t u) -> std::int32_t& { return used(u); },
        [this](std::uint32_t m) {
          const HeldMessage h = held_.at(m);
          detail::append_hop(s_.hops, hops_, h.holder, h.origin, h.final_destination);
        });
    bucket_count(e) -= static_cast<std::int32_t>(sent);
    in_flight_ -= sent;
  }

  /// Holders send a first hop to P(h) ^ e where that relay takes one of their messages
  /// (chained: only a message whose forward vector is the round's chain target).
  constexpr void first_hops(std::int32_t stamp, std::uint32_t e) {
    const std::uint32_t target = chain_ ? chain_target(stamp, e) : kStopped;
    for (std::uint32_t h = 0; h < n_; ++h) {
      const std::uint32_t count = pend_count(h);
      if (count == 0 || used(h) == stamp) continue;
      const std::uint32_t p = q_.p(h) ^ e;
      if (q_.faults.crosses(h, p)) continue;
      worked(4 * count);  // a message's crossing test and score: about 40 instructions
      const std::uint32_t begin = pend_begin(h);
      const std::uint32_t out_base = q_.p(p);
      std::uint32_t pick = kStopped;
      std::int32_t pick_score = -1;
      for (std::uint32_t t = begin; t < begin + count; ++t) {
        const std::uint32_t j = held_.at(t).final_destination;
        if (j == p || q_.faults.crosses(p, j)) continue;
        if (chain_ && (out_base ^ j) != target) continue;
        const std::int32_t score = 2 * bucket_count(out_base ^ j) + first_count(out_base ^ j);
        if (score > pick_score) pick_score = score, pick = t;
      }
      if (pick == kStopped) continue;
      used(h) = stamp;
      const HeldMessage m = held_.at(pick);
      detail::append_hop(s_.hops, hops_, h, m.origin, m.final_destination);
      take(h, pick, static_cast<std::uint16_t>(p));
    }
  }

  /// Pending message `pick` of h leaves for relay p: it moves behind h's pending range
  /// (stored entries never move again) and waits in p's store.
  constexpr void take(std::uint32_t h, std::uint32_t pick, std::uint16_t p) {
    const std::uint32_t begin = pend_begin(h);
    const std::uint32_t last = begin + pend_count(h) - 1U;
    const std::uint32_t c = output_class(held_.at(pick).final_destination);
    bool last_of_class = true;
    for (std::uint32_t t = begin; t <= last && last_of_class; ++t)
      last_of_class = t == pick || output_class(held_.at(t).final_destination) != c;
    if (last_of_class) contribute(h, -1);
    held_.swap(pick, last);
    HeldMessage m = held_.at(last);
    m.holder = p;
    held_.set(last, m);
    pend_count(h) = static_cast<std::uint16_t>(pend_count(h) - 1U);
    --remaining_;
    if (last_of_class && pend_count(h) != 0) contribute(h, +1);
    store(last);
  }

  const FaultProblem& q_;
  HeldList& held_;
  PlanStorageSpan s_;
  std::uint32_t n_;
  PlanMeter* meter_;
  std::uint32_t work_{0};
  std::uint32_t remaining_{0};
  std::uint32_t in_flight_{0};
  std::uint32_t hops_{0};
  bool chain_{false};  // chained(): first hops of one forward vector a round
};

}  // namespace a2a
