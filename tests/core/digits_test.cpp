// a2a/digits.hpp: carry-free digit arithmetic and the modular Gray code, worked by hand.
#include <a2a/digits.hpp>

#include "a2a_test.hpp"

namespace digits_unit {
using namespace a2a;

// d = 2: the digitwise sum is XOR, the Gray code r ^ (r >> 1).
static_assert(DigitArithmetic(2, 4).add(0b1010, 0b0110) == 0b1100);
static_assert(DigitArithmetic(2, 4).sub(0b1010, 0b0110) == 0b1100);
static_assert(DigitArithmetic(2, 4).gray(5) == 7);
// d = 3 (the digit loop): 5 = (1,2), 7 = (2,1): sum (0,0); difference (2,1) = 7.
static_assert(DigitArithmetic(3, 2).add(5, 7) == 0);
static_assert(DigitArithmetic(3, 2).sub(5, 7) == 7);
static_assert(DigitArithmetic(3, 2).digit(7, 1) == 2 && DigitArithmetic(3, 2).digit(7, 0) == 1);
// Modular Gray code, d = 3: r = (1,2): g_1 = 1, g_0 = (2 - 1) mod 3 = 1: (1,1) = 4.
static_assert(DigitArithmetic(3, 2).gray(5) == 4);
// d = 4 (the SWAR path): (1,3,2) + (2,2,3) = (3,1,1): 30 + 43 -> 53.
static_assert(DigitArithmetic(4, 3).add(30, 43) == 53);
static_assert(DigitArithmetic(4, 3).digit(53, 2) == 3 && DigitArithmetic(4, 3).digit(53, 0) == 1);
static_assert(static_cast<int>(RoundOrder::natural) == 0 && static_cast<int>(RoundOrder::gray) == 1);

/// Digits in which a and b differ.
constexpr std::uint32_t differing_digits(const DigitArithmetic& a, std::uint32_t x, std::uint32_t y) {
  std::uint32_t count = 0;
  for (std::uint32_t s = 0; s < a.stages(); ++s) count += a.digit(x, s) != a.digit(y, s) ? 1U : 0U;
  return count;
}
}  // namespace digits_unit

TEST_CASE("digits: Gray words of consecutive ranks differ in one digit, cyclically, and add/sub invert") {
  using namespace a2a;
  const DigitArithmetic shapes[] = {{2, 5}, {3, 3}, {4, 3}, {5, 2}, {8, 2}};
  for (const DigitArithmetic& a : shapes) {
    std::uint32_t words = 1;
    for (std::uint32_t s = 0; s < a.stages(); ++s) words *= a.radix();
    INFO("d = ", a.radix(), " n = ", a.stages());
    for (std::uint32_t r = 0; r < words; ++r) {
      CHECK(digits_unit::differing_digits(a, a.gray(r), a.gray((r + 1) % words)) == 1);
      CHECK(a.sub(a.add(r, 7 % words), 7 % words) == r);
    }
  }
}
