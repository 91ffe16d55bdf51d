// The frames of switch elements on shift-register chains (docs/switch-backends.md):
// element e of a stage (d = 2^w) holds w bits at chain positions e w .. e w + w - 1,
// least significant first; in one chain through every stage, stage s's elements sit
// at (s S + e) w ..; a frame of B bytes is the chain's contents as a big-endian number
// whose bit p is position p (byte 0 sent first, each byte most significant bit first).
//
// A stage a control word set (a stage word, an alternating pattern: RoundSwitches'
// StagePattern) repeats within a byte, so its frame is that byte B times: FrameBuilder
// writes it a word at a time, what copying the frame would cost; other stages go
// element by element. FrameBuilder works out the network's sizes once (configure).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "a2a/hal/switch_fabric.hpp"
#include "a2a/topology.hpp"

namespace a2a::spi_chain {

using hal::element_bits;

/// A stage's frame length in bytes.
[[nodiscard]] constexpr std::uint32_t frame_bytes(const Network& net) {
  return (element_bits(net.radix) * net.switches_per_stage() + 7) / 8;
}
/// The single chain's frame length in bytes (every stage's elements).
[[nodiscard]] constexpr std::uint32_t single_frame_bytes(const Network& net) {
  return (element_bits(net.radix) * net.switches_per_stage() * net.stages + 7) / 8;
}

/// Where a stage's element bit sits in its frame: byte index and bit mask.
struct FrameBit {
  std::uint32_t byte;
  std::uint8_t mask;
};
[[nodiscard]] constexpr FrameBit frame_bit(std::uint32_t bytes, std::uint32_t position) {
  const std::uint32_t k = 8 * bytes - 1 - position;  // sent k-th
  return {k / 8, static_cast<std::uint8_t>(0x80U >> (k % 8))};
}

/// Stage `stage`'s elements of `round` (RoundSwitches shape) into `frame`, from chain
/// position `first` on, element by element (only the bits set: the frame zeroed before).
template <class Round>
constexpr void place_stage(const Round& round, std::uint32_t stage, std::span<std::uint8_t> frame,
                           std::uint32_t first) {
  const Network& net = round.network();
  const std::uint32_t w = element_bits(net.radix);
  const auto bytes = static_cast<std::uint32_t>(frame.size());
  for (std::uint32_t e = 0; e < net.switches_per_stage(); ++e) {
    const std::uint32_t state = round.state(stage, e);
    for (std::uint32_t b = 0; b < w; ++b) {
      if (((state >> b) & 1U) == 0) continue;
      const FrameBit at = frame_bit(bytes, first + e * w + b);
      frame[at.byte] = static_cast<std::uint8_t>(frame[at.byte] | at.mask);
    }
  }
}

/// The byte a stage following `p` puts on 8 chain positions (from a multiple of 8),
/// bit i = position i; `ok` false when the pattern does not repeat within a byte
/// (w = 3; an alternating d > 2) or is not known.
struct PatternByte {
  bool ok{false};
  std::uint8_t value{0};
};
[[nodiscard]] constexpr PatternByte pattern_byte(const hal::StagePattern& p, std::uint32_t w) {
  if (!p.known) return {};
  if (p.block == 0) {  // 8 / w copies of the state (no division: a library call on some cores)
    const std::uint32_t copies = w == 1 ? 0xFFU : w == 2 ? 0x55U : w == 4 ? 0x11U : w == 8 ? 0x01U : 0U;
    return {copies != 0, static_cast<std::uint8_t>(p.state * copies)};
  }
  if (w != 1 || (p.block != 1 && p.block != 2 && p.block != 4)) return {};
  const std::uint32_t zeros_first = p.block == 1 ? 0xAAU : p.block == 2 ? 0xCCU : 0xF0U;  // state 0
  return {true, static_cast<std::uint8_t>(p.state == 0 ? zeros_first : ~zeros_first)};
}
static_assert(pattern_byte({true, 0, 1}, 1).value == 0xFF && pattern_byte({true, 0, 2}, 2).value == 0xAA);
static_assert(pattern_byte({true, 1, 0}, 1).value == 0xAA && pattern_byte({true, 4, 1}, 1).value == 0x0F);
static_assert(!pattern_byte({true, 0, 5}, 3).ok && !pattern_byte({false, 0, 0}, 1).ok);

/// The stages of `round` that changed since its last latch, bit s for stage s.
template <class Round>
[[nodiscard]] constexpr std::uint32_t changed_stages(const Round& round) {
  if constexpr (requires { round.changed_stages(); }) {
    return round.changed_stages();
  } else {
    std::uint32_t mask = 0;
    for (std::uint32_t s = 0; s < round.network().stages; ++s) mask |= round.changed(s) ? 1U << s : 0U;
    return mask;
  }
}

/// A network's frames: a stage's (a chain per stage) or the single chain's.
class FrameBuilder {
 public:
  constexpr FrameBuilder() = default;
  constexpr explicit FrameBuilder(const Network& net)
      : w_(element_bits(net.radix)),
        bits_(w_ * net.switches_per_stage()),
        stages_(net.stages),
        whole_bytes_(bits_ / 8),
        tail_mask_((1U << (bits_ % 8)) - 1U),
        copies_(pattern_byte({true, 0, 1}, w_).ok ? pattern_byte({true, 0, 1}, w_).value * 0x0101'0101U : 0U),
        ragged_(whole_bytes_ % 4 != 0 || tail_mask_ != 0) {}

  [[nodiscard]] constexpr std::uint32_t stage_bytes() const { return (bits_ + 7) / 8; }
  [[nodiscard]] constexpr std::uint32_t chain_bytes() const { return (bits_ * stages_ + 7) / 8; }

  /// Stage `stage`'s frame (stage_bytes long). Inlined: the pattern's few stores are
  /// the round's whole work (the element-by-element path is a call).
  template <class Round>
  [[gnu::always_inline]] constexpr void stage(const Round& round, std::uint32_t stage,
                                              std::span<std::uint8_t> frame) const {
    if (!fill(round, stage, frame, 0)) element_by_element(round, stage, frame);
  }
  /// The single chain's frame (chain_bytes long), every stage.
  template <class Round>
  constexpr void chain(const Round& round, std::span<std::uint8_t> frame) const {
    for (std::uint8_t& b : frame) b = 0;
    for (std::uint32_t s = 0; s < stages_; ++s)
      if (!fill(round, s, frame, s * bits_)) place_stage(round, s, frame, s * bits_);
  }
  /// The single chain's frame of the round before (in `frame`) made this round's: only
  /// the stages that changed rewritten, from their patterns. False (the frame then
  /// unusable) when a changed stage has none or stages share bytes: chain() then.
  template <class Round>
  constexpr bool update_chain(const Round& round, std::span<std::uint8_t> frame) const {
    if (bits_ % 8 != 0) return false;  // rewriting one stage would touch its neighbour
    for (std::uint32_t todo = changed_stages(round); todo != 0; todo &= todo - 1) {
      const auto s = static_cast<std::uint32_t>(std::countr_zero(todo));
      if (!fill(round, s, frame, s * bits_)) return false;
    }
    return true;
  }

 private:
  template <class Round>
  [[gnu::noinline]] static constexpr void element_by_element(const Round& round, std::uint32_t stage,
                                                             std::span<std::uint8_t> frame) {
    for (std::uint8_t& b : frame) b = 0;
    place_stage(round, stage, frame, 0);
  }
  /// Stage `stage` from its pattern, four bytes a store, when it has one and starts on
  /// a byte (`first` a multiple of 8); false otherwise.
  template <class Round>
  [[gnu::always_inline]] constexpr bool fill(const Round& round, std::uint32_t stage, std::span<std::uint8_t> frame,
                                             std::uint32_t first) const {
    if constexpr (!requires { round.pattern(stage); }) {
      return false;
    } else {
      // The stage's byte as a word (pattern_byte four times), from what configure worked out.
      const hal::StagePattern p = round.pattern(stage);
      if (!p.known || first % 8 != 0) return false;
      std::uint32_t word = 0;
      if (p.block == 0) {
        word = p.state * copies_;  // 0 when a state does not repeat within a byte (w = 3)
        if (copies_ == 0) return false;
      } else {
        const PatternByte alternating = pattern_byte(p, w_);  // d = 2, blocks of 1, 2, 4
        if (!alternating.ok) return false;
        word = alternating.value * 0x0101'0101U;
      }
      const PatternByte byte{true, static_cast<std::uint8_t>(word)};
      std::uint8_t* const end = frame.data() + (frame.size() - first / 8);
      std::uint8_t* at = end - whole_bytes_;
      if (std::is_constant_evaluated()) {
        while (at != end) *at++ = byte.value;
      } else {  // a word a store, then at most 3 bytes one by one (no loop GCC makes a memset call of)
        for (std::uint8_t* const words_end = at + (whole_bytes_ & ~3U); at != words_end; at += 4)
          std::memcpy(at, &word, 4);
      }
      if (ragged_) {  // a frame of whole words (a stage of 32 elements or more, d = 2) skips this
        const auto rest = static_cast<std::uint32_t>(end - at);
        // GCC 12 may inline this into a caller's one-byte frame and warn of at[1] and at[2],
        // which rest (< 1 there) never reaches: a false positive (its -Wstringop-overflow
        // does not follow rest's bound through the word loop above).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
        if (rest > 0) at[0] = byte.value;
        if (rest > 1) at[1] = byte.value;
        if (rest > 2) at[2] = byte.value;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
        if (tail_mask_ != 0) *(end - whole_bytes_ - 1) = static_cast<std::uint8_t>(byte.value & tail_mask_);
      }
      return true;
    }
  }

  std::uint32_t w_{0};
  std::uint32_t bits_{0};  // a stage's: w S
  std::uint32_t stages_{0};
  std::uint32_t whole_bytes_{0};  // a stage's whole bytes, bits_ / 8
  std::uint32_t tail_mask_{0};    // the bits of its partial byte (0: none)
  std::uint32_t copies_{0};       // state 1 repeated over a word (a state k: k times it); 0: w = 3
  bool ragged_{false};            // whole_bytes_ not whole words, or a partial byte
};

/// A round's frame for `stage` of `round` (frame_bytes long).
template <class Round>
constexpr void build_frame(const Round& round, std::uint32_t stage, std::span<std::uint8_t> frame) {
  FrameBuilder(round.network()).stage(round, stage, frame);
}
/// A round's frame of the single chain (single_frame_bytes long): every stage, stage 0 nearest.
template <class Round>
constexpr void build_single_frame(const Round& round, std::span<std::uint8_t> frame) {
  FrameBuilder(round.network()).chain(round, frame);
}

}  // namespace a2a::spi_chain
