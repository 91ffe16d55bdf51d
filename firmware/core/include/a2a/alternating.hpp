// GSEN with N = 2 (mod 4): paper 000's Algorithm 4 (alternating stage control).
//
// Round k uses the alternating configuration A_k = k xor floor(k/2): switch y of
// stage s is in state (y mod 2) xor bit n-1-s of A_k. Then every even input
// carries forward tag k and every odd input 2^n - 1 - k, so with m computed once
// per processor the destination is j = (m + k) mod N (even i) or (m - k) mod N
// (odd i): N rounds, every pair once (Theorem 4.4). A_k is already a Gray code
// of k, so consecutive rounds differ in exactly one stage.
#pragma once

#include <bit>
#include <cstdint>

#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

class AlternatingSchedule : public CheckedAccess<AlternatingSchedule> {
 public:
  /// One round: the alternating configuration word() = A_k.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return k_; }
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::alternating; }
    [[nodiscard]] constexpr std::uint32_t word() const { return k_ ^ (k_ >> 1); }
    /// a_s: the state of the even switches of stage s.
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return (word() >> (stages_ - 1 - stage)) & 1U;
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t y) const {
      return (y & 1U) ^ stage_state(stage);
    }
    /// The first stage whose a_s differs from the round before (the schedule's
    /// changed_stage(index())): for k >= 1 the only one, stage n-1-ctz(k).
    [[nodiscard]] constexpr std::uint32_t changed_stage() const {
      return k_ == 0 ? 0 : stages_ - 1 - static_cast<std::uint32_t>(std::countr_zero(k_));
    }

   private:
    friend class AlternatingSchedule;
    std::uint32_t k_{0};
    std::uint32_t stages_{1};
  };

  /// Processor i's O(1) state; walks the rounds in order with no division
  /// (Algorithm 4: m once, then j = m +- k by increments). Destination and tag move
  /// by the same step, +1 for even i and -1 for odd i, and the destination wraps
  /// at N with one compare: a round costs a few instructions.
  class Port {
   public:
    constexpr Port() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr std::uint32_t round() const { return k_; }
    [[nodiscard]] constexpr PortSend send() const { return {true, destination_, tag_}; }
    /// Moves to the next round.
    constexpr void advance() {
      ++k_;
      tag_ += step_;
      destination_ += step_;  // 0 - 1 wraps to 2^32 - 1, which is >= N too
      if (destination_ >= ports_) destination_ += wrap_;
    }

   private:
    friend class AlternatingSchedule;
    std::uint32_t index_{0};
    std::uint32_t k_{0};
    std::uint32_t destination_{0};
    std::uint32_t tag_{0};
    std::uint32_t step_{1};  // +1 (even i) or -1 (odd i), modulo 2^32
    std::uint32_t wrap_{0};  // -N (even i) or +N (odd i), modulo 2^32
    std::uint32_t ports_{0};
  };

  constexpr AlternatingSchedule() = default;

  static constexpr Result<AlternatingSchedule> make(const Network& net) {
    if (net.topology != Topology::gsen) return Errc::schedule_needs_gsen;
    if (net.ports % 4 != 2) return Errc::schedule_needs_ports_2_mod_4;
    AlternatingSchedule s;
    s.net_ = net;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return net_.ports; }

  [[nodiscard]] constexpr Round round(std::uint32_t k) const {
    if (k >= rounds()) detail::contract_violation();
    Round r;
    r.k_ = k;
    r.stages_ = net_.stages;
    return r;
  }

  /// The first stage whose state differs from round k-1 (for k = 0: from the last
  /// round, where every stage can differ). A_k is a Gray code of k, so for k >= 1 it
  /// is the only one: stage n-1-ctz(k). O(1).
  [[nodiscard]] constexpr std::uint32_t changed_stage(std::uint32_t k) const { return round(k).changed_stage(); }

  /// The round after `previous` (precondition: not the last round).
  [[nodiscard]] constexpr Round next(const Round& previous) const { return round(previous.k_ + 1); }

  /// Processor i at round 0: m = i * 2^n mod N (even i) or ((i+1) * 2^n - 1) mod N (odd i).
  [[nodiscard]] constexpr Port port(std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    const std::uint32_t power = std::uint32_t{1} << net_.stages;
    const bool odd = (i & 1U) != 0;
    Port p;
    p.index_ = i;
    p.ports_ = net_.ports;
    p.step_ = odd ? ~std::uint32_t{0} : 1U;
    p.wrap_ = odd ? net_.ports : 0U - net_.ports;
    p.tag_ = odd ? power - 1 : 0U;
    // (i + 1) * 2^n - 1 < 2^32 since N <= kMaxPorts: 32-bit arithmetic is exact.
    const std::uint32_t m = odd ? (i + 1) * power - 1 : i * power;
    p.destination_ = m % net_.ports;
    return p;
  }

  /// Random access: port i in round k. One reduction mod N to find m; a
  /// controller walking the rounds keeps a Port and advances it instead.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    const Port p = port(i);
    const std::uint32_t k = round.k_;
    const std::uint32_t m = p.destination_;
    const std::uint32_t n = net_.ports;  // m, k < N: one conditional correction, no division
    const bool odd = (i & 1U) != 0;
    const std::uint32_t dest = odd ? (m >= k ? m - k : m + n - k) : (m + k >= n ? m + k - n : m + k);
    return {true, dest, odd ? p.tag_ - k : k};
  }

 private:
  Network net_{};
};

static_assert(Schedule<AlternatingSchedule>);

}  // namespace a2a
