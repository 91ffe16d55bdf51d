// The relay chain for a faulty switch in stage 1 or n-2 of a translation network
// (omega, reverse omega, GSEN 2^n); see fault_tolerant_schedule.hpp and docs/fault-tolerance.md.
// Split out of fault_tolerant_schedule.hpp so that each relay design has its own file.
#pragma once

#include <cstdint>

namespace a2a::detail {

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
      : alpha_(alpha_mask),
        a_(a),
        beta_(beta_mask),
        b_(b),
        pi_(pi_mask),
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

}  // namespace a2a::detail
