// Stage-controlled Latin-square exchange on unique-path MINs (papers 001, 002, 004).
//
// Round x sets every switch of stage j to the k-shift m0(j, switch) + x_{n-1-j}
// (mod d), x_{n-1-j} being base-d digit n-1-j of x: configuration M^x of paper
// 001. With M^0 = 0 this is stage control: one word per round, stage 0 the most
// significant digit. Because the network has a unique path between every input
// and output and rows of different M^x differ in every switch, the N
// permutations form a Latin square: every ordered pair exactly once in N rounds.
//
// Why destinations cost O(1) per port and round: with k-shift states a stage adds
// its state to one digit and the wiring only permutes digits, so
//   destination(i, x) = destination(i, 0) (+) destination(0, x)   (digitwise mod d)
// and the same for the tag. A port precomputes its part once (Port), the round
// computes its part once (Round); combining them is one XOR for d = 2. Both parts
// are fixed digit permutations per topology (digit_maps.hpp), so for d = 2^w a
// round, a port and a send are O(1) without division, and in Gray order the
// controller's step to the next round (next, changed_stage) moves one digit.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/digit_maps.hpp"
#include "a2a/digits.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// M^0 = 0 everywhere: the schedule is pure stage control.
struct ZeroInitial {
  static constexpr bool kUniform = true;
  [[nodiscard]] constexpr std::uint32_t state(std::uint32_t, std::uint32_t) const { return 0; }
};

/// An arbitrary initial configuration M^0 for d = 2 (paper 001, Corollary 4):
/// one bit per switch, bit index stage * N/2 + switch, least significant bit first.
/// The storage belongs to the caller (it is the board's power-on state, n*N/2 bits).
struct InitialConfiguration {
  static constexpr bool kUniform = false;
  std::span<const std::uint8_t> bits{};
  std::uint32_t switches_per_stage{0};
  [[nodiscard]] constexpr std::uint32_t state(std::uint32_t stage, std::uint32_t sw) const {
    const std::uint32_t bit = stage * switches_per_stage + sw;
    return (bits[bit / 8] >> (bit % 8)) & 1U;
  }
};

namespace detail {
/// next()'s one-add Gray step knows where Q puts word digit k for these maps (mirror_).
constexpr bool gray_step_knows(DigitMap q) {
  return q == DigitMap::identity || q == DigitMap::reverse || q == DigitMap::reverse_high;
}
/// Whether it knows every Q of the list: then make() need not check (the core's list).
template <class List>
inline constexpr bool kGrayStepKnowsAll = [] {
  for (const Topology t : List::codes)
    if (!gray_step_knows(List::digit_maps(t).round_to_destination)) return false;
  return true;
}();
}  // namespace detail

/// List: the topologies whose digit maps it reads (the core's; a test adds a toy with
/// a second list, tests/core/toy_topology_test.cpp).
template <class Initial = ZeroInitial, class List = Topologies>
class LatinSquareSchedule : public CheckedAccess<LatinSquareSchedule<Initial, List>> {
 public:
  using Topologies = List;

  /// One round: configuration M^word. A Configuration, so route() can trace it (on the
  /// wiring of List, which it names). 20 bytes with the default M^0 = 0.
  class Round {
   public:
    using Topologies = List;
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// Stage control when M^0 = 0; with an arbitrary M^0 each switch has its own state.
    [[nodiscard]] constexpr ControlMode control() const {
      return Initial::kUniform ? ControlMode::stage : ControlMode::individual;
    }
    /// The stage word x: stage j is in state digit n-1-j of x (added to M^0).
    A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t word() const { return offsets_ >> 16; }
    A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return shape_.digit(word(), shape_.stages - 1U - stage);
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      if constexpr (Initial::kUniform) {
        (void)sw;
        return stage_state(stage);
      } else {
        return (initial_.state(stage, sw) + stage_state(stage)) % shape_.radix;
      }
    }
    /// The first stage whose state differs from the round before (the schedule's
    /// changed_stage(index())); in Gray order the only one.
    A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t changed_stage() const {
      return shape_.stages - 1U - changed_;
    }

   private:
    friend class LatinSquareSchedule;
    std::uint32_t index_{0};
    // The round's parts of destination and tag in one word: Q(word) in bits 0-15,
    // the word itself (the tag's part) in bits 16-31; d^n <= 65536, so each fits.
    std::uint32_t offsets_{0};
    std::uint32_t low2_{0};  // d = 2^w: the schedule's SWAR masks, for Port::send
    std::uint32_t high2_{0};
    detail::DigitShape shape_{};
    std::uint8_t changed_{0};  // the word digit of changed_stage()
    [[no_unique_address]] Initial initial_{};
  };

  /// Processor i's own O(1) state (uniform M^0): its part of destination and tag.
  class Port {
   public:
    constexpr Port() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// d = 2^w: destination and tag side by side, added digitwise in one go
    /// (add_fields with this port's part already split by the masks).
    A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr PortSend send(const Round& round) const {
      const std::uint32_t h = round.offsets_;
      const Port self = *this;  // read as one: both words in one load (ldrd) in a loop over ports
      const std::uint32_t sum = round.shape_.packed()
                                    ? (self.low_ + (h & round.low2_)) ^ self.high_ ^ (h & round.high2_)
                                    : sum_any_radix(round.shape_, h, self.low_, self.high_);
      return {true, sum & 0xFFFFU, sum >> 16};
    }

   private:
    friend class LatinSquareSchedule;
    A2A_ROUND_LOOP_COLD static constexpr std::uint32_t sum_any_radix(detail::DigitShape g, std::uint32_t h,
                                                                     std::uint32_t destination, std::uint32_t tag) {
      const DigitArithmetic digits(g.radix, g.stages);
      return digits.add(destination, h & 0xFFFFU) | (digits.add(tag, h >> 16) << 16);
    }
    std::uint32_t index_{0};
    // d = 2^w: P_dest(i) | P_tag(i) << 16 split into the top bits of its digits
    // (high_) and the rest (low_); other d: P_dest(i) and P_tag(i).
    std::uint32_t low_{0};
    std::uint32_t high_{0};
  };

  constexpr LatinSquareSchedule() = default;

  /// Checks that the schedule applies: a unique-path network (GSEN only when N = 2^n)
  /// and, for an explicit M^0, d = 2 and one bit per switch.
  static constexpr Result<LatinSquareSchedule> make(const Network& net, RoundOrder order = RoundOrder::natural,
                                                    Initial initial = {}) {
    if (net.topology == Topology::shift) return Errc::shift_network_needs_shift_schedule;
    if (!List::unique_path(net)) return Errc::schedule_needs_unique_path;
    if constexpr (!Initial::kUniform) {
      if (net.radix != 2) return Errc::initial_config_needs_binary;
      const std::uint32_t bits = net.stages * net.switches_per_stage();
      if (initial.switches_per_stage != net.switches_per_stage() || initial.bits.size() * 8 < bits ||
          initial.bits.size() * 8 >= bits + 8)
        return Errc::initial_config_size_mismatch;
    }
    LatinSquareSchedule s;
    s.ports_ = net.ports;
    s.shape_ = detail::DigitShape::of(net.radix, net.stages);
    s.topology_ = net.topology;
    s.order_ = order;
    s.initial_ = initial;
    const std::uint32_t w = s.shape_.field_bits;
    if (w != 0) {
      s.low2_ = detail::twice(detail::low_digit_bits(w, net.stages));
      s.high2_ = detail::twice(detail::high_digit_bits(w, net.stages));
      s.digit_of_bit_ = static_cast<std::uint8_t>(detail::DigitShape::digit_of_bit(w));
      // Q reverses the digits (reverse omega): unit of digit k = (1 << (n-1)w) >> kw.
      // Q keeps digit 0 and reverses the rest (banyan): (1 << nw) >> kw for k >= 1,
      // and the extra bit 0 is what is left for k = 0 (masked to the n digits).
      // next() knows these and the identity; a topology whose Q is another map steps
      // with round(r) instead (right, only slower).
      const detail::DigitMap q = List::digit_maps(net.topology).round_to_destination;
      s.gray_step_ = order == RoundOrder::gray && (detail::kGrayStepKnowsAll<List> || detail::gray_step_knows(q));
      if (q == detail::DigitMap::reverse) s.mirror_ = std::uint32_t{1} << ((net.stages - 1) * w);
      if (q == detail::DigitMap::reverse_high) s.mirror_ = (std::uint32_t{1} << (net.stages * w)) | 1U;
      s.mirror_digits_ = (std::uint32_t{1} << (net.stages * w)) - 1;
    }
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return Network{topology_, ports_, shape_.radix, shape_.stages}; }
  [[nodiscard]] constexpr RoundOrder order() const { return order_; }
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr std::uint32_t rounds() const { return ports_; }

  /// The configuration number x used in round r.
  [[nodiscard]] constexpr std::uint32_t word_of_round(std::uint32_t r) const {
    return order_ == RoundOrder::gray ? shape_.gray(r) : r;
  }

  /// Round r (precondition r < rounds(); see checked_round for untrusted input).
  /// O(1) without division for d = 2^w and most topologies (O(n) shifts where the
  /// wiring mirrors the digits); a round loop uses next() instead.
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    return round_of(*this, r);
  }

  /// The round after `previous` (precondition: not the last round). In Gray order with
  /// d = 2^w this is the controller's O(1) step: digit k of the word (k = trailing zero
  /// digits of the new index) and the destination digit the wiring moves it to both go
  /// up by one, one SWAR add. Otherwise it is round(previous.index() + 1).
  A2A_ROUND_LOOP_INLINE [[nodiscard]] constexpr Round next(const Round& previous) const {
    const std::uint32_t r = previous.index_ + 1;
    if (r >= rounds()) detail::contract_violation();
    if (!gray_step_) return round_of(*this, r);
    // The shape and masks are read from the round (a copy of the schedule's), which a
    // round loop keeps in registers.
    const std::uint32_t w = previous.shape_.field_bits;
    // k < 32 (digit_of_bit_ <= 32), said with the mask so the compiler knows it too.
    const std::uint32_t k = ((static_cast<std::uint32_t>(std::countr_zero(r)) * digit_of_bit_) >> 5) & 31U;
    // One unit in word digit k and one in the destination digit Q moves it to: the
    // same digit for most topologies, else the mirrored one (see mirror_).
    std::uint32_t units = 0;
    if (!Initial::kUniform) {
      units = 0x10000U << (k * w);
    } else if (mirror_ == 0) {
      units = 0x10001U << (k * w);
    } else {
      units = (0x10000U << (k * w)) | ((mirror_ >> (k * w)) & mirror_digits_);
    }
    Round round = previous;
    round.index_ = r;
    round.offsets_ = detail::add_units(previous.offsets_, units, previous.low2_, previous.high2_);
    round.changed_ = static_cast<std::uint8_t>(k);
    return round;
  }

  /// The first stage whose state differs between round r-1 (for r = 0: the last
  /// round) and round r; only stages after it can differ too. In Gray order it is the
  /// only one, so a controller rewrites one stage register per round.
  [[nodiscard]] constexpr std::uint32_t changed_stage(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    return shape_.stages - 1U - changed_digit(r);
  }

  /// Processor i's precomputed part, O(1) for d = 2^w: P_dest(i) and P_tag(i) are
  /// fixed digit permutations of i (digit_maps.hpp).
  [[nodiscard]] constexpr Port port(std::uint32_t i) const requires(Initial::kUniform) {
    if (i >= ports_) detail::contract_violation();
    const detail::TopologyDigitMaps maps = List::digit_maps(topology_);
    const std::uint32_t destination = shape_.map(maps.port_to_destination, i);
    const std::uint32_t tag = shape_.map(maps.port_to_tag, i);
    Port port;
    port.index_ = i;
    if (shape_.packed()) {
      const std::uint32_t both = destination | (tag << 16);
      port.low_ = both & low2_;
      port.high_ = both & high2_;
    } else {
      port.low_ = destination;
      port.high_ = tag;
    }
    return port;
  }

  /// What port i does in `round` (every port sends in every round): O(1) for d = 2^w
  /// and a uniform M^0; a controller walking its ports keeps port(i) instead.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= ports_) detail::contract_violation();
    if constexpr (Initial::kUniform) {
      return port(i).send(round);
    } else {  // per-switch M^0: the offset is not uniform, so trace the path
      const Path p = route(network(), i, round);
      return {true, p.destination, p.tag};
    }
  }

 private:
  /// Round r, out of the round loop's way (next() falls back to it).
  A2A_ROUND_LOOP_COLD static constexpr Round round_of(const LatinSquareSchedule& s, std::uint32_t r) {
    Round round;
    round.index_ = r;
    round.shape_ = s.shape_;
    round.low2_ = s.low2_;
    round.high2_ = s.high2_;
    round.changed_ = static_cast<std::uint8_t>(s.changed_digit(r));
    round.initial_ = s.initial_;
    const std::uint32_t word = s.word_of_round(r);
    std::uint32_t destination = 0;
    if constexpr (Initial::kUniform) {
      const detail::DigitMap q = List::digit_maps(s.topology_).round_to_destination;
#if defined(__GNUC__)
      // True by construction (q is one of the list's). Where map() is inlined, the
      // compiler drops its cases for the maps past the list's last Q (for the core's
      // list the two rotations), and with them registers and stack.
      if (q > List::last_round_to_destination_map) __builtin_unreachable();
#endif
      destination = s.shape_.map(q, word);
    }
    round.offsets_ = destination | (word << 16);
    return round;
  }

  /// The word digit whose stage is the first to change into round r (n-1 for r = 0).
  [[nodiscard]] constexpr std::uint32_t changed_digit(std::uint32_t r) const {
    const std::uint32_t k = shape_.trailing_zero_digits(r);
    return k >= shape_.stages ? shape_.stages - 1U : k;
  }

  // 28 bytes with the default M^0 = 0: the controller's whole generator state.
  std::uint32_t ports_{0};
  std::uint32_t low2_{0};           // d = 2^w: twice(L), the SWAR masks for destination | tag << 16
  std::uint32_t high2_{0};          // d = 2^w: twice(H)
  std::uint32_t mirror_{0};         // d = 2^w: 0 when Q is the identity, else see make()
  std::uint32_t mirror_digits_{0};  // d = 2^w: the n*w bits of the destination's digits
  detail::DigitShape shape_{};
  Topology topology_{Topology::omega};
  RoundOrder order_{RoundOrder::natural};
  std::uint8_t digit_of_bit_{0};  // d = 2^w: 32/w (11 for w = 3)
  bool gray_step_{false};         // next() is the O(1) step: Gray order and d = 2^w
  [[no_unique_address]] Initial initial_{};
};

static_assert(Schedule<LatinSquareSchedule<>>);
static_assert(Schedule<LatinSquareSchedule<InitialConfiguration>>);

}  // namespace a2a
