// GSEN paths under stage control and the alternating patterns (paper 000).
//
// A configuration word sets switch y of stage s to pattern(y) xor a_s, with a_s
// bit n-1-s of the word (stage 0 the most significant bit) and pattern(y) = 0
// (stage control), y mod 2 (alternating), (y / 2) mod 2 (doubly) or (y / 4) mod 2
// (quadruply alternating). Since the blocks are powers of two, pattern(y) is one
// AND: (y & block) != 0, with block 0 for stage control.
//
// The GSEN's shuffle sends terminal t to switch y = t mod N/2 on input port
// [t >= N/2] (docs/conventions.md), so a path is walked bit by bit with one compare and
// one subtraction per stage, no division: O(n) for N that is not a power of two,
// where no closed formula for the tag of a given word is known.
//
// Why both directions: for a fixed input i the word determines the path (so the
// tag F), and the tag determines the path and with it every switch's state (so
// the word). Hence word -> tag is a bijection of the 2^n words for every i, and
// word_for_tag() is its inverse. Paper 000's Lemma 3.3 gives the arrival
// j = (i 2^n + F) mod N, so the pair (i, j) has the two tags F and F + N when
// F < 2^n - N and the one tag F otherwise (Lemma 3.5).
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/schedule.hpp"

namespace a2a {

/// How a configuration word sets the switches of a GSEN stage (paper 000).
enum class GsenPattern : std::uint8_t {
  stage,                  ///< stage control: every switch of stage s in state a_s (Section 3)
  alternating,            ///< states 0,1,0,1,... xor a_s (Section 4, Algorithm 4)
  doubly_alternating,     ///< states 0,0,1,1,... xor a_s (Section 5, Theorem 5.5)
  quadruply_alternating,  ///< states 0,0,0,0,1,1,1,1,... xor a_s (Section 6)
};

inline constexpr GsenPattern kAllGsenPatterns[] = {GsenPattern::stage, GsenPattern::alternating,
                                                   GsenPattern::doubly_alternating, GsenPattern::quadruply_alternating};

constexpr std::string_view name(GsenPattern p) {
  switch (p) {
    case GsenPattern::stage: return "stage";
    case GsenPattern::alternating: return "alternating";
    case GsenPattern::doubly_alternating: return "doubly-alternating";
    case GsenPattern::quadruply_alternating: return "quadruply-alternating";
  }
  return "unknown";
}

/// The block b of the pattern ((y / b) mod 2 xor a_s); 0 for stage control.
constexpr std::uint32_t pattern_block(GsenPattern p) {
  switch (p) {
    case GsenPattern::stage: return 0;
    case GsenPattern::alternating: return 1;
    case GsenPattern::doubly_alternating: return 2;
    case GsenPattern::quadruply_alternating: return 4;
  }
  return 0;
}

/// The register-level control mode a controller programs for the pattern.
constexpr ControlMode control_mode(GsenPattern p) {
  switch (p) {
    case GsenPattern::stage: return ControlMode::stage;
    case GsenPattern::alternating: return ControlMode::alternating;
    case GsenPattern::doubly_alternating: return ControlMode::doubly_alternating;
    case GsenPattern::quadruply_alternating: return ControlMode::quadruply_alternating;
  }
  return ControlMode::stage;
}

/// Where a signal arrives and the output ports it took.
struct GsenArrival {
  std::uint32_t destination{0};
  std::uint32_t tag{0};  ///< forward tag, stage 0 the most significant bit
  friend constexpr bool operator==(const GsenArrival&, const GsenArrival&) = default;
};

/// Walks GSEN paths for one network and pattern. Preconditions (checked by the
/// schedules that own a walker): an even N >= 4, n = ceil(log2 N), words and tags < 2^n.
class GsenWalker {
 public:
  constexpr GsenWalker() = default;
  constexpr GsenWalker(std::uint32_t ports, std::uint32_t stages, GsenPattern pattern)
      : half_(ports / 2), stages_(stages), block_(pattern_block(pattern)) {}

  /// State of switch y of stage s under `word`.
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t word, std::uint32_t stage, std::uint32_t y) const {
    return stage_bit(word, stage) ^ pattern_bit(y);
  }

  /// Input `source` under configuration `word`: its arrival and tag.
  [[nodiscard]] constexpr GsenArrival arrive(std::uint32_t source, std::uint32_t word) const {
    std::uint32_t t = source;
    std::uint32_t tag = 0;
    for (std::uint32_t s = 0; s < stages_; ++s) {
      const std::uint32_t in = t >= half_ ? 1U : 0U;
      const std::uint32_t y = t - in * half_;
      const std::uint32_t out = in ^ switch_state(word, s, y);
      tag = (tag << 1) | out;
      t = 2 * y + out;
    }
    return {t, tag};
  }

  /// The one configuration word under which `source` takes the path with forward tag `tag`.
  [[nodiscard]] constexpr std::uint32_t word_for_tag(std::uint32_t source, std::uint32_t tag) const {
    std::uint32_t t = source;
    std::uint32_t word = 0;
    for (std::uint32_t s = 0; s < stages_; ++s) {
      const std::uint32_t in = t >= half_ ? 1U : 0U;
      const std::uint32_t y = t - in * half_;
      const std::uint32_t out = (tag >> (stages_ - 1 - s)) & 1U;
      word = (word << 1) | (in ^ out ^ pattern_bit(y));
      t = 2 * y + out;
    }
    return word;
  }

 private:
  [[nodiscard]] constexpr std::uint32_t stage_bit(std::uint32_t word, std::uint32_t stage) const {
    return (word >> (stages_ - 1 - stage)) & 1U;
  }
  [[nodiscard]] constexpr std::uint32_t pattern_bit(std::uint32_t y) const { return (y & block_) != 0 ? 1U : 0U; }

  std::uint32_t half_{2};
  std::uint32_t stages_{2};
  std::uint32_t block_{0};
};

}  // namespace a2a
