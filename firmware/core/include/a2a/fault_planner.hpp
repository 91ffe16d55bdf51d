// The general relay planner: any fault set (switches and links, any stage) of a binary
// unique-path MIN, N = 2^n (fault_set.hpp), into the caller's storage.
//
// Rounds are stage-controlled: vector e sends port u to P(u) ^ e (relay_plan.hpp). The
// N regular rounds run the Latin square (vector = regular_vector(r)); a port whose path
// is blocked idles. Every blocked pair with a two-hop relay (FaultMap::reach() ==
// relay) then goes i -> p -> j in extra rounds, store and forward: the hop out of p
// strictly after the hop in, one message per port per round, both hops fault-free.
// Pairs with no relay are left out (degraded mode; the schedule refuses them otherwise).
//
// Each extra round takes the vector moving the most messages:
//  - forwards: relays holding a message whose output is P(relay) ^ e (kept in one
//    bucket per vector, so this count is O(1));
//  - first hops: sources with messages left for which P(i) ^ e is a relay of at least
//    one of them. Per vector these counts are kept incrementally: a source's share
//    changes only when the last of its messages of one "class" (the faults whose
//    outputs contain the destination: what decides which p relay it) goes, O(N) then.
// A first hop takes, of the source's messages that p relays, the one whose forward
// vector has the most messages waiting, so forwards bunch into few rounds. Greedy
// choices depend on the numbering: renaming every processor u as u ^ c maps the
// problem to an equivalent one (vectors e ^ P(c) ^ c), and the tie-breaks can favour
// forwards or first hops; plan() tries `tries` such variants and keeps the shortest.
//
// Time: O(N) per round for the vector, O(first hops x messages of a source) for the
// hops, O(N x classes) per source in all for the counts: O(N x rounds x tries).
// A plan stops at kMaxFaultRoundsPerPort * N = 8N extra rounds (fault_plan_too_long):
// several faults can need far more than one (each output takes one message a round,
// from the one relay the round's vector assigns it, and the faults leave it few).
// Storage (FaultPlanStorage<MaxPorts, MaxFaults>): with M = 2 N MaxFaults messages at
// most (2N per switch, N per link), 120 + 40 MaxFaults + max(16 MaxFaults, 24) bytes
// per port: 184 for one fault, 344 for four, 568 for eight. No table of size N x N.
// Time: each variant is a run of O(N x rounds) for the vectors plus O(N) per first hop
// for the counts (early binding) or O(tokens x open outputs) per round (late binding);
// make() plans the exchange and its time reverse with `tries` variants each. On the
// host (-O2), N = 256 with four faults: about 15 ms a variant, 1 s with the default 32.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/fault_set.hpp"
#include "a2a/limits.hpp"
#include "a2a/relay_plan.hpp"
#include "a2a/relay_tokens.hpp"
#include "a2a/status.hpp"

namespace a2a {

/// What the planner plans: the faults, P and the regular rounds' vectors.
struct FaultProblem {
  std::uint32_t ports{0};
  FaultMap faults{};
  std::array<std::uint32_t, 32> straight{};  ///< P(1 << k)
  std::array<std::uint32_t, 32> word{};      ///< regular round r: XOR of word[b] over r's bits b
  [[nodiscard]] constexpr std::uint32_t p(std::uint32_t u) const {
    std::uint32_t v = 0;
    for (std::uint32_t k = 0; u != 0; ++k, u >>= 1)
      if ((u & 1U) != 0) v ^= straight[k];
    return v;
  }
  [[nodiscard]] constexpr std::uint32_t regular_vector(std::uint32_t r) const {
    std::uint32_t v = 0;
    for (std::uint32_t bit = 0; r != 0; ++bit, r >>= 1)
      if ((r & 1U) != 0) v ^= word[bit];
    return v;
  }
};

struct FaultPlanOptions {
  bool degraded{false};     ///< deliver every deliverable pair, leave the others out (else refuse)
  /// Variants tried (numberings, scores, tie-breaks; fault_planner.hpp): more, fewer rounds
  /// and a longer make(). 0: by N, 128 up to N = 64, 32 up to 256, 16 above.
  std::uint32_t tries{0};
  [[nodiscard]] constexpr std::uint32_t tries_for(std::uint32_t ports) const {
    if (tries != 0) return tries;
    return ports <= 64 ? 128U : (ports <= 256 ? 32U : 16U);
  }
  /// One internal faulty switch: also try the single-fault designs (closed forms,
  /// RelayPlanner) and keep the fewer rounds. false: the general planner alone.
  bool single_designs{true};
};

/// The storage a plan of `messages` relayed messages on N ports needs, per span of RelayPlanSpan.
struct FaultPlanSizes {
  std::size_t vectors, offsets, hops, work16, work32;
  static constexpr FaultPlanSizes of(std::size_t ports, std::size_t messages) {
    return {kMaxFaultRoundsPerPort * ports, (1 + kMaxFaultRoundsPerPort) * ports + 1, 2 * messages + 2 * ports,
            4 * messages > 12 * ports ? 4 * messages : 12 * ports, 2 * messages + 10 * ports};
  }
  [[nodiscard]] constexpr bool fit(const RelayPlanSpan& s) const {
    return s.vectors.size() >= vectors && s.offsets.size() >= offsets && s.hops.size() >= hops &&
           s.work16.size() >= work16 && s.work32.size() >= work32;
  }
};

/// Storage for up to MaxPorts ports and MaxFaults faults (it also holds
/// RelayPlanStorage<MaxPorts>'s plans: make() compares both planners in it).
template <std::uint32_t MaxPorts, std::uint32_t MaxFaults = 4>
struct FaultPlanStorage {
  static constexpr FaultPlanSizes kSizes = FaultPlanSizes::of(MaxPorts, std::size_t{2} * MaxPorts * MaxFaults);
  std::array<std::uint32_t, kSizes.vectors> vectors{};
  std::array<std::uint32_t, kSizes.offsets> offsets{};
  std::array<RelayHop, kSizes.hops> hops{};
  std::array<std::uint16_t, kSizes.work16> work16{};
  std::array<std::int32_t, kSizes.work32> work32{};
  constexpr RelayPlanSpan span() { return {vectors, offsets, hops, work16, work32}; }
};

class FaultPlanner {
 public:
  /// The number of blocked pairs that have a two-hop relay (the messages to relay).
  static constexpr std::uint32_t messages(const FaultMap& m) {
    std::uint32_t count = 0;
    for (std::uint32_t i = 0; i < m.network().ports; ++i)
      if (blocked_source(m, i))
        for (std::uint32_t j = 0; j < m.network().ports; ++j) count += m.reach(i, j) == PairReach::relay ? 1U : 0U;
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
  /// left out: the caller decides whether that is allowed). Errors:
  /// fault_plan_storage_too_small, fault_plan_too_long (more than 3N extra rounds).
  static constexpr Result<RelayPlan> plan(const FaultProblem& q, RelayPlanSpan storage, FaultPlanOptions o = {}) {
    const std::uint32_t m = messages(q.faults);
    if (!FaultPlanSizes::of(q.ports, m).fit(storage)) return Errc::fault_plan_storage_too_small;
    std::uint32_t best_k = 0;
    std::uint32_t best_rounds = kNone;
    const std::uint32_t tries = o.tries_for(q.ports);
    for (std::uint32_t k = 0; k < tries; ++k) {
      const std::uint32_t r = run(q, storage, k);
      if (r < best_rounds) best_rounds = r, best_k = k;
    }
    if (best_rounds == kNone) return Errc::fault_plan_too_long;
    const std::uint32_t r = run(q, storage, best_k);
    // Back to the real numbering: processors u ^ c, vectors e ^ P(c) ^ c.
    const std::uint32_t c = offset(q, best_k);
    const std::uint32_t shift = q.p(c) ^ c;
    for (std::uint32_t t = 0; t < r; ++t) storage.vectors[t] ^= shift;
    const std::uint32_t total = q.ports + r;
    const std::uint32_t hop_count = storage.offsets[total];
    for (std::uint32_t h = 0; h < hop_count; ++h) {
      RelayHop& hop = storage.hops[h];
      hop.port = static_cast<std::uint16_t>(hop.port ^ c);
      hop.origin = static_cast<std::uint16_t>(hop.origin ^ c);
      hop.final_destination = static_cast<std::uint16_t>(hop.final_destination ^ c);
    }
    for (std::uint32_t g = 0; g < total; ++g) sort_round(storage.hops, storage.offsets[g], storage.offsets[g + 1]);
    return RelayPlan::view(storage, r, q.ports);
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  static constexpr std::int32_t kEnd = -1;
  static constexpr std::uint32_t kRoundCap = kMaxFaultRoundsPerPort;

  static constexpr bool blocked_source(const FaultMap& m, std::uint32_t i) {
    for (std::uint32_t f = 0; f < m.count(); ++f)
      if (m.blocked(f).source(i)) return true;
    return false;
  }
  /// Variants per numbering: 8, and 8 more with late binding (relay_tokens.hpp) where
  /// one fault blocks every relayed pair.
  static constexpr std::uint32_t variants(const FaultProblem& q) { return q.faults.count() == 1 ? 16 : 8; }
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

  /// Variant k: renaming offset(k / 8); k % 8 < 6 picks the tie-break (k % 2) and the
  /// score: messages moved (forwards and first hops alike; first hops before all else;
  /// forwards before all else: the scarce side of a fault near the inputs or the
  /// outputs). k % 8 = 6 weights each message by the urgency of its ends (the messages
  /// its source has left to send, its output to receive), so that the busiest
  /// processors of several faults are served every round. k % 8 = 7 is cyclic: the
  /// vectors come in Gray-code order, again and again (those that move nothing are
  /// skipped), and a first hop takes the message whose forward vector comes soonest,
  /// so no message waits more than N rounds in a store: what keeps the plans of many
  /// faults short, where the greedy choice leaves long tails of lone forwards.
  constexpr FaultPlanner(const FaultProblem& q, RelayPlanSpan s, std::uint32_t messages, std::uint32_t k)
      : q_(q), s_(s), n_(q.ports), m_(messages), favour_forwards_(k % 2 == 1),
        weight_forwards_(k % 8 / 2 == 2 ? q.ports : 1U), weight_first_(k % 8 / 2 == 1 ? q.ports : 1U),
        urgent_(k % 8 == 6), cyclic_(k % 8 == 7) {}

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
  /// take one of its messages.
  constexpr void contribute(std::uint32_t i, std::int32_t sign) {
    std::uint32_t reps[32]{};
    std::uint32_t classes[32]{};
    std::uint32_t k = 0;
    const auto begin = static_cast<std::uint32_t>(pend_begin(i));
    for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(pend_count(i)); ++t) {
      const std::uint32_t j = final_of(begin + t);
      const std::uint32_t c = output_class(j);
      bool seen = false;
      for (std::uint32_t x = 0; x < k && !seen; ++x) seen = classes[x] == c;
      if (!seen && k < 32) classes[k] = c, reps[k++] = j;
    }
    const std::uint32_t pi = q_.p(i);
    for (std::uint32_t p = 0; p < n_; ++p) {
      if (q_.faults.crosses(i, p)) continue;
      bool any = false;
      for (std::uint32_t x = 0; x < k && !any; ++x) any = !q_.faults.crosses(p, reps[x]);
      if (any) {
        first_count(pi ^ p) += sign;
        first_weight(pi ^ p) += sign * pend_count(i);
      }
    }
  }

  constexpr void start() {
    for (std::uint32_t u = 0; u < n_; ++u) {
      pend_begin(u) = pend_count(u) = bucket_count(u) = first_count(u) = used(u) = 0;
      first_weight(u) = incoming(u) = forward_weight(u) = 0;
      bucket_head(u) = kEnd;
    }
    std::uint32_t m = 0;
    sources_ = 0;
    for (std::uint32_t i = 0; i < n_; ++i) {
      if (!blocked_source(q_.faults, i)) continue;
      pend_begin(i) = static_cast<std::int32_t>(m);
      for (std::uint32_t j = 0; j < n_; ++j)
        if (q_.faults.reach(i, j) == PairReach::relay) {
          final_of(m) = static_cast<std::uint16_t>(j);
          ++incoming(j);
          ++m;
        }
      pend_count(i) = static_cast<std::int32_t>(m) - pend_begin(i);
      if (pend_count(i) == 0) continue;
      source_list(sources_++) = static_cast<std::int32_t>(i);
      contribute(i, +1);
    }
    remaining_ = m;
  }

  /// Removes source i's pending message at position t, keeping first_count and
  /// first_weight exact (the weight changes every time: O(N) a first hop).
  constexpr void take(std::uint32_t i, std::uint32_t t) {
    const auto begin = static_cast<std::uint32_t>(pend_begin(i));
    const auto count = static_cast<std::uint32_t>(pend_count(i));
    contribute(i, -1);
    final_of(begin + t) = final_of(begin + count - 1);  // origin is i throughout the range
    pend_count(i) = static_cast<std::int32_t>(count - 1);
    if (count > 1) contribute(i, +1);
    --remaining_;
  }
  /// forward_weight for this round: every waiting message counts its output's urgency.
  constexpr void weigh_forwards() {
    for (std::uint32_t e = 0; e < n_; ++e) {
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

  constexpr void emit(std::uint32_t port, std::uint32_t from, std::uint32_t to) {
    s_.hops[hop_count_++] = RelayHop{static_cast<std::uint16_t>(port), static_cast<std::uint16_t>(from),
                                     static_cast<std::uint16_t>(to)};
  }

  /// Relays forward the messages waiting for e, one per relay (stamp: round + 1).
  constexpr void forward(std::int32_t stamp, std::uint32_t e) {
    std::int32_t prev = kEnd;
    for (std::int32_t m = bucket_head(e); m != kEnd;) {
      const auto um = static_cast<std::uint32_t>(m);
      const std::int32_t after = next(um);
      if (used(relay(um)) == stamp) {
        prev = m;  // this relay already forwards in this round: keep it waiting
      } else {
        used(relay(um)) = stamp;
        emit(relay(um), origin(um), stored_final(um));
        --incoming(stored_final(um));
        if (prev == kEnd) {
          bucket_head(e) = after;
        } else {
          next(static_cast<std::uint32_t>(prev)) = after;
        }
        --bucket_count(e);
        --in_flight_;
      }
      m = after;
    }
  }

  /// Sources send a first hop to P(i) ^ e where that relays one of their messages.
  constexpr void first_hops(std::int32_t stamp, std::uint32_t e) {
    for (std::uint32_t k = 0; k < sources_;) {
      const auto i = static_cast<std::uint32_t>(source_list(k));
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
        const std::int32_t score = cyclic_ ? static_cast<std::int32_t>(n_ - (position(f) - cursor_ - 1) % n_)
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
      if (pend_count(i) == 0) {
        source_list(k) = source_list(--sources_);
      } else {
        ++k;
      }
    }
  }
  /// Stored messages reuse the origin and relay arrays by their own index (the pending
  /// ranges keep only final destinations, which take() compacts).
  constexpr void store_origin(std::uint32_t m, std::uint32_t i, std::uint32_t j, std::uint32_t p) {
    origin(m) = static_cast<std::uint16_t>(i);
    relay(m) = static_cast<std::uint16_t>(p);
    stored_final(m) = static_cast<std::uint16_t>(j);
  }
  [[nodiscard]] constexpr std::uint16_t& stored_final(std::uint32_t m) const { return s_.work16[2 * m_ + m_ + m]; }

  /// One greedy run of variant k; its number of extra rounds (kNone: too long).
  static constexpr std::uint32_t run(const FaultProblem& q, RelayPlanSpan storage, std::uint32_t k) {
    FaultProblem relabeled = q;
    const std::uint32_t c = offset(q, k);
    relabeled.faults = q.faults.relabeled(c);
    const std::uint32_t m = messages(q.faults);
    if (const std::uint32_t v = k % variants(q); v >= 8) {  // late binding: weights (equal, first hops
      const std::uint32_t w = (v - 8) / 2;                     // first, forwards first, 2:1) and binding
      return detail::TokenRun<FaultProblem>::run(relabeled, storage, m, kRoundCap * q.ports,
                                                 w == 2 ? q.ports : (w == 3 ? 2U : 1U), w == 1 ? q.ports : 1U,
                                                 v % 2 == 1, seed(q, k));
    }
    FaultPlanner p(relabeled, storage, m, k);
    p.seed_ = seed(q, k);
    p.start();
    p.cursor_ = q.ports - 1;  // the cycle starts at vector 0
    for (std::uint32_t g = 0; g <= q.ports; ++g) storage.offsets[g] = 0;
    std::uint32_t r = 0;
    while (p.remaining_ + p.in_flight_ > 0) {
      if (p.urgent_) p.weigh_forwards();
      if (r == kRoundCap * q.ports) return kNone;
      const std::uint32_t e = p.cyclic_ ? p.next_in_cycle() : p.best_vector();
      if (e == kNone) return kNone;  // nothing can move: cannot happen (every message has a relay)
      storage.vectors[r] = e;
      const auto stamp = static_cast<std::int32_t>(r + 1);
      p.forward(stamp, e);
      p.first_hops(stamp, e);
      storage.offsets[q.ports + r + 1] = p.hop_count_;
      ++r;
    }
    return r;
  }

  /// Heap sort of hops[begin, end) by port (in place, no recursion).
  static constexpr void sort_round(std::span<RelayHop> hops, std::uint32_t begin, std::uint32_t end) {
    const std::uint32_t count = end - begin;
    auto at = [&](std::uint32_t k) -> RelayHop& { return hops[begin + k]; };
    auto sift = [&](std::uint32_t root, std::uint32_t size) {
      while (2 * root + 1 < size) {
        std::uint32_t child = 2 * root + 1;
        if (child + 1 < size && at(child).port < at(child + 1).port) ++child;
        if (at(root).port >= at(child).port) return;
        const RelayHop t = at(root);
        at(root) = at(child);
        at(child) = t;
        root = child;
      }
    };
    for (std::uint32_t k = count / 2; k-- > 0;) sift(k, count);
    for (std::uint32_t size = count; size > 1; --size) {
      const RelayHop t = at(0);
      at(0) = at(size - 1);
      at(size - 1) = t;
      sift(0, size - 1);
    }
  }

  const FaultProblem& q_;
  RelayPlanSpan s_;
  std::uint32_t n_;
  std::uint32_t m_;
  bool favour_forwards_;
  std::uint32_t weight_forwards_;
  std::uint32_t weight_first_;
  bool urgent_;
  bool cyclic_;
  std::uint32_t cursor_{0};
  std::uint32_t seed_{0};  // ties between equal vectors: 0 the lowest, else a draw by the seed  // cyclic: position of the current round's vector in the cycle
  std::uint32_t sources_{0};
  std::uint32_t remaining_{0};
  std::uint32_t in_flight_{0};
  std::uint32_t stored_{0};
  std::uint32_t hop_count_{0};
};

}  // namespace a2a
