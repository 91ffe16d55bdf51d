// The building blocks of the fixed wiring: each maps a terminal to the terminal it
// is wired to (docs/conventions.md: stage 0 on the input side, switch s reads
// terminal d*s + u on input port u and drives d*s + v). The topologies'
// descriptions (topologies.hpp) say which block sits before and after each stage;
// route() and the fabrics reach them through wiring::before_stage/after_stage
// (topology.hpp). Ground truth, so they favour clarity over speed.
#pragma once

#include <cstdint>

#include "a2a/network.hpp"

namespace a2a::wiring {

constexpr std::uint32_t power(std::uint32_t d, std::uint32_t e) {
  std::uint32_t p = 1;
  for (std::uint32_t i = 0; i < e; ++i) p *= d;
  return p;
}

/// d-ary perfect shuffle (N = d^n): the n base-d digits of t rotated left by one.
constexpr std::uint32_t shuffle(const Network& net, std::uint32_t t) {
  return (t * net.radix) % net.ports + t / (net.ports / net.radix);
}
/// Inverse of shuffle: digits rotated right by one.
constexpr std::uint32_t unshuffle(const Network& net, std::uint32_t t) {
  return t / net.radix + (t % net.radix) * (net.ports / net.radix);
}
/// The GSEN's shuffle for any even N (paper 000): pi(t) = (2t + floor(2t / N)) mod N,
/// the binary shuffle when N = 2^n.
constexpr std::uint32_t gsen_shuffle(const Network& net, std::uint32_t t) {
  return (2 * t + (2 * t) / net.ports) % net.ports;
}
/// Rotate the `width` least significant base-d digits of t right (right = true) or left by one.
constexpr std::uint32_t rotate_low_digits(const Network& net, std::uint32_t t, std::uint32_t width, bool right) {
  const std::uint32_t field = power(net.radix, width);
  const std::uint32_t high = t - t % field;
  const std::uint32_t low = t % field;
  const std::uint32_t top = field / net.radix;
  return right ? high + low / net.radix + (low % net.radix) * top : high + (low % top) * net.radix + low / top;
}
/// Swap base-d digit 0 with digit j (an involution).
constexpr std::uint32_t swap_digit0(const Network& net, std::uint32_t t, std::uint32_t j) {
  const std::uint32_t pj = power(net.radix, j);
  const std::uint32_t d0 = t % net.radix;
  const std::uint32_t dj = (t / pj) % net.radix;
  return t - d0 - dj * pj + dj + d0 * pj;
}

// The shift network (paper 003, docs/conventions.md): a column holds 2N terminals, 2y + u
// being port u of switch y. Processor i enters port 0 of switch i of stage 0.
// Output 0 of switch y of stage k feeds port 0 of switch y of stage k+1, output 1
// feeds port 1 of switch (y + 2^k) mod N. Processor j reads output 0 of switch j
// of the last stage; output 1 there is unused, so a signal leaving on it arrives
// at N + y, which is no processor (route() reports it; checkers refuse it).
constexpr std::uint32_t shift_before(std::uint32_t s, std::uint32_t t) { return s == 0 ? 2 * t : t; }
constexpr std::uint32_t shift_after(const Network& net, std::uint32_t s, std::uint32_t t) {
  const std::uint32_t y = t / 2;
  if (s + 1 >= net.stages) return t % 2 == 0 ? y : net.ports + y;
  return t % 2 == 0 ? t : 2 * ((y + (std::uint32_t{1} << s)) % net.ports) + 1;
}

}  // namespace a2a::wiring
