// Paper 002 (Yang & Wang): all-to-all personalized exchange in optical
// banyan-type MINs without crosstalk, in 2N passes.
//
// A 2 x 2 optical switch must not carry two signals at once. The N Latin-square
// permutations (stage control, latin_square.hpp) each use both inputs of every
// switch, so each is split into two semi-permutations by the input sets
//   A = { i : i has an even number of 1 bits },  B = { i : odd }   (eq. 8)
// and sent in two passes: pass 2x carries the A half of Latin round x, pass
// 2x + 1 its B half (both with the same switch states, so the switches change
// only every other pass).
//
// Why no switch carries two signals (Theorem 4, for every topology here): with
// stage control and d = 2 the terminal in front of stage k is L_k(i) xor c_k,
// where L_k only permutes bits (the wiring of omega, baseline, banyan and their
// mirror images moves bits, and a switch only flips bit 0). Two inputs meet on a
// switch iff those terminals differ in bit 0 alone, i.e. iff i xor i' is a single
// bit, and such inputs have different parity. For the same reason the outputs of
// a half are A or B again: self-mapping when the stage word has an even number
// of crossed stages, opposite-mapping when odd (Theorem 4's last sentence).
//
// Whether a port sends is its bit parity, computed on the fly: no stored A/B lists.
#pragma once

#include <cstdint>

#include "a2a/digits.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// Paper 002's input sets: A (even number of 1 bits) and B (odd).
enum class InputSet : std::uint8_t { a = 0, b = 1 };

/// Parity of the number of 1 bits of x (XOR folding: no table, no library call).
constexpr std::uint32_t bit_parity(std::uint32_t x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  x ^= x >> 2;
  x ^= x >> 1;
  return x & 1U;
}

/// The set input (or output) i belongs to.
constexpr InputSet input_set(std::uint32_t i) { return bit_parity(i) == 0 ? InputSet::a : InputSet::b; }

class OpticalSchedule : public CheckedAccess<OpticalSchedule> {
 public:
  using LatinRound = LatinSquareSchedule<>::Round;

  /// One pass: a Latin-square configuration and the half (A or B) that sends.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// The Latin-square round this pass is half of.
    [[nodiscard]] constexpr std::uint32_t latin_round() const { return latin_.index(); }
    /// The inputs that send in this pass.
    [[nodiscard]] constexpr InputSet senders() const { return senders_; }
    /// The outputs they reach: the same set when the word crosses an even number of stages.
    [[nodiscard]] constexpr InputSet receivers() const {
      return static_cast<InputSet>(static_cast<std::uint32_t>(senders_) ^ bit_parity(latin_.word()));
    }
    [[nodiscard]] constexpr ControlMode control() const { return latin_.control(); }
    /// The stage word of the Latin-square configuration (stage 0 the most significant bit).
    [[nodiscard]] constexpr std::uint32_t word() const { return latin_.word(); }
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const { return latin_.stage_state(stage); }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return latin_.switch_state(stage, sw);
    }

   private:
    friend class OpticalSchedule;
    LatinRound latin_{};
    std::uint32_t index_{0};
    InputSet senders_{InputSet::a};
  };

  /// Processor i's O(1) state: its set and its part of the destination.
  class Port {
   public:
    constexpr Port() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return latin_.index(); }
    [[nodiscard]] constexpr InputSet set() const { return set_; }
    [[nodiscard]] constexpr PortSend send(const Round& round) const {
      return set_ == round.senders_ ? latin_.send(round.latin_) : PortSend{};
    }

   private:
    friend class OpticalSchedule;
    LatinSquareSchedule<>::Port latin_{};
    InputSet set_{InputSet::a};
  };

  constexpr OpticalSchedule() = default;

  /// Applies where the Latin square does (unique-path MINs; GSEN only for N = 2^n) with d = 2.
  static constexpr Result<OpticalSchedule> make(const Network& net, RoundOrder order = RoundOrder::natural) {
    if (net.topology == Topology::shift) return Errc::shift_network_needs_shift_schedule;
    const auto latin = LatinSquareSchedule<>::make(net, order);
    A2A_TRY(latin);
    if (net.radix != 2) return Errc::optical_needs_binary;
    OpticalSchedule s;
    s.latin_ = *latin;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return latin_.network(); }
  [[nodiscard]] constexpr RoundOrder order() const { return latin_.order(); }
  /// Crosstalk-free: no switch carries two signals in a pass.
  [[nodiscard]] constexpr bool optical() const { return true; }
  /// 2N passes: two semi-permutations per Latin-square permutation.
  [[nodiscard]] constexpr std::uint32_t rounds() const { return 2 * latin_.rounds(); }

  /// Pass r (precondition r < rounds(); see checked_round for untrusted input).
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.latin_ = latin_.round(r / 2);
    round.index_ = r;
    round.senders_ = r % 2 == 0 ? InputSet::a : InputSet::b;
    return round;
  }

  [[nodiscard]] constexpr Port port(std::uint32_t i) const {
    Port p;
    p.latin_ = latin_.port(i);  // checks i < N
    p.set_ = input_set(i);
    return p;
  }

  /// Port i sends in the passes of its own set, to its Latin-square destination.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= latin_.network().ports) detail::contract_violation();
    return input_set(i) == round.senders_ ? latin_.send(round.latin_, i) : PortSend{};
  }

 private:
  LatinSquareSchedule<> latin_{};
};

static_assert(Schedule<OpticalSchedule>);

/// The optical schedule of a StaticNetwork (static_network.hpp): bad parameters fail to compile.
template <class Net, RoundOrder Order = RoundOrder::natural>
constexpr OpticalSchedule optical_schedule() {
  static_assert(Net::radix == 2,
                "a2a: the optical schedule (paper 002) splits each round by bit parity: radix must be 2");
  static_assert(Net::topology != Topology::shift, "a2a: the shift network (paper 003) runs the shift schedule only");
  static_assert(Net::topology != Topology::gsen || (Net::ports & (Net::ports - 1)) == 0,
                "a2a: Latin-square stage control needs a unique-path network (GSEN only when N is a power of 2)");
  constexpr auto made = OpticalSchedule::make(Net::value, Order);
  return made.ok() ? made.value() : OpticalSchedule{};
}

}  // namespace a2a
