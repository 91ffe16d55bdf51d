// Fault-tolerant all-to-all exchange with one faulty switch (paper 004, derived anew).
//
// A faulty switch E(s, l) of a unique-path binary MIN blocks exactly the pairs
// A x B: A = the 2^(s+1) sources that can reach it, B = the 2^(n-s) outputs it
// can reach. The schedule runs
//  - N regular rounds (the stage-controlled Latin square): the two ports whose
//    path crosses the faulty switch in that round stay idle;
//  - N + 1 extra stage-controlled rounds that relay every blocked message in two
//    hops through a processor outside A and B (store and forward).
//
// Why it works (see docs/fault-tolerance.md): in the networks accepted here the
// straight configuration is the identity, so round word x sends port i to i ^ E(x)
// (E a bit permutation of the word). A and B are cosets of coordinate subspaces:
// A fixes the "alpha" bits, B the "beta" bits, and exactly one bit ("pi") is free in
// both. A hop i -> i ^ e avoids the fault unless i is in A and i ^ e in B. With one
// beta bit (fault in stage 1) the extra rounds alternate beta = 1 (rounds E_k) and
// beta = 0 (rounds O_k); class X = 0 of A relays through E_k -> E_{k+1}, class 1
// through O_k -> E_{k+1}. The alpha/pi labels of E_k walk through G' = (alpha, pi)
// so that the steps E_k -> E_{k+1} are every element of G' once (every destination
// of B once per source) without the alpha part ever being 0 (the relay would be in
// A). A fault in stage n-2 is the time-reversed mirror (A and B swap roles).
// N + 1 extra rounds meet the lower bound for these stages (docs/fault-tolerance.md).
//
// State: the network, the fault and a few masks (O(n)); every round and send is
// computed on the fly in O(n). No table.
#pragma once

#include <cstdint>

#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// One faulty switching element: stage (0 = input side) and switch index.
struct SwitchFault {
  std::uint32_t stage{0};
  std::uint32_t switch_index{0};
  friend constexpr bool operator==(const SwitchFault&, const SwitchFault&) = default;
};

/// The processors a fault in the first or last stage cuts off. The error value
/// (Errc::fault_cuts_off_processors) cannot carry them, so callers ask this.
struct CutOffProcessors {
  std::uint32_t count{0};            ///< 0 for an internal fault, else 2
  bool cannot_send{false};           ///< stage 0: these processors reach nothing
  bool cannot_receive{false};        ///< stage n-1: nothing reaches these processors
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

namespace detail {

constexpr std::uint32_t popcount32(std::uint32_t x) {
  std::uint32_t c = 0;
  for (; x != 0; x &= x - 1) ++c;
  return c;
}
/// Spreads the low bits of `value` over the set bits of `mask` (lowest first).
constexpr std::uint32_t scatter_bits(std::uint32_t value, std::uint32_t mask) {
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask != 0; bit <<= 1) {
    const std::uint32_t low = mask & (~mask + 1);
    if ((value & bit) != 0) out |= low;
    mask &= mask - 1;
  }
  return out;
}
/// Inverse of scatter_bits: the bits of x under `mask`, packed.
constexpr std::uint32_t gather_bits(std::uint32_t x, std::uint32_t mask) {
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask != 0; bit <<= 1) {
    const std::uint32_t low = mask & (~mask + 1);
    if ((x & low) != 0) out |= bit;
    mask &= mask - 1;
  }
  return out;
}

/// The relay chain for a blocked set A x B with one beta bit (see the file comment).
/// Coordinates: alpha = the bits A fixes (value a), beta = the one bit B fixes
/// (value b), pi = the bit both leave free. Extra round r in [0, 2T]: even r = E_{r/2},
/// odd r = O_{(r-1)/2}; T = 2^(number of alpha bits).
class RelayChain {
 public:
  constexpr RelayChain() = default;
  constexpr RelayChain(std::uint32_t alpha_mask, std::uint32_t a, std::uint32_t beta_mask, std::uint32_t b,
                       std::uint32_t pi_mask)
      : alpha_(alpha_mask), a_(a), beta_(beta_mask), b_(b), pi_(pi_mask),
        t_(std::uint32_t{1} << popcount32(alpha_mask)) {}

  [[nodiscard]] constexpr std::uint32_t rounds() const { return 4 * t_ + 1; }

  /// The translation (processor space) of extra round r.
  [[nodiscard]] constexpr std::uint32_t translation(std::uint32_t r) const {
    if (r % 2 == 0) return encode(label(r / 2), 1);
    const std::uint32_t k = r / 2;
    return encode(label(k + 1) ^ odd_step(k), 0);
  }

  [[nodiscard]] constexpr bool in_a(std::uint32_t p) const { return (p & alpha_) == a_; }
  [[nodiscard]] constexpr bool in_b(std::uint32_t p) const { return (p & beta_) == b_; }

  /// What port p does in extra round r: {sends, origin, final}; the hop goes to p ^ translation(r).
  struct Hop {
    bool sends{false};
    std::uint32_t origin{0};
    std::uint32_t final_destination{0};
  };
  [[nodiscard]] constexpr Hop hop(std::uint32_t r, std::uint32_t p) const {
    const std::uint32_t e = translation(r);
    if (in_a(p)) return first_hop(r, p);
    if (in_b(p) || r % 2 == 1 || r == 0) return {};
    // A relay in E_{k+1}: it forwards to p ^ e what it received in E_k or O_k for that output.
    const std::uint32_t target = p ^ e;
    const std::uint32_t k = r / 2 - 1;
    for (std::uint32_t from = 2 * k; from <= 2 * k + 1; ++from) {
      const std::uint32_t source = p ^ translation(from);
      if (!in_a(source)) continue;
      const Hop first = first_hop(from, source);
      if (first.sends && first.final_destination == target) return {true, source, target};
    }
    return {};
  }
  /// hop() for a port p of A: a first hop, if round r is one for p's class. Kept
  /// apart so that hop() is not recursive (static stack bounds; misc-no-recursion).
  [[nodiscard]] constexpr Hop first_hop(std::uint32_t r, std::uint32_t p) const {
    const std::uint32_t cls = (p & beta_) == b_ ? 0U : 1U;
    if (r % 2 == 0 && cls == 0 && r / 2 < 2 * t_) return {true, p, p ^ message_delta(step(r / 2))};
    if (r % 2 == 1 && cls == 1) return {true, p, p ^ (message_delta(odd_step(r / 2)) | beta_)};
    return {};
  }

 private:
  // G' element g = (alpha index in [0, T), pi) packed as alpha_index * 2 + pi.
  [[nodiscard]] constexpr std::uint32_t encode(std::uint32_t g, std::uint32_t beta) const {
    return scatter_bits(g >> 1, alpha_) | ((g & 1U) != 0 ? pi_ : 0U) | (beta != 0 ? beta_ : 0U);
  }
  /// Delta (i ^ j) of a message carried by the step g: alpha = Z, pi = y ^ w, beta = X = 0.
  [[nodiscard]] constexpr std::uint32_t message_delta(std::uint32_t g) const { return encode(g, 0); }

  static constexpr std::uint32_t pack(std::uint32_t alpha, std::uint32_t pi) { return alpha * 2 + pi; }

  /// Step d_k = label(k) ^ label(k+1): every (alpha, pi) once. Pairs (h,0),(h,1) for
  /// h = 0, 3, 4, ..., T-1 from base 1, then (2,0), (1,0), (1,1), (2,1): the running
  /// alpha never becomes 0 (a relay in A).
  [[nodiscard]] constexpr std::uint32_t step(std::uint32_t k) const {
    const std::uint32_t k0 = 2 * (t_ - 2);
    if (k < k0) {
      const std::uint32_t pair = k / 2;
      return pack(pair == 0 ? 0 : pair + 2, k & 1U);
    }
    constexpr std::uint32_t tail[4] = {pack(2, 0), pack(1, 0), pack(1, 1), pack(2, 1)};
    return tail[k - k0];
  }
  /// label(k) = (1, 0) ^ d_0 ^ ... ^ d_{k-1}, in closed form.
  [[nodiscard]] constexpr std::uint32_t label(std::uint32_t k) const {
    const std::uint32_t k0 = 2 * (t_ - 2);
    if (k <= k0) {
      const std::uint32_t pair = k / 2;
      const std::uint32_t pi = pair & 1U;
      if (k % 2 == 0) return pack(1, pi);
      return pack(1U ^ (pair == 0 ? 0U : pair + 2), pi);
    }
    constexpr std::uint32_t tail[4] = {pack(3, 0), pack(2, 0), pack(3, 1), pack(1, 0)};
    return tail[k - k0 - 1];
  }
  /// Odd-round step d'_k = label'(O_k) ^ label(k+1): every (alpha, pi) once, alpha
  /// different from d_k's (distinct outputs in E_{k+1}) and from label(k+1)'s
  /// (the O_k relay not in A).
  [[nodiscard]] constexpr std::uint32_t odd_step(std::uint32_t k) const {
    const std::uint32_t k0 = 2 * (t_ - 2);
    if (k < k0) {
      if (k == 2) return pack(1, 0);
      if (k == 3) return pack(0, 0);
      const std::uint32_t pair = k / 2;
      return pack((pair == 0 ? 0U : pair + 2) ^ 2U, k & 1U);
    }
    constexpr std::uint32_t tail[4] = {pack(1, 1), pack(3, 0), pack(0, 1), pack(3, 1)};
    return tail[k - k0];
  }

  std::uint32_t alpha_{0};
  std::uint32_t a_{0};
  std::uint32_t beta_{0};
  std::uint32_t b_{0};
  std::uint32_t pi_{0};
  std::uint32_t t_{4};
};

}  // namespace detail

class FaultTolerantSchedule {
 public:
  /// A stage-controlled round (regular or extra). A Configuration, so route() traces it.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::stage; }
    [[nodiscard]] constexpr std::uint32_t word() const { return word_; }
    /// Relay hops happen only in the extra rounds (index >= N).
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

  /// Checks the fault and the network: binary, a network whose straight configuration
  /// is the identity (omega, reverse omega, GSEN with N = 2^n), N >= 16, a fault in an
  /// internal stage; stage 1 and stage n-2 are supported (the other internal stages:
  /// faults_not_supported). A fault in stage 0 or n-1 cuts processors off:
  /// fault_cuts_off_processors (see cut_off_processors()).
  static constexpr Result<FaultTolerantSchedule> make(const Network& net, SwitchFault fault) {
    if (fault.stage >= net.stages || fault.switch_index >= net.switches_per_stage()) return Errc::fault_out_of_range;
    if (fault.stage == 0 || fault.stage + 1 == net.stages) return Errc::fault_cuts_off_processors;
    if (net.radix != 2 || net.ports < 16 || (std::uint32_t{1} << net.stages) != net.ports)
      return Errc::faults_not_supported;
    FaultTolerantSchedule f;
    f.net_ = net;
    f.fault_ = fault;
    const std::uint32_t n = net.stages;
    // The straight configuration must be the identity, and each stage must flip one
    // output bit (E a bit permutation), so that rounds are translations.
    for (std::uint32_t b = 0; b < n; ++b)
      if (route(net, std::uint32_t{1} << b, StraightConfiguration{}).destination != (std::uint32_t{1} << b))
        return Errc::faults_not_supported;
    std::uint32_t seen = 0;
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::uint32_t flip = route(net, 0, StageControl{std::uint32_t{1} << (n - 1 - k), 2, n}).destination;
      if (detail::popcount32(flip) != 1 || (seen & flip) != 0) return Errc::faults_not_supported;
      seen |= flip;
      f.stage_flip_[k] = flip;
    }
    // B = the outputs reachable from the faulty switch: stages s..n-1 free.
    // A = the sources that reach it: the stage-s input terminal, a bit permutation
    // of the source, is free in the port bit and in the bits stages 0..s-1 flip.
    const std::uint32_t s = fault.stage;
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
      if (((2 * fault.switch_index) & terminal) != 0) a |= std::uint32_t{1} << b;
    }
    // A path through the faulty switch: source a steered by the stages before s.
    std::uint32_t steer = 0;
    {
      const Path p = route(net, a, StraightConfiguration{});
      const std::uint32_t off = (2 * p.hops[s].switch_index + p.hops[s].in_port) ^ (2 * fault.switch_index);
      for (std::uint32_t k = 0; k < s; ++k) {
        const Path q = route(net, 0, StageControl{std::uint32_t{1} << (n - 1 - k), 2, n});
        if ((off & (2 * q.hops[s].switch_index + q.hops[s].in_port)) != 0) steer |= std::uint32_t{1} << (n - 1 - k);
      }
      if (route(net, a, StageControl{steer, 2, n}).hops[s].switch_index != fault.switch_index)
        return Errc::faults_not_supported;
    }
    const std::uint32_t j0 = route(net, a, StageControl{steer, 2, n}).destination;
    std::uint32_t free_b = 0;
    for (std::uint32_t k = s; k < n; ++k) free_b |= f.stage_flip_[k];
    const std::uint32_t all = net.ports - 1;
    const std::uint32_t fixed_b = all & ~free_b;
    const std::uint32_t pi = all & ~fixed_a & ~fixed_b;
    if (detail::popcount32(pi) != 1 || (fixed_a & fixed_b) != 0) return Errc::faults_not_supported;
    f.fixed_a_ = fixed_a;
    f.a_ = a;
    f.fixed_b_ = fixed_b;
    f.b_ = j0 & fixed_b;
    if (s == 1) {
      f.chain_ = detail::RelayChain(fixed_a, a, fixed_b, j0 & fixed_b, pi);
      f.mirrored_ = false;
    } else if (s + 2 == n) {  // the mirror: B's sources relay to A, then reverse time
      f.chain_ = detail::RelayChain(fixed_b, j0 & fixed_b, fixed_a, a, pi);
      f.mirrored_ = true;
    } else {
      return Errc::faults_not_supported;
    }
    return f;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr SwitchFault fault() const { return fault_; }
  [[nodiscard]] constexpr std::uint32_t regular_rounds() const { return net_.ports; }
  [[nodiscard]] constexpr std::uint32_t extra_rounds() const { return chain_.rounds(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return regular_rounds() + extra_rounds(); }

  /// Is source i blocked from output j by the fault (its unique path crosses it)?
  [[nodiscard]] constexpr bool crosses_fault(std::uint32_t i, std::uint32_t j) const {
    return (i & fixed_a_) == a_ && (j & fixed_b_) == b_;
  }

  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.index_ = r;
    round.stages_ = net_.stages;
    if (r < net_.ports) {
      round.word_ = r;
    } else {
      round.extra_ = true;
      const std::uint32_t extra = r - net_.ports;
      round.translation_ = chain_.translation(mirrored_ ? chain_.rounds() - 1 - extra : extra);
      round.word_ = word_of(round.translation_);
    }
    round.translation_ = translation_of(round.word_);
    return round;
  }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const {
    if (r >= rounds()) return Errc::round_out_of_range;
    return round(r);
  }

  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    const std::uint32_t destination = i ^ round.translation_;
    const std::uint32_t tag = route(net_, i, StageControl{round.word_, 2, net_.stages}).tag;
    if (!round.extra_) {
      if (crosses_fault(i, destination)) return {};
      return {true, destination, tag};
    }
    const std::uint32_t extra = round.index_ - net_.ports;
    if (!mirrored_) {
      const auto h = chain_.hop(extra, i);
      if (!h.sends) return {};
      return {true, destination, tag, h.origin, h.final_destination};
    }
    // Mirror: the chain's hop destination -> i in the reversed round, carried backwards.
    const auto h = chain_.hop(chain_.rounds() - 1 - extra, destination);
    if (!h.sends) return {};
    return {true, destination, tag, h.final_destination, h.origin};
  }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) return Errc::port_out_of_range;
    return send(round, i);
  }

 private:
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
  SwitchFault fault_{};
  std::uint32_t stage_flip_[kMaxStages]{};
  std::uint32_t fixed_a_{0};
  std::uint32_t a_{0};
  std::uint32_t fixed_b_{0};
  std::uint32_t b_{0};
  detail::RelayChain chain_{};
  bool mirrored_{false};
};

static_assert(Schedule<FaultTolerantSchedule>);

}  // namespace a2a
