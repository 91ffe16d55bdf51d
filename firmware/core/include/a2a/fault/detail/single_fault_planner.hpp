// The greedy relay planner (see relay_plan.hpp for what it plans and why).
// Include this header to plan; relay_plan.hpp alone holds the finished plan.
#pragma once

#include <cstdint>

#include "a2a/fault/detail/relay_chain.hpp"  // detail::scatter_bits / gather_bits / popcount32
#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"

namespace a2a {

class SingleFaultPlanner {
 public:
  /// Numberings tried by default (numberings = 0).
  static constexpr std::uint32_t kOffsets = 32;

  /// Plans the relays of problem `q` into `storage`, trying `numberings` numberings (1 ..
  /// kOffsets; 0: all). `meter` (may be null) counts every planned round and may stop the
  /// search: the shortest plan found by then is kept. Errors: fault_plan_storage_too_small,
  /// fault_plan_too_long (more than 3N extra rounds; not seen for any network tested),
  /// fault_plan_over_budget (the meter stopped the first run).
  static constexpr Result<RelayPlan> plan(const SingleFaultProblem& q, PlanStorageSpan storage,
                                          std::uint32_t numberings = 0, PlanMeter* meter = nullptr) {
    if (!storage.fits(q.ports)) return Errc::fault_plan_storage_too_small;
    const std::uint32_t tries = numberings == 0 || numberings > kOffsets ? kOffsets : numberings;
    // The greedy choice depends on how processors are numbered; relabeling every
    // processor u as u ^ c maps the problem to an equivalent one (rounds P(u) ^ e stay
    // of that form). Try a few c, keep the shortest plan. Only if that is above the
    // bound, also let one regular round's slots carry relayed messages (a "steal": the
    // displaced direct messages go last), which removes the round a forward needs after
    // the last first hop (docs/fault-tolerance.md, baseline N = 16).
    std::uint32_t best_c = 0;
    std::uint32_t best_steal = kNone;
    std::uint32_t best_rounds = kNone;
    bool best_in_storage = false;  // the last run made the best plan: no need to make it again
    for (std::uint32_t k = 0; k < tries && !stopped(meter); ++k) {
      const std::uint32_t r = run(q, storage, offset(q, k), kNone, meter, false);
      best_in_storage = r < best_rounds;
      if (r < best_rounds) {
        best_rounds = r;
        best_c = offset(q, k);
      }
    }
    for (std::uint32_t steal = 0; steal < q.ports && best_rounds != kNone && q.ports + best_rounds > q.bound; ++steal)
      for (std::uint32_t k = 0; k < tries && !stopped(meter); ++k) {
        const std::uint32_t r = run(q, storage, offset(q, k), steal, meter, false);
        best_in_storage = r < best_rounds;
        if (r < best_rounds) {
          best_rounds = r;
          best_c = offset(q, k);
          best_steal = steal;
        }
      }
    if (best_rounds == kNone) return stopped(meter) ? Errc::fault_plan_over_budget : Errc::fault_plan_too_long;
    const std::uint32_t r = best_in_storage ? best_rounds : run(q, storage, best_c, best_steal, meter, true);
    // Back to the real numbering: processors u ^ c, vectors e ^ P(c) ^ c.
    detail::unrelabel_plan(storage, q.ports, r, best_c, q.p(best_c) ^ best_c, meter);
    return RelayPlan::view(storage, r, q.ports);
  }

 private:
  static constexpr bool stopped(const PlanMeter* meter) { return meter != nullptr && meter->over(); }
  /// The k-th relabeling tried: k < 16 spread over the bits A and B fix (other faults of
  /// the stage), then the low bits (another numbering of the same fault).
  static constexpr std::uint32_t offset(const SingleFaultProblem& q, std::uint32_t k) {
    if (k < 16) return detail::scatter_bits(k, (q.fixed_a | q.fixed_b) & (q.ports - 1));
    return (k - 16) & (q.ports - 1);
  }
  /// One greedy run on the problem relabeled by c, stealing in regular round `steal`
  /// (kNone: none); its number of extra rounds (kNone: too long, or stopped by the meter;
  /// `replay`: the chosen plan made again, which the meter counts but does not stop).
  static constexpr std::uint32_t run(const SingleFaultProblem& q, PlanStorageSpan storage, std::uint32_t c,
                                     std::uint32_t steal, PlanMeter* meter, bool replay) {
    SingleFaultProblem relabeled = q;
    relabeled.a = (q.a ^ c) & q.fixed_a;
    relabeled.b = (q.b ^ c) & q.fixed_b;
    const std::uint32_t shift = q.p(c) ^ c;  // a real vector e is e ^ shift after relabeling
    SingleFaultPlanner p(relabeled, storage);
    p.start();
    detail::checkpoint(meter);  // start(): O(|A| |B|) pending messages laid out
    storage.offsets[0] = 0;
    for (std::uint32_t g = 0; g < q.ports; ++g) {
      if (g == steal) p.steal(q.regular_vector(g) ^ shift);
      storage.offsets[g + 1] = p.hop_count_;
    }
    std::uint32_t r = 0;
    while (p.remaining_ + p.in_flight_ + p.directs_left_ > 0) {
      if (r == kMaxRelayRoundsPerPort * q.ports || !detail::RunMeter{meter, replay}.round()) return kNone;
      const std::uint32_t e = p.best_vector();
      if (e == kNone) return kNone;  // nothing can move: cannot happen
      storage.vectors[r] = e;
      p.forward(q.ports + r, e);
      if (p.remaining_ == 0) p.send_directs(e);
      p.first_hops(e);
      storage.offsets[q.ports + r + 1] = p.hop_count_;
      ++r;
    }
    return r;
  }
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  static constexpr std::int32_t kEnd = -1;

  constexpr SingleFaultPlanner(const SingleFaultProblem& q, PlanStorageSpan s)
      : q_(q),
        s_(s),
        n_(q.ports),
        free_a_((q.ports - 1) & ~q.fixed_a),
        free_b_((q.ports - 1) & ~q.fixed_b),
        na_(std::uint32_t{1} << detail::popcount32(free_a_)),
        nb_(std::uint32_t{1} << detail::popcount32(free_b_)),
        fixed_a_(q.fixed_a),
        fixed_b_(q.fixed_b),
        fixed_ab_(q.fixed_a | q.fixed_b) {}

  // Scratch layout (N = ports; |A| |B| = 2N messages).
  /// Source a's outputs still to send to (processor numbers, in their first order).
  [[nodiscard]] constexpr std::uint16_t& pend(std::uint32_t a, std::uint32_t k) const { return s_.work16[a * nb_ + k]; }
  [[nodiscard]] constexpr std::uint16_t& pend_count(std::uint32_t a) const { return s_.work16[2 * n_ + a]; }
  /// Pending sources i with P(i) ^ e in A (in B, in both), by e's bits under fixed_a
  /// (fixed_b, both): count_source().
  [[nodiscard]] constexpr std::uint16_t& cnt_a(std::uint32_t e) const { return s_.work16[3 * n_ + e]; }
  [[nodiscard]] constexpr std::uint16_t& cnt_b(std::uint32_t e) const { return s_.work16[4 * n_ + e]; }
  [[nodiscard]] constexpr std::uint16_t& cnt_ab(std::uint32_t e) const { return s_.work16[5 * n_ + e]; }
  [[nodiscard]] constexpr std::uint16_t& msg_relay(std::uint32_t m) const { return s_.work16[6 * n_ + m]; }
  [[nodiscard]] constexpr std::uint16_t& msg_origin(std::uint32_t m) const { return s_.work16[8 * n_ + m]; }
  [[nodiscard]] constexpr std::uint16_t& msg_final(std::uint32_t m) const { return s_.work16[10 * n_ + m]; }
  [[nodiscard]] constexpr std::int32_t& bucket_head(std::uint32_t e) const { return s_.work32[e]; }
  [[nodiscard]] constexpr std::int32_t& bucket_count(std::uint32_t e) const { return s_.work32[n_ + e]; }
  [[nodiscard]] constexpr std::int32_t& used_stamp(std::uint32_t u) const { return s_.work32[2 * n_ + u]; }
  [[nodiscard]] constexpr std::int32_t& msg_next(std::uint32_t m) const { return s_.work32[3 * n_ + m]; }
  /// Displaced direct messages (k < |A| <= N/2): (port << 16 | destination) and their vector.
  [[nodiscard]] constexpr std::int32_t& direct_pair(std::uint32_t k) const { return s_.work32[5 * n_ + k]; }
  [[nodiscard]] constexpr std::int32_t& direct_vector(std::uint32_t k) const { return s_.work32[5 * n_ + n_ / 2 + k]; }

  [[nodiscard]] constexpr std::uint32_t source(std::uint32_t a) const {
    return detail::scatter_bits(a, free_a_) | q_.a;
  }
  [[nodiscard]] constexpr std::uint32_t output(std::uint32_t k) const {
    return detail::scatter_bits(k, free_b_) | q_.b;
  }

  /// For one source i: its contribution to the counts of vectors e with P(i) ^ e in A, B,
  /// A and B. A and B are cosets of coordinate subspaces, so "P(i) ^ e in A" depends only
  /// on e's bits under fixed_a: each count is kept per value of those bits, O(1) a source.
  constexpr void count_source(std::uint32_t i, int sign) {
    const std::uint32_t pi = q_.p(i);
    std::uint16_t& in_a = cnt_a((pi ^ q_.a) & fixed_a_);
    in_a = static_cast<std::uint16_t>(in_a + sign);
    std::uint16_t& in_b = cnt_b((pi ^ q_.b) & fixed_b_);
    in_b = static_cast<std::uint16_t>(in_b + sign);
    if (((q_.a ^ q_.b) & fixed_a_ & fixed_b_) != 0) return;  // A and B disjoint: no vector sends into both
    std::uint16_t& in_ab = cnt_ab((pi ^ (q_.a | q_.b)) & fixed_ab_);
    in_ab = static_cast<std::uint16_t>(in_ab + sign);
  }

  constexpr void start() {
    for (std::uint32_t e = 0; e < n_; ++e) {
      cnt_a(e) = cnt_b(e) = cnt_ab(e) = 0;
      bucket_head(e) = kEnd;
      bucket_count(e) = 0;
      used_stamp(e) = 0;
    }
    for (std::uint32_t a = 0; a < na_; ++a) {
      for (std::uint32_t k = 0; k < nb_; ++k) pend(a, k) = static_cast<std::uint16_t>(output(k));
      pend_count(a) = static_cast<std::uint16_t>(nb_);
      count_source(source(a), +1);
    }
    pending_sources_ = na_;
    remaining_ = na_ * nb_;
  }

  /// The vector moving the most messages (forwards waiting for it + first hops it allows).
  [[nodiscard]] constexpr std::uint32_t best_vector() {
    std::uint32_t best = kNone;
    std::int32_t best_score = 0;
    for (std::uint32_t e = 0; e < n_; ++e) {
      const std::int32_t tails = static_cast<std::int32_t>(pending_sources_) - cnt_a(e & fixed_a_) -
                                 cnt_b(e & fixed_b_) + cnt_ab(e & fixed_ab_);
      std::int32_t directs = 0;
      if (remaining_ == 0)
        for (std::uint32_t k = 0; k < directs_; ++k)
          if (direct_vector(k) == static_cast<std::int32_t>(e)) ++directs;
      const std::int32_t score = bucket_count(e) + tails + directs;
      if (score > best_score) {
        best_score = score;
        best = e;
      }
    }
    return best;
  }

  constexpr void emit(std::uint32_t port, std::uint32_t origin, std::uint32_t final_destination) {
    detail::append_hop(s_.hops, hop_count_, port, origin, final_destination);
  }

  /// Relays forward the messages waiting for e (one per relay per round).
  constexpr void forward(std::uint32_t r, std::uint32_t e) {
    const std::uint32_t sent = detail::forward_bucket(
        bucket_head(e), static_cast<std::int32_t>(r + 1),
        [this](std::uint32_t m) -> std::int32_t& { return msg_next(m); },
        [this](std::uint32_t m) -> std::uint32_t { return msg_relay(m); },
        [this](std::uint32_t u) -> std::int32_t& { return used_stamp(u); },
        [this](std::uint32_t m) { emit(msg_relay(m), msg_origin(m), msg_final(m)); });
    bucket_count(e) -= static_cast<std::int32_t>(sent);
    in_flight_ -= sent;
  }

  /// Regular round with vector e: sources of A whose direct message goes to a valid relay
  /// send a relayed first hop there instead; the direct message waits for the end.
  constexpr void steal(std::uint32_t e) {
    const std::uint32_t before = messages_;
    first_hops(e);
    for (std::uint32_t m = before; m < messages_; ++m) {
      direct_pair(directs_) = static_cast<std::int32_t>((std::uint32_t{msg_origin(m)} << 16) | msg_relay(m));
      direct_vector(directs_) = static_cast<std::int32_t>(e);
      ++directs_;
      ++directs_left_;
    }
  }
  /// Once every first hop is made: the displaced direct messages whose vector is e.
  constexpr void send_directs(std::uint32_t e) {
    for (std::uint32_t k = 0; k < directs_; ++k) {
      if (direct_vector(k) != static_cast<std::int32_t>(e)) continue;
      const auto pair = static_cast<std::uint32_t>(direct_pair(k));
      emit(pair >> 16, pair >> 16, pair & 0xFFFFU);
      direct_vector(k) = -1;  // sent
      --directs_left_;
    }
  }

  /// Sources of A with messages left send one to the relay P(i) ^ e, if it is outside A and B.
  constexpr void first_hops(std::uint32_t e) {
    for (std::uint32_t a = 0; a < na_; ++a) {
      const std::uint32_t left = pend_count(a);
      if (left == 0) continue;
      const std::uint32_t i = source(a);
      const std::uint32_t relay = q_.p(i) ^ e;
      if (q_.in_a(relay) || q_.in_b(relay)) continue;
      const std::uint32_t out_base = q_.p(relay);
      std::uint32_t pick = 0;
      std::int32_t pick_score = -1;
      for (std::uint32_t k = 0; k < left; ++k) {
        const std::int32_t score = bucket_count(out_base ^ pend(a, k));
        if (score > pick_score) {
          pick_score = score;
          pick = k;
        }
      }
      const std::uint32_t j = pend(a, pick);
      for (std::uint32_t k = pick; k + 1 < left; ++k) pend(a, k) = pend(a, k + 1);  // keep the order
      pend_count(a) = static_cast<std::uint16_t>(left - 1);
      if (left == 1) {
        count_source(i, -1);
        --pending_sources_;
      }
      emit(i, i, j);
      const std::uint32_t m = messages_++;
      msg_relay(m) = static_cast<std::uint16_t>(relay);
      msg_origin(m) = static_cast<std::uint16_t>(i);
      msg_final(m) = static_cast<std::uint16_t>(j);
      const std::uint32_t f = out_base ^ j;
      msg_next(m) = bucket_head(f);
      bucket_head(f) = static_cast<std::int32_t>(m);
      ++bucket_count(f);
      --remaining_;
      ++in_flight_;
    }
  }

  const SingleFaultProblem& q_;
  PlanStorageSpan s_;
  std::uint32_t n_;
  std::uint32_t free_a_;
  std::uint32_t free_b_;
  std::uint32_t na_;
  std::uint32_t nb_;
  std::uint32_t fixed_a_;
  std::uint32_t fixed_b_;
  std::uint32_t fixed_ab_;
  std::uint32_t pending_sources_{0};
  std::uint32_t remaining_{0};
  std::uint32_t in_flight_{0};
  std::uint32_t messages_{0};
  std::uint32_t hop_count_{0};
  std::uint32_t directs_{0};
  std::uint32_t directs_left_{0};
};

}  // namespace a2a
