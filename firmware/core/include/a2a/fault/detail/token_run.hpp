// Late binding for the general planner (general_fault_planner.hpp): a first hop need not say
// which message it carries. It sends a "token": some message of its source i, to the
// relay p = P(i) ^ e, which must be valid for every message of i (fault-free from i,
// and to each of i's destinations: with one fault, p outside A and B; with several,
// outside the A of every fault whose outputs hold one of i's destinations), so the
// token can become any of them. A later round with vector v lets every relay p forward
// to j = P(p) ^ v; a token there is bound to that j if its source still has j to send,
// and the first hop's record gets j then. Forwards no longer wait for the one vector an
// early choice fixed: any vector that meets a token's source's open outputs serves it,
// which removes most of the tail of lone forwards the early-binding greedy ends with
// (omega N = 32, stage 2: 49 rounds against 53 with ties drawn by seeds; the closed
// form takes 59, the lower bound is 44).
//
// Each round takes the vector with the most forwards (relays holding a token whose
// source has j = P(p) ^ v open: counted afresh each round, O(tokens x open outputs))
// plus first hops (sources with messages not yet tokened whose relay P(i) ^ v is
// valid: kept incrementally, O(N) once per source), weighted as the variant says.
// Storage: the general planner's (FaultPlanSizes), laid out as below.
#pragma once

#include <cstdint>

#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/fault/detail/run_rounds.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/plan_meter.hpp"

namespace a2a::detail {

template <class Problem>
class TokenRun {
 public:
  static constexpr std::uint32_t kNone = kRunStopped;

  /// One run; its number of extra rounds (kNone: more than `cap`). Weights of forwards
  /// and first hops, and which token a relay binds (the newest, or the one whose source
  /// has the most outputs open).
  static constexpr std::uint32_t run(const Problem& q, PlanStorageSpan s, std::uint32_t messages, std::uint32_t cap,
                                     std::uint32_t weight_forwards, std::uint32_t weight_first, bool urgent_bind,
                                     std::uint32_t seed = 0, RunMeter steps = {}) {
    TokenRun t(q, s, messages, weight_forwards, weight_first, urgent_bind);
    t.seed_ = seed;
    t.start(steps.meter);
    return run_rounds(t, s, q.ports, cap, steps);
  }

  // The round run_rounds() (run_rounds.hpp) lays down: whether messages are left, the
  // round's vector, its forwards and first hops (below), the hops so far.
  [[nodiscard]] constexpr bool unfinished() const { return unsent_ + unbound_ > 0; }
  [[nodiscard]] constexpr std::uint32_t hops() const { return hop_count_; }
  [[nodiscard]] constexpr std::uint32_t pick_vector() { return best_vector(); }

 private:
  static constexpr std::int32_t kEnd = -1;
  constexpr TokenRun(const Problem& q, PlanStorageSpan s, std::uint32_t m, std::uint32_t wf, std::uint32_t ws, bool ub)
      : q_(q), s_(s), n_(q.ports), m_(m), weight_forwards_(wf), weight_first_(ws), urgent_bind_(ub) {}

  // work16: open outputs by source (ranges), token origin, token relay; work32: token
  // next (per relay), token's first-hop record, then ten arrays of N.
  [[nodiscard]] constexpr std::uint16_t& open(std::uint32_t k) const { return s_.work16[k]; }
  [[nodiscard]] constexpr std::uint16_t& origin(std::uint32_t t) const { return s_.work16[m_ + t]; }
  [[nodiscard]] constexpr std::uint16_t& relay(std::uint32_t t) const { return s_.work16[2 * m_ + t]; }
  [[nodiscard]] constexpr std::int32_t& next(std::uint32_t t) const { return s_.work32[t]; }
  [[nodiscard]] constexpr std::int32_t& record(std::uint32_t t) const { return s_.work32[m_ + t]; }
  [[nodiscard]] constexpr std::int32_t& port(std::uint32_t a, std::uint32_t u) const {
    return s_.work32[2 * m_ + a * n_ + u];
  }
  [[nodiscard]] constexpr std::int32_t& open_begin(std::uint32_t i) const { return port(0, i); }
  [[nodiscard]] constexpr std::int32_t& open_count(std::uint32_t i) const { return port(1, i); }
  [[nodiscard]] constexpr std::int32_t& relay_head(std::uint32_t p) const { return port(2, p); }
  [[nodiscard]] constexpr std::int32_t& first_count(std::uint32_t v) const { return port(3, v); }
  [[nodiscard]] constexpr std::int32_t& used(std::uint32_t u) const { return port(4, u); }
  [[nodiscard]] constexpr std::int32_t& senders(std::uint32_t k) const { return port(5, k); }
  [[nodiscard]] constexpr std::int32_t& forward_count(std::uint32_t v) const { return port(6, v); }
  [[nodiscard]] constexpr std::int32_t& mark(std::uint32_t v) const { return port(7, v); }
  [[nodiscard]] constexpr std::int32_t& tokens(std::uint32_t i) const { return port(8, i); }
  [[nodiscard]] constexpr std::int32_t& source_mark(std::uint32_t i) const { return port(9, i); }

  /// The faults whose outputs contain one of source i's relayed destinations: its
  /// range of open() holds all of them from start() on (binding swaps, never drops).
  [[nodiscard]] constexpr std::uint32_t classes(std::uint32_t i) const {
    const auto end = static_cast<std::uint32_t>(i + 1 < n_ ? open_begin(i + 1) : static_cast<std::int32_t>(m_));
    std::uint32_t mask = 0;
    for (auto x = static_cast<std::uint32_t>(open_begin(i)); x < end; ++x)
      for (std::uint32_t f = 0; f < q_.faults.count(); ++f)
        if (q_.faults.blocked(f).output(open(x))) mask |= std::uint32_t{1} << f;
    return mask;
  }
  /// Is p a relay for every message of source i (so a token there can be bound to any)?
  [[nodiscard]] constexpr bool relays(std::uint32_t i, std::uint32_t p, std::uint32_t mask) const {
    if (q_.faults.crosses(i, p)) return false;
    for (std::uint32_t f = 0; f < q_.faults.count(); ++f)
      if (((mask >> f) & 1U) != 0 && q_.faults.blocked(f).source(p)) return false;
    return true;
  }
  constexpr void contribute(std::uint32_t i, std::int32_t sign) {
    const std::uint32_t pi = q_.p(i);
    const std::uint32_t mask = classes(i);
    for (std::uint32_t p = 0; p < n_; ++p)
      if (relays(i, p, mask)) first_count(pi ^ p) += sign;
  }

  /// `meter`: a checkpoint per source (O(N) reach() each; no step).
  constexpr void start(const PlanMeter* meter) {
    for (std::uint32_t u = 0; u < n_; ++u) {
      open_begin(u) = open_count(u) = first_count(u) = used(u) = tokens(u) = 0;
      relay_head(u) = kEnd;
    }
    std::uint32_t k = 0;
    for (std::uint32_t i = 0; i < n_; ++i) {
      detail::checkpoint(meter);
      open_begin(i) = static_cast<std::int32_t>(k);
      for (std::uint32_t j = 0; j < n_; ++j) {
        detail::pair_checkpoint(meter, j);
        if (q_.faults.crosses(i, j) && q_.faults.reach(i, j) == PairReach::relay)
          open(k++) = static_cast<std::uint16_t>(j);
      }
      open_count(i) = static_cast<std::int32_t>(k) - open_begin(i);
      if (open_count(i) != 0) senders(senders_++) = static_cast<std::int32_t>(i);
    }
    unsent_ = k;
    // Only now: classes() reads a source's range up to the next source's start.
    for (std::uint32_t x = 0; x < senders_; ++x) contribute(static_cast<std::uint32_t>(senders(x)), +1);
  }

  [[nodiscard]] constexpr std::uint32_t best_vector() {
    for (std::uint32_t u = 0; u < n_; ++u) forward_count(u) = mark(u) = source_mark(u) = 0;
    for (std::uint32_t p = 0; p < n_; ++p) {
      const auto key = static_cast<std::int32_t>(p + 1);
      const std::uint32_t base = q_.p(p);
      for (std::int32_t t = relay_head(p); t != kEnd; t = next(static_cast<std::uint32_t>(t))) {
        const std::uint32_t i = origin(static_cast<std::uint32_t>(t));
        if (source_mark(i) == key) continue;  // this source's open outputs are counted for p already
        source_mark(i) = key;
        const auto begin = static_cast<std::uint32_t>(open_begin(i));
        for (std::uint32_t x = 0; x < static_cast<std::uint32_t>(open_count(i)); ++x) {
          const std::uint32_t v = base ^ open(begin + x);
          if (mark(v) != key) mark(v) = key, ++forward_count(v);
        }
      }
    }
    std::uint32_t best = kNone;
    std::int64_t best_score = 0;
    std::uint32_t best_tie = 0;
    for (std::uint32_t v = 0; v < n_; ++v) {
      const std::int64_t score =
          std::int64_t{weight_forwards_} * forward_count(v) + std::int64_t{weight_first_} * first_count(v);
      const std::uint32_t tie = seed_ == 0 ? 0U : ((v ^ seed_) * 0x9E3779B1U) ^ seed_;  // ties: by the seed
      if (score > best_score || (score == best_score && score > 0 && tie > best_tie))
        best_score = score, best = v, best_tie = tie;
    }
    return best;
  }

  constexpr void emit(std::uint32_t at, std::uint32_t from, std::uint32_t to) {
    s_.hops[hop_count_++] =
        RelayHop{static_cast<std::uint16_t>(at), static_cast<std::uint16_t>(from), static_cast<std::uint16_t>(to)};
  }

 public:  // the round's hops, for run_rounds()
  /// Every relay with a token whose source has j = P(p) ^ v open forwards one: bound now.
  constexpr void forward(std::int32_t stamp, std::uint32_t v) {
    for (std::uint32_t p = 0; p < n_; ++p) {
      if (relay_head(p) == kEnd) continue;
      const std::uint32_t j = q_.p(p) ^ v;
      std::int32_t pick = kEnd;
      std::int32_t pick_prev = kEnd;
      std::uint32_t pick_slot = 0;
      std::int32_t pick_open = -1;
      for (std::int32_t t = relay_head(p), prev = kEnd; t != kEnd; prev = t, t = next(static_cast<std::uint32_t>(t))) {
        const std::uint32_t i = origin(static_cast<std::uint32_t>(t));
        const auto begin = static_cast<std::uint32_t>(open_begin(i));
        for (std::uint32_t x = 0; x < static_cast<std::uint32_t>(open_count(i)); ++x) {
          if (open(begin + x) != j) continue;
          if (open_count(i) > pick_open) pick = t, pick_prev = prev, pick_slot = begin + x, pick_open = open_count(i);
          break;
        }
        if (pick != kEnd && !urgent_bind_) break;  // the newest token that fits
      }
      if (pick == kEnd) continue;
      const auto t = static_cast<std::uint32_t>(pick);
      const std::uint32_t i = origin(t);
      s_.hops[static_cast<std::uint32_t>(record(t))].final_destination = static_cast<std::uint16_t>(j);
      emit(p, i, j);
      used(p) = stamp;
      const auto last = static_cast<std::uint32_t>(open_begin(i) + open_count(i) - 1);
      open(pick_slot) = open(last);  // the bound output moves behind the open ones
      open(last) = static_cast<std::uint16_t>(j);
      --open_count(i);
      --tokens(i);
      if (pick_prev == kEnd) {
        relay_head(p) = next(t);
      } else {
        next(static_cast<std::uint32_t>(pick_prev)) = next(t);
      }
      --unbound_;
    }
  }

  /// Sources with messages not yet tokened send one to P(i) ^ v where that relays them.
  constexpr void first_hops(std::int32_t stamp, std::uint32_t v) {
    for (std::uint32_t k = 0; k < senders_;) {
      const auto i = static_cast<std::uint32_t>(senders(k));
      const std::uint32_t p = q_.p(i) ^ v;
      if (used(i) == stamp || !relays(i, p, classes(i))) {
        ++k;
        continue;
      }
      used(i) = stamp;
      const std::uint32_t t = tokens_made_++;
      origin(t) = static_cast<std::uint16_t>(i);
      relay(t) = static_cast<std::uint16_t>(p);
      record(t) = static_cast<std::int32_t>(hop_count_);
      emit(i, i, i);  // the final destination is written when the token is bound
      next(t) = relay_head(p);
      relay_head(p) = static_cast<std::int32_t>(t);
      ++tokens(i);
      --unsent_;
      ++unbound_;
      if (tokens(i) == open_count(i)) {  // every open output has a token: i is done sending
        contribute(i, -1);
        senders(k) = senders(--senders_);
      } else {
        ++k;
      }
    }
  }

 private:
  const Problem& q_;
  PlanStorageSpan s_;
  std::uint32_t n_;
  std::uint32_t m_;
  std::uint32_t weight_forwards_;
  std::uint32_t weight_first_;
  bool urgent_bind_;
  std::uint32_t senders_{0};
  std::uint32_t unsent_{0};
  std::uint32_t unbound_{0};
  std::uint32_t tokens_made_{0};
  std::uint32_t seed_{0};
  std::uint32_t hop_count_{0};
};

}  // namespace a2a::detail
