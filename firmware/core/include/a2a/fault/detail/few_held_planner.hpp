// The completion of a few held messages (a fault late in the exchange: the last round
// of omega 256 holds two). CompletionPlanner's greedy keeps its counts in arrays of N
// (a bucket and a first-hop count per vector), which costs O(N) a round and a holder
// whatever is held: about 50 k instructions for two messages at N = 256, all of it a
// standstill when the held rounds are too short to plan beside (docs/PERFORMANCE.md,
// "A fault's standstill"). Here the same greedy looks at the messages alone: the
// vectors that forward a stored message are the candidates, scored by the forwards and
// the first hops they carry, and a vector that only carries first hops is searched
// until one carries a first hop for every holder (or, past kFewSearch vectors, the best
// found). O(M^2) a vector for M messages (the first hops' picks O(M^2) each, a round's
// few), nothing of size N; used up to kFewHeld messages.
//
// Rounds are CompletionPlanner's: vector e sends u to P(u) ^ e; a holder whose path to
// the destination is blocked sends a first hop to a relay p = P(h) ^ e with h -> p and
// p -> j fault-free, and p forwards it in the round of vector P(p) ^ j.
#pragma once

#include <cstdint>

#include "a2a/fault/detail/fault_problem.hpp"
#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/fault/plan_storage.hpp"

namespace a2a::detail {

/// Up to this many held messages the completion is planned message by message.
inline constexpr std::uint32_t kFewHeld = 16;
/// Vectors of first hops alone tried a round once one moves something.
inline constexpr std::uint32_t kFewSearch = 32;

/// The greedy over a list of at most kFewHeld messages (List: HeldList's at, set,
/// size, storage, max_rounds). Returns the rounds, or kFewStopped (too long, or the
/// meter's cap).
inline constexpr std::uint32_t kFewStopped = 0xFFFFFFFFU;

template <class List>
class FewHeldPlanner {
 public:
  constexpr FewHeldPlanner(const FaultProblem& q, List& held, PlanMeter* meter)
      : q_(q), held_(held), s_(held.storage()), meter_(meter), size_(held.size()) {
    for (std::uint32_t k = 0; k < size_; ++k) {
      const auto m = held_.at(k);
      state_[k] = q_.faults.crosses(m.holder, m.final_destination) ? kPending : kStored;
    }
  }

  constexpr std::uint32_t run() {
    s_.offsets[0] = 0;
    std::uint32_t r = 0;
    while (left() != 0) {
      if (r == held_.max_rounds() || !search_step(meter_)) return kFewStopped;
      const std::uint32_t e = best_vector();
      if (e == kNone) return kFewStopped;  // nothing moves: cannot happen (every message has a relay)
      s_.vectors[r] = e;
      send_round(e);
      s_.offsets[r + 1] = hops_;
      ++r;
    }
    return r;
  }

 private:
  static constexpr std::uint8_t kPending = 0;  // at its holder, whose path is blocked
  static constexpr std::uint8_t kStored = 1;   // at its holder, which forwards it by vector P(holder) ^ j
  static constexpr std::uint8_t kDone = 2;
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

  [[nodiscard]] constexpr std::uint32_t left() const {
    std::uint32_t c = 0;
    for (std::uint32_t k = 0; k < size_; ++k) c += state_[k] != kDone ? 1U : 0U;
    return c;
  }
  [[nodiscard]] constexpr std::uint32_t forward_vector(std::uint32_t k) const {
    const auto m = held_.at(k);
    return q_.p(m.holder) ^ m.final_destination;
  }
  /// Whether message k is the first of its holder among messages in `state` (a holder
  /// sends once a round: counted once).
  [[nodiscard]] constexpr bool first_of_holder(std::uint32_t k, std::uint8_t state, std::uint32_t e,
                                               bool forwards) const {
    const std::uint32_t h = held_.at(k).holder;
    for (std::uint32_t x = 0; x < k; ++x)
      if (state_[x] == state && held_.at(x).holder == h && (!forwards || forward_vector(x) == e)) return false;
    return true;
  }
  /// Holder h forwards a stored message by vector e (so sends no first hop in it).
  [[nodiscard]] constexpr bool forwards_in(std::uint32_t h, std::uint32_t e) const {
    for (std::uint32_t x = 0; x < size_; ++x)
      if (state_[x] == kStored && held_.at(x).holder == h && forward_vector(x) == e) return true;
    return false;
  }
  /// The pending message of holder h that vector e can carry a first hop of (to relay
  /// P(h) ^ e): the one whose forward from there shares its vector with the most stored
  /// messages; kNone if none.
  [[nodiscard]] constexpr std::uint32_t first_hop(std::uint32_t h, std::uint32_t e) const {
    const std::uint32_t p = q_.p(h) ^ e;
    if (q_.faults.crosses(h, p)) return kNone;
    std::uint32_t pick = kNone;
    std::uint32_t pick_score = 0;
    for (std::uint32_t k = 0; k < size_; ++k) {
      const auto m = held_.at(k);
      if (state_[k] != kPending || m.holder != h || m.final_destination == p) continue;
      if (q_.faults.crosses(p, m.final_destination)) continue;
      const std::uint32_t onward = q_.p(p) ^ m.final_destination;
      std::uint32_t score = 1;
      for (std::uint32_t x = 0; x < size_; ++x) score += state_[x] == kStored && forward_vector(x) == onward ? 1U : 0U;
      if (pick == kNone || score > pick_score) pick = k, pick_score = score;
    }
    return pick;
  }
  /// Whether holder h can send a first hop by vector e (one of its pending messages has
  /// relay P(h) ^ e on fault-free paths): first_hop() without its score, O(M).
  [[nodiscard]] constexpr bool has_first_hop(std::uint32_t h, std::uint32_t e) const {
    const std::uint32_t p = q_.p(h) ^ e;
    if (q_.faults.crosses(h, p)) return false;
    for (std::uint32_t k = 0; k < size_; ++k) {
      const auto m = held_.at(k);
      if (state_[k] == kPending && m.holder == h && m.final_destination != p &&
          !q_.faults.crosses(p, m.final_destination))
        return true;
    }
    return false;
  }
  /// Forwards and first hops vector e carries.
  [[nodiscard]] constexpr std::uint32_t forwards(std::uint32_t e) const {
    std::uint32_t c = 0;
    for (std::uint32_t k = 0; k < size_; ++k)
      c += state_[k] == kStored && forward_vector(k) == e && first_of_holder(k, kStored, e, true) ? 1U : 0U;
    return c;
  }
  [[nodiscard]] constexpr std::uint32_t first_hops(std::uint32_t e) const {
    std::uint32_t c = 0;
    for (std::uint32_t k = 0; k < size_; ++k) {
      if (state_[k] != kPending || !first_of_holder(k, kPending, e, false)) continue;
      const std::uint32_t h = held_.at(k).holder;
      c += !forwards_in(h, e) && has_first_hop(h, e) ? 1U : 0U;
    }
    return c;
  }
  [[nodiscard]] constexpr std::uint32_t pending_holders() const {
    std::uint32_t c = 0;
    for (std::uint32_t k = 0; k < size_; ++k)
      c += state_[k] == kPending && first_of_holder(k, kPending, 0, false) ? 1U : 0U;
    return c;
  }

  /// The vector that moves the most (ties: the one with more forwards; then the first
  /// found): each stored message's vector, then a search for first hops alone.
  [[nodiscard]] constexpr std::uint32_t best_vector() const {
    std::uint32_t best = kNone;
    std::uint32_t best_score = 0;
    std::uint32_t best_forwards = 0;
    for (std::uint32_t k = 0; k < size_; ++k) {
      if (state_[k] != kStored) continue;
      checkpoint(meter_);  // a slice ends between two candidates (O(M^2) each)
      const std::uint32_t e = forward_vector(k);
      const std::uint32_t f = forwards(e);
      const std::uint32_t score = f + first_hops(e);
      if (score > best_score || (score == best_score && f > best_forwards))
        best = e, best_score = score, best_forwards = f;
    }
    const std::uint32_t holders = pending_holders();
    if (holders <= best_score) return best;  // no vector of first hops alone moves more
    // In an order that changes high and low bits alike (k times an odd constant, mod N:
    // every vector once): a fault's blocked relays share fixed bits at either end, so
    // counting up from 0 would try a run of blocked ones first.
    for (std::uint32_t k = 0; k < q_.ports; ++k) {
      checkpoint(meter_);  // a slice ends between two vectors
      const std::uint32_t e = (k * 0x9E3779B1U) & (q_.ports - 1U);
      const std::uint32_t c = first_hops(e);
      if (c > best_score) best = e, best_score = c;
      // The most it can carry; or, past kFewSearch vectors, the best so far (a holder
      // few relays serve would make every round scan all N).
      if (c == holders || (k >= kFewSearch && best_score > 0)) break;
    }
    return best;
  }

  /// Vector e's round: its forwards (one per holder), then a first hop from every
  /// holder that does not send yet.
  constexpr void send_round(std::uint32_t e) {
    round_start_ = hops_;
    for (std::uint32_t k = 0; k < size_; ++k) {
      const auto m = held_.at(k);
      if (state_[k] != kStored || forward_vector(k) != e || sent_this_round(m.holder)) continue;
      append_hop(s_.hops, hops_, m.holder, m.origin, m.final_destination);
      state_[k] = kDone;
    }
    for (std::uint32_t k = 0; k < size_; ++k) {
      if (state_[k] != kPending || sent_this_round(held_.at(k).holder)) continue;
      const std::uint32_t pick = first_hop(held_.at(k).holder, e);
      if (pick == kNone) continue;
      auto m = held_.at(pick);
      append_hop(s_.hops, hops_, m.holder, m.origin, m.final_destination);
      m.holder = static_cast<std::uint16_t>(q_.p(m.holder) ^ e);  // in relay p's store now
      held_.set(pick, m);
      state_[pick] = kStored;
    }
  }
  /// Whether holder h already sends in the round being laid down (its hops since round_start_).
  [[nodiscard]] constexpr bool sent_this_round(std::uint32_t h) const {
    for (std::uint32_t x = round_start_; x < hops_; ++x)
      if (s_.hops[x].port == h) return true;
    return false;
  }

  const FaultProblem& q_;
  List& held_;
  PlanStorageSpan s_;
  PlanMeter* meter_;
  std::uint32_t size_;
  std::uint32_t hops_{0};
  std::uint32_t round_start_{0};
  std::uint8_t state_[kFewHeld]{};
};

}  // namespace a2a::detail
