// a2a/wiring.hpp: the fixed wiring's building blocks, against docs/conventions.md's
// definitions worked by hand (digit rotations, the GSEN shuffle, the shift network).
#include <a2a/wiring.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace wiring_unit {
using namespace a2a;
constexpr Network kBinary8{Topology::omega, 8, 2, 3};
constexpr Network kBinary16{Topology::omega, 16, 2, 4};
constexpr Network kTernary9{Topology::omega, 9, 3, 2};

// Perfect shuffle: rotate the base-d digits left. 001 -> 010, 100 -> 001, 101 -> 011.
static_assert(wiring::shuffle(kBinary8, 1) == 2 && wiring::shuffle(kBinary8, 4) == 1 &&
              wiring::shuffle(kBinary8, 5) == 3);
// Base 3: 5 = (1,2) -> (2,1) = 7; unshuffle rotates back.
static_assert(wiring::shuffle(kTernary9, 5) == 7 && wiring::unshuffle(kTernary9, 7) == 5);
// rotate_low_digits: 1011, the 3 low bits 011 -> right 101 (1101 = 13), left 110 (1110 = 14).
static_assert(wiring::rotate_low_digits(kBinary16, 0b1011, 3, true) == 13);
static_assert(wiring::rotate_low_digits(kBinary16, 0b1011, 3, false) == 14);
// swap_digit0: 0010 with j = 1 -> 0001; 1000 with j = 3 -> 0001; an involution.
static_assert(wiring::swap_digit0(kBinary16, 0b0010, 1) == 1 && wiring::swap_digit0(kBinary16, 0b1000, 3) == 1);
static_assert(wiring::power(3, 4) == 81 && wiring::power(7, 0) == 1);

// The shift network (paper 003): a column holds 2N terminals, 2y + u = port u of switch y.
constexpr Network kShift8{Topology::shift, 8, 2, 4};
static_assert(wiring::shift_before(0, 5) == 10 && wiring::shift_before(1, 5) == 5);
// Output 1 of switch 7 at stage 1 feeds port 1 of switch (7 + 2) mod 8 = 1: terminal 3.
static_assert(wiring::shift_after(kShift8, 1, 2 * 7 + 1) == 3);
static_assert(wiring::shift_after(kShift8, 1, 2 * 7) == 14);  // output 0 stays on switch 7, port 0
// Last stage: output 0 of switch 6 is processor 6; output 1 is no processor (N + 6).
static_assert(wiring::shift_after(kShift8, 3, 12) == 6 && wiring::shift_after(kShift8, 3, 13) == 14);

template <std::uint32_t N>
constexpr bool is_permutation(const Network& net, std::uint32_t (*map)(const Network&, std::uint32_t)) {
  std::array<bool, N> seen{};
  for (std::uint32_t t = 0; t < N; ++t) {
    const std::uint32_t image = map(net, t);
    if (image >= N || seen[image]) return false;
    seen[image] = true;
  }
  return true;
}
constexpr std::uint32_t gsen_shuffle(const Network& net, std::uint32_t t) { return wiring::gsen_shuffle(net, t); }
}  // namespace wiring_unit

TEST_CASE("wiring: the GSEN shuffle is a permutation for even N and the binary shuffle for N = 2^n") {
  using namespace a2a;
  using namespace wiring_unit;
  CHECK(is_permutation<10>(Network{Topology::gsen, 10, 2, 4}, gsen_shuffle));
  CHECK(is_permutation<14>(Network{Topology::gsen, 14, 2, 4}, gsen_shuffle));
  CHECK(is_permutation<36>(Network{Topology::gsen, 36, 2, 6}, gsen_shuffle));
  for (std::uint32_t t = 0; t < 16; ++t) {
    INFO("t = ", t);
    CHECK(wiring::gsen_shuffle(kBinary16, t) == wiring::shuffle(kBinary16, t));
    CHECK(wiring::unshuffle(kBinary16, wiring::shuffle(kBinary16, t)) == t);
    CHECK(wiring::swap_digit0(kBinary16, wiring::swap_digit0(kBinary16, t, 2), 2) == t);
    CHECK(wiring::rotate_low_digits(kBinary16, wiring::rotate_low_digits(kBinary16, t, 4, true), 4, false) == t);
  }
  // 2t + floor(2t / N) mod N for N = 10: 7 -> 15 mod 10 = 5, 2 -> 4.
  CHECK(wiring::gsen_shuffle(Network{Topology::gsen, 10, 2, 4}, 7) == 5);
  CHECK(wiring::gsen_shuffle(Network{Topology::gsen, 10, 2, 4}, 2) == 4);
}
