// Where the fixed wiring of a binary unique-path MIN takes each bit of a terminal.
//
// Every block of wiring of omega, baseline, banyan, their reverses and the GSEN with
// N = 2^n permutes the n bits of a terminal, and a stage-controlled switch only adds
// its flip to the port bit, so the terminals of a path are linear (XOR) in its source's
// bits and its stages' flips. A fault's rectangle (FaultMap) needs the images of the n
// source bits and the n flips at one column and at the outputs. Tracing 2n routes for
// them costs 4n^2 wiring calls (the fault step of the round loop, docs/PERFORMANCE.md,
// "A fault's standstill"); here each block's bit permutation is read from
// ceil(log2 n) probes (probe j holds the bits whose position has bit j set): 6n
// wiring calls at n = 8 for the 2n blocks, and the images follow by table look-up.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "a2a/limits.hpp"
#include "a2a/network.hpp"
#include "a2a/topology.hpp"

namespace a2a::detail {

/// The images, as one-bit words, of source bit b (straight switches) and of stage k's
/// flip (the path of source 0 with only stage k crossed) at one column and at the
/// outputs. flip_column[k] is meaningful for the stages before the column only.
struct BitImages {
  std::array<std::uint32_t, kMaxStages> source_column{};
  std::array<std::uint32_t, kMaxStages> source_output{};
  std::array<std::uint32_t, kMaxStages> flip_column{};
  std::array<std::uint32_t, kMaxStages> flip_output{};
};

/// The probes: probe j holds the bits of n-bit terminals whose position has bit j set.
struct BitProbes {
  std::array<std::uint32_t, 5> word{};
  std::uint32_t count{0};
  std::uint32_t bits{0};  // set bits of all probes together
  constexpr explicit BitProbes(std::uint32_t n) : count(static_cast<std::uint32_t>(std::bit_width(n - 1))) {
    for (std::uint32_t j = 0; j < count; ++j)
      for (std::uint32_t p = 0; p < n; ++p)
        if (((p >> j) & 1U) != 0) word[j] |= 1U << p, ++bits;
  }
};

/// One wiring block's bit permutation, `to[p]` the position bit p lands on, read from
/// the probes' images (`images`, already taken). False when they decode to none.
constexpr bool decode_block(std::uint32_t n, const BitProbes& probes, const std::array<std::uint32_t, 5>& images,
                            std::array<std::uint8_t, kMaxStages>& to) {
  std::array<std::uint8_t, kMaxStages> from{};
  std::uint32_t bits = 0;
  for (std::uint32_t j = 0; j < probes.count; ++j) {
    if ((images[j] >> n) != 0) return false;
    for (std::uint32_t rest = images[j]; rest != 0; rest &= rest - 1, ++bits)
      from[static_cast<std::uint32_t>(std::countr_zero(rest))] |= static_cast<std::uint8_t>(1U << j);
  }
  if (bits != probes.bits) return false;
  std::uint32_t seen = 0;
  for (std::uint32_t q = 0; q < n; ++q) {
    const std::uint32_t p = from[q];
    if (p >= n || ((seen >> p) & 1U) != 0) return false;
    seen |= 1U << p;
    to[p] = static_cast<std::uint8_t>(q);
  }
  return true;
}

/// The images at the column in front of stage s's switches (link: behind stage s's
/// wiring). False where a block of the network permutes no bits (no such network
/// reaches here: faults_describable()). Most blocks repeat (omega's shuffles, the
/// identities between stages): a block whose probes' images are the last block's, or
/// the probes themselves, is not decoded again.
constexpr bool bit_images(const Network& net, std::uint32_t s, bool link, BitImages& out) {
  const std::uint32_t n = net.stages;
  if (n == 0 || n > kMaxStages || s >= n) return false;
  const BitProbes probes(n);
  std::array<std::uint8_t, kMaxStages> source{};  // where each source bit is now
  std::array<std::uint8_t, kMaxStages> flip{};    // where each stage's flip is now (stages < t)
  for (std::uint32_t b = 0; b < n; ++b) source[b] = static_cast<std::uint8_t>(b);
  std::array<std::uint8_t, kMaxStages> to{};
  std::array<std::uint32_t, 5> last{};  // the probes' images of the block `to` holds
  bool have_last = false;
  // Moves the tracked bits (the sources and the first `flips` flips) through one block.
  auto block = [&](std::uint32_t flips, auto map) {
    std::array<std::uint32_t, 5> images{};
    bool identity = true;
    for (std::uint32_t j = 0; j < probes.count; ++j) {
      images[j] = map(probes.word[j]);
      identity = identity && images[j] == probes.word[j];
    }
    if (identity) return true;
    if (!have_last || images != last) {
      if (!decode_block(n, probes, images, to)) return false;
      last = images;
      have_last = true;
    }
    for (std::uint32_t b = 0; b < n; ++b) source[b] = to[source[b]];
    for (std::uint32_t k = 0; k < flips; ++k) flip[k] = to[flip[k]];
    return true;
  };
  auto capture = [&](std::uint32_t flips) {
    for (std::uint32_t b = 0; b < n; ++b) out.source_column[b] = 1U << source[b];
    for (std::uint32_t k = 0; k < flips; ++k) out.flip_column[k] = 1U << flip[k];
  };
  for (std::uint32_t t = 0; t < n; ++t) {
    if (!block(t, [&](std::uint32_t x) { return wiring::before_stage(net, t, x); })) return false;
    if (!link && t == s) capture(t);
    flip[t] = 0;  // stage t crossed: the port bit of the terminal it drives
    if (!block(t + 1, [&](std::uint32_t x) { return wiring::after_stage(net, t, x); })) return false;
    if (link && t == s) capture(t + 1);
  }
  for (std::uint32_t k = 0; k < n; ++k) {
    out.source_output[k] = 1U << source[k];
    out.flip_output[k] = 1U << flip[k];
  }
  return true;
}

}  // namespace a2a::detail
