// The early-binding greedy of the general planner (general_fault_planner.hpp): one run of one
// variant. Each extra round takes the vector moving the most messages:
//  - forwards: relays holding a message whose output is P(relay) ^ e (kept in one
//    bucket per vector, so this count is O(1));
//  - first hops: sources with messages left for which P(i) ^ e is a relay of at least
//    one of them. Per vector these counts are kept incrementally: a source's share
//    changes only when the last of its messages of one "class" (the faults whose
//    outputs contain the destination: what decides which p relay it) goes, O(N) then
//    (the urgency variant reweighs it at every first hop).
// A first hop takes, of the source's messages that p relays, the one whose forward
// vector has the most messages waiting, so forwards bunch into few rounds.
// Time: O(N) per round for the vector, O(first hops x messages of a source) for the
// hops, O(N / 32 x classes x faults + N) per source for the counts (contribute: 32
// relays a word).
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#include "a2a/fault/detail/fault_problem.hpp"
#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/fault/detail/run_rounds.hpp"
#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"

namespace a2a::detail {

class GreedyRun {
 public:
  static constexpr std::uint32_t kNone = kRunStopped;

  /// One run of variant k (below) with the given seed for ties; its number of extra
  /// rounds (kNone: more than `cap`). `m`: the relayed messages (GeneralFaultPlanner::messages).
  static constexpr std::uint32_t run(const FaultProblem& q, PlanStorageSpan storage, std::uint32_t m, std::uint32_t cap,
                                     std::uint32_t k, std::uint32_t seed, RunMeter steps = {}) {
    GreedyRun p(q, storage, m, k);
    p.seed_ = seed;
    p.meter_ = steps.meter;
    p.start(steps.meter);
    p.cursor_ = q.ports - 1;  // the cycle starts at vector 0
    return run_rounds(p, storage, q.ports, cap, steps);
  }

  // The round run_rounds() (run_rounds.hpp) lays down: whether messages are left, the
  // round's vector, its forwards and first hops (below), the hops so far.
  [[nodiscard]] constexpr bool unfinished() const { return remaining_ + in_flight_ > 0; }
  [[nodiscard]] constexpr std::uint32_t hops() const { return hop_count_; }
  /// The next round's vector: by the variant's score (the urgency variant reweighs first), or the cycle's next.
  [[nodiscard]] constexpr std::uint32_t pick_vector() {
    if (urgent_) weigh_forwards();
    return cyclic_ ? next_in_cycle() : best_vector();
  }

 private:
  static constexpr std::int32_t kEnd = -1;
  /// Work (messages scanned, ports counted) between two checkpoints of a round: a
  /// device's slices stay short (tens of thousands of instructions) without a tick per
  /// source, whose cost would rival the work.
  static constexpr std::uint32_t kWorkPerCheckpoint = 512;
  /// Counts `units` of work; a checkpoint once kWorkPerCheckpoint have passed.
  constexpr void worked(std::uint32_t units) {
    work_ += units;
    if (work_ < kWorkPerCheckpoint) return;
    work_ = 0;
    checkpoint(meter_);
  }
  static constexpr bool blocked_source(const FaultMap& m, std::uint32_t i) {
    for (std::uint32_t f = 0; f < m.count(); ++f)
      if (m.blocked(f).source(i)) return true;
    return false;
  }

  /// Variant k (0 .. 7): k < 6 picks the tie-break (k % 2) and the
  /// score: messages moved (forwards and first hops alike; first hops before all else;
  /// forwards before all else: the scarce side of a fault near the inputs or the
  /// outputs). 6 weights each message by the urgency of its ends (the messages
  /// its source has left to send, its output to receive), so that the busiest
  /// processors of several faults are served every round. 7 is cyclic: the
  /// vectors come in Gray-code order, again and again (those that move nothing are
  /// skipped), and a first hop takes the message whose forward vector comes soonest,
  /// so no message waits more than N rounds in a store: what keeps the plans of many
  /// faults short, where the greedy choice leaves long tails of lone forwards.
  constexpr GreedyRun(const FaultProblem& q, PlanStorageSpan s, std::uint32_t messages, std::uint32_t k)
      : q_(q),
        s_(s),
        n_(q.ports),
        m_(messages),
        favour_forwards_(k % 2 == 1),
        weight_forwards_(k % 8 / 2 == 2 ? q.ports : 1U),
        weight_first_(k % 8 / 2 == 1 ? q.ports : 1U),
        urgent_(k % 8 == 6),
        cyclic_(k % 8 == 7) {}

  // Scratch layout: work16 = four arrays of M (the pending ranges' destinations by
  // source; the stored messages' origin, relay and destination by store index);
  // work32 = next per stored message, then seven arrays of N.
  [[nodiscard]] constexpr std::uint16_t& origin(std::uint32_t m) const { return s_.work16[m]; }
  [[nodiscard]] constexpr std::uint16_t& final_of(std::uint32_t m) const { return s_.work16[m_ + m]; }
  [[nodiscard]] constexpr std::uint16_t& relay(std::uint32_t m) const { return s_.work16[2 * m_ + m]; }
  [[nodiscard]] constexpr std::int32_t& next(std::uint32_t m) const { return s_.work32[m]; }
  [[nodiscard]] constexpr std::int32_t& per_port(std::uint32_t array, std::uint32_t u) const {
    return s_.work32[m_ + array * n_ + u];
  }
  [[nodiscard]] constexpr std::int32_t& pend_begin(std::uint32_t i) const { return per_port(0, i); }
  [[nodiscard]] constexpr std::int32_t& pend_count(std::uint32_t i) const { return per_port(1, i); }
  [[nodiscard]] constexpr std::int32_t& bucket_head(std::uint32_t e) const { return per_port(2, e); }
  [[nodiscard]] constexpr std::int32_t& bucket_count(std::uint32_t e) const { return per_port(3, e); }
  [[nodiscard]] constexpr std::int32_t& first_count(std::uint32_t e) const { return per_port(4, e); }
  [[nodiscard]] constexpr std::int32_t& used(std::uint32_t u) const { return per_port(5, u); }
  [[nodiscard]] constexpr std::int32_t& source_list(std::uint32_t k) const { return per_port(6, k); }
  /// first_count weighted by each source's messages left (its urgency).
  [[nodiscard]] constexpr std::int32_t& first_weight(std::uint32_t e) const { return per_port(7, e); }
  /// Messages not yet delivered to output j (its urgency).
  [[nodiscard]] constexpr std::int32_t& incoming(std::uint32_t j) const { return per_port(8, j); }
  /// This round's waiting forwards per vector, weighted by their outputs' urgency.
  [[nodiscard]] constexpr std::int32_t& forward_weight(std::uint32_t e) const { return per_port(9, e); }

  /// The faults whose outputs contain j: which relays can reach j depends on this only.
  [[nodiscard]] constexpr std::uint32_t output_class(std::uint32_t j) const {
    std::uint32_t c = 0;
    for (std::uint32_t f = 0; f < q_.faults.count(); ++f)
      if (q_.faults.blocked(f).output(j)) c |= std::uint32_t{1} << f;
    return c;
  }

  /// Source i's share of first_count: +sign for every vector whose relay P(i) ^ e can
  /// take one of its messages. Relay p can when i -> p is fault-free and p -> j is for
  /// some pending j; p -> j depends on j's class only (the rectangles whose outputs hold
  /// j). The relays are taken 32 at a time as bit sets: each rectangle's sources (or
  /// outputs) among 32 consecutive p are its low-bit pattern or nothing (a rectangle is
  /// a coset of its fixed bits), so a word of relays costs O(rectangles + classes) and
  /// each relay that takes something two updates: about 10x fewer instructions than a
  /// test per relay, class and rectangle (docs/PERFORMANCE.md, "Planning around faults
  /// on the device").
  constexpr void contribute(std::uint32_t i, std::int32_t sign) {
    std::uint32_t classes[32]{};
    std::uint32_t k = 0;
    const auto begin = static_cast<std::uint32_t>(pend_begin(i));
    for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(pend_count(i)); ++t) {
      const std::uint32_t c = output_class(final_of(begin + t));
      bool seen = false;
      for (std::uint32_t x = 0; x < k && !seen; ++x) seen = classes[x] == c;
      if (!seen && k < 32) classes[k++] = c;
    }
    const FaultMap& faults = q_.faults;
    std::uint32_t from_i = 0;  // rectangles whose sources hold i: i -> p is blocked for p in their outputs
    for (std::uint32_t f = 0; f < faults.count(); ++f)
      if (faults.blocked(f).source(i)) from_i |= std::uint32_t{1} << f;
    const std::uint32_t pi = q_.p(i);
    const std::int32_t weight = sign * pend_count(i);
    const std::uint32_t word_bits = n_ < 32 ? (std::uint32_t{1} << n_) - 1U : ~std::uint32_t{0};
    for (std::uint32_t base = 0; base < n_; base += 32) {
      std::uint32_t blocked = 0;  // relays i cannot reach
      for (std::uint32_t rest = from_i; rest != 0; rest &= rest - 1)
        blocked |= chunk(faults, lowest(rest), base, false);
      std::uint32_t stuck = ~std::uint32_t{0};  // relays that reach no class of i's messages
      for (std::uint32_t x = 0; x < k; ++x) {
        std::uint32_t cannot = 0;  // relays some rectangle of class x blocks (as their source)
        for (std::uint32_t rest = classes[x]; rest != 0; rest &= rest - 1)
          cannot |= chunk(faults, lowest(rest), base, true);
        stuck &= cannot;
      }
      for (std::uint32_t take = ~blocked & ~stuck & word_bits; take != 0; take &= take - 1) {
        const std::uint32_t p = base + lowest(take);
        first_count(pi ^ p) += sign;
        first_weight(pi ^ p) += weight;
      }
    }
  }
  static constexpr std::uint32_t lowest(std::uint32_t bits) {
    return static_cast<std::uint32_t>(std::countr_zero(bits));
  }
  /// Rectangle f's sources (as_source) or outputs among u = base .. base + 31 (base a
  /// multiple of 32), bit u - base: the pattern of its low five fixed bits where the
  /// high ones match, else none.
  constexpr std::uint32_t chunk(const FaultMap& faults, std::uint32_t f, std::uint32_t base, bool as_source) const {
    return coset_word(faults.blocked(f), as_source, as_source ? source_low_[f] : output_low_[f], base);
  }
  /// The low-bit patterns of every rectangle (chunk()), once per run.
  constexpr void make_low_patterns() {
    for (std::uint32_t f = 0; f < q_.faults.count(); ++f) {
      const BlockedPairs r = q_.faults.blocked(f);
      source_low_[f] = low_pattern(r.fixed_a, r.a);
      output_low_[f] = low_pattern(r.fixed_b, r.b);
    }
  }

  /// `meter`: a checkpoint per blocked source (O(N) reach() each; no step).
  constexpr void start(const PlanMeter* meter) {
    make_low_patterns();
    for (std::uint32_t u = 0; u < n_; ++u) {
      pend_begin(u) = pend_count(u) = bucket_count(u) = first_count(u) = used(u) = 0;
      first_weight(u) = incoming(u) = forward_weight(u) = 0;
      bucket_head(u) = kEnd;
    }
    std::uint32_t m = 0;
    sources_ = 0;
    for (std::uint32_t i = 0; i < n_; ++i) {
      if (!blocked_source(q_.faults, i)) continue;
      detail::checkpoint(meter);
      pend_begin(i) = static_cast<std::int32_t>(m);
      (void)q_.faults.scan_row(
          i, 0,
          [&](std::uint32_t j, PairReach r) {
            if (r == PairReach::relay) {
              final_of(m) = static_cast<std::uint16_t>(j);
              ++incoming(j);
              ++m;
            }
            return true;
          },
          meter);
      pend_count(i) = static_cast<std::int32_t>(m) - pend_begin(i);
      if (pend_count(i) == 0) continue;
      source_list(sources_++) = static_cast<std::int32_t>(i);
      contribute(i, +1);
    }
    remaining_ = m;
  }

  /// Removes source i's pending message at position t, keeping first_count exact (and
  /// first_weight, for the urgency variant: O(N) a first hop; the others pay O(N) only
  /// when a class goes).
  constexpr void take(std::uint32_t i, std::uint32_t t) {
    const auto begin = static_cast<std::uint32_t>(pend_begin(i));
    const auto count = static_cast<std::uint32_t>(pend_count(i));
    // first_count changes only when the last message of a class goes; first_weight (the
    // urgency variant's) every time.
    bool last_of_class = true;
    const std::uint32_t c = output_class(final_of(begin + t));
    for (std::uint32_t x = 0; x < count && last_of_class && !urgent_; ++x)
      last_of_class = x == t || output_class(final_of(begin + x)) != c;
    if (last_of_class) contribute(i, -1);
    final_of(begin + t) = final_of(begin + count - 1);  // origin is i throughout the range
    pend_count(i) = static_cast<std::int32_t>(count - 1);
    if (last_of_class && count > 1) contribute(i, +1);
    --remaining_;
  }
  /// forward_weight for this round: every waiting message counts its output's urgency.
  constexpr void weigh_forwards() {
    for (std::uint32_t e = 0; e < n_; ++e) {
      worked(1 + static_cast<std::uint32_t>(bucket_count(e)));
      std::int32_t w = 0;
      for (std::int32_t m = bucket_head(e); m != kEnd; m = next(static_cast<std::uint32_t>(m)))
        w += incoming(stored_final(static_cast<std::uint32_t>(m)));
      forward_weight(e) = w;
    }
  }

  /// Cyclic: the position of vector e in the Gray-code cycle (the inverse Gray code).
  [[nodiscard]] static constexpr std::uint32_t position(std::uint32_t e) {
    for (std::uint32_t shift = 1; shift < 32; shift <<= 1) e ^= e >> shift;
    return e;
  }
  /// Cyclic: the next vector of the cycle that moves something (kNone: none does).
  [[nodiscard]] constexpr std::uint32_t next_in_cycle() {
    for (std::uint32_t t = 0; t < n_; ++t) {
      cursor_ = (cursor_ + 1) % n_;
      const std::uint32_t e = cursor_ ^ (cursor_ >> 1);
      if (bucket_count(e) + first_count(e) > 0) return e;
    }
    return kNone;
  }
  [[nodiscard]] constexpr std::uint32_t best_vector() const {
    if (!urgent_ && seed_ == 0 && weight_forwards_ == 1 && weight_first_ == 1 && n_ <= 32768) return best_plain();
    std::uint32_t best = kNone;
    std::int64_t best_score = 0;
    std::int32_t best_tie = -1;
    std::uint32_t best_draw = 0;
    for (std::uint32_t e = 0; e < n_; ++e) {
      const std::int64_t score =
          urgent_ ? std::int64_t{forward_weight(e)} + first_weight(e)
                  : std::int64_t{weight_forwards_} * bucket_count(e) + std::int64_t{weight_first_} * first_count(e);
      const std::int32_t tie = favour_forwards_ ? bucket_count(e) : first_count(e);
      const std::uint32_t draw = seed_ == 0 ? 0U : ((e ^ seed_) * 0x9E3779B1U) ^ seed_;  // then by the seed
      if (score > best_score ||
          (score == best_score && score > 0 && (tie > best_tie || (tie == best_tie && draw > best_draw)))) {
        best_draw = draw;
        best_score = score;
        best_tie = tie;
        best = e;
      }
    }
    return best;
  }

  /// best_vector() of the device's variant (messages moved, no weights, no seed), in 32
  /// bits: a bucket holds at most N^2 <= 2^30 messages and first_count at most N, so the
  /// sum cannot overflow. The same choice as best_vector() at about half the instructions
  /// a vector (it runs once a round, over every vector).
  [[nodiscard]] constexpr std::uint32_t best_plain() const {
    std::uint32_t best = kNone;
    std::int32_t best_score = 0;
    std::int32_t best_tie = -1;
    for (std::uint32_t e = 0; e < n_; ++e) {
      const std::int32_t forwards = bucket_count(e);
      const std::int32_t firsts = first_count(e);
      const std::int32_t score = forwards + firsts;
      const std::int32_t tie = favour_forwards_ ? forwards : firsts;
      if (score > best_score || (score == best_score && score > 0 && tie > best_tie)) {
        best_score = score;
        best_tie = tie;
        best = e;
      }
    }
    return best;
  }

  constexpr void emit(std::uint32_t port, std::uint32_t from, std::uint32_t to) {
    append_hop(s_.hops, hop_count_, port, from, to);
  }

 public:  // the round's hops, for run_rounds()
  /// Relays forward the messages waiting for e, one per relay (stamp: round + 1).
  constexpr void forward(std::int32_t stamp, std::uint32_t e) {
    const std::uint32_t sent = forward_bucket(
        bucket_head(e), stamp, [this](std::uint32_t m) -> std::int32_t& { return next(m); },
        [this](std::uint32_t m) -> std::uint32_t { return relay(m); },
        [this](std::uint32_t u) -> std::int32_t& { return used(u); },
        [this](std::uint32_t m) {
          emit(relay(m), origin(m), stored_final(m));
          --incoming(stored_final(m));
        });
    bucket_count(e) -= static_cast<std::int32_t>(sent);
    in_flight_ -= sent;
  }

  /// Sources send a first hop to P(i) ^ e where that relays one of their messages.
  constexpr void first_hops(std::int32_t stamp, std::uint32_t e) {
    for (std::uint32_t k = 0; k < sources_;) {
      const auto i = static_cast<std::uint32_t>(source_list(k));
      worked(1 + static_cast<std::uint32_t>(pend_count(i)));  // the scan of its pending messages below
      const std::uint32_t p = q_.p(i) ^ e;
      if (used(i) == stamp || q_.faults.crosses(i, p)) {
        ++k;
        continue;
      }
      const std::uint32_t out_base = q_.p(p);
      const auto begin = static_cast<std::uint32_t>(pend_begin(i));
      std::uint32_t pick = kNone;
      std::int32_t pick_score = -1;
      for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(pend_count(i)); ++t) {
        const std::uint32_t j = final_of(begin + t);
        if (q_.faults.crosses(p, j)) continue;
        const std::uint32_t f = out_base ^ j;
        const std::int32_t score = cyclic_
                                       ? static_cast<std::int32_t>(n_ - (position(f) - cursor_ - 1) % n_)
                                       : 2 * bucket_count(f) + first_count(f);  // bunch, onto vectors first hops use
        if (score > pick_score) pick_score = score, pick = t;
      }
      if (pick == kNone) {
        ++k;
        continue;
      }
      const std::uint32_t j = final_of(begin + pick);
      used(i) = stamp;
      emit(i, i, j);
      // The message moves to the store: its record is the next free slot behind the
      // pending ranges (messages are recorded in the order of their first hops).
      const std::uint32_t m = stored_++;
      store_origin(m, i, j, p);
      const std::uint32_t f = out_base ^ j;
      next(m) = bucket_head(f);
      bucket_head(f) = static_cast<std::int32_t>(m);
      ++bucket_count(f);
      ++in_flight_;
      take(i, pick);
      worked(2 * n_);  // take(): contribute() twice at most, O(N) each
      if (pend_count(i) == 0) {
        source_list(k) = source_list(--sources_);
      } else {
        ++k;
      }
    }
  }

 private:
  /// Stored messages reuse the origin and relay arrays by their own index (the pending
  /// ranges keep only final destinations, which take() compacts).
  constexpr void store_origin(std::uint32_t m, std::uint32_t i, std::uint32_t j, std::uint32_t p) {
    origin(m) = static_cast<std::uint16_t>(i);
    relay(m) = static_cast<std::uint16_t>(p);
    stored_final(m) = static_cast<std::uint16_t>(j);
  }
  [[nodiscard]] constexpr std::uint16_t& stored_final(std::uint32_t m) const { return s_.work16[2 * m_ + m_ + m]; }

  const FaultProblem& q_;
  PlanStorageSpan s_;
  std::uint32_t n_;
  std::uint32_t m_;
  bool favour_forwards_;
  std::uint32_t weight_forwards_;
  std::uint32_t weight_first_;
  bool urgent_;
  bool cyclic_;
  const PlanMeter* meter_{nullptr};  // checkpoints within a round (no steps)
  std::uint32_t work_{0};            // since the last checkpoint
  std::uint32_t cursor_{0};          // cyclic: position of the current round's vector in the cycle
  std::uint32_t seed_{0};            // ties between equal vectors: 0 the lowest, else a draw by the seed
  std::uint32_t sources_{0};
  std::uint32_t remaining_{0};
  std::uint32_t in_flight_{0};
  std::uint32_t stored_{0};
  std::uint32_t hop_count_{0};
  std::uint32_t source_low_[kMaxFaults]{};  // chunk(): each rectangle's sources among u mod 32
  std::uint32_t output_low_[kMaxFaults]{};  // ... and its outputs
};

}  // namespace a2a::detail
