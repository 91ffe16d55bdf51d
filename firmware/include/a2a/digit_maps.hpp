// Packed base-d digits for the round loop, and the digit permutations the
// unique-path wirings make of round words and port numbers.
//
// With k-shift states every stage adds its state to one digit of the terminal
// and the wiring only moves digits, so for a stage-controlled round x
//   destination(i, x) = P_dest(i) (+) Q(x),   tag(i, x) = P_tag(i) (+) x
// digitwise mod d, where P_dest, P_tag and Q are fixed digit permutations of the
// topology (DigitMap). Their closed forms below were derived from the wiring of
// NETWORKS.md; the exhaustive tests check every round of every topology against
// route(), which knows nothing of them.
//
// Why PackedDigits and not DigitArithmetic: the controller keeps this state
// between rounds (12 bytes, not 20), and every operation a round or a port needs
// is O(1) without division when d = 2^w; other d use DigitArithmetic's loops.
#pragma once

#include <bit>
#include <cstdint>

#include "a2a/digits.hpp"
#include "a2a/topology.hpp"

// The round loop's steps are a few instructions each: called out of line, the call
// and the copy of a Round cost more than the work, so they are always inlined.
#if defined(__GNUC__)
#define A2A_ROUND_LOOP_INLINE [[gnu::always_inline]]
#define A2A_ROUND_LOOP_COLD [[gnu::noinline, gnu::cold]]
#else
#define A2A_ROUND_LOOP_INLINE
#define A2A_ROUND_LOOP_COLD
#endif

namespace a2a::detail {

/// A fixed permutation of the n digits of a number (digit 0 least significant).
enum class DigitMap : std::uint8_t {
  identity,
  reverse,       ///< digit k -> n-1-k
  reverse_high,  ///< digit 0 stays, digit k -> n-k for k >= 1
  rotate_left,   ///< digit k -> k+1, digit n-1 -> 0
  rotate_right,  ///< digit k -> k-1, digit 0 -> n-1
};

/// Where a topology sends the digits: of the round word into the destination
/// offset Q(x), of the port number into P_dest(i) and P_tag(i) (straight network).
struct TopologyDigitMaps {
  DigitMap round_to_destination{DigitMap::identity};
  DigitMap port_to_destination{DigitMap::identity};
  DigitMap port_to_tag{DigitMap::identity};
};

constexpr TopologyDigitMaps topology_digit_maps(Topology t) {
  switch (t) {
    case Topology::baseline:
    case Topology::reverse_baseline: return {DigitMap::identity, DigitMap::reverse, DigitMap::reverse};
    case Topology::banyan: return {DigitMap::reverse_high, DigitMap::rotate_left, DigitMap::reverse};
    case Topology::reverse_omega: return {DigitMap::reverse, DigitMap::identity, DigitMap::reverse};
    case Topology::reverse_banyan: return {DigitMap::identity, DigitMap::rotate_right, DigitMap::rotate_right};
    default: return {};  // omega, and the GSEN with N = 2^n (which is the omega network)
  }
}

/// Where `map` moves digit k of an n-digit number.
constexpr std::uint32_t mapped_position(DigitMap map, std::uint32_t k, std::uint32_t n) {
  switch (map) {
    case DigitMap::identity: return k;
    case DigitMap::reverse: return n - 1 - k;
    case DigitMap::reverse_high: return k == 0 ? 0 : n - k;
    case DigitMap::rotate_left: return k + 1 == n ? 0 : k + 1;
    case DigitMap::rotate_right: return k == 0 ? n - 1 : k - 1;
  }
  return k;
}

/// mapped_position in the form the round loop wants, without branches on the map:
/// position = bias + k or bias - k, reduced once mod n (fits the schedule in 2 bytes).
struct PositionMap {
  std::uint8_t negate{0};
  std::uint8_t bias{0};

  static constexpr PositionMap of(DigitMap map, std::uint32_t n) {
    switch (map) {
      case DigitMap::reverse: return {1, static_cast<std::uint8_t>(n - 1)};
      case DigitMap::reverse_high: return {1, static_cast<std::uint8_t>(n)};
      case DigitMap::rotate_left: return {0, 1};
      case DigitMap::rotate_right: return {0, static_cast<std::uint8_t>(n - 1)};
      default: return {0, 0};
    }
  }
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t operator()(std::uint32_t k, std::uint32_t n) const {
    const std::uint32_t flip = 0U - negate;  // 0 or all ones: (k ^ flip) - flip is k or -k
    const std::uint32_t p = bias + ((k ^ flip) - flip);
    return p >= n ? p - n : p;
  }
};

/// Reverses the order of the 32/w fields of width w in x (w = 1, 2 or 4).
constexpr std::uint32_t reverse_fields(std::uint32_t x, std::uint32_t w) {
  if (w <= 1) x = ((x >> 1) & 0x55555555U) | ((x & 0x55555555U) << 1);
  if (w <= 2) x = ((x >> 2) & 0x33333333U) | ((x & 0x33333333U) << 2);
  x = ((x >> 4) & 0x0F0F0F0FU) | ((x & 0x0F0F0F0FU) << 4);
  x = ((x >> 8) & 0x00FF00FFU) | ((x & 0x00FF00FFU) << 8);
  return (x >> 16) | (x << 16);
}

/// Carry-free arithmetic on n base-d digits, 12 bytes.
class PackedDigits {
 public:
  constexpr PackedDigits() = default;
  constexpr PackedDigits(std::uint32_t radix, std::uint32_t stages)
      : radix_(static_cast<std::uint8_t>(radix)), stages_(static_cast<std::uint8_t>(stages)) {
    if (!std::has_single_bit(radix)) return;
    const auto w = static_cast<std::uint32_t>(std::countr_zero(radix));
    field_bits_ = static_cast<std::uint8_t>(w);
    // floor(b / w) = (b * recip) >> 5 for every bit index b < 32 (w = 3: 11/32).
    digit_of_bit_ = static_cast<std::uint8_t>(w == 3 ? 11 : 32 / w);
    std::uint32_t high = 0;
    for (std::uint32_t s = 0; s < stages; ++s) high |= std::uint32_t{1} << (s * w + w - 1);
    const std::uint32_t all = stages * w >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << (stages * w)) - 1;
    high_ = high;
    low_ = all & ~high;
  }

  [[nodiscard]] constexpr std::uint32_t radix() const { return radix_; }
  [[nodiscard]] constexpr std::uint32_t stages() const { return stages_; }
  /// d = 2^w: digits are w-bit fields and every operation is O(1) without division.
  [[nodiscard]] constexpr bool packed() const { return field_bits_ != 0; }
  [[nodiscard]] constexpr std::uint32_t field_bits() const { return field_bits_; }
  /// d = 2^w: the w-1 low bits / the top bit of every digit field in use.
  [[nodiscard]] constexpr std::uint32_t low_bits() const { return low_; }
  [[nodiscard]] constexpr std::uint32_t high_bits() const { return high_; }
  /// d = 2^w: x with the digit field starting at bit `shift` increased by one, mod d.
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t add_unit_at(std::uint32_t x, std::uint32_t shift) const {
    if (field_bits_ == 1) return x ^ (std::uint32_t{1} << shift);
    const std::uint32_t v = (x >> shift) & (radix_ - 1U);
    return x ^ (((v ^ (v + 1)) & (radix_ - 1U)) << shift);
  }

  /// a + b digit by digit, mod d.
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t add(std::uint32_t a, std::uint32_t b) const {
    if (field_bits_ == 1) return a ^ b;
    if (field_bits_ != 0) return ((a & low_) + (b & low_)) ^ ((a ^ b) & high_);
    return slow_add(radix_, stages_, a, b);
  }
  /// a - b digit by digit, mod d.
  [[nodiscard]] constexpr std::uint32_t sub(std::uint32_t a, std::uint32_t b) const {
    if (field_bits_ == 1) return a ^ b;
    if (field_bits_ != 0) return ((a | high_) - (b & low_)) ^ ((a ^ ~b) & high_);
    return slow().sub(a, b);
  }
  /// Digit `position` of x.
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t digit(std::uint32_t x, std::uint32_t position) const {
    if (field_bits_ != 0) return (x >> (position * field_bits_)) & (radix_ - 1U);
    return slow_digit(radix_, stages_, x, position);
  }
  /// x with digit `position` increased by one, mod d.
  [[nodiscard]] constexpr std::uint32_t add_unit(std::uint32_t x, std::uint32_t position) const {
    if (field_bits_ != 0) return add_unit_at(x, position * field_bits_);
    const std::uint32_t place = wiring::power(radix_, position);
    return digit(x, position) + 1 == radix_ ? x - (radix_ - 1U) * place : x + place;
  }
  /// Modular d-ary Gray code (DigitArithmetic::gray): g = r - (r >> one digit), digitwise.
  [[nodiscard]] constexpr std::uint32_t gray(std::uint32_t r) const {
    if (field_bits_ != 0) return sub(r, r >> field_bits_);
    return slow().gray(r);
  }
  /// How many of the low digits of r are 0 (n for r = 0).
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t trailing_zero_digits(std::uint32_t r) const {
    if (r == 0) return stages_;
    if (field_bits_ != 0) return (static_cast<std::uint32_t>(std::countr_zero(r)) * digit_of_bit_) >> 5;
    return slow_trailing_zero_digits(radix_, r);
  }

  /// x with its digits moved as `map` says.
  [[nodiscard]] constexpr std::uint32_t map(DigitMap map, std::uint32_t x) const {
    if (map == DigitMap::identity) return x;
    if (field_bits_ == 0 || field_bits_ == 3) return map_by_digits(map, x);
    const std::uint32_t w = field_bits_;
    const std::uint32_t top = (stages_ - 1U) * w;  // bit position of the last digit
    switch (map) {
      case DigitMap::reverse: return reverse_fields(x, w) >> (32 - stages_ * w);
      case DigitMap::reverse_high:
        if (stages_ == 1) return x;
        return ((reverse_fields(x >> w, w) >> (32 - top)) << w) | (x & (radix_ - 1U));
      case DigitMap::rotate_left: return ((x << w) | (x >> top)) & (low_ | high_);
      case DigitMap::rotate_right: return (x >> w) | ((x & (radix_ - 1U)) << top);
      default: return x;
    }
  }

 private:
  [[nodiscard]] constexpr DigitArithmetic slow() const { return DigitArithmetic(radix_, stages_); }
  // The paths for d other than 2^w, out of the round loop's way (static: the
  // caller's object does not escape, so its fields can stay in registers).
  A2A_ROUND_LOOP_COLD static constexpr std::uint32_t slow_add(std::uint32_t radix, std::uint32_t stages,
                                                             std::uint32_t a, std::uint32_t b) {
    return DigitArithmetic(radix, stages).add(a, b);
  }
  A2A_ROUND_LOOP_COLD static constexpr std::uint32_t slow_digit(std::uint32_t radix, std::uint32_t stages,
                                                               std::uint32_t x, std::uint32_t position) {
    return DigitArithmetic(radix, stages).digit(x, position);
  }
  A2A_ROUND_LOOP_COLD static constexpr std::uint32_t slow_trailing_zero_digits(std::uint32_t radix, std::uint32_t r) {
    std::uint32_t k = 0;
    for (; r % radix == 0; r /= radix) ++k;
    return k;
  }

  /// Any d: move digit by digit (O(n); divisions unless d = 2^w).
  [[nodiscard]] constexpr std::uint32_t map_by_digits(DigitMap map, std::uint32_t x) const {
    std::uint32_t result = 0;
    for (std::uint32_t k = 0; k < stages_; ++k)
      result += digit(x, k) * wiring::power(radix_, mapped_position(map, k, stages_));
    return result;
  }

  std::uint32_t low_{0};   ///< d = 2^w: the w-1 low bits of every digit field in use
  std::uint32_t high_{0};  ///< d = 2^w: the top bit of every digit field in use
  std::uint8_t radix_{2};
  std::uint8_t stages_{1};
  std::uint8_t field_bits_{0};    ///< w when d = 2^w, else 0
  std::uint8_t digit_of_bit_{0};  ///< 32/w (11 for w = 3): bit index -> digit index
};

}  // namespace a2a::detail
