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
// computes its part once (Round); combining them is one XOR for d = 2.
#pragma once

#include <cstdint>
#include <span>

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

template <class Initial = ZeroInitial>
class LatinSquareSchedule {
 public:
  /// One round: configuration M^word. A Configuration, so route() can trace it.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// Stage control when M^0 = 0; with an arbitrary M^0 each switch has its own state.
    [[nodiscard]] constexpr ControlMode control() const {
      return Initial::kUniform ? ControlMode::stage : ControlMode::individual;
    }
    /// The stage word x: stage j is in state digit n-1-j of x (added to M^0).
    [[nodiscard]] constexpr std::uint32_t word() const { return word_; }
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return digits_.digit(word_, digits_.stages() - 1 - stage);
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return (initial_.state(stage, sw) + stage_state(stage)) % digits_.radix();
    }

   private:
    friend class LatinSquareSchedule;
    std::uint32_t index_{0};
    std::uint32_t word_{0};
    std::uint32_t dest_offset_{0};  // destination(0, word) (uniform M^0 only)
    std::uint32_t tag_offset_{0};   // tag(0, word)         (uniform M^0 only)
    DigitArithmetic digits_{};
    Initial initial_{};
  };

  /// Processor i's own O(1) state (uniform M^0): its part of destination and tag.
  class Port {
   public:
    constexpr Port() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr PortSend send(const Round& round) const {
      return {true, round.digits_.add(base_dest_, round.dest_offset_), round.digits_.add(base_tag_, round.tag_offset_)};
    }

   private:
    friend class LatinSquareSchedule;
    std::uint32_t index_{0};
    std::uint32_t base_dest_{0};
    std::uint32_t base_tag_{0};
  };

  constexpr LatinSquareSchedule() = default;

  /// Checks that the schedule applies: a unique-path network (GSEN only when N = 2^n)
  /// and, for an explicit M^0, d = 2 and one bit per switch.
  static constexpr Result<LatinSquareSchedule> make(const Network& net, RoundOrder order = RoundOrder::natural,
                                                    Initial initial = {}) {
    if (net.topology == Topology::gsen && (std::uint32_t{1} << net.stages) != net.ports)
      return Errc::schedule_needs_unique_path;
    if constexpr (!Initial::kUniform) {
      if (net.radix != 2) return Errc::initial_config_needs_binary;
      const std::uint32_t bits = net.stages * net.switches_per_stage();
      if (initial.switches_per_stage != net.switches_per_stage() || initial.bits.size() * 8 < bits ||
          initial.bits.size() * 8 >= bits + 8)
        return Errc::initial_config_size_mismatch;
    }
    LatinSquareSchedule s;
    s.net_ = net;
    s.order_ = order;
    s.digits_ = DigitArithmetic(net.radix, net.stages);
    s.initial_ = initial;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr RoundOrder order() const { return order_; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return net_.ports; }

  /// The configuration number x used in round r.
  [[nodiscard]] constexpr std::uint32_t word_of_round(std::uint32_t r) const {
    return order_ == RoundOrder::gray ? digits_.gray(r) : r;
  }

  /// Round r (precondition r < rounds(); see checked_round for untrusted input).
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.index_ = r;
    round.word_ = word_of_round(r);
    round.digits_ = digits_;
    round.initial_ = initial_;
    if constexpr (Initial::kUniform) {
      const Path p = route(net_, 0, StageControl{round.word_, net_.radix, net_.stages});
      round.dest_offset_ = p.destination;
      round.tag_offset_ = p.tag;
    }
    return round;
  }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const {
    if (r >= rounds()) return Errc::round_out_of_range;
    return round(r);
  }

  /// Processor i's precomputed part (O(n) once; then O(1) per round).
  [[nodiscard]] constexpr Port port(std::uint32_t i) const
    requires(Initial::kUniform)
  {
    if (i >= net_.ports) detail::contract_violation();
    const Path p = route(net_, i, StraightConfiguration{});
    Port port;
    port.index_ = i;
    port.base_dest_ = p.destination;
    port.base_tag_ = p.tag;
    return port;
  }

  /// What port i does in `round` (every port sends in every round). O(n) digit
  /// operations: the port's part is derived on the fly; use port() to keep it.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    if constexpr (Initial::kUniform) {
      return port(i).send(round);
    } else {  // per-switch M^0: the offset is not uniform, so trace the path
      const Path p = route(net_, i, round);
      return {true, p.destination, p.tag};
    }
  }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) return Errc::port_out_of_range;
    return send(round, i);
  }

 private:
  Network net_{};
  RoundOrder order_{RoundOrder::natural};
  DigitArithmetic digits_{};
  Initial initial_{};
};

static_assert(Schedule<LatinSquareSchedule<>>);
static_assert(Schedule<LatinSquareSchedule<InitialConfiguration>>);

}  // namespace a2a
