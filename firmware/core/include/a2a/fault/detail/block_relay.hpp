// Relay rounds for a faulty switch in a middle stage (2 .. n-3) of a translation
// network (omega, reverse omega, GSEN 2^n): the "block" design, derived anew.
//
// Coordinates (docs/fault-tolerance.md): a port p is (x, y, c) with x = the alpha bits
// A fixes (ka of them, relative to A's value), y = the beta bits B fixes (kb, relative to
// B's value) and c = the pi bit. A = {x = 0}, B = {y = 0}; a round with vector
// (X, Y, Z) sends p to p ^ (X, Y, Z). A first hop goes from a source (0, b, c) to a
// relay (X, b ^ Y, c ^ Z) with X != 0 and b != Y (the relay is outside A and B); the
// relay forwards it later in a round whose Y equals its own y, to (x ^ X', 0, c ^ Z').
//
// Extra rounds come in blocks k = 0..K of Kb rounds, one per value u of Y. Round (k, u)
// has vector (lambda(k, u), u), lambda(k, u) = L_k ^ phi_k(u) in G' = (x, z). Every
// source class b != u of round (k, u) relays through (x, u ^ b, .) to the head round
// (k + 1, w = u ^ b): the arc's target (the output's x and z) is
// lambda(k, u) ^ lambda(k + 1, w) = D_k ^ phi_k(b) ^ eta(w) with D_k = L_k ^ L_{k+1} and
// eta = phi_even ^ phi_odd linear and injective. So a transition covers, per class, a
// coset of V = eta(all) except one point; two transitions of equal parity whose D differ
// by v1 in V cover all of it. The first of such a pair sends every arc, the second only
// the arc with w = w1 (eta(w1) = v1).
//  - ka > kb >= 2: phi_even(u) = u, phi_odd(u) = u << 1; K = 2 |G'/V| = 2^(ka-kb+2);
//    4 Ka + Kb - 1 extra rounds. L is chosen so that every x of a tail is non-zero.
//  - ka = kb >= 2: phi_odd = multiplication by X in GF(2^kb); one tail per block has
//    x = 0 and stays idle; K = 6 transitions with D = (0,0,1,1,2,2) plus z steps
//    0,1,0,1,0,1; 7 Kb - 1 extra rounds (checked for kb = 2..11, see the tests).
//  - ka < kb: the caller swaps A and B and runs the rounds backwards (the mirror).
// A relay holds at most one message per block (the x of a block's tails differ), so
// every forward is unambiguous. State: a few masks and seven labels; each send O(kb).
#pragma once

#include <cstdint>

namespace a2a::detail {

/// Primitive polynomials of GF(2^k), k = 2..15 (bit k set).
inline constexpr std::uint32_t kGf2Poly[16] = {0,     0,     0x7,   0xB,   0x13,   0x25,   0x43,   0x89,
                                               0x11D, 0x211, 0x409, 0x805, 0x1053, 0x201B, 0x4443, 0x8003};
/// x -> x * X in GF(2^k): a linear bijection whose sum with the identity is also one.
constexpr std::uint32_t gf2_times_x(std::uint32_t u, std::uint32_t k) {
  u <<= 1;
  if (((u >> k) & 1U) != 0) u ^= kGf2Poly[k];
  return u;
}
/// Its inverse, x -> x / X.
constexpr std::uint32_t gf2_divide_x(std::uint32_t u, std::uint32_t k) {
  if ((u & 1U) != 0) u ^= kGf2Poly[k];
  return u >> 1;
}

class BlockRelay {
 public:
  static constexpr std::uint32_t kMaxSymmetricBits = 11;  ///< coverage checked up to here

  constexpr BlockRelay() = default;
  /// ka = alpha bits, kb = beta bits; needs ka >= kb >= 2 (and kb <= 11 if equal).
  constexpr BlockRelay(std::uint32_t ka, std::uint32_t kb) : ka_(ka), kb_(kb), symmetric_(ka == kb) {
    if (symmetric_) {
      constexpr std::uint32_t d[6] = {0, 0, 1, 1, 2, 2};
      for (std::uint32_t t = 0; t < 6; ++t)
        labels_[t + 1] = static_cast<std::uint16_t>(labels_[t] ^ d[t] ^ ((t & 1U) << kb));
      for (std::uint32_t i = 0; i < kb; ++i)  // eta^-1 on a basis, for first_cover()
        for (std::uint32_t w = 1; w < (std::uint32_t{1} << kb); ++w)
          if (eta(w) == (std::uint32_t{1} << i)) eta_inverse_[i] = static_cast<std::uint16_t>(w);
    }
  }
  [[nodiscard]] static constexpr bool supported(std::uint32_t ka, std::uint32_t kb) {
    return kb >= 2 && ka >= kb && (ka != kb || kb <= kMaxSymmetricBits);
  }

  [[nodiscard]] constexpr std::uint32_t transitions() const {
    return symmetric_ ? 6U : std::uint32_t{4} << (ka_ - kb_);
  }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return (transitions() + 1) * kb_values() - 1; }

  /// Round r's vector in coordinates: x | y << ka | z << (ka + kb).
  struct Vector {
    std::uint32_t x{0};
    std::uint32_t y{0};
    std::uint32_t z{0};
  };
  [[nodiscard]] constexpr Vector vector(std::uint32_t r) const {
    const std::uint32_t k = r / kb_values();
    const std::uint32_t u = y_of(r);
    const std::uint32_t l = lambda(k, u);
    return {l & x_mask(), u, l >> ka_};
  }

  /// What port (x, y, c) does in round r: nothing, a first hop of its own message to
  /// final (fx, 0, fc), or the forward of origin (0, ob, oc)'s message.
  struct Hop {
    bool sends{false};
    bool first{false};         ///< true: the port's own message; false: a forward
    std::uint32_t other_y{0};  ///< first: 0 (the final's y); forward: the origin's y
    std::uint32_t other_x{0};  ///< first: the final's x; forward: 0 (the origin's x)
    std::uint32_t other_c{0};  ///< first: the final's c; forward: the origin's c
  };
  [[nodiscard]] constexpr Hop hop(std::uint32_t r, std::uint32_t x, std::uint32_t y, std::uint32_t c) const {
    const std::uint32_t k = r / kb_values();
    const std::uint32_t u = y_of(r);
    if (x == 0) {  // a source of A: a first hop for class y unless blocked or idle
      if (k >= transitions() || y == u) return {};
      const std::uint32_t l = lambda(k, u);
      if ((l & x_mask()) == 0) return {};  // the idle tail of a symmetric block
      const std::uint32_t w = u ^ y;
      const std::uint32_t g = l ^ lambda(k + 1, w);
      if (!designated(k, y, w, g)) return {};
      return {true, true, 0, g & x_mask(), c ^ (g >> ka_)};
    }
    if (y == 0 || k == 0 || u != y) return {};  // B ports and relays off their head round
    // A relay forwards what block k-1's tail with its x sent it.
    const std::uint32_t kk = k - 1;
    std::uint32_t tail = 0;
    if (!tail_with_x(kk, x, tail)) return {};
    const std::uint32_t cls = tail ^ y;
    const std::uint32_t l = lambda(kk, tail);
    if (!designated(kk, cls, y, l ^ lambda(k, y))) return {};
    return {true, false, cls, 0, c ^ (l >> ka_)};
  }

 private:
  [[nodiscard]] constexpr std::uint32_t kb_values() const { return std::uint32_t{1} << kb_; }
  [[nodiscard]] constexpr std::uint32_t x_mask() const { return (std::uint32_t{1} << ka_) - 1; }
  /// Y of round r: 1, 2, ..., Kb-1, 0 within a block (the y = 0 round last, so the
  /// final block's y = 0 round, which nothing uses, is dropped).
  [[nodiscard]] constexpr std::uint32_t y_of(std::uint32_t r) const { return (r + 1) & (kb_values() - 1); }

  [[nodiscard]] constexpr std::uint32_t phi(std::uint32_t k, std::uint32_t u) const {
    if ((k & 1U) == 0) return u;
    return symmetric_ ? gf2_times_x(u, kb_) : u << 1;
  }
  [[nodiscard]] constexpr std::uint32_t eta(std::uint32_t w) const { return phi(0, w) ^ phi(1, w); }
  [[nodiscard]] constexpr std::uint32_t eta_inverse(std::uint32_t v) const {
    std::uint32_t w = 0;
    for (std::uint32_t i = 0; i < kb_; ++i)
      if (((v >> i) & 1U) != 0) w ^= eta_inverse_[i];
    return w;
  }
  /// The coset representative c_j of G'/V (asymmetric): (j >> 1) on the x bits above
  /// kb, j & 1 on z.
  [[nodiscard]] constexpr std::uint32_t coset(std::uint32_t j) const { return ((j >> 1) << kb_) | ((j & 1U) << ka_); }
  [[nodiscard]] constexpr std::uint32_t label(std::uint32_t k) const {
    if (symmetric_) return labels_[k];
    // Group g = k / 4: transitions 4g, 4g+1 are the first of cosets c_2g, c_2g+1; 4g+2
    // and 4g+3 the second (step + v1). The steps of a group cancel, so L returns to L0.
    const std::uint32_t l0 = 1U | (std::uint32_t{1} << (ka_ - 1));
    const std::uint32_t v1 = eta(std::uint32_t{1} << (kb_ - 1));
    const std::uint32_t g = k / 4;
    switch (k % 4) {
      case 0: return l0;
      case 1: return l0 ^ coset(2 * g);
      case 2: return l0 ^ coset(2 * g) ^ coset(2 * g + 1);
      default: return l0 ^ coset(2 * g + 1) ^ v1;
    }
  }
  [[nodiscard]] constexpr std::uint32_t lambda(std::uint32_t k, std::uint32_t u) const { return label(k) ^ phi(k, u); }
  /// The tail u of block k whose x is `x` (false if none).
  [[nodiscard]] constexpr bool tail_with_x(std::uint32_t k, std::uint32_t x, std::uint32_t& u) const {
    const std::uint32_t t = x ^ (label(k) & x_mask());
    if ((k & 1U) == 0) {
      u = t;
      return (t >> kb_) == 0;
    }
    if (symmetric_) {
      u = gf2_divide_x(t, kb_);
      return true;
    }
    u = t >> 1;
    return (t & 1U) == 0 && (u >> kb_) == 0;
  }
  /// Does transition k carry class b's arc to head w (target g)? Asymmetric: all arcs of
  /// a first transition, the w1 arc of a second. Symmetric: the first of the three
  /// transitions of g's z that reaches g with a live tail.
  [[nodiscard]] constexpr bool designated(std::uint32_t k, std::uint32_t b, std::uint32_t w, std::uint32_t g) const {
    if (!symmetric_) return k % 4 < 2 || w == (std::uint32_t{1} << (kb_ - 1));
    const std::uint32_t gz = g >> ka_;
    for (std::uint32_t t = gz; t < 6; t += 2) {
      const std::uint32_t rest = g ^ label(t) ^ label(t + 1) ^ phi(t, b);
      const std::uint32_t wt = eta_inverse(rest & x_mask());
      if (wt == 0) continue;
      const std::uint32_t tail = wt ^ b;
      if ((lambda(t, tail) & x_mask()) == 0) continue;  // the idle tail
      return t == k;
    }
    return false;
  }

  std::uint32_t ka_{2};
  std::uint32_t kb_{2};
  bool symmetric_{true};
  std::uint16_t labels_[7]{};                           // symmetric: L_0..L_6 (ka + 1 <= 12 bits)
  std::uint16_t eta_inverse_[kMaxSymmetricBits + 1]{};  // eta^-1 of each basis vector
};

}  // namespace a2a::detail
