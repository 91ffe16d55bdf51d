// Base-d digit arithmetic for k-shift networks, and the round orders.
//
// With k-shift states every stage adds its state (mod d) to one digit of the
// terminal and the wiring only moves digits around, so destination and tag are
// digitwise sums (mod d, no carries) of a per-port part and a per-round part.
// For d = 2 the digitwise sum is XOR; for d = 2^w it is done on all digits at
// once with masks (SWAR) so the per-port path has no division.
#pragma once

#include <cstdint>

namespace a2a {

/// Digitwise (carry-free) arithmetic on n-digit base-d numbers.
class DigitArithmetic {
 public:
  constexpr DigitArithmetic() = default;
  constexpr DigitArithmetic(std::uint32_t radix, std::uint32_t stages) : radix_(radix), stages_(stages) {
    std::uint32_t w = 0;
    while ((std::uint32_t{1} << w) < radix) ++w;
    if (radix > 1 && (std::uint32_t{1} << w) == radix) {  // d = 2^w: digits are w-bit fields
      field_bits_ = w;
      for (std::uint32_t s = 0; s < stages; ++s) high_ |= std::uint32_t{1} << (s * w + w - 1);
      all_ = stages * w >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << (stages * w)) - 1;
    }
  }

  [[nodiscard]] constexpr std::uint32_t radix() const { return radix_; }
  [[nodiscard]] constexpr std::uint32_t stages() const { return stages_; }

  /// a + b digit by digit, mod d, no carries.
  [[nodiscard]] constexpr std::uint32_t add(std::uint32_t a, std::uint32_t b) const {
    if (field_bits_ != 0) {
      const std::uint32_t low = all_ & ~high_;
      return ((a & low) + (b & low)) ^ ((a ^ b) & high_);
    }
    std::uint32_t sum = 0;
    std::uint32_t place = 1;
    for (std::uint32_t s = 0; s < stages_; ++s) {
      sum += ((a % radix_ + b % radix_) % radix_) * place;
      a /= radix_;
      b /= radix_;
      place *= radix_;
    }
    return sum;
  }

  /// a - b digit by digit, mod d.
  [[nodiscard]] constexpr std::uint32_t sub(std::uint32_t a, std::uint32_t b) const {
    std::uint32_t diff = 0;
    std::uint32_t place = 1;
    for (std::uint32_t s = 0; s < stages_; ++s) {
      diff += ((a % radix_ + radix_ - b % radix_) % radix_) * place;
      a /= radix_;
      b /= radix_;
      place *= radix_;
    }
    return diff;
  }

  /// Digit `position` (0 = least significant) of x.
  [[nodiscard]] constexpr std::uint32_t digit(std::uint32_t x, std::uint32_t position) const {
    if (field_bits_ != 0) return (x >> (position * field_bits_)) & (radix_ - 1);
    for (std::uint32_t s = 0; s < position; ++s) x /= radix_;
    return x % radix_;
  }

  /// Modular d-ary Gray code: g_{n-1} = r_{n-1}, g_i = (r_i - r_{i+1}) mod d.
  /// Consecutive r (cyclically, d^n - 1 -> 0 included) give words that differ in
  /// exactly one digit, i.e. exactly one stage changes state. For d = 2 it is r ^ (r >> 1).
  [[nodiscard]] constexpr std::uint32_t gray(std::uint32_t r) const {
    if (radix_ == 2) return r ^ (r >> 1);
    std::uint32_t g = 0;
    std::uint32_t place = 1;
    for (std::uint32_t s = 0; s < stages_; ++s) {
      const std::uint32_t here = r % radix_;
      const std::uint32_t above = (r / radix_) % radix_;
      const std::uint32_t code = s + 1 == stages_ ? here : (here + radix_ - above) % radix_;
      g += code * place;
      r /= radix_;
      place *= radix_;
    }
    return g;
  }

 private:
  std::uint32_t radix_{2};
  std::uint32_t stages_{1};
  std::uint32_t field_bits_{0};  ///< w when d = 2^w, else 0 (use the digit loop)
  std::uint32_t high_{0};        ///< top bit of every w-bit field
  std::uint32_t all_{0};         ///< the n*w bits in use
};

/// The order in which a stage-controlled schedule runs its configurations.
/// The values are the configuration block's order codes (flash): pinned.
enum class RoundOrder : std::uint8_t {
  natural = 0,  ///< round r uses configuration r
  gray = 1,     ///< round r uses configuration gray(r): one stage changes per round
};

}  // namespace a2a
