// Packed base-d digits for the round loop, and the digit permutations the
// unique-path wirings make of round words and port numbers.
//
// With k-shift states every stage adds its state to one digit of the terminal
// and the wiring only moves digits, so for a stage-controlled round x
//   destination(i, x) = P_dest(i) (+) Q(x),   tag(i, x) = P_tag(i) (+) x
// digitwise mod d, where P_dest, P_tag and Q are fixed digit permutations of the
// topology (DigitMap, topology_description.hpp), stated in each topology's description
// (topologies.hpp). Their closed forms were derived from the wiring of docs/conventions.md;
// the exhaustive tests check every round of every topology against route(), which knows
// nothing of them.
//
// For d = 2^w a digit is a w-bit field and the digitwise sum is one SWAR add:
//   a (+) b = ((a & L) + (b & L)) ^ ((a ^ b) & H)
// with H the top bit of every field and L the others (for d = 2, L = 0 and it
// is a ^ b). Destination (bits 0-15) and tag (bits 16-31) travel side by side in
// one word, so one such add serves both. Other d use DigitArithmetic's loops.
#pragma once

#include <bit>
#include <cstdint>

#include "a2a/digits.hpp"
#include "a2a/topology.hpp"
#include "a2a/topology_description.hpp"

// The round loop's steps are a few instructions each: called out of line, the call
// and the copy of a Round would cost more than the work, so they are always
// inlined, and the paths for d other than 2^w are kept out of their way.
#if defined(__GNUC__)
#define A2A_ROUND_LOOP_INLINE [[gnu::always_inline]]
#define A2A_ROUND_LOOP_COLD [[gnu::noinline, gnu::cold]]
#else
#define A2A_ROUND_LOOP_INLINE
#define A2A_ROUND_LOOP_COLD
#endif

namespace a2a::detail {

/// d = 2^w, n digits: H, the top bit of every digit field in use (w = 1..4).
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t high_digit_bits(std::uint32_t w, std::uint32_t n) {
  const std::uint32_t pattern = w == 1 ? 0xFFFFFFFFU : w == 2 ? 0xAAAAAAAAU : w == 3 ? 0x24924924U : 0x88888888U;
  return n * w >= 32 ? pattern : pattern & ((std::uint32_t{1} << (n * w)) - 1);
}
/// d = 2^w, n digits: L, the other bits of every digit field in use.
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t low_digit_bits(std::uint32_t w, std::uint32_t n) {
  const std::uint32_t all = n * w >= 32 ? 0xFFFFFFFFU : (std::uint32_t{1} << (n * w)) - 1;
  return all & ~high_digit_bits(w, n);
}
/// The same masks for destination and tag side by side (bits 0-15 and 16-31).
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t twice(std::uint32_t mask) { return mask | (mask << 16); }

/// The SWAR digitwise sum above, given the masks.
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t add_fields(std::uint32_t a, std::uint32_t b, std::uint32_t low,
                                                         std::uint32_t high) {
  return ((a & low) + (b & low)) ^ ((a ^ b) & high);
}

/// x + one unit in every digit where `units` has that digit's lowest bit set: as
/// add_fields, but a unit's bit lies in the low part of its field (w > 1) or is the
/// whole field (w = 1, where L = 0 and this is x ^ units), so two operations less.
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t add_units(std::uint32_t x, std::uint32_t units, std::uint32_t low,
                                                        std::uint32_t high) {
  return ((x & low) + units) ^ (x & high);
}

/// The digits' shape in 3 bytes: d, n and w (w = 0 unless d = 2^w).
struct DigitShape {
  std::uint8_t radix{2};
  std::uint8_t stages{1};
  std::uint8_t field_bits{0};

  static constexpr DigitShape of(std::uint32_t radix, std::uint32_t stages) {
    std::uint32_t w = 0;  // a loop, not <bit>: Cortex-M0 has no popcount or ctz instruction
    while ((std::uint32_t{1} << w) < radix) ++w;
    if ((std::uint32_t{1} << w) != radix) w = 0;
    return {static_cast<std::uint8_t>(radix), static_cast<std::uint8_t>(stages), static_cast<std::uint8_t>(w)};
  }
  [[nodiscard]] constexpr bool packed() const { return field_bits != 0; }

  /// Digit `position` of x.
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t digit(std::uint32_t x, std::uint32_t position) const {
    if (field_bits != 0) return (x >> (position * field_bits)) & (radix - 1U);
    return slow_digit(radix, stages, x, position);
  }
  /// How many of the low digits of r are 0 (n for r = 0).
  [[nodiscard]] constexpr std::uint32_t trailing_zero_digits(std::uint32_t r) const {
    if (r == 0) return stages;
    if (field_bits != 0) return (static_cast<std::uint32_t>(std::countr_zero(r)) * digit_of_bit(field_bits)) >> 5;
    std::uint32_t k = 0;
    for (; r % radix == 0; r /= radix) ++k;
    return k;
  }
  /// floor(b / w) = (b * digit_of_bit(w)) >> 5 for every bit index b < 32 (no division).
  static constexpr std::uint32_t digit_of_bit(std::uint32_t w) { return w == 1 ? 32 : w == 2 ? 16 : w == 3 ? 11 : 8; }
  /// Modular d-ary Gray code (DigitArithmetic::gray): r minus r shifted one digit, digitwise.
  [[nodiscard]] constexpr std::uint32_t gray(std::uint32_t r) const {
    if (field_bits == 0) return DigitArithmetic(radix, stages).gray(r);
    const std::uint32_t b = r >> field_bits;
    const std::uint32_t high = high_digit_bits(field_bits, stages);
    const std::uint32_t low = low_digit_bits(field_bits, stages);
    return ((r | high) - (b & low)) ^ ((r ^ ~b) & high);  // SWAR subtraction, no borrow between fields
  }

  /// x with its digits moved as `map` says: O(n^2) multiplications, no division when
  /// d = 2^w. Sets up a port or a random-access round, never runs in the round loop.
  [[nodiscard]] constexpr std::uint32_t map(DigitMap m, std::uint32_t x) const {
    if (m == DigitMap::identity) return x;
    std::uint32_t result = 0;
    std::uint32_t rest = x;
    for (std::uint32_t k = 0; k < stages; ++k) {
      std::uint32_t digit = 0;
      if (field_bits != 0) {
        digit = rest & (radix - 1U);
        rest >>= field_bits;
      } else {
        digit = rest % radix;
        rest /= radix;
      }
      result += digit * wiring::power(radix, mapped_position(m, k, stages));
    }
    return result;
  }

 private:
  A2A_ROUND_LOOP_COLD static constexpr std::uint32_t slow_digit(std::uint32_t radix, std::uint32_t stages,
                                                                std::uint32_t x, std::uint32_t position) {
    return DigitArithmetic(radix, stages).digit(x, position);
  }
};

}  // namespace a2a::detail
