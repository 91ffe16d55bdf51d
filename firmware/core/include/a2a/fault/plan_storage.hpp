// The storage of fault plans: the caller's, no heap, no table of size N x N.
//  - SingleFaultPlanStorage<MaxPorts>: a plan of the single-fault relay planner
//    (baseline, banyan and their reverses; 106 bytes per port).
//  - FaultPlanStorage<MaxPorts, MaxFaults>: a plan of the general planner, any fault
//    set: with M = 2 N MaxFaults relayed messages at most (2N per switch, N per
//    link), 120 + 40 MaxFaults + max(16 MaxFaults, 24) bytes per port: 184 for one
//    fault, 344 for four, 568 for eight (8N round vectors and offsets, two hops per
//    message, the planner's scratch). It holds the single-fault planner's plans too.
// Both hand out the one size-erased view, PlanStorageSpan, which plans and planners take.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/limits.hpp"

namespace a2a {

/// One hop of a relayed message: in its round `port` sends (origin -> final_destination).
struct RelayHop {
  std::uint16_t port{0};
  std::uint16_t origin{0};
  std::uint16_t final_destination{0};
};

/// The storage a plan needs, size-erased (see SingleFaultPlanStorage for the sizes).
struct PlanStorageSpan {
  std::span<std::uint32_t> vectors;  ///< extra round r's translation vector
  std::span<std::uint32_t> offsets;  ///< round g's hops (regular rounds first) are hops[offsets[g], offsets[g+1])
  std::span<RelayHop> hops;          ///< 2 per relayed message (4N), plus displaced regular messages
  std::span<std::uint16_t> work16;   ///< planner scratch
  std::span<std::int32_t> work32;    ///< planner scratch
  [[nodiscard]] constexpr bool fits(std::uint32_t ports) const {
    return vectors.size() >= 3 * std::size_t{ports} && offsets.size() >= 4 * std::size_t{ports} + 1 &&
           hops.size() >= 5 * std::size_t{ports} && work16.size() >= 12 * std::size_t{ports} &&
           work32.size() >= 6 * std::size_t{ports};
  }
};

/// Fixed-capacity plan storage for networks of up to MaxPorts ports (106 bytes per port).
template <std::uint32_t MaxPorts>
struct SingleFaultPlanStorage {
  std::array<std::uint32_t, std::size_t{3} * MaxPorts> vectors{};
  std::array<std::uint32_t, std::size_t{4} * MaxPorts + 1> offsets{};
  std::array<RelayHop, std::size_t{5} * MaxPorts> hops{};
  std::array<std::uint16_t, std::size_t{12} * MaxPorts> work16{};
  std::array<std::int32_t, std::size_t{6} * MaxPorts> work32{};
  constexpr PlanStorageSpan span() { return {vectors, offsets, hops, work16, work32}; }
};

/// The storage a plan of `messages` relayed messages on N ports needs, per span of PlanStorageSpan.
struct FaultPlanSizes {
  std::size_t vectors, offsets, hops, work16, work32;
  static constexpr FaultPlanSizes of(std::size_t ports, std::size_t messages) {
    return {kMaxFaultRoundsPerPort * ports, (1 + kMaxFaultRoundsPerPort) * ports + 1, 2 * messages + 2 * ports,
            4 * messages > 12 * ports ? 4 * messages : 12 * ports, 2 * messages + 10 * ports};
  }
  [[nodiscard]] constexpr bool fit(const PlanStorageSpan& s) const {
    return s.vectors.size() >= vectors && s.offsets.size() >= offsets && s.hops.size() >= hops &&
           s.work16.size() >= work16 && s.work32.size() >= work32;
  }
};

/// Storage for up to MaxPorts ports and MaxFaults faults (it also holds
/// SingleFaultPlanStorage<MaxPorts>'s plans: make() compares both planners in it).
template <std::uint32_t MaxPorts, std::uint32_t MaxFaults = 4>
struct FaultPlanStorage {
  static constexpr FaultPlanSizes kSizes = FaultPlanSizes::of(MaxPorts, std::size_t{2} * MaxPorts * MaxFaults);
  std::array<std::uint32_t, kSizes.vectors> vectors{};
  std::array<std::uint32_t, kSizes.offsets> offsets{};
  std::array<RelayHop, kSizes.hops> hops{};
  std::array<std::uint16_t, kSizes.work16> work16{};
  std::array<std::int32_t, kSizes.work32> work32{};
  constexpr PlanStorageSpan span() { return {vectors, offsets, hops, work16, work32}; }
};

}  // namespace a2a
