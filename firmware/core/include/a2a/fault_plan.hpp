// What the general fault planner (fault_planner.hpp) plans and into what: the problem
// (the faults as blocked rectangles, the straight permutation P, the regular rounds'
// vectors), the options (degraded mode, variants tried) and the caller's storage.
//
// Storage (FaultPlanStorage<MaxPorts, MaxFaults>): with M = 2 N MaxFaults relayed
// messages at most (2N per switch, N per link), 120 + 40 MaxFaults + max(16 MaxFaults,
// 24) bytes per port: 184 for one fault, 344 for four, 568 for eight (8N round vectors
// and offsets, two hops per message, the planner's scratch). No table of size N x N.
// Its span() is a RelayPlanSpan, large enough for RelayPlanner's plans too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "a2a/fault_set.hpp"
#include "a2a/limits.hpp"
#include "a2a/plan_meter.hpp"
#include "a2a/relay_plan.hpp"

namespace a2a {

/// What the planner plans: the faults, P and the regular rounds' vectors.
struct FaultProblem {
  std::uint32_t ports{0};
  FaultMap faults{};
  std::array<std::uint32_t, 32> straight{};  ///< P(1 << k)
  std::array<std::uint32_t, 32> word{};      ///< regular round r: XOR of word[b] over r's bits b
  [[nodiscard]] constexpr std::uint32_t p(std::uint32_t u) const {
    std::uint32_t v = 0;
    for (std::uint32_t k = 0; u != 0; ++k, u >>= 1)
      if ((u & 1U) != 0) v ^= straight[k];
    return v;
  }
  [[nodiscard]] constexpr std::uint32_t regular_vector(std::uint32_t r) const {
    std::uint32_t v = 0;
    for (std::uint32_t bit = 0; r != 0; ++bit, r >>= 1)
      if ((r & 1U) != 0) v ^= word[bit];
    return v;
  }
};

struct FaultPlanOptions {
  bool degraded{false};     ///< deliver every deliverable pair, leave the others out (else refuse)
  /// Variants tried (numberings, scores, tie-breaks; fault_planner.hpp): more, fewer rounds
  /// and a longer make(). 0: by N, 128 up to N = 64, 32 up to 256, 16 above.
  std::uint32_t tries{0};
  [[nodiscard]] constexpr std::uint32_t tries_for(std::uint32_t ports) const {
    if (tries != 0) return tries;
    return ports <= 64 ? 128U : (ports <= 256 ? 32U : 16U);
  }
  /// One internal faulty switch: also try the single-fault designs (closed forms,
  /// RelayPlanner) and keep the fewer rounds. false: the general planner alone.
  bool single_designs{true};
  /// The bounded planning a device does (docs/fault-tolerance.md, "Planning on a
  /// device"): one internal faulty switch by its single-fault design alone (the closed
  /// forms, or RelayPlanner), any other fault set by the general planner in one direction
  /// (no time-reversed plan, no comparison with the single-fault designs).
  bool bounded{false};
  /// RelayPlanner's numberings (1 .. 32; 0: all 32).
  std::uint32_t relay_numberings{0};
  /// Counts the planning work and may cap it (plan_meter.hpp); null: no count, no cap.
  PlanMeter* meter{nullptr};
};

/// The storage a plan of `messages` relayed messages on N ports needs, per span of RelayPlanSpan.
struct FaultPlanSizes {
  std::size_t vectors, offsets, hops, work16, work32;
  static constexpr FaultPlanSizes of(std::size_t ports, std::size_t messages) {
    return {kMaxFaultRoundsPerPort * ports, (1 + kMaxFaultRoundsPerPort) * ports + 1, 2 * messages + 2 * ports,
            4 * messages > 12 * ports ? 4 * messages : 12 * ports, 2 * messages + 10 * ports};
  }
  [[nodiscard]] constexpr bool fit(const RelayPlanSpan& s) const {
    return s.vectors.size() >= vectors && s.offsets.size() >= offsets && s.hops.size() >= hops &&
           s.work16.size() >= work16 && s.work32.size() >= work32;
  }
};

/// Storage for up to MaxPorts ports and MaxFaults faults (it also holds
/// RelayPlanStorage<MaxPorts>'s plans: make() compares both planners in it).
template <std::uint32_t MaxPorts, std::uint32_t MaxFaults = 4>
struct FaultPlanStorage {
  static constexpr FaultPlanSizes kSizes = FaultPlanSizes::of(MaxPorts, std::size_t{2} * MaxPorts * MaxFaults);
  std::array<std::uint32_t, kSizes.vectors> vectors{};
  std::array<std::uint32_t, kSizes.offsets> offsets{};
  std::array<RelayHop, kSizes.hops> hops{};
  std::array<std::uint16_t, kSizes.work16> work16{};
  std::array<std::int32_t, kSizes.work32> work32{};
  constexpr RelayPlanSpan span() { return {vectors, offsets, hops, work16, work32}; }
};

}  // namespace a2a
