// How a fault plan is asked for: FaultPlanOptions (degraded mode, the variants the
// general planner tries, the single-fault designs, bounded planning on a device, a
// PlanMeter counting the work). FaultTolerantSchedule::make takes them.
#pragma once

#include <cstdint>
#include <span>

#include "a2a/fault/plan_meter.hpp"

namespace a2a {

/// One variant of the general planner (general_fault_planner.hpp): its number k (the
/// scoring or binding, the numbering and the tie seed it stands for) and the direction
/// it plans (the exchange, or its time reverse run backwards).
struct PlanVariant {
  std::uint16_t k{0};
  bool reversed{false};
  friend constexpr bool operator==(const PlanVariant&, const PlanVariant&) = default;
};

struct FaultPlanOptions {
  bool degraded{false};  ///< deliver every deliverable pair, leave the others out (else refuse)
  /// Variants tried (numberings, scores, tie-breaks; general_fault_planner.hpp): more, fewer rounds
  /// and a longer make(). 0: by N, 128 up to N = 64, 32 up to 256, 16 above.
  std::uint32_t tries{0};
  [[nodiscard]] constexpr std::uint32_t tries_for(std::uint32_t ports) const {
    if (tries != 0) return tries;
    return ports <= 64 ? 128U : (ports <= 256 ? 32U : 16U);
  }
  /// Non-empty: the general planner runs exactly these variants, each in the direction it
  /// names, in place of `tries` variants in both directions (a device's chosen few:
  /// config/device_planning.hpp). The span must outlive the make() call.
  std::span<const PlanVariant> variants{};
  /// One internal faulty switch: also try the single-fault designs (closed forms,
  /// SingleFaultPlanner) and keep the fewer rounds. false: the general planner alone.
  bool single_designs{true};
  /// The bounded planning a device does (docs/fault-tolerance.md, "Planning on a
  /// device"): one internal faulty switch by its single-fault design alone (the closed
  /// forms, or SingleFaultPlanner), any other fault set by the general planner in one direction
  /// (no time-reversed plan, no comparison with the single-fault designs).
  bool bounded{false};
  /// SingleFaultPlanner's numberings (1 .. 32; 0: all 32).
  std::uint32_t relay_numberings{0};
  /// Counts the planning work and may cap it (plan_meter.hpp); null: no count, no cap.
  PlanMeter* meter{nullptr};
};

}  // namespace a2a
