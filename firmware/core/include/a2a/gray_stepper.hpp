// The controller's Gray-order round step at the floor: what changes from one round
// to the next, and nothing else.
//
// In Gray order with d = 2^w a round changes one stage: word digit k = trailing zero
// digits of the new index r, stage n-1-k, whose new state is digit k of the modular
// Gray code of r, (r_k - r_{k+1}) mod d (DigitShape::gray). A controller that writes
// stage registers needs only that pair, so GrayStepper keeps r alone and yields
// (stage, state): a count of trailing zeros and a few shifts. Destinations, tags and
// every schedule's round()/send() stay as they are; the stepper is for the round
// loop that programs stage control, the Round for whoever needs the ports' view
// (schedule.round(index())).
//
// GrayStepper<1> is the binary step (every d = 2 Latin square, the alternating
// schedule: A_k = k xor k/2 is the same Gray code); GrayStepper<> takes w at run time.
// gray_stepper(schedule) checks once that the schedule's rounds are such steps.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include "a2a/alternating.hpp"
#include "a2a/digit_maps.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a {

namespace detail {
/// Trailing zero bits of r (precondition r != 0). ARMv6-M (Cortex-M0/M0+) has no
/// CLZ/RBIT, and std::countr_zero becomes a libgcc call there (__ctzsi2): a de
/// Bruijn multiply and a 32-byte table take about a third of its instructions.
/// Elsewhere (RBIT + CLZ on v7-M, TZCNT/BSF on the host) the builtin is best.
/// Bit position of (r & -r) * 0x077CB531 >> 27, the de Bruijn sequence's index.
inline constexpr std::uint8_t kDeBruijnBit[32] = {0,  1,  28, 2,  29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4,  8,
                                                  31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6,  11, 5,  10, 9};
constexpr std::uint32_t trailing_zeros_de_bruijn(std::uint32_t r) {
  return kDeBruijnBit[((r & (0U - r)) * 0x077CB531U) >> 27];
}
A2A_ROUND_LOOP_INLINE constexpr std::uint32_t trailing_zeros(std::uint32_t r) {
#if defined(__ARM_ARCH_6M__)
  if (!std::is_constant_evaluated()) return trailing_zeros_de_bruijn(r);
#endif
  return static_cast<std::uint32_t>(std::countr_zero(r));
}
}  // namespace detail

/// What one Gray-order round changes: one stage and its new state.
struct StageStep {
  std::uint32_t stage{0};
  std::uint32_t state{0};
};

/// W = 1: d = 2 fixed at compile time; W = 0: d = 2^w with w read at run time.
template <std::uint32_t W = 0>
class GrayStepper {
 public:
  static_assert(W <= 1, "GrayStepper<1> (binary) or GrayStepper<0> (w at run time)");
  constexpr GrayStepper() = default;

  /// Rounds 0 .. last() (every stage in state 0 in round 0), n stages, digits of w bits.
  static constexpr Result<GrayStepper> make(std::uint32_t rounds, std::uint32_t stages, std::uint32_t w,
                                            ControlMode control) {
    if (rounds == 0 || stages == 0 || stages > 32 || w == 0 || w > 4 || (W == 1 && w != 1) || stages * w > 32 ||
        (stages * w < 32 && rounds > (std::uint32_t{1} << (stages * w))))
      return Errc::stepper_needs_gray_steps;
    GrayStepper s;
    s.last_ = rounds - 1;
    s.top_ = static_cast<std::uint8_t>(stages - 1);
    s.w_ = static_cast<std::uint8_t>(w);
    s.digit_of_bit_ = static_cast<std::uint8_t>(detail::DigitShape::digit_of_bit(w));
    s.mask_ = static_cast<std::uint8_t>((1U << w) - 1U);
    s.control_ = control;
    return s;
  }

  /// The round the stepper stands at (0 after make).
  [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return last_ + 1; }
  [[nodiscard]] constexpr std::uint32_t stages() const { return top_ + 1U; }
  [[nodiscard]] constexpr ControlMode control() const { return control_; }
  /// Whether a round follows index().
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr bool more() const { return index_ != last_; }

  /// Moves to the next round (precondition more()) and says what it changes.
  A2A_ROUND_LOOP_INLINE constexpr StageStep step() {
    if (index_ == last_) detail::contract_violation();
    const std::uint32_t r = ++index_;
    const std::uint32_t bit = detail::trailing_zeros(r);
    if constexpr (W == 1) {
      // Bit `bit` of r is 1, so Gray bit `bit` = 1 - bit `bit`+1 of r.
      return {top_ - bit, ((r >> bit) >> 1U & 1U) ^ 1U};
    } else {
      const std::uint32_t k = ((bit * digit_of_bit_) >> 5) & 31U;  // k < 32, said so for the compiler
      const std::uint32_t digits = r >> (k * w_);                  // r_k in the low digit, r_{k+1} next
      return {top_ - k, (digits - (digits >> w_)) & mask_};
    }
  }

  /// Stands at round r (precondition r < rounds()): after a round programmed whole.
  constexpr void seek(std::uint32_t r) {
    if (r > last_) detail::contract_violation();
    index_ = r;
  }
  /// The state of `stage` in round index() (precondition stage < stages()): for a
  /// round programmed whole.
  [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
    if (stage > top_) detail::contract_violation();
    const std::uint32_t shift = (top_ - stage) * w_;
    const std::uint32_t digits = index_ >> shift;
    return (digits - (digits >> w_)) & mask_;
  }

 private:
  std::uint32_t index_{0};
  std::uint32_t last_{0};
  std::uint8_t top_{0};  // n - 1: stage of word digit k is top_ - k
  std::uint8_t w_{1};
  std::uint8_t digit_of_bit_{32};
  std::uint8_t mask_{1};
  ControlMode control_{ControlMode::stage};
};

/// The binary stepper for `schedule` (d = 2), or stepper_needs_gray_steps.
template <std::uint32_t W, class List>
[[nodiscard]] constexpr Result<GrayStepper<W>> gray_stepper(const LatinSquareSchedule<ZeroInitial, List>& schedule) {
  const Network net = schedule.network();
  const detail::DigitShape shape = detail::DigitShape::of(net.radix, net.stages);
  if (schedule.order() != RoundOrder::gray || !shape.packed()) return Errc::stepper_needs_gray_steps;
  return GrayStepper<W>::make(schedule.rounds(), net.stages, shape.field_bits, ControlMode::stage);
}
template <std::uint32_t W>
[[nodiscard]] constexpr Result<GrayStepper<W>> gray_stepper(const AlternatingSchedule& schedule) {
  return GrayStepper<W>::make(schedule.rounds(), schedule.network().stages, 1, ControlMode::alternating);
}
/// Any other schedule: its rounds are not Gray steps of one stage.
template <std::uint32_t W, class S>
[[nodiscard]] constexpr Result<GrayStepper<W>> gray_stepper(const S&) {
  return Errc::stepper_needs_gray_steps;
}

}  // namespace a2a
