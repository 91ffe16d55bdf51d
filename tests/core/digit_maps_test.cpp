// a2a/digit_maps.hpp: the packed (SWAR) digit operations of the round loop against the
// digit-by-digit arithmetic of digits.hpp, and the digit permutations worked by hand.
#include <a2a/digit_maps.hpp>

#include <a2a/digits.hpp>
#include <a2a/topology_description.hpp>

#include "a2a_test.hpp"

namespace digit_maps_unit {
using namespace a2a;
using detail::DigitMap;
using detail::DigitShape;
// Masks for d = 4 (w = 2), n = 3: H = 101010, L = 010101.
static_assert(detail::high_digit_bits(2, 3) == 0b101010 && detail::low_digit_bits(2, 3) == 0b010101);
static_assert(detail::high_digit_bits(1, 4) == 0b1111 && detail::low_digit_bits(1, 4) == 0);
static_assert(detail::twice(0b11) == 0x30003);
// (1,3,2) + (2,2,3) = (3,1,1) in base 4 (digits.hpp's worked example), through the SWAR add.
static_assert(detail::add_fields(30, 43, 0b010101, 0b101010) == 53);
static_assert(DigitShape::of(4, 3).packed() && !DigitShape::of(3, 3).packed() && DigitShape::of(8, 2).field_bits == 3);
// Trailing zero digits: 16 = (1,0,0) base 4 has 2; 9 = (1,0,0) base 3 has 2; 0 has n.
static_assert(DigitShape::of(4, 3).trailing_zero_digits(16) == 2 && DigitShape::of(3, 3).trailing_zero_digits(9) == 2);
static_assert(DigitShape::of(4, 3).trailing_zero_digits(0) == 3);
// floor(b / w) without division, for every bit index and w = 1..4.
static_assert([] {
  for (std::uint32_t w = 1; w <= 4; ++w)
    for (std::uint32_t b = 0; b < 32; ++b)
      if (((b * DigitShape::digit_of_bit(w)) >> 5) != b / w) return false;
  return true;
}());
// Digit maps on base-3 (d = 3, n = 3) x = (2,1,0) = 21: reverse -> (0,1,2) = 5;
// rotate_left (digit k -> k+1) -> (1,0,2) = 11; rotate_right -> (0,2,1) = 7;
// reverse_high (digit 0 stays, k -> n-k) -> (1,2,0) = 15.
static_assert(DigitShape::of(3, 3).map(DigitMap::reverse, 21) == 5);
static_assert(DigitShape::of(3, 3).map(DigitMap::rotate_left, 21) == 11);
static_assert(DigitShape::of(3, 3).map(DigitMap::rotate_right, 21) == 7);
static_assert(DigitShape::of(3, 3).map(DigitMap::reverse_high, 21) == 15);
// Binary 4 digits: reverse 0001 -> 1000.
static_assert(DigitShape::of(2, 4).map(DigitMap::reverse, 1) == 8 &&
              DigitShape::of(2, 4).map(DigitMap::identity, 9) == 9);
}  // namespace digit_maps_unit

TEST_CASE("digit maps: the packed digit and Gray code equal the digit loop's for every word") {
  using namespace a2a;
  const std::uint32_t shapes[][2] = {{2, 6}, {4, 3}, {8, 2}, {16, 2}, {3, 3}, {5, 2}};
  for (const auto& shape : shapes) {
    const DigitArithmetic slow(shape[0], shape[1]);
    const auto fast = detail::DigitShape::of(shape[0], shape[1]);
    std::uint32_t words = 1;
    for (std::uint32_t s = 0; s < shape[1]; ++s) words *= shape[0];
    for (std::uint32_t r = 0; r < words; ++r) {
      INFO("d = ", shape[0], " n = ", shape[1], " r = ", r);
      CHECK(fast.gray(r) == slow.gray(r));
      for (std::uint32_t p = 0; p < shape[1]; ++p) CHECK(fast.digit(r, p) == slow.digit(r, p));
    }
  }
}
